#pragma once

/// A complete single attention head, as in step 5 of the lesson:
///
///     q, k, v = x W_q, x W_k, x W_v                       (T, d_head) each
///     out     = softmax(q kᵀ / √d_head, causal mask) v    (T, d_head)

#include "attention.h"
#include "random.h"

#include <cstdint>

namespace attention {

struct Head
{
    Matrix wq; ///< (d_model, d_head)
    Matrix wk; ///< (d_model, d_head)
    Matrix wv; ///< (d_model, d_head)

    Index modelDim() const { return wq.rows(); }
    Index headDim() const { return wq.cols(); }

    /// W_q, W_k, W_v with N(0, 1) entries divided by √d_model, drawn in that order.
    static Head random(Index dModel, Index dHead, Random &rng);
};

struct HeadResult
{
    Matrix q;                  ///< (T, d_head)
    Matrix k;                  ///< (T, d_head)
    Matrix v;                  ///< (T, d_head)
    AttentionResult attention; ///< scores, weights (T, T) and output (T, d_head)
};

/// What to draw for a random head; the defaults are the lesson's step 5.
struct RandomHeadOptions
{
    Index length = 5;       ///< T, the rows of X
    Index modelDim = 16;    ///< d_model
    Index headDim = 8;      ///< d_head
    std::uint64_t seed = 5; ///< of the one generator behind X and the weights
};

/// Seeded inputs and the head that reads them.
struct RandomHead
{
    Matrix x;  ///< (T, d_model), N(0, 1) entries
    Head head; ///< W_q, W_k, W_v (d_model, d_head)
};

/// The one way the app draws a random head: attention::Random(seed) gives X first, row by row,
/// then Head::random's W_q, W_k, W_v. With the default options this is the random-head preset,
/// `attention-cli lesson --section 5` and the head page at its defaults.
RandomHead drawRandomHead(const RandomHeadOptions &options = {});

/// The forward pass of `head` over inputs `x` (T, d_model).
HeadResult forward(const Head &head, const Eigen::Ref<const Matrix> &x, bool causal);

/// An independent reference with PyTorch's scaled_dot_product_attention semantics, written with
/// plain loops and no Eigen expressions: scale 1/√d, causal keeps j ≤ i. q, k (T, d); v (T, d_v).
Matrix referenceAttention(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                          const Eigen::Ref<const Matrix> &v, bool causal);

} // namespace attention
