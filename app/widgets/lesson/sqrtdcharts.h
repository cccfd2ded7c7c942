#pragma once

/// Step 4's two charts, both against d on a log axis: the spread of q·k beside the √d curve
/// (log-log), and the mean largest weight per row with and without dividing by √d, with 1/T as
/// the floor. The current d is marked on both (a red line, rings on the measured points); the
/// marks stay out of the legends, which the tooltips explain.

#include "sqrtdmeasurement.h"

#include <QList>
#include <QObject>
#include <optional>
#include <vector>

class QChartView;
class QFont;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;
class QWidget;

namespace attention {

class SqrtDCharts : public QObject
{
    Q_OBJECT

public:
    /// Two chart views, children of `parent`, for curves measured at `dimensions`.
    SqrtDCharts(const QList<int> &dimensions, QWidget *parent);

    QChartView *spreadView() const { return m_stdView; }
    QChartView *weightView() const { return m_weightView; }
    QLineSeries *stdSeries() const { return m_stdSeries; }
    QLineSeries *sqrtSeries() const { return m_sqrtSeries; }
    QLineSeries *unscaledSeries() const { return m_unscaledSeries; }
    QLineSeries *scaledSeries() const { return m_scaledSeries; }

    /// Draws the measured rows (one per dimension; the missing ones are not measured yet) and
    /// the even weight 1/`tokens`.
    void showRows(const std::vector<std::optional<SqrtDRow>> &rows, int tokens);
    /// Marks `d` and, when measured, its `row`'s points.
    void markDimension(int d, const std::optional<SqrtDRow> &row);
    /// Titles, axes, legends and tooltips in the current language.
    void retranslateUi();
    /// Labels and legends in `font`, titles a tenth larger and bold.
    void applyFont(const QFont &font);

private:
    void buildSpreadChart();
    void buildWeightChart();

    QList<int> m_dimensions;
    QChartView *m_stdView;
    QChartView *m_weightView;
    QLogValueAxis *m_stdDimensionAxis;
    QLogValueAxis *m_stdAxis;
    QLogValueAxis *m_weightDimensionAxis;
    QValueAxis *m_weightAxis;
    QLineSeries *m_stdSeries;
    QLineSeries *m_sqrtSeries;
    QLineSeries *m_stdMarkerLine;
    QScatterSeries *m_stdMarker;
    QLineSeries *m_unscaledSeries;
    QLineSeries *m_scaledSeries;
    QLineSeries *m_uniformSeries;
    QLineSeries *m_weightMarkerLine;
    QScatterSeries *m_weightMarker;
};

} // namespace attention
