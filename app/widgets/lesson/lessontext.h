#pragma once

/// The words of the guided lesson: each step's title, explanation and exercise, and the
/// self-check questions. Ours, in English, translated like every other string (context
/// "LessonText"); the lesson text is the specification of what they say, not their source.

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace attention {

struct StepText
{
    QString title;        ///< "Queries and keys"
    QString explanation;  ///< a few sentences of rich text
    QString exercise;     ///< the exercise button's text; empty when the step has none
    QString exerciseHint; ///< what to look for once the exercise is set up
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
