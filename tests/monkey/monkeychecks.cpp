#include "monkeychecks.h"

#include "compareview.h"
#include "controlspanel.h"
#include "heatmapwidget.h"
#include "mainwindow.h"
#include "matrixmodel.h"
#include "outputview.h"
#include "planesubset.h"
#include "scenariodocument.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "vectortablemodel.h"
#include "weightschart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHash>
#include <QMessageBox>
#include <algorithm>
#include <cmath>

namespace attention::test {

namespace {

constexpr double rowSumTolerance = 1e-9;

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.array() == b.array()).all();
}

/// Whether `shown` is `expected` to within 1e-12 (masked −∞ entries equal; a NaN never agrees).
bool closeMatrix(const Matrix &shown, const Matrix &expected)
{
    return maxAbsDifference(shown, expected) <= 1e-12;
}

/// Empty when the vector editor's cells show the scenario's names and numbers exactly.
QString editorProblem(const VectorTableModel &table, const Scenario &s)
{
    const Index T = s.tokenCount();
    const Index d = s.dimension();
    const Index dv = s.valueDimension();
    // Every cell while the table is small; past 20,000 cells (d in the thousands) the names, the
    // first and last entry of each vector and a diagonal sweep, so the check stays cheap.
    const bool all = T * (1 + 2 * d + dv) <= 20000;
    const Matrix values = s.valueMatrix();
    for (int row = 0; row < int(T); ++row) {
        const QString name = table.data(table.index(row, 0), Qt::EditRole).toString();
        if (name != s.tokens.at(row))
            return QStringLiteral("the editor names token %1 \"%2\", the scenario \"%3\"")
                .arg(row)
                .arg(name, s.tokens.at(row));
        for (const auto &[kind, vectors] :
             {std::pair{VectorKind::Query, &s.queries}, std::pair{VectorKind::Key, &s.keys},
              std::pair{VectorKind::Value, &values}}) {
            const Index width = vectors->cols();
            for (Index entry = 0; entry < width; ++entry) {
                if (!all && entry != 0 && entry != width - 1 &&
                    entry % std::max<Index>(T, 1) != row)
                    continue;
                const int column = table.columnOf(kind, entry);
                const QVariant shown = table.data(table.index(row, column), Qt::EditRole);
                if (column < 0 || shown.toDouble() != (*vectors)(row, entry))
                    return QStringLiteral("the editor shows %1 in row %2, column %3, for %4")
                        .arg(shown.toString())
                        .arg(row)
                        .arg(column)
                        .arg((*vectors)(row, entry), 0, 'g', 17);
            }
        }
    }
    return {};
}

} // namespace

/// A fingerprint of everything a scenario holds, bit for bit: two scenarios with the same one are
/// equal (a chance collision aside); it stands for a state of the undo history.
std::size_t fingerprint(const Scenario &s)
{
    const Matrix values = s.valueMatrix();
    std::size_t seed = qHashMulti(0, s.title, s.dimensionNames, s.tokens, s.divideBySqrtD, s.causal,
                                  s.queries.rows(), s.queries.cols(), s.keys.rows(), s.keys.cols(),
                                  s.values.has_value(), values.rows(), values.cols());
    for (const Matrix *m : {&s.queries, &s.keys, &values})
        seed = qHashBits(m->data(), std::size_t(m->size()) * sizeof(double), seed);
    return qHashBits(&s.scoreScale, sizeof s.scoreScale, seed);
}

/// The scenario in a few words, for a failure message.
QString describe(const Scenario &s)
{
    return QStringLiteral("T = %1, d = %2, scale %3, %4÷√d, causal %5, tokens %6")
        .arg(s.tokenCount())
        .arg(s.dimension())
        .arg(s.scoreScale, 0, 'g', 17)
        .arg(s.divideBySqrtD ? QString() : QStringLiteral("no "))
        .arg(s.causal ? QStringLiteral("on") : QStringLiteral("off"))
        .arg(s.tokens.mid(0, 8).join(QLatin1Char(' ')));
}

/// Empty when the window's document is valid and every view shows it; else what is wrong.
QString problemIn(const MainWindow &window)
{
    const ScenarioDocument *document = window.document();
    const Scenario &s = document->scenario();
    if (const auto error = s.validate())
        return QStringLiteral("the scenario is invalid: ") + scenarioErrorText(*error);
    const Index T = s.tokenCount();
    const Index d = s.dimension();
    const Index dv = s.valueDimension();
    const ScenarioResult &r = document->result();
    if (document->isComputing() || *document->computedScenario() != s)
        return QStringLiteral("the result is not the current scenario's");
    if (s.hasOneHotValues() && r.output)
        return QStringLiteral("one-hot values, but the result stores an output");
    const Matrix &output = r.outputMatrix();
    const ScaledTable scores = r.scores();
    if (scores.rows() != T || scores.cols() != T || r.weights.rows() != T ||
        r.weights.cols() != T || output.rows() != T || output.cols() != dv)
        return QStringLiteral("result shapes %1×%2, %3×%4, %5×%6 for T = %7, d_v = %8")
            .arg(scores.rows())
            .arg(scores.cols())
            .arg(r.weights.rows())
            .arg(r.weights.cols())
            .arg(output.rows())
            .arg(output.cols())
            .arg(T)
            .arg(dv);
    for (Index i = 0; i < T; ++i) {
        double sum = 0.0;
        for (Index j = 0; j < T; ++j) {
            const double w = r.weights(i, j);
            const double score = scores(i, j);
            const bool masked = s.causal && j > i;
            if (!std::isfinite(w) || w < 0.0 || w > 1.0)
                return QStringLiteral("weight (%1, %2) = %3").arg(i).arg(j).arg(w);
            if (masked && (w != 0.0 || score != -HUGE_VAL))
                return QStringLiteral("masked entry (%1, %2): score %3, weight %4")
                    .arg(i)
                    .arg(j)
                    .arg(score)
                    .arg(w);
            if (!masked && !std::isfinite(score))
                return QStringLiteral("score (%1, %2) = %3").arg(i).arg(j).arg(score);
            sum += w;
        }
        if (std::abs(sum - 1.0) > rowSumTolerance)
            return QStringLiteral("weights of row %1 sum to %2").arg(i).arg(sum, 0, 'g', 17);
    }
    if (!output.allFinite())
        return QStringLiteral("the output is not finite");
    // The result is the scenario's own, not one left from an earlier state: weights and output
    // computed afresh, the scores by core's own pass from the queries and keys.
    const ScenarioResult fresh = s.compute();
    if ((fresh.weights - r.weights).cwiseAbs().maxCoeff() > 1e-12)
        return QStringLiteral("the result is not the scenario's");
    const Matrix expectedScores = attentionScores(s.queries, s.keys, s.scoreOptions());
    const double largestScore =
        expectedScores.array().isFinite().select(expectedScores.cwiseAbs(), 0.0).maxCoeff();
    if (!closeMatrix(r.weights, fresh.weights) ||
        !(maxAbsDifference(scores.toMatrix(), expectedScores) <=
          1e-12 * std::max(1.0, largestScore)) ||
        !closeMatrix(output, fresh.outputMatrix()))
        return QStringLiteral("the result's scores, weights or output are not the scenario's");

    // Every view shows the document.
    if (!sameMatrix(window.weightsHeatmap()->model()->table().toMatrix(), r.weights))
        return QStringLiteral("the weights heatmap does not show the weights");
    if (!sameMatrix(window.scoresHeatmap()->model()->table().toMatrix(), scores.toMatrix()))
        return QStringLiteral("the scores heatmap does not show the scores");
    const VectorTableModel *table = window.vectorEditor()->model();
    if (table->rowCount() != T || table->columnCount() != 1 + 2 * d + dv)
        return QStringLiteral("the vector editor is %1×%2 for T = %3, d = %4, d_v = %5")
            .arg(table->rowCount())
            .arg(table->columnCount())
            .arg(T)
            .arg(d)
            .arg(dv);
    if (window.selectedToken() < 0 || window.selectedToken() >= T)
        return QStringLiteral("selected query %1 of %2").arg(window.selectedToken()).arg(T);
    const ControlsPanel *controls = window.controls();
    if (controls->sqrtDCheckBox()->isChecked() != s.divideBySqrtD ||
        controls->causalCheckBox()->isChecked() != s.causal)
        return QStringLiteral("the switches do not show the scenario's");
    if (std::abs(controls->scaleSpinBox()->value() - s.scoreScale) > 0.005)
        return QStringLiteral("the scale box shows %1 for a scale of %2")
            .arg(controls->scaleSpinBox()->value())
            .arg(s.scoreScale);
    if (const QString problem = editorProblem(*table, s); !problem.isEmpty())
        return problem;

    // The bar chart: the selected query's weights over the keys, one bar per token or, past
    // WeightsChart::maxBars, per group of neighbouring keys (the group's largest weight).
    const WeightsChart *chart = window.chart();
    const int selected = window.selectedToken();
    if (chart->selectedToken() != selected)
        return QStringLiteral("the chart shows query %1, the window selects %2")
            .arg(chart->selectedToken())
            .arg(selected);
    const int group = int((T + WeightsChart::maxBars - 1) / WeightsChart::maxBars);
    const int bars = int((T + group - 1) / group);
    if (chart->barSet()->count() != bars || chart->keyAxis()->count() != bars)
        return QStringLiteral("the chart has %1 bars and %2 categories for T = %3 (wanted %4)")
            .arg(chart->barSet()->count())
            .arg(chart->keyAxis()->count())
            .arg(T)
            .arg(bars);
    for (int b = 0; b < bars; ++b) {
        double largest = 0.0;
        for (Index j = Index(b) * group; j < std::min(T, Index(b + 1) * group); ++j)
            largest = std::max(largest, fresh.weights(selected, j));
        if (!(std::abs(chart->barSet()->at(b) - largest) <= 1e-12))
            return QStringLiteral("bar %1 is %2, the weight %3")
                .arg(b)
                .arg(chart->barSet()->at(b))
                .arg(largest);
    }

    // The values and output heatmaps (or, for one-hot values past OutputView::maxOneHotTokens,
    // the note that stands in for them), and the compare view's flipped scenario computed afresh.
    const OutputView *outputView = window.outputView();
    const bool noted = s.hasOneHotValues() && T > OutputView::maxOneHotTokens;
    if (outputView->isNoteShown() != noted)
        return QStringLiteral("the output note is %1 at T = %2")
            .arg(noted ? QStringLiteral("missing") : QStringLiteral("shown"))
            .arg(T);
    if (!noted) {
        if (!sameMatrix(outputView->valuesHeatmap()->model()->table().toMatrix(), s.valueMatrix()))
            return QStringLiteral("the values heatmap does not show the values");
        if (!sameMatrix(outputView->outputHeatmap()->model()->table().toMatrix(), output) ||
            !closeMatrix(outputView->outputHeatmap()->model()->table().toMatrix(),
                         fresh.outputMatrix()))
            return QStringLiteral("the output heatmap does not show the output");
    }
    QList<const HeatmapWidget *> labelled{window.scoresHeatmap(), window.weightsHeatmap()};
    if (!noted)
        labelled << outputView->valuesHeatmap() << outputView->outputHeatmap();
    for (const HeatmapWidget *heatmap : labelled)
        if (heatmap->model()->rowLabels() != s.tokens)
            return QStringLiteral("a heatmap's rows are not the tokens");
    const CompareView *compare = window.compareView();
    const ScenarioResult other = flipped(s, compare->flip()).compute();
    if (!closeMatrix(compare->heatmap()->model()->table().toMatrix(), other.weights))
        return QStringLiteral("the compare view does not show the flipped scenario's weights");

    // The plane: the selected query, two different dimensions of this d, every tip inside the plot.
    const VectorPlane *plane = window.vectorPlane();
    if (plane->selectedToken() != selected)
        return QStringLiteral("the plane highlights query %1, the window selects %2")
            .arg(plane->selectedToken())
            .arg(selected);
    const int h = plane->horizontalDimension();
    const int v = plane->verticalDimension();
    if (h < 0 || h >= d || v >= d || v == h || (v < 0) != (d == 1))
        return QStringLiteral("the plane shows dimensions %1 and %2 of d = %3")
            .arg(h)
            .arg(v)
            .arg(d);
    // Past PlaneSubset::fullLimit tokens only the selected query and its strongest keys are
    // drawn; those must be inside the plot, the others not drawn at all.
    const QRectF plot = plane->mapping().plotRect().adjusted(-1.0, -1.0, 1.0, 1.0);
    const PlaneSubset shown = plane->shownSubset();
    if (shown.reduced != (T > PlaneSubset::fullLimit))
        return QStringLiteral("the plane draws %1 at T = %2")
            .arg(shown.reduced ? QStringLiteral("a subset") : QStringLiteral("every arrow"))
            .arg(T);
    for (int t = 0; t < int(T); ++t)
        for (VectorKind kind : {VectorKind::Query, VectorKind::Key}) {
            const QPointF tip = plane->tipPixel(kind, t);
            const bool drawn = (kind == VectorKind::Query ? shown.queries : shown.keys).contains(t);
            if (!drawn) {
                if (!tip.isNull())
                    return QStringLiteral(
                               "the plane has a tip for token %1, which it does not draw")
                        .arg(t);
                continue;
            }
            if (!plot.contains(tip))
                return QStringLiteral(
                           "the plane draws a tip of token %1 at (%2, %3), outside its plot")
                    .arg(t)
                    .arg(tip.x())
                    .arg(tip.y());
        }

    for (const QMessageBox *box : window.findChildren<QMessageBox *>())
        if (box->isVisible())
            return QStringLiteral("a message box is open: ") + box->text();
    return {};
}

} // namespace attention::test
