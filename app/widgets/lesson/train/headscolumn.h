#pragma once

/// The right column of lesson step 7: the probe line the heads are shown on (with a note naming
/// its characters the model does not know) above the heads as they were (HistoryView: the grid
/// and the history slider). The typed line is handed on once typing pauses or the field is left.

#include <QWidget>

class QLabel;
class QLineEdit;
class QTimer;

namespace attention {

class HistoryView;
class TrainingSession;

class HeadsColumn : public QWidget
{
    Q_OBJECT

public:
    /// Shows `session`'s history, which must outlive the column.
    explicit HeadsColumn(const TrainingSession *session, QWidget *parent = nullptr);

    /// Shows `probe` in the field, read from its start (without probeEdited()).
    void showProbe(const QString &probe);
    /// Names the probe's characters the shown model does not know, or hides the note.
    void updateProbeNote();
    void retranslateUi();

    QLineEdit *probeEdit() const { return m_probe; }
    QLabel *probeNote() const { return m_probeNote; }
    HistoryView *historyView() const { return m_historyView; }

Q_SIGNALS:
    /// The learner typed a probe line (and paused) or left the field.
    void probeEdited(const QString &probe);

private:
    const TrainingSession *m_session;
    QLabel *m_probeLabel;
    QLabel *m_probeNote;
    QLineEdit *m_probe;
    HistoryView *m_historyView;
    QTimer *m_probeTimer; ///< applies the typed line once typing pauses
};

} // namespace attention
