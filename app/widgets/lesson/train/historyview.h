#pragma once

/// Step 7's heads as they were: the HeadGrid showing one snapshot of a TrainingSession's history,
/// and under it a slider that replays the history ("step 350"). At the latest step with heads
/// switched off, the grid shows the model without them. The view follows the newest
/// snapshot as training adds them, unless the learner moved the slider back; when the history is
/// thinned it stays at the step shown (or the nearest one kept). A note says so when a probe edit
/// restarted the history.

#include "trainingsession.h"

#include <QWidget>

class QLabel;
class QSlider;

namespace attention {

class HeadGrid;

class HistoryView : public QWidget
{
    Q_OBJECT

public:
    /// Shows `session`'s history, which must outlive the view.
    explicit HistoryView(const TrainingSession *session, QWidget *parent = nullptr);

    /// The history grew (or the probe changed): follows the newest snapshot unless an older one
    /// is shown.
    void historyAppended();
    /// The history was thinned or cleared: its indices changed.
    void historyReset();
    /// Shows the snapshot `index` of the history (clamped; the last is the current model).
    void showSnapshot(int index);
    int shownSnapshot() const { return m_shown; }
    /// The step of the shown snapshot (−1 before any).
    int shownStep() const { return m_shownStep; }
    /// Whether the newest snapshot is shown.
    bool showsLatest() const { return m_followLatest; }

    void retranslateUi();

    HeadGrid *grid() const { return m_grid; }
    QSlider *slider() const { return m_slider; }
    QLabel *note() const { return m_note; }

Q_SIGNALS:
    /// Another snapshot is shown: whether it is the newest, and the newest's step.
    void snapshotShown(bool latest, int latestStep);

private:
    const TrainingSession *m_session;
    HeadGrid *m_grid;
    QLabel *m_label;
    QLabel *m_note; ///< says so when a probe edit restarted the history
    QSlider *m_slider;
    int m_shown = -1;     ///< the history index the grid shows
    int m_shownStep = -1; ///< and its step, to find it again when the history thins
    /// The grid shows the latest snapshot and follows the new ones as they come.
    bool m_followLatest = true;
};

} // namespace attention
