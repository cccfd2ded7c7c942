#pragma once

/// Step 7's curves of a run, one above the other on the same steps: the loss chart, the loss at
/// each position over training with the in-context learning score (PositionStepMap, its steps
/// under the chart's), and the loss of each next character on the probe line at the step the
/// history slider shows (PositionLossView). It only shows what a TrainingSession has.

#include "snapshothistory.h"

#include <QWidget>

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

    /// Draws the session's losses and validations.
    void showSession(const TrainingSession &session);
    /// Marks the step the history slider shows (−1: none, the latest is shown).
    void setShownStep(int step);
    /// The losses on the probe line of `snapshot` (none: empty).
    void showProbeLosses(const SharedSnapshot &snapshot, const TrainingSession &session);
    void retranslateUi();
    void applyFonts(const QFont &font);

private:
    /// Lays the map's steps under the loss chart's step axis.
    void alignSteps();

    LossChart *m_lossChart;
    PositionStepMap *m_positionSteps;
    PositionLossView *m_positionLosses;
};

} // namespace attention
