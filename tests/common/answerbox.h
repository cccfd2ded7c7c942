#pragma once

/// answerbox: answers the next message box as a learner would. A modal box turns the event loop
/// as it opens, so a zero timer armed before the click that opens it finds it open. A box that
/// does not open (or one of another name) is left alone, and the text stays empty: a test can
/// then tell whether it was asked at all.

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QTimer>

namespace answerbox {

namespace detail {

template<typename Pick>
void answerNext(const char *name, QString *text, Pick pick)
{
    if (text)
        text->clear();
    const QString wanted = QLatin1String(name ? name : "");
    QTimer::singleShot(0, qApp, [wanted, text, pick] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || (!wanted.isEmpty() && box->objectName() != wanted))
            return;
        if (text)
            *text = box->text();
        if (QAbstractButton *button = pick(*box))
            button->click();
    });
}

} // namespace detail

/// Clicks `button` on the next box (named `name`, if given); its text goes to `*text`.
inline void answerNext(QMessageBox::StandardButton button, QString *text = nullptr,
                       const char *name = nullptr)
{
    detail::answerNext(name, text, [button](QMessageBox &box) { return box.button(button); });
}

/// Clicks the accepting button (a Train or an OK of the box's own) on the next box.
inline void acceptNext(QString *text = nullptr, const char *name = nullptr)
{
    detail::answerNext(name, text, [](QMessageBox &box) -> QAbstractButton * {
        for (QAbstractButton *button : box.buttons())
            if (box.buttonRole(button) == QMessageBox::AcceptRole)
                return button;
        return nullptr;
    });
}

} // namespace answerbox
