#pragma once

/// presstrain::pressTrain(page): presses Train on step 7's page as a learner would and, should
/// the page ask first about a heavy run, answers Train. It asks when its estimate passes five
/// minutes, which the sanitizers' slower steps can make of a run that takes seconds in a release
/// build: tests that only need a run going answer for the learner.

#include "traincontrols.h"
#include "trainpage.h"

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

namespace presstrain {

inline void pressTrain(attention::TrainPage &page)
{
    QTimer::singleShot(0, &page, [] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box ||
            box->objectName() != QLatin1String(attention::TrainControls::heavyRunQuestionName))
            return;
        for (QAbstractButton *button : box->buttons())
            if (box->buttonRole(button) == QMessageBox::AcceptRole)
                button->click();
    });
    page.controls()->trainButton()->click();
}

} // namespace presstrain
