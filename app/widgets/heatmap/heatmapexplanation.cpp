#include "heatmapexplanation.h"

#include "numberformat.h"

#include <QStringList>

namespace attention {

namespace {

/// "[0.00, 1.00]" for short vectors, the first entries and "…" for long ones.
QString vectorText(const Eigen::Ref<const RowVector> &v)
{
    constexpr Index shown = 6;
    QStringList parts;
    for (Index i = 0; i < std::min(v.size(), shown); ++i)
        parts.append(NumberFormat::brief(v(i)));
    if (v.size() > shown)
        parts.append(QStringLiteral("…"));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

QString HeatmapExplanation::attentionCell(const Scenario &scenario, const ScenarioResult &result,
                                          int row, int column)
{
    const QString query = scenario.tokens.value(row);
    const QString key = scenario.tokens.value(column);
    QStringList lines{tr("Query %1 → key %2").arg(query, key)};
    const CellExplanation cell = explainWeight(scenario, result, row, column);
    if (cell.masked) {
        lines.append(tr("Masked: %1 comes after %2, and the causal mask hides later tokens.")
                         .arg(key, query));
        lines.append(tr("score = −∞, so weight = e^−∞ / Σ = 0"));
        return lines.join(QLatin1Char('\n'));
    }
    lines.append(QStringLiteral("q(%1)·k(%2) = %3").arg(query, key, NumberFormat::brief(cell.dot)));
    if (scenario.divideBySqrtD)
        lines.append(tr("× scale %1 ÷ √%2 = %3")
                         .arg(NumberFormat::factor(scenario.scoreScale))
                         .arg(scenario.dimension())
                         .arg(NumberFormat::brief(cell.score)));
    else
        lines.append(
            tr("× scale %1 = %2")
                .arg(NumberFormat::factor(scenario.scoreScale), NumberFormat::brief(cell.score)));
    if (cell.exp && cell.expSum) // e^score and the sum are printable
        lines.append(tr("weight = e^%1 / Σ e^score = %2 / %3 = %4")
                         .arg(NumberFormat::brief(cell.score), NumberFormat::brief(*cell.exp),
                              NumberFormat::brief(*cell.expSum), NumberFormat::brief(cell.weight)));
    else
        lines.append(tr("weight = e^%1 / Σ e^score = %2")
                         .arg(NumberFormat::brief(cell.score), NumberFormat::brief(cell.weight)));
    return lines.join(QLatin1Char('\n'));
}

QString HeatmapExplanation::valueCell(const Scenario &scenario, int row, const QString &component,
                                      double value)
{
    const QString token = scenario.tokens.value(row);
    return tr("Value of %1, component %2").arg(token, component) + QLatin1Char('\n') +
           QStringLiteral("v(%1)[%2] = %3").arg(token, component, NumberFormat::brief(value));
}

QString HeatmapExplanation::outputCell(const Scenario &scenario, const ScenarioResult &result,
                                       int row, int column, const QString &component, double value)
{
    const QString token = scenario.tokens.value(row);
    QStringList lines{tr("Output of %1, component %2").arg(token, component),
                      QStringLiteral("= Σⱼ w(%1, j) · v(j)[%2]").arg(token, component)};
    QStringList terms;
    constexpr Index shownTerms = 6;
    const Index T = result.weights.cols();
    for (Index j = 0; j < std::min(T, shownTerms); ++j)
        terms.append(
            QStringLiteral("%1·%2").arg(NumberFormat::brief(result.weights(row, j)),
                                        NumberFormat::brief(scenario.valueEntry(j, column))));
    if (T > shownTerms)
        terms.append(QStringLiteral("…"));
    lines.append(QStringLiteral("= ") + terms.join(QStringLiteral(" + ")));
    lines.append(QStringLiteral("= ") + NumberFormat::brief(value));
    return lines.join(QLatin1Char('\n'));
}

QString HeatmapExplanation::rowLabel(const Scenario &scenario, int row, bool withQuery)
{
    const QString token = scenario.tokens.value(row);
    QString text = tr("Token %1").arg(token);
    if (withQuery)
        text += QLatin1Char('\n') +
                QStringLiteral("q(%1) = %2").arg(token, vectorText(scenario.queries.row(row)));
    text += QLatin1Char('\n') + tr("Click to choose this query.");
    return text;
}

QString HeatmapExplanation::title(HeatmapKind kind)
{
    switch (kind) {
    case HeatmapKind::Scores:
        return tr("Scores");
    case HeatmapKind::Weights:
        return tr("Attention weights");
    case HeatmapKind::Values:
        return tr("Values v");
    case HeatmapKind::Output:
        return tr("Output");
    }
    return {};
}

QString HeatmapExplanation::caption(HeatmapKind kind, const Scenario &scenario, bool relativeScale,
                                    bool fixedRange, bool oneHot)
{
    switch (kind) {
    case HeatmapKind::Scores: {
        QString text = scenario.divideBySqrtD
                           ? tr("scores = %1 × q·k ÷ √%2")
                                 .arg(NumberFormat::factor(scenario.scoreScale))
                                 .arg(scenario.dimension())
                           : tr("scores = %1 × q·k").arg(NumberFormat::factor(scenario.scoreScale));
        if (scenario.causal)
            text += tr("; −∞ above the diagonal (causal mask)");
        return text;
    }
    case HeatmapKind::Weights:
        if (relativeScale)
            return tr("softmax of each score row; colour: the weight ÷ its row's uniform 1/n, "
                      "log scale");
        return fixedRange ? tr("softmax of each score row; colours 0 to 1")
                          : tr("softmax of each score row; colours from the smallest to the "
                               "largest weight");
    case HeatmapKind::Values:
        return oneHot ? tr("one-hot rows") : tr("one row per token");
    case HeatmapKind::Output:
        return tr("output = weights · v");
    }
    return {};
}

} // namespace attention
