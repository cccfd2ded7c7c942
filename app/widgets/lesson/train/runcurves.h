#pragma once

/// Step 7's curves of a run, one above the other on the same steps: the loss chart, the loss at
/// each position over training with the in-context learning score (PositionStepMap, its steps
/// under the chart's), and the loss of each next character on the probe line at the step the
/// history slider shows (PositionLossView). "Keep this run" keeps the run's curves (KeptRuns, in
/// their own file) to compare the next runs with: the chart and the score strip draw them faint.
/// It only shows what a TrainingSession has.

#include "keptruns.h"
#include "snapshothistory.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace attention {

class LossChart;
class PositionLossView;
class PositionStepMap;
class TrainingSession;

class RunCurves : public QWidget
{
    Q_OBJECT

public:
    explicit RunCurves(QWidget *parent = nullptr);

    LossChart *lossChart() const { return m_lossChart; }
    PositionStepMap *positionSteps() const { return m_positionSteps; }
    PositionLossView *positionLosses() const { return m_positionLosses; }

    /// Draws the session's losses and validations (and remembers the session for Keep).
    void showSession(const TrainingSession &session);

    /// Reads the kept runs of `fileName` (KeptRuns::defaultFileName() at the start) and keeps
    /// them there from now on; false, with `error`, when the file is bad (then none are shown).
    bool useKeptFile(const QString &fileName, QString *error);
    const KeptRuns &keptRuns() const { return m_kept; }
    /// Keeps the session's run (the oldest kept one is dropped past KeptRuns::maxKept).
    void keepRun();
    /// While exercise 6 is shown and no one-layer run of the repeat task is kept: keeps the
    /// session's finished one-layer run of the task, the half of the comparison the exercise asks
    /// to keep (its next start trains two layers beside it). True when it kept the run.
    bool keepExerciseRun();
    void forgetKeptRuns();
    /// A kept run's name in the legends: its corpus, layers, heads and steps.
    static QString runName(const KeptRun &run);
    /// Shows exercise 6's verdict (LayersExercise) under the kept runs, or hides it.
    void setExerciseShown(bool shown);
    QLabel *exerciseVerdict() const { return m_verdict; }
    QPushButton *keepButton() const { return m_keep; }
    QPushButton *forgetButton() const { return m_forget; }
    QLabel *keptNote() const { return m_keptNote; }
    /// Whose map the position-by-step heatmap shows: this run's (the first entry) or a kept
    /// run's; shown while runs are kept.
    QComboBox *mapRunBox() const { return m_mapRun; }
    /// Marks the step the history slider shows (−1: none, the latest is shown).
    void setShownStep(int step);
    /// The losses on the probe line of `snapshot` (none: empty).
    void showProbeLosses(const SharedSnapshot &snapshot, const TrainingSession &session);
    void retranslateUi();
    void applyFonts(const QFont &font);

private:
    /// Lays the map's steps under the loss chart's step axis.
    void alignSteps();
    /// Hands the kept runs to the chart and the map, and redraws.
    void showKeptRuns();
    /// Writes the kept runs' file; a failure is said in the note.
    void saveKeptRuns();
    void updateVerdict();

    LossChart *m_lossChart;
    PositionStepMap *m_positionSteps;
    PositionLossView *m_positionLosses;
    KeptRuns m_kept;
    QString m_keptFile;
    QString m_keptMessage; ///< the last word on the kept runs (one dropped, a file not written)
    const TrainingSession *m_session = nullptr;
    QPushButton *m_keep;
    QPushButton *m_forget;
    QLabel *m_keptNote;
    QComboBox *m_mapRun;
    QLabel *m_verdict; ///< exercise 6's
    bool m_exerciseShown = false;
};

} // namespace attention
