#pragma once

/// presstrain::pressTrain(page): presses Train on step 7's page as a learner would and, should
/// the page ask first about a heavy run, answers Train. It asks when its estimate passes five
/// minutes, which the sanitizers' slower steps can make of a run that takes seconds in a release
/// build: tests that only need a run going answer for the learner.

#include "answerbox.h"
#include "traincontrols.h"
#include "trainpage.h"

#include <QPushButton>

namespace presstrain {

inline void pressTrain(attention::TrainPage &page)
{
    answerbox::acceptNext(nullptr, attention::TrainControls::heavyRunQuestionName);
    page.controls()->trainButton()->click();
}

} // namespace presstrain
