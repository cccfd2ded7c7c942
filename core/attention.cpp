#include "attention.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {
constexpr double minusInfinity = -std::numeric_limits<double>::infinity();
/// Below this argument Eigen's vectorised exp is clamped (see softmaxRows()).
constexpr double vectorExpFloor = -700.0;
} // namespace

double effectiveScale(const ScoreOptions &options, Index d)
{
    const double sqrtD = options.divideBySqrtD ? std::sqrt(static_cast<double>(d)) : 1.0;
    return options.scoreScale / sqrtD;
}

Matrix averagingWeights(Index T)
{
    Matrix weights = Matrix::Zero(T, T);
    for (Index i = 0; i < T; ++i)
        weights.row(i).head(i + 1).setConstant(1.0 / static_cast<double>(i + 1));
    return weights;
}

Matrix attentionScores(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                       const ScoreOptions &options)
{
    Matrix scores(q.rows(), k.rows());
    scores.noalias() = q * k.transpose();        // (T, T) raw dot products
    scores *= effectiveScale(options, q.cols()); // scale (and / √d)
    if (options.causal)
        applyCausalMask(scores); // −∞ above the diagonal
    return scores;
}

RowVector attentionScoreRow(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                            Index row, const ScoreOptions &options)
{
    Matrix scores = q.row(row) * k.transpose(); // (1, T)
    scores *= effectiveScale(options, q.cols());
    if (options.causal)
        maskFutureKeys(scores, row);
    return scores.row(0);
}

void maskFutureKeys(Eigen::Ref<Matrix> rows, Index first)
{
    for (Index r = 0; r < rows.rows(); ++r) {
        const Index seen = std::min(first + r + 1, rows.cols()); // keys 0 … first + r
        rows.row(r).tail(rows.cols() - seen).setConstant(minusInfinity);
    }
}

void applyCausalMask(Eigen::Ref<Matrix> scores)
{
    maskFutureKeys(scores, 0);
}

void softmaxRows(Eigen::Ref<Matrix> scores)
{
    RowVector shifted(scores.cols());
    for (Index i = 0; i < scores.rows(); ++i) {
        auto whole = scores.row(i);
        // A causal row ends in masked keys (−∞): they get no weight and take no part, so a
        // causal table costs about half a full one.
        Index seen = whole.size();
        while (seen > 0 && whole(seen - 1) == minusInfinity)
            --seen;
        whole.tail(whole.size() - seen).setZero();
        if (seen == 0) // nothing visible: no weight anywhere
            continue;
        auto row = whole.head(seen);
        const double rowMax = row.maxCoeff();
        if (rowMax == -minusInfinity) { // overflowed products: share evenly among the +∞ entries
            row = (row.array() == rowMax).cast<double>();
            row /= row.sum();
            continue;
        }
        // exp(−∞ − max) is exactly 0; a finite max keeps every exponent ≤ 0, so nothing overflows
        // and the largest term is exactly 1, so the sum is ≥ 1. Eigen's vectorised exp is as
        // exact as std::exp, but it clamps its argument below about −708 (giving about 5.6e-309,
        // not 0 or the subnormal): entries that reach that far (or are −∞) are redone by std::exp.
        auto rowShifted = shifted.head(seen);
        rowShifted = row.array() - rowMax;
        row = rowShifted.array().exp();
        if ((rowShifted.array() < vectorExpFloor).any()) { // seldom
            for (Index j = 0; j < seen; ++j)
                if (rowShifted(j) < vectorExpFloor)
                    row(j) = rowShifted(j) == minusInfinity ? 0.0 : std::exp(rowShifted(j));
        }
        row /= row.sum();
    }
}

RowVector softmax(const Eigen::Ref<const RowVector> &scores)
{
    Matrix row = scores;
    softmaxRows(row);
    return row.row(0);
}

void scoresAndWeights(const Eigen::Ref<const Matrix> &products, const ScoreOptions &options,
                      Index d, Matrix *scores, Eigen::Ref<Matrix> weights, const BandSink &band)
{
    // 16 rows of three tables at T = 2048 take 768 KiB: within this machine's 2 MiB of L2.
    constexpr Index bandRows = 16;
    const Index T = products.rows();
    const double scale = effectiveScale(options, d);
    for (Index first = 0; first < T; first += bandRows) {
        const Index count = std::min(bandRows, T - first);
        auto rows = weights.middleRows(first, count);
        rows = products.middleRows(first, count) * scale;
        if (options.causal)
            maskFutureKeys(rows, first);
        if (scores)
            scores->middleRows(first, count) = rows;
        softmaxRows(rows);
        if (band)
            band(first, count);
    }
}

AttentionResult attend(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                       const Eigen::Ref<const Matrix> &v, const ScoreOptions &options)
{
    AttentionResult result;
    const Matrix products = q * k.transpose(); // (T, T) raw dot products
    result.scores.resize(products.rows(), products.cols());
    result.weights.resize(products.rows(), products.cols());
    scoresAndWeights(products, options, q.cols(), &result.scores, result.weights);
    result.output.noalias() = result.weights * v; // (T, d_v)
    return result;
}

Matrix oneHotValues(Index T)
{
    return Matrix::Identity(T, T);
}

double maxAbsDifference(const Eigen::Ref<const Matrix> &a, const Eigen::Ref<const Matrix> &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    if (a.size() == 0)
        return 0.0;
    // Equal entries differ by 0 (equal infinities too, whose difference would be NaN). A NaN on
    // either side makes the answer NaN, so that `difference <= tolerance` fails: Eigen's default
    // maxCoeff() may skip NaNs, hence PropagateNaN.
    const Matrix difference = (a.array() == b.array()).select(0.0, (a - b).cwiseAbs());
    return difference.maxCoeff<Eigen::PropagateNaN>();
}

} // namespace attention
