#pragma once

/// A bar chart (Qt Charts) of the selected query's weights over the keys, on a fixed 0–1 axis.
///
/// The chart keeps one QBarSet and rewrites only the values that changed on each update; the
/// categories are rebuilt only when the tokens change. Axes are attached explicitly. Past
/// maxBars keys a bar stands for a group of neighbouring keys and shows the largest weight among
/// them, as the heatmap's pixels do: a bar is a graphics item that Qt Charts lays out again on
/// every change, and a thousand bars under a pixel wide each cost a slider step a frame.

#include "scenario.h"

#include <QBrush>
#include <QChartView>
#include <algorithm>
#include <optional>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;
class QGraphicsSimpleTextItem;

namespace attention {

class WeightsChart : public QChartView
{
    Q_OBJECT

public:
    explicit WeightsChart(QWidget *parent = nullptr);
    ~WeightsChart() override;

    /// Shows the weights of `result`; the selected row stays unless it no longer exists.
    /// Shows the selected row of `result`'s weights; keeps the pointer, not a copy.
    void setScenario(const Scenario &scenario, SharedResult result);
    /// The query whose weights the bars show.
    void setSelectedToken(int token);
    int selectedToken() const { return m_selectedToken; }

    /// At most this many bars.
    static constexpr int maxBars = 128;
    /// Keys a bar stands for with `tokens` keys: 1 up to maxBars keys, then as few as fit.
    static int keysPerBar(int tokens) { return std::max(1, (tokens + maxBars - 1) / maxBars); }

    /// The bars: one value per key, or per group of keysPerBar() keys (its largest weight).
    QBarSet *barSet() const { return m_set; }
    QBarSeries *barSeries() const { return m_series; }
    QBarCategoryAxis *keyAxis() const { return m_keyAxis; }
    QValueAxis *weightAxis() const { return m_weightAxis; }
    /// The values written above the bars, as the tables beside the chart write them (two
    /// decimals, NumberFormat::weight); empty when the bars are too many to label.
    QStringList valueLabels() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void applyFonts();
    void updateBars();
    void updateCategories();
    /// The key axis's labels shown, or kept but invisible (see the .cpp).
    void showKeyLabels(bool show);
    /// Writes each bar's value above it (Qt Charts' own labels can only print significant
    /// digits: "0.3", "0.0056" beside a table's "0.30", "0.01").
    void updateValueLabels();

    QBarSeries *m_series;
    QBarSet *m_set;
    QBarCategoryAxis *m_keyAxis;
    QValueAxis *m_weightAxis;
    QStringList m_tokens;
    SharedResult m_result = std::make_shared<const ScenarioResult>();
    int m_selectedToken = 0;
    std::vector<QGraphicsSimpleTextItem *> m_valueLabels; ///< owned by the chart
    std::optional<QBrush> m_keyLabelsBrush; ///< the theme's, taken before it is first changed
};

} // namespace attention
