#pragma once

/// Step 7's loss at each position over training, as Olsson et al. (2022) plot it: a heatmap
/// whose rows are the positions of the validation windows (the first at the top) and whose
/// columns are the run's validations, coloured by the mean loss there (viridis: dark is low,
/// from 0 to ln V nats, the loss of a model that knows nothing). Under it, on the same steps, the
/// in-context learning score of each validation (docs/tiny-model.md): the late positions' loss
/// less the early ones'. When an induction head forms, the lower rows darken and the score drops
/// at the step the validation loss falls fastest, which both parts mark; a line marks the step
/// the history slider shows. Its steps lie under the loss chart's: setPlotSpan() takes where the
/// chart's step axis begins and ends. Hovering a cell or a point names its figures. A kept run's
/// map can be shown instead (setShownRun()): its scores then drawn solid, this run's faint.

#include "runvalidation.h"

#include <QImage>
#include <QStringList>
#include <QWidget>
#include <vector>

class QLabel;
class QPainter;

namespace attention {

class TrainingSession;
struct KeptRun;

class PositionStepMap : public QWidget
{
    Q_OBJECT

public:
    explicit PositionStepMap(QWidget *parent = nullptr);

    /// Shows the session's validations on a step axis from 0 to `stepEnd`.
    void showSession(const TrainingSession &session, double stepEnd);
    /// Marks the step the history slider shows (−1: none).
    void setShownStep(int step);
    /// Draws the kept runs' scores faint in the score strip and keeps their maps to show, each
    /// named by its entry of `names` (at the next showSession()).
    void setKeptRuns(const std::vector<KeptRun> &runs, const QStringList &names);
    /// Shows kept run `index`'s map instead of this run's (−1), at the next showSession(); an
    /// index past the kept runs shows this run's.
    void setShownRun(int index);
    /// The kept run whose map is shown (−1: this run's).
    int shownRun() const { return m_shownRun; }
    /// Each kept run's (step, score) points.
    const std::vector<std::vector<QPointF>> &keptScores() const { return m_keptScores; }
    /// The (step, score) points drawn faint: every run's but the shown one's.
    const std::vector<std::vector<QPointF>> &fadedScores() const { return m_fadedScores; }
    int shownStep() const { return m_shownStep; }
    /// Where step 0 and the axis's end lie, in this widget's x pixels (the loss chart's plot
    /// area); outside a chart, the plot spans the widget less a margin for its labels.
    void setPlotSpan(qreal left, qreal right);

    /// The shown run's validations: their steps, losses by position and scores (NaN below 8
    /// positions).
    const std::vector<int> &steps() const { return m_shown.steps; }
    const std::vector<std::vector<double>> &positionLosses() const { return m_shown.losses; }
    const std::vector<double> &scores() const { return m_shown.scores; }
    /// The caption: what is shown, and the latest score.
    QString captionText() const;
    /// What the rows, columns, colours, score and marks are (the tooltip).
    QString explanation() const;
    /// The heatmap's cell of validation `column` and `position`, in this widget's pixels.
    QRectF cellRect(int column, int position) const;
    /// The score's point of validation `column`, in this widget's pixels.
    QPointF scorePoint(int column) const;
    /// What a hover at `point` (this widget's pixels) shows; empty over nothing.
    QString hoverText(const QPointF &point) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateTexts();
    void updateImage();
    /// The positions' and the score's labels left of the plots.
    void paintLabels(QPainter &painter, const QRectF &map, const QRectF &strip) const;
    /// The height the widget needs at `width`, and that height made its own.
    int heightFor(int width) const;
    void fitHeight();
    /// The x pixel of `step`.
    qreal xOf(double step) const;
    /// The heatmap's and the score strip's rectangles under the caption.
    QRectF mapRect() const;
    QRectF scoreRect() const;
    /// The score strip's y pixel of `score`.
    qreal yOfScore(double score) const;
    int columnAt(qreal x) const;

    /// A run's map: each validation's step, losses by position and score, its fastest fall.
    struct RunMap
    {
        std::vector<int> steps;
        std::vector<std::vector<double>> losses;
        std::vector<double> scores;
        tiny::LossFall fall;
    };
    static RunMap mapOf(const std::vector<ValidationPoint> &validations, int totalSteps);
    /// The (step, score) points of `map`'s finite scores.
    static std::vector<QPointF> scorePoints(const RunMap &map);

    QLabel *m_caption;
    RunMap m_shown; ///< this run's, or the kept run's that setShownRun() picked
    std::vector<RunMap> m_keptMaps;
    QStringList m_keptNames;
    std::vector<std::vector<QPointF>> m_keptScores;
    /// The runs' scores drawn faint: the kept ones but the shown one, and this run's when a kept
    /// one is shown.
    std::vector<std::vector<QPointF>> m_fadedScores;
    int m_shownRun = -1;
    double m_stepEnd = 1.0;
    double m_lossTop = 1.0;   ///< ln V: the colour scale's top
    double m_scoreLow = -1.0; ///< the score strip's range
    double m_scoreHigh = 0.5;
    int m_shownStep = -1;
    qreal m_spanLeft = -1.0; ///< −1: not set by a chart
    qreal m_spanRight = -1.0;
    QImage m_image; ///< one pixel per cell, scaled when painted
};

} // namespace attention
