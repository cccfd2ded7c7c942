#pragma once

/// The guided lesson: a list of the seven steps and the self-check on the left; on the right the
/// chosen step's title, a short explanation, its exercise button, and its page of live views.
///
/// Every page keeps its own state (see LessonPage); saveState() collects them with the current
/// step, so MainWindow can store the whole lesson in QSettings and a learner can come back to it.

#include <QJsonObject>
#include <QList>
#include <QWidget>
#include <array>

class QLabel;
class QListWidget;
class QPushButton;

namespace attention {

class CurrentPageStack;
class LessonPage;
class TrainPage;

class LessonView : public QWidget
{
    Q_OBJECT

public:
    /// Steps 1…7 of the lesson, then 8, the self-check.
    static constexpr int stepCount = 8;
    /// The title's, the explanation's and the step list's font sizes, relative to this view's
    /// font (which the View menu's zoom scales).
    static constexpr qreal titleFontScale = 1.6;
    static constexpr qreal explanationFontScale = 1.1;
    static constexpr qreal stepListFontScale = 1.15;

    explicit LessonView(QWidget *parent = nullptr);
    ~LessonView() override;

    int currentStep() const { return m_step; }
    /// Shows step `step` (1…stepCount); other numbers are ignored.
    void setCurrentStep(int step);
    /// The page of step `step` (1…stepCount), or null.
    LessonPage *page(int step) const;
    LessonPage *currentPage() const { return page(m_step); }
    /// Step 7's page, which the main window connects to the workbench and the data folder.
    static constexpr int trainStep = 7;
    TrainPage *trainPage() const;

    /// The most exercises a step has (step 7: exercises 4 and 5).
    static constexpr int maxExercises = 3;
    /// No exercise of a step set up.
    static constexpr int noExercise = -1;
    /// Sets the current step's exercise `index` up and shows what to look for. A step shows one
    /// exercise at a time: its other one is no longer the one set up.
    void startExercise(int index = 0);
    /// Whether exercise `index` of `step` is the one set up (its hint stays shown).
    bool exerciseStarted(int step, int index = 0) const;
    /// The index of the exercise of `step` set up, or noExercise.
    int startedExercise(int step) const;

    /// The current step, every page's state and the exercises started.
    QJsonObject saveState() const;
    /// Restores what saveState() wrote; anything missing keeps its first-start value.
    void restoreState(const QJsonObject &state);
    /// Every page as on first start, at step 1.
    void reset();

    /// True while the current page computes in the background.
    bool isBusy() const;

    QListWidget *stepList() const { return m_list; }
    QLabel *titleLabel() const { return m_title; }
    QLabel *explanationLabel() const { return m_explanation; }
    /// The button of the current step's exercise `index` (hidden when it has no such exercise).
    QPushButton *exerciseButton(int index = 0) const { return m_exercises.at(std::size_t(index)); }
    QLabel *hintLabel() const { return m_hint; }
    QPushButton *previousButton() const { return m_previous; }
    QPushButton *nextButton() const { return m_next; }
    QPushButton *resetStepButton() const { return m_resetStep; }

Q_SIGNALS:
    void currentStepChanged(int step);
    /// The current page started or finished background work, or another page became current.
    void busyChanged(bool busy);

protected:
    void changeEvent(QEvent *event) override;

private:
    // The constructor's parts, in the order it calls them.
    void setUpHeader();
    /// Alt+Left and Alt+Right go to the previous and the next step.
    void addStepShortcuts();
    /// The list's items and the stack's pages, one per step.
    void createPages();
    void buildLayout();
    void connectSignals();

    /// The title's, the explanation's and the step list's fonts, from this view's font.
    void applyFonts();
    /// Makes the step list as wide as its longest step needs.
    void fitStepList();
    void retranslateUi();
    void updateHeader();

    QListWidget *m_list;
    QLabel *m_title;
    QLabel *m_explanation;
    /// The state's key of the steps whose exercise `index` is set up.
    static QString exercisesKey(int index);

    std::array<QPushButton *, maxExercises> m_exercises;
    QLabel *m_hint;
    QPushButton *m_previous;
    QPushButton *m_next;
    QPushButton *m_resetStep;
    CurrentPageStack *m_stack; ///< as large as the step shown needs, not the largest step
    QList<LessonPage *> m_pages;
    QList<int> m_startedExercise; ///< per step: the index of the exercise set up, or noExercise
    int m_step = 0;
};

} // namespace attention
