#pragma once

/// The loss chart of step 7: the training loss (the mean of each few steps' batch losses) and the
/// validation loss against the step, the unigram baseline as a dashed line, and the best
/// validation marked. Hovering a point shows its step and loss. It only shows what a
/// TrainingSession has; the page owns the session.

#include <QChartView>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace attention {

class TrainingSession;

class LossChart : public QChartView
{
    Q_OBJECT

public:
    explicit LossChart(QWidget *parent = nullptr);

    /// The training loss is drawn as the mean of blocks of this many steps for a run of `steps`,
    /// so a long run keeps a few hundred points.
    static int blockLength(int steps);

    /// Draws the session's losses, baseline and best validation.
    void showSession(const TrainingSession &session);
    void retranslateUi();
    void applyFonts(const QFont &font);

    QLineSeries *trainSeries() const { return m_train; }
    QLineSeries *validationSeries() const { return m_validation; }
    QLineSeries *baselineSeries() const { return m_baseline; }
    QScatterSeries *bestSeries() const { return m_best; }
    QValueAxis *stepAxis() const { return m_stepAxis; }
    /// Where the step axis ends after `done` of `total` steps: the steps done and a quarter
    /// more, at a round number (1, 2 or 5 × 10^k), at most `total`.
    static double stepAxisEnd(int done, int total);
    /// The steps between two labels of the step axis for an axis ending at `end`: 1, 2 or 5 ×
    /// 10^k, at least 1, so that at most five intervals fill it.
    static double stepTickInterval(double end);
    QValueAxis *lossAxis() const { return m_lossAxis; }

private:
    /// The loss axis's title in full when the plot is tall enough for it, else in short ("loss
    /// (nats)", "loss") rather than cut off.
    void fitLossTitle();
    void showValue(const QString &what, const QPointF &point, bool state);

    QLineSeries *m_train;
    QLineSeries *m_validation;
    QLineSeries *m_baseline;
    QScatterSeries *m_best;
    QValueAxis *m_stepAxis;
    QValueAxis *m_lossAxis;
};

} // namespace attention
