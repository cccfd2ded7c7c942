#pragma once

/// One step of the guided lesson: a page of live views that sets itself up for what the step
/// teaches. LessonView shows the step's explanation above the page and keeps the pages' state.
///
/// A page owns everything it computes (its own ScenarioDocument, head or timing run), so steps
/// never disturb each other or the workbench, and each can be left and found again as it was.

#include <QJsonObject>
#include <QWidget>

class QUndoStack;

namespace attention {

class LessonPage : public QWidget
{
    Q_OBJECT

public:
    explicit LessonPage(QWidget *parent = nullptr);
    ~LessonPage() override;

    /// What the learner changed on this page, to be restored at the next start.
    virtual QJsonObject saveState() const = 0;
    /// Restores what saveState() wrote. Missing or malformed fields keep their defaults.
    virtual void restoreState(const QJsonObject &state) = 0;
    /// Puts the page back as it is on first start.
    virtual void reset() = 0;

    /// Whether the step has one of the lesson's exercises (pages 2, 5 and 6).
    virtual bool hasExercise() const { return false; }
    /// Sets the exercise up on this page.
    virtual void startExercise() {}

    /// The undo history of the page's own document, which Edit → Undo follows while the page
    /// is shown; none for pages without editable state.
    virtual QUndoStack *undoStack() const { return nullptr; }

    /// True while the page computes in the background (its views are not final yet).
    virtual bool isBusy() const { return false; }

Q_SIGNALS:
    /// isBusy() changed.
    void busyChanged(bool busy);
};

} // namespace attention
