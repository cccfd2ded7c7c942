#pragma once

/// The loss chart of step 7: the training loss (the mean of each few steps' batch losses) and the
/// validation loss against the step, the unigram baseline as a dashed line, and the best
/// validation marked; the stretch where the validation loss fell fastest shaded
/// (tiny::steepestFall within a quarter of the run), and on a second axis the induction ratio of
/// the strongest head of layer 2 and up at each validation, so that the learner sees an
/// induction head form at the step the loss drops. A line marks the step the history slider
/// shows. Hovering a point shows its step and value. It only shows what a TrainingSession has;
/// the page owns the session.

#include <QChartView>
#include <QList>
#include <memory>
#include <vector>

class QAreaSeries;
class QLineSeries;
class QXYSeries;
class QScatterSeries;
class QValueAxis;

namespace attention {

class ChartCallout;
class TrainingSession;
struct KeptRun;

class LossChart : public QChartView
{
    Q_OBJECT

public:
    explicit LossChart(QWidget *parent = nullptr);
    ~LossChart() override;
    /// The value shown beside a hovered point, empty when none is hovered.
    QString calloutText() const;

    /// The training loss is drawn as the mean of blocks of this many steps for a run of `steps`,
    /// so a long run keeps a few hundred points.
    static int blockLength(int steps);

    /// Draws the session's losses, baseline, best validation, fastest fall and induction ratio.
    void showSession(const TrainingSession &session);
    /// Marks the step the history slider shows (−1: none).
    void setShownStep(int step);
    /// Draws kept runs faint beside the session's, each one's validation loss named by its entry
    /// of `names`; their steps and losses widen the axes at the next showSession().
    void setKeptRuns(const std::vector<KeptRun> &runs, const QStringList &names);
    /// The kept runs' validation-loss lines, in their order.
    const QList<QLineSeries *> &keptSeries() const { return m_kept; }
    /// The kept runs' training-loss lines (fainter and thinner, not in the legend), in their order.
    const QList<QLineSeries *> &keptTrainSeries() const { return m_keptTrain; }
    void retranslateUi();
    void applyFonts(const QFont &font);

    QLineSeries *trainSeries() const { return m_train; }
    QLineSeries *validationSeries() const { return m_validation; }
    QLineSeries *baselineSeries() const { return m_baseline; }
    QScatterSeries *bestSeries() const { return m_best; }
    /// The fastest fall's stretch (empty when the loss never fell).
    QAreaSeries *fallSeries() const { return m_fall; }
    /// The strongest induction ratio of layer 2 and up at each validation (empty for one layer).
    QLineSeries *inductionSeries() const { return m_induction; }
    QValueAxis *ratioAxis() const { return m_ratioAxis; }
    QLineSeries *shownStepSeries() const { return m_shownStep; }
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
    void showValue(const QString &what, QXYSeries *series, const QPointF &point, bool state);
    /// Hovering a point of a line shows its value.
    void connectHovers();
    /// The fall's shading and the induction curve for `session`.
    void showFallAndInduction(const TrainingSession &session, double top);

    QLineSeries *m_train;
    QLineSeries *m_validation;
    QLineSeries *m_baseline;
    QScatterSeries *m_best;
    QLineSeries *m_fallTop;
    QAreaSeries *m_fall;
    QLineSeries *m_induction;
    QLineSeries *m_shownStep;
    QValueAxis *m_stepAxis;
    QValueAxis *m_lossAxis;
    QValueAxis *m_ratioAxis;
    QList<QLineSeries *> m_kept;      ///< owned by the chart
    QList<QLineSeries *> m_keptTrain; ///< owned by the chart
    double m_keptSteps = 0.0;         ///< the longest kept run
    double m_keptHigh = 0.0;          ///< the highest kept validation loss
    double m_lossTop = 1.0;
    std::unique_ptr<ChartCallout> m_callout; ///< hidden while nothing is hovered
};

} // namespace attention
