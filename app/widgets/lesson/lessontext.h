#pragma once

/// The words of the guided lesson: each step's title, explanation and exercises, and the
/// self-check questions. Ours, in English, translated like every other string (context
/// "LessonText"); the lesson text is the specification of what they say, not their source.

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace attention {

/// One of the lesson's exercises.
struct ExerciseText
{
    QString button; ///< the exercise button's text, "Exercise 2: remove the mask"
    QString hint;   ///< what to look for once the exercise is set up
};

struct StepText
{
    QString title;                 ///< "Queries and keys"
    QString explanation;           ///< a few sentences of rich text
    QList<ExerciseText> exercises; ///< the step's exercises, in the lesson's order
};

struct SelfCheckItem
{
    QString question;
    QString answer;
};

class LessonText
{
    Q_DECLARE_TR_FUNCTIONS(LessonText)

public:
    /// Steps 1…7, plus 8 for the self-check; an empty text for any other number.
    static constexpr int stepCount = 8;
    static StepText step(int step);
    /// The three self-check questions with their answers.
    static QList<SelfCheckItem> selfCheck();
};

} // namespace attention
