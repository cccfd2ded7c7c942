#pragma once

/// The scenario: every number the learner can edit, as one plain value.
///
/// A scenario is T tokens, each with a query and a key of width d and a value of width d_v, plus
/// the three switches that turn dot products into scores. It is what a scenario file holds, what
/// a preset is, and what the document edits.

#include "attention.h"
#include "cellexplanation.h"
#include "heatmapimage.h"
#include "scaledtable.h"
#include "scenarioerror.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>

namespace attention {

/// The documented limits of a scenario (docs/scenario-format.md, "Limits").
struct ScenarioLimits
{
    static constexpr Index maxTokens = 4096;    ///< 1 ≤ T ≤ 4096
    static constexpr Index maxDimension = 4096; ///< 1 ≤ d, d_v ≤ 4096
    static constexpr double maxMagnitude = 1e6; ///< |every query, key and value entry| ≤ 1e6
    static constexpr double minScale = 0.0;     ///< 0 ≤ score_scale …
    static constexpr double maxScale = 1000.0;  ///< … ≤ 1000
};

/// Scores, weights and output of a scenario: what every view shows, computed once and shared
/// read-only (SharedResult) by the document, its views and the tables that read it.
struct ScenarioResult
{
    Matrix weights;               ///< (T, T), rows sum to 1
    std::optional<Matrix> output; ///< (T, d_v); absent with one-hot values: it is the weights
    /// Q Kᵀ before any scale or mask (T, T), shared by every result of the same queries and
    /// keys: a change of the scale or a switch reuses it instead of multiplying again. Null
    /// where a result was made by hand without it (then scores() is empty).
    std::shared_ptr<const Matrix> products;
    double scoreFactor = 1.0; ///< the products' factor in the scores: effectiveScale()
    bool causal = false;      ///< the scores are −∞ right of the diagonal
    /// The heatmaps' pictures of scores, weights and output, built with the result on the
    /// worker (withImages()); null when not built (the output's when it is not drawn:
    /// Scenario::drawsOutput()). The weights' is on the fixed 0–1 scale or, past
    /// HeatmapScale::relativeScaleKeys keys, the relative one.
    SharedHeatmapImage scoresImage;
    SharedHeatmapImage weightsImage;
    SharedHeatmapImage outputImage;
    /// The picture of the products themselves (factor 1, the scores' mask) on their own range.
    /// A positive factor moves that range and no pixel (f·p − f·lo over f·hi − f·lo is
    /// p − lo over hi − lo), so scoresImage is this picture with the range times the factor,
    /// and a result of the same products and mask (a slider step) reuses it: a step colours no
    /// score.
    SharedHeatmapImage productsImage;

    /// The scores (T, T), masked entries −∞: the products read through scoreFactor and the
    /// mask, with no table of their own.
    ScaledTable scores() const { return ScaledTable(products, scoreFactor, causal); }
    /// The output: `output`, or the weights when the values are one-hot.
    const Matrix &outputMatrix() const { return output ? *output : weights; }
};

using SharedResult = std::shared_ptr<const ScenarioResult>;

struct Scenario
{
    QString title;
    QStringList dimensionNames; ///< empty, or d names for the axes of q and k
    QStringList tokens;         ///< T non-empty names
    Matrix queries;             ///< (T, d)
    Matrix keys;                ///< (T, d)
    /// (T, d_v); absent means one-hot: token i's value is the i-th unit vector (d_v = T), so the
    /// output is the weights themselves. Nothing T×T is stored or multiplied for it.
    std::optional<Matrix> values;
    double scoreScale = 1.0;
    bool divideBySqrtD = false;
    bool causal = false;

    Index tokenCount() const { return static_cast<Index>(tokens.size()); }
    Index dimension() const { return queries.cols(); }
    Index valueDimension() const { return values ? values->cols() : tokenCount(); }

    ScoreOptions scoreOptions() const;
    /// Scores, weights and output of this scenario. With `previous`, the result of a scenario
    /// `before`, the raw products are reused when the queries and keys are the same (a change
    /// of the scale or a switch), so only the scaling and the softmax run again.
    ScenarioResult compute(const Scenario *before = nullptr,
                           const ScenarioResult *previous = nullptr) const;
    /// The same, with the heatmaps' pictures (ScenarioResult::scoresImage…) built too.
    ScenarioResult computeWithImages(const Scenario *before = nullptr,
                                     const ScenarioResult *previous = nullptr) const;

    /// True when the values are one-hot (absent), the default a file may leave out.
    bool hasOneHotValues() const { return !values; }
    /// Past this many tokens, one-hot values (a T × T identity) and their output (the weights
    /// again) are not drawn, and no picture is made of them.
    static constexpr Index maxDrawnOneHotTokens = 64;
    /// False for one-hot values past maxDrawnOneHotTokens.
    bool drawsOutput() const { return values || tokenCount() <= maxDrawnOneHotTokens; }
    /// The values as a matrix: `values`, or the T×T identity when they are one-hot. For small
    /// views and exports; large scenarios should not ask for it.
    Matrix valueMatrix() const;
    /// Entry (token, column) of valueMatrix(), without building it.
    double valueEntry(Index token, Index column) const
    {
        return values ? (*values)(token, column) : double(token == column);
    }
    /// The name of dimension i: dimensionNames[i] if given, else "d<i+1>".
    QString dimensionName(Index i) const;

    /// Nothing when the scenario is within the limits and consistent; else what is wrong, with
    /// the JSON path of the first offending part (e.g. "queries[4][1]"): the same errors a
    /// scenario file's reader gives. scenarioErrorText() puts them into words.
    std::optional<ScenarioError> validate() const;

    /// Equal in every field; one-hot values equal the identity written out.
    bool operator==(const Scenario &other) const;
    bool operator!=(const Scenario &other) const { return !(*this == other); }
};

/// Q Kᵀ of `queries` and `keys` (the raw products), or `reuse` when it came from the same
/// queries and keys (`before`), or the table another pass made of them (SharedProducts):
/// counted by rawProductCount() only when multiplied.
std::shared_ptr<const Matrix> rawProducts(const Scenario &scenario, const Scenario *before,
                                          std::shared_ptr<const Matrix> reuse);
/// True when `a` and `b` have the same queries and keys, hence the same raw products.
bool sameProducts(const Scenario &a, const Scenario &b);
/// True when `a` and `b` differ at most in the scale and the switches: the same tokens, names,
/// queries, keys and values (what the vector editor and the vector plane show).
bool sameVectors(const Scenario &a, const Scenario &b);
/// How many times rawProducts() multiplied Q Kᵀ in this process (for tests).
long long rawProductCount();
/// The numbers behind weight (row, column) of `result`, the result of `scenario`: its score row
/// read from the products, or computed again for a result made without them.
CellExplanation explainWeight(const Scenario &scenario, const ScenarioResult &result, Index row,
                              Index column);

/// The weights of attention::scoresAndWeights() into a table taken from the TablePool (the
/// scores are read from the products: ScenarioResult::scores()).
void pooledWeights(const Matrix &products, const ScoreOptions &options, Index d, Matrix &weights,
                   const BandSink &band = {});

// The validator's checks of one part, for edits that change only that part. Each returns why the
// part cannot be as given, with its JSON path, or nothing.

/// T tokens: 1 to ScenarioLimits::maxTokens.
std::optional<ScenarioError> checkTokenCount(Index T);
/// Token `index`'s name: not empty.
std::optional<ScenarioError> checkTokenName(Index index, const QString &name);
/// Row `row` of "queries", "keys" or "values": finite and within ScenarioLimits::maxMagnitude.
std::optional<ScenarioError> checkRow(const char *field, Index row,
                                      const Eigen::Ref<const RowVector> &vector);
/// The score scale: within ScenarioLimits::minScale…maxScale.
std::optional<ScenarioError> checkScoreScale(double scale);

} // namespace attention
