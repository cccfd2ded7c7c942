#include "scenario.h"

#include "sharedproducts.h"
#include "tablepool.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace attention {

namespace {

using Code = ScenarioError::Code;

std::atomic<long long> productCount{0};

QString entryPath(const char *field, Index row, Index col)
{
    return QStringLiteral("%1[%2][%3]").arg(QLatin1String(field)).arg(row).arg(col);
}

/// The error `code` at `path`, with the number found and the one it should be or stay within.
ScenarioError refusal(Code code, const QString &path, double value = 0, double limit = 0)
{
    ScenarioError error;
    error.code = code;
    error.path = path;
    error.value = value;
    error.limit = limit;
    return error;
}

/// The first entry of `m` that is not finite or too large, with its JSON path; row 0 of `m` is
/// row `firstRow` of the field.
std::optional<ScenarioError> checkEntries(const Eigen::Ref<const Matrix> &m, const char *field,
                                          Index firstRow = 0)
{
    for (Index r = 0; r < m.rows(); ++r) {
        for (Index c = 0; c < m.cols(); ++c) {
            const double x = m(r, c);
            if (!std::isfinite(x))
                return refusal(Code::EntryNotFinite, entryPath(field, firstRow + r, c), x);
            if (std::abs(x) > ScenarioLimits::maxMagnitude)
                return refusal(Code::EntryTooLarge, entryPath(field, firstRow + r, c), x,
                               ScenarioLimits::maxMagnitude);
        }
    }
    return std::nullopt;
}

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

/// Equal values; one-hot values (absent) equal the T×T identity written out.
bool sameValues(const Scenario &a, const Scenario &b)
{
    if (a.values && b.values)
        return sameMatrix(*a.values, *b.values);
    const std::optional<Matrix> &given = a.values ? a.values : b.values;
    return !given || sameMatrix(*given, oneHotValues(given->rows()));
}

/// The scores' picture from the products' own (`products`): the same pixels with the range
/// times the factor; coloured anew from `scores` where that is not the scores' own picture (a
/// factor of 0, every product equal, a span below the normal numbers).
SharedHeatmapImage scoresPicture(const SharedHeatmapImage &products, const ScaledTable &scores,
                                 const HeatmapScale &scale)
{
    const double factor = scores.factor();
    const double lo = factor * products->minimum;
    const double hi = factor * products->maximum;
    // A span below the normal numbers (a factor such as 1e-320) rounds the scores to a few
    // values: their own picture is banded, so it is made from them.
    if (!(factor > 0.0) || products->flat || !std::isnormal(hi - lo))
        return std::make_shared<const HeatmapImage>(heatmapImage(scores, scale));
    HeatmapImage picture = *products; // the QImage is shared, not copied
    picture.minimum = lo;
    picture.maximum = hi;
    return std::make_shared<const HeatmapImage>(std::move(picture));
}

/// Scenario::compute(), with the heatmaps' pictures made band by band when `withImages`.
ScenarioResult computeResult(const Scenario &scenario, const Scenario *before,
                             const ScenarioResult *previous, bool withImages)
{
    ScenarioResult result;
    result.products = rawProducts(scenario, before, previous ? previous->products : nullptr);
    const Index T = scenario.tokenCount();
    const ScoreOptions options = scenario.scoreOptions();
    result.scoreFactor = effectiveScale(options, scenario.dimension());
    result.causal = options.causal;
    HeatmapScale scoresScale;
    scoresScale.masked = options.causal && T > 1;
    if (withImages && previous && previous->productsImage &&
        previous->products == result.products &&
        previous->productsImage->scale == scoresScale) // the same products under the same mask
        result.productsImage = previous->productsImage;
    std::optional<HeatmapImageBuilder> productsImage, weightsImage, outputImage;
    if (withImages) {
        if (!result.productsImage)
            productsImage.emplace(T, T, scoresScale);
        weightsImage.emplace(T, T, HeatmapScale::forWeights(T, scenario.causal));
        if (!scenario.values && scenario.drawsOutput()) // the weights, on their own range
            outputImage.emplace(T, T, HeatmapScale());
    }
    const ScaledTable masked(result.products, 1.0, result.causal);
    const auto pictureBand = [&](Index first, Index count) {
        const auto weights = result.weights.middleRows(first, count);
        if (productsImage)
            productsImage->add(masked.middleRows(first, count));
        weightsImage->add(weights);
        if (outputImage)
            outputImage->add(weights);
    };
    pooledWeights(*result.products, options, scenario.dimension(), result.weights,
                  withImages ? BandSink(pictureBand) : BandSink());
    if (scenario.values)
        result.output = result.weights * *scenario.values;
    if (!withImages)
        return result;
    if (productsImage)
        result.productsImage = std::make_shared<const HeatmapImage>(productsImage->finish());
    result.scoresImage = scoresPicture(result.productsImage, result.scores(), scoresScale);
    result.weightsImage = std::make_shared<const HeatmapImage>(weightsImage->finish());
    if (outputImage)
        result.outputImage = std::make_shared<const HeatmapImage>(outputImage->finish());
    else if (result.output)
        result.outputImage =
            std::make_shared<const HeatmapImage>(heatmapImage(*result.output, HeatmapScale()));
    return result;
}

} // namespace

ScoreOptions Scenario::scoreOptions() const
{
    ScoreOptions options;
    options.scoreScale = scoreScale;
    options.divideBySqrtD = divideBySqrtD;
    options.causal = causal;
    return options;
}

ScenarioResult Scenario::compute(const Scenario *before, const ScenarioResult *previous) const
{
    return computeResult(*this, before, previous, false);
}

ScenarioResult Scenario::computeWithImages(const Scenario *before,
                                           const ScenarioResult *previous) const
{
    return computeResult(*this, before, previous, true);
}

std::shared_ptr<const Matrix> rawProducts(const Scenario &scenario, const Scenario *before,
                                          std::shared_ptr<const Matrix> reuse)
{
    if (reuse && before && sameProducts(scenario, *before))
        return reuse;
    bool multiplied = false;
    std::shared_ptr<const Matrix> products =
        SharedProducts::get(scenario.queries, scenario.keys, &multiplied);
    productCount += multiplied ? 1 : 0;
    return products;
}

bool sameProducts(const Scenario &a, const Scenario &b)
{
    return sameMatrix(a.queries, b.queries) && sameMatrix(a.keys, b.keys);
}

CellExplanation explainWeight(const Scenario &scenario, const ScenarioResult &result, Index row,
                              Index column)
{
    const ScoreOptions options = scenario.scoreOptions();
    const RowVector scoreRow =
        result.products ? result.scores().row(row)
                        : attentionScoreRow(scenario.queries, scenario.keys, row, options);
    return explainCell(scenario.queries.row(row), scenario.keys.row(column), scoreRow, column,
                       options);
}

bool sameVectors(const Scenario &a, const Scenario &b)
{
    return a.tokens == b.tokens && a.dimensionNames == b.dimensionNames && sameProducts(a, b) &&
           a.values.has_value() == b.values.has_value() && sameValues(a, b);
}

long long rawProductCount()
{
    return productCount.load();
}

void pooledWeights(const Matrix &products, const ScoreOptions &options, Index d, Matrix &weights,
                   const BandSink &band)
{
    weights = TablePool::take(products.rows(), products.cols());
    scoresAndWeights(products, options, d, nullptr, weights, band);
}

Matrix Scenario::valueMatrix() const
{
    return values ? *values : oneHotValues(tokenCount());
}

QString Scenario::dimensionName(Index i) const
{
    if (i >= 0 && i < dimensionNames.size())
        return dimensionNames.at(static_cast<int>(i));
    return QStringLiteral("d%1").arg(i + 1);
}

std::optional<ScenarioError> Scenario::validate() const
{
    const Index T = tokenCount();
    if (auto problem = checkTokenCount(T))
        return problem;
    for (int i = 0; i < tokens.size(); ++i)
        if (auto problem = checkTokenName(i, tokens.at(i)))
            return problem;
    const Index d = queries.cols();
    if (d < 1 || d > ScenarioLimits::maxDimension)
        return refusal(Code::QueryWidth, QStringLiteral("queries"), d,
                       ScenarioLimits::maxDimension);
    if (queries.rows() != T)
        return refusal(Code::QueryRows, QStringLiteral("queries"), queries.rows(), T);
    if (keys.rows() != T)
        return refusal(Code::KeyRows, QStringLiteral("keys"), keys.rows(), T);
    if (keys.cols() != d)
        return refusal(Code::KeyWidth, QStringLiteral("keys"), keys.cols(), d);
    if (values && values->rows() != T)
        return refusal(Code::ValueRows, QStringLiteral("values"), values->rows(), T);
    if (values && (values->cols() < 1 || values->cols() > ScenarioLimits::maxDimension))
        return refusal(Code::ValueWidth, QStringLiteral("values"), values->cols(),
                       ScenarioLimits::maxDimension);
    if (!dimensionNames.isEmpty() && dimensionNames.size() != d)
        return refusal(Code::DimensionNameCount, QStringLiteral("dimension_names"),
                       dimensionNames.size(), d);
    for (const auto &[matrix, field] : {std::pair{&queries, "queries"}, std::pair{&keys, "keys"},
                                        std::pair{values ? &*values : nullptr, "values"}}) {
        if (auto problem = matrix ? checkEntries(*matrix, field) : std::nullopt)
            return problem;
    }
    return checkScoreScale(scoreScale);
}

bool Scenario::operator==(const Scenario &other) const
{
    return title == other.title && dimensionNames == other.dimensionNames &&
           tokens == other.tokens && sameMatrix(queries, other.queries) &&
           sameMatrix(keys, other.keys) && sameValues(*this, other) &&
           scoreScale == other.scoreScale && divideBySqrtD == other.divideBySqrtD &&
           causal == other.causal;
}

std::optional<ScenarioError> checkTokenCount(Index T)
{
    if (T < 1 || T > ScenarioLimits::maxTokens)
        return refusal(Code::TokenCount, QStringLiteral("tokens"), T, ScenarioLimits::maxTokens);
    return std::nullopt;
}

std::optional<ScenarioError> checkTokenName(Index index, const QString &name)
{
    if (name.trimmed().isEmpty())
        return refusal(Code::EmptyToken, QStringLiteral("tokens[%1]").arg(index), double(index));
    return std::nullopt;
}

std::optional<ScenarioError> checkRow(const char *field, Index row,
                                      const Eigen::Ref<const RowVector> &vector)
{
    return checkEntries(vector, field, row);
}

std::optional<ScenarioError> checkScoreScale(double scale)
{
    if (!std::isfinite(scale) || scale < ScenarioLimits::minScale ||
        scale > ScenarioLimits::maxScale)
        return refusal(Code::ScoreScale, QStringLiteral("score_scale"), scale,
                       ScenarioLimits::maxScale);
    return std::nullopt;
}

} // namespace attention
