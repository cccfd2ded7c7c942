#pragma once

/// The words of a heatmap: its default title and formula, and its tooltips: how one cell's number
/// was computed ("q(sat)·k(cat) = 1.00", "× scale 1 ÷ √2 = 0.71", "weight = e^0.71 / Σ e^score =
/// …"), and what a row label is. The arithmetic is core's explainCell(); this only writes it down,
/// one plain-text line a step.

#include "heatmapmapping.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QString>

namespace attention {

class HeatmapExplanation
{
    // The strings keep the context they had while they lived in the widget.
    Q_DECLARE_TR_FUNCTIONS(attention::HeatmapWidget)

public:
    /// The default title of a heatmap of `kind` ("Scores", "Values v"…).
    static QString title(HeatmapKind kind);
    /// The default line under the title: the formula of `kind` for `scenario`, and for the
    /// weights how they are coloured (relative to uniform, from 0 to 1, or their own range).
    static QString caption(HeatmapKind kind, const Scenario &scenario, bool relativeScale,
                           bool fixedRange, bool oneHot);
    /// A score or weight: the dot product, the scaling, the softmax; or why it is masked.
    static QString attentionCell(const Scenario &scenario, const ScenarioResult &result, int row,
                                 int column);
    /// An entry `value` of the values v, in component `component` (its column label).
    static QString valueCell(const Scenario &scenario, int row, const QString &component,
                             double value);
    /// An entry `value` of the output: the weighted sum that gave it, its first terms written out.
    static QString outputCell(const Scenario &scenario, const ScenarioResult &result, int row,
                              int column, const QString &component, double value);
    /// A row label: the token, its query vector if `withQuery`, and what a click does.
    static QString rowLabel(const Scenario &scenario, int row, bool withQuery);
};

} // namespace attention
