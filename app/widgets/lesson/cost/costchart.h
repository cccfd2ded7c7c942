#pragma once

/// The chart of CostPage (step 6): the measured time of each kernel against T on log-log axes,
/// one line per kernel with its fitted slope in the legend, and a dashed c·T² guide through the
/// points. It only shows a CostPage::Run; the page measures and owns it.

#include "costpage.h"

#include <QChartView>
#include <QList>
#include <QPointF>
#include <memory>

class QLineSeries;
class QLogValueAxis;

namespace attention {

class ChartCallout;

class CostChart : public QChartView
{
public:
    explicit CostChart(QWidget *parent = nullptr);
    ~CostChart() override;

    /// The slope of log(time) against log(T) fitted through `points`; NaN with fewer than two.
    static double fittedSlope(const QList<QPointF> &points);

    QLineSeries *series(Kernel kernel) const;
    QLineSeries *guideSeries() const { return m_guide; }
    QLogValueAxis *lengthAxis() const { return m_lengthAxis; }
    QLogValueAxis *timeAxis() const { return m_timeAxis; }

    /// Draws the points of `run`, the guide through them and axes that hold them all.
    void showRun(const CostPage::Run &run);
    void retranslateUi();
    /// The chart's title, axes and legend in `font` (the title a little larger and bold).
    void applyFonts(const QFont &font);
    /// The value the callout shows beside a hovered point ("naive at T = 1,000: 5.39 ms"); empty
    /// while no point is hovered.
    QString calloutText() const;

private:
    void updateSeries(const CostPage::Run &run);
    void updateAxes(const CostPage::Run &run);
    /// The series' hovered(): a callout with the point's time beside it, or none.
    void showValue(Kernel kernel, const QPointF &point, bool state);

    QList<QLineSeries *> m_series; ///< in the order of allKernels()
    QLineSeries *m_guide;
    QLogValueAxis *m_lengthAxis;
    QLogValueAxis *m_timeAxis;
    std::unique_ptr<ChartCallout> m_callout; ///< hidden while nothing is hovered
};

} // namespace attention
