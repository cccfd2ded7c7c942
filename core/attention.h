#pragma once

/// Scaled dot-product attention in double precision: the numbers the learner sees.
///
///     scores  = scale · Q Kᵀ (/ √d)      (T, T)
///     masked  = −∞ above the diagonal     (causal only)
///     weights = softmax of each row      (T, T)
///     output  = weights · V              (T, d_v)

#include "types.h"

#include <functional>

namespace attention {

/// How raw dot products become scores.
struct ScoreOptions
{
    double scoreScale = 1.0;    ///< multiplies every dot product
    bool divideBySqrtD = false; ///< divide by √d, d = the width of q and k
    bool causal = false;        ///< row i sees only keys 0…i
};

/// Everything one attention pass produces.
struct AttentionResult
{
    Matrix scores;  ///< (T, T), masked entries are −∞
    Matrix weights; ///< (T, T), rows sum to 1, masked entries exactly 0
    Matrix output;  ///< (T, d_v)
};

/// The factor applied to Q Kᵀ: scoreScale, divided by √d when asked.
double effectiveScale(const ScoreOptions &options, Index d);

/// Step 1 of the lesson: row i averages positions 0…i evenly. (T, T)
Matrix averagingWeights(Index T);

/// Scaled (and masked) scores of queries `q` (T, d) against keys `k` (T, d). (T, T)
Matrix attentionScores(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                       const ScoreOptions &options);

/// Row `row` of attentionScores(q, k, options), computed alone (T). For one cell's explanation
/// when the table is not kept.
RowVector attentionScoreRow(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                            Index row, const ScoreOptions &options);

/// The causal rule, the one every masked table goes through: row r of `rows` is the query at
/// position `first` + r, which sees keys 0 … first + r; every key after it becomes −∞, in place.
void maskFutureKeys(Eigen::Ref<Matrix> rows, Index first);

/// Sets every entry above the diagonal to −∞, in place: maskFutureKeys(scores, 0).
void applyCausalMask(Eigen::Ref<Matrix> scores);

/// Numerically stable softmax of each row, in place.
///
/// The row maximum is subtracted first, so any finite scores give finite weights that sum to 1;
/// −∞ gives exactly 0; a row of equal scores (including all −∞ but one) gives a uniform row over
/// the largest entries. A row that is entirely −∞ becomes all zeros. A row's trailing −∞ entries
/// (a causal row's masked keys) are set to 0 and skipped.
void softmaxRows(Eigen::Ref<Matrix> scores);

/// The softmax of one row, returned (convenience for single queries).
RowVector softmax(const Eigen::Ref<const RowVector> &scores);

/// Rows first … first + count − 1 of the tables just made, while they are in the cache.
using BandSink = std::function<void(Index first, Index count)>;

/// Scores and weights from the raw products Q Kᵀ (T, T), d the width of q and k: the scores of
/// `options` (scaled, / √d, masked) into `scores` unless it is null, their softmax into `weights`.
/// Both must be (T, T) already (a caller that keeps spare tables hands them in). A band of rows
/// at a time, each band then handed to `band`: one pass over memory, however many tables and
/// pictures are made from it.
void scoresAndWeights(const Eigen::Ref<const Matrix> &products, const ScoreOptions &options,
                      Index d, Matrix *scores, Eigen::Ref<Matrix> weights,
                      const BandSink &band = {});

/// The full pass (scoresAndWeights() of Q Kᵀ, then the weights times V); `v` is (T, d_v).
AttentionResult attend(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                       const Eigen::Ref<const Matrix> &v, const ScoreOptions &options);

/// T one-hot rows: with these values each output row equals its weight row. (T, T)
Matrix oneHotValues(Index T);

/// Largest absolute difference between two matrices of the same shape (∞ if shapes differ, NaN
/// if either holds a NaN; equal infinities differ by 0).
double maxAbsDifference(const Eigen::Ref<const Matrix> &a, const Eigen::Ref<const Matrix> &b);

} // namespace attention
