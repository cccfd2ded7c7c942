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
    /// Puts the page back as it is on first start, with no undo (a new lesson, a restart).
    virtual void reset() = 0;
    /// "Start the step over": reset() as one step of undoStack(), so Edit → Undo brings back
    /// what the learner had. By default the step swaps the whole saved state; a page whose
    /// undoStack() belongs to its document overrides this with an undoable document edit.
    virtual void startOver();

    /// How many of the lesson's exercises the step has (pages 2, 5 and 6 one, page 7 two).
    virtual int exerciseCount() const { return 0; }
    bool hasExercise() const { return exerciseCount() > 0; }
    /// Sets the step's exercise `index` (0 … exerciseCount() − 1) up on this page.
    virtual void startExercise(int index) { Q_UNUSED(index) }
    /// Shows exercise `index`, started before the app was last closed, as it was, without
    /// starting anything (the saved page state holds the rest).
    virtual void showStartedExercise(int index) { Q_UNUSED(index) }

    /// The undo history Edit → Undo follows while the page is shown: the page's own document's
    /// for pages that have one, else a history of the page's start-overs.
    virtual QUndoStack *undoStack() const { return m_history; }

    /// True while the page computes in the background (its views are not final yet).
    virtual bool isBusy() const { return false; }

Q_SIGNALS:
    /// isBusy() changed.
    void busyChanged(bool busy);

protected:
    /// Puts every text of the page in the current language: on a language change.
    virtual void retranslateUi() {}
    /// Fits what the page draws itself to its font: on a font change (the classroom zoom).
    virtual void applyFonts() {}
    void changeEvent(QEvent *event) override;

private:
    QUndoStack *m_history;
};

} // namespace attention
