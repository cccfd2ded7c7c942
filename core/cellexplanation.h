#pragma once

/// The numbers behind one cell of the attention weights, for a learner who asks "why this value":
///
///     dot    = q · k = Σ_c q_c k_c
///     score  = scale · dot                      (−∞ where the causal mask hides the key)
///     weight = e^(score − max) / Σ_j e^(score_j − max)

#include "attention.h"

#include <optional>
#include <vector>

namespace attention {

struct CellExplanation
{
    std::vector<double> dotTerms; ///< q_c · k_c for c = 0 … d−1 (d terms)
    double dot = 0.0;             ///< q · k, the sum of dotTerms
    double scale = 1.0;           ///< effectiveScale: score_scale, ÷ √d when asked
    double score = 0.0;           ///< the score as computed for the row; −∞ when masked
    bool masked = false;          ///< the causal mask hides this key (score −∞, weight 0)
    double rowMax = 0.0;          ///< the largest score of the row
    double shiftedExp = 0.0;      ///< e^(score − rowMax), in [0, 1]
    double shiftedSum = 0.0;      ///< Σ_j e^(score_j − rowMax), at least 1 for a finite rowMax
    double weight = 0.0;          ///< the softmax: shiftedExp / shiftedSum, as softmaxRows gives
    /// e^score and Σ_j e^score_j without the shift, when the row's exponentials are all finite
    /// and printable (rowMax < 700); empty otherwise.
    std::optional<double> exp;
    std::optional<double> expSum;
};

/// Explains the weight of key `column` for one query. `query` and `key` are rows of Q and K (d
/// each); `scoreRow` is the query's row of scores as attentionScores computed it (T), so the
/// explanation's score and weight are the document's numbers; `options` give the scale.
CellExplanation explainCell(const Eigen::Ref<const RowVector> &query,
                            const Eigen::Ref<const RowVector> &key,
                            const Eigen::Ref<const RowVector> &scoreRow, Index column,
                            const ScoreOptions &options);

} // namespace attention
