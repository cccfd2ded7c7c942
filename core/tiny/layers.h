#pragma once

/// The tiny model's layers as forward/backward pairs (docs/tiny-model.md, "The model").
///
/// Every layer works on a batch of windows at once: activations are (N, ·) row-major matrices with
/// N = batch · T rows, row b·T + t holding token t of window b, so the linear maps are single
/// Eigen GEMMs over all tokens. Each forward fills only the cache its backward needs; each
/// backward adds (+=) into the gradients of its inputs and parameters, which the caller zeroes
/// first. The functions are templated on the scalar: float trains, double checks gradients;
/// both are instantiated in layers.cpp.

#include "types.h"

#include <algorithm>
#include <vector>

namespace attention::tiny {

template<typename Scalar>
using MatrixT = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template<typename Scalar>
using RowVectorT = Eigen::Matrix<Scalar, 1, Eigen::Dynamic>;
template<typename Scalar>
using VectorT = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

/// The shape of a batch: `batch` windows of `tokens` positions each.
struct BatchShape
{
    int batch = 1;
    int tokens = 1;

    Index rows() const { return Index(batch) * tokens; }
};

// ---- Embedding -------------------------------------------------------------------------------

/// x = tok_emb[ids] + pos_emb[0:T]. ids (N) in [0, V); x (N, d). The cache is the ids themselves.
template<typename Scalar>
void embeddingForward(const std::vector<int> &ids, BatchShape shape, const MatrixT<Scalar> &tokEmb,
                      const MatrixT<Scalar> &posEmb, MatrixT<Scalar> &x);

/// dtok_emb[ids[n]] += dx[n], dpos_emb[t] += dx[b·T + t]. dx (N, d).
template<typename Scalar>
void embeddingBackward(const MatrixT<Scalar> &dx, const std::vector<int> &ids, BatchShape shape,
                       MatrixT<Scalar> &dTokEmb, MatrixT<Scalar> &dPosEmb);

// ---- LayerNorm -------------------------------------------------------------------------------

/// What layerNormBackward needs: the normalised input and 1/√(var + ε) per row.
template<typename Scalar>
struct LayerNormCache
{
    MatrixT<Scalar> normalized; ///< (N, d): (x − mean) · rstd
    VectorT<Scalar> rstd;       ///< (N)
};

/// out = (x − mean) / √(var + 1e-5) · gain + bias per row, biased variance. x, out (N, d).
template<typename Scalar>
void layerNormForward(const MatrixT<Scalar> &x, const RowVectorT<Scalar> &gain,
                      const RowVectorT<Scalar> &bias, MatrixT<Scalar> &out,
                      LayerNormCache<Scalar> &cache);

/// dx += ∂L/∂x, dgain += Σ dout ∘ x̂, dbias += Σ dout. dout, dx (N, d).
template<typename Scalar>
void layerNormBackward(const MatrixT<Scalar> &dout, const RowVectorT<Scalar> &gain,
                       const LayerNormCache<Scalar> &cache, MatrixT<Scalar> &dx,
                       RowVectorT<Scalar> &dGain, RowVectorT<Scalar> &dBias);

// ---- Multi-head causal self-attention --------------------------------------------------------

/// The attention weights of one layer and its projections, kept for the backward pass.
template<typename Scalar>
struct AttentionCache
{
    MatrixT<Scalar> q, k, v; ///< (N, d) each; head h is columns h·d_head … (h+1)·d_head − 1
    MatrixT<Scalar> weights; ///< (batch · heads · T, T): softmax rows, zero above the diagonal
    MatrixT<Scalar> concat;  ///< (N, d): concat_h(weights_h · v_h)
    MatrixT<Scalar> dConcat; ///< backward scratch (N, d)
    MatrixT<Scalar> dQ, dK, dV; ///< backward scratch (N, d) each
    MatrixT<Scalar> dScores;    ///< backward scratch, shaped like weights
};

/// out = concat_h(softmax(causal(q_h k_hᵀ / √d_head)) · v_h) · w_o with q, k, v = a · w_q, w_k,
/// w_v. a, out (N, d); w_* (d, d).
template<typename Scalar>
void attentionForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &wQ,
                      const MatrixT<Scalar> &wK, const MatrixT<Scalar> &wV,
                      const MatrixT<Scalar> &wO, BatchShape shape, int heads, MatrixT<Scalar> &out,
                      AttentionCache<Scalar> &cache);

/// da += ∂L/∂a and dw_* += ∂L/∂w_* from dout (N, d). a is the forward's input.
template<typename Scalar>
void attentionBackward(const MatrixT<Scalar> &dout, const MatrixT<Scalar> &a,
                       const MatrixT<Scalar> &wQ, const MatrixT<Scalar> &wK,
                       const MatrixT<Scalar> &wV, const MatrixT<Scalar> &wO, BatchShape shape,
                       int heads, AttentionCache<Scalar> &cache, MatrixT<Scalar> &da,
                       MatrixT<Scalar> &dWQ, MatrixT<Scalar> &dWK, MatrixT<Scalar> &dWV,
                       MatrixT<Scalar> &dWO);

// ---- GELU MLP --------------------------------------------------------------------------------

template<typename Scalar>
struct MlpCache
{
    MatrixT<Scalar> pre;  ///< (N, 4d): a · w_in
    MatrixT<Scalar> tanh; ///< (N, 4d): tanh(√(2/π)(pre + 0.044715 pre³)), reused by the backward
    MatrixT<Scalar> act;  ///< (N, 4d): GELU(pre)
    MatrixT<Scalar> dAct; ///< backward scratch (N, 4d)
};

/// out = GELU(a · w_in) · w_out, GELU in its tanh form. a, out (N, d); w_in (d, 4d); w_out (4d, d).
template<typename Scalar>
void mlpForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &wIn, const MatrixT<Scalar> &wOut,
                MatrixT<Scalar> &out, MlpCache<Scalar> &cache);

/// da += ∂L/∂a, dw_in += ∂L/∂w_in, dw_out += ∂L/∂w_out from dout (N, d).
template<typename Scalar>
void mlpBackward(const MatrixT<Scalar> &dout, const MatrixT<Scalar> &a, const MatrixT<Scalar> &wIn,
                 const MatrixT<Scalar> &wOut, MlpCache<Scalar> &cache, MatrixT<Scalar> &da,
                 MatrixT<Scalar> &dWIn, MatrixT<Scalar> &dWOut);

// ---- Tied output and cross-entropy -----------------------------------------------------------

/// logits = a · tok_embᵀ. a (N, d), tok_emb (V, d), logits (N, V).
template<typename Scalar>
void logitsForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb,
                   MatrixT<Scalar> &logits);

/// The cross-entropy of softmax(logits) against targets, fused with its backward: returns the
/// mean of −log softmax(logits_n)[targets[n]] over the rows whose target is ≥ 0, and overwrites
/// logits (N, V) with ∂mean/∂logits = (softmax − onehot) / count (zero rows where target < 0).
/// Accumulates in double in row order, so the result does not depend on the thread count.
/// `rowLosses` becomes (N): each row's −log p of its target, 0 where target < 0.
template<typename Scalar>
double crossEntropyForwardBackward(MatrixT<Scalar> &logits, const std::vector<int> &targets,
                                   std::vector<double> &rowLosses);

/// da += dlogits · tok_emb, dtok_emb += dlogitsᵀ · a. dlogits (N, V).
template<typename Scalar>
void logitsBackward(const MatrixT<Scalar> &dLogits, const MatrixT<Scalar> &a,
                    const MatrixT<Scalar> &tokEmb, MatrixT<Scalar> &da, MatrixT<Scalar> &dTokEmb);

/// Rows per block of the blocked output layer (outputLayerLoss, outputLayerForwardBackward): blocks
/// of 24, 48 and 96 rows trained 全唐诗's shape alike with the kernels of outputkernels.h.
constexpr Index outputBlockRows = 48;

/// The slices of `rows` rows a blocked output layer runs in on `threads` threads: one a thread,
/// and no more than there are blocks of `block` rows. Each slice keeps its own buffers.
inline Index outputSliceCount(Index rows, Index block, int threads)
{
    return std::max<Index>(1, std::min<Index>(threads, (rows + block - 1) / block));
}

/// The buffers of the blocked output layer, kept across steps so that a step allocates nothing:
/// tok_emb laid out for the kernels of outputkernels.h once a pass, and for each slice of the rows
/// a block's rows, logits and gradients, zero-padded as those kernels read them. The panels'
/// layout depends on the CPU path; each pass lays them out and reads them in the same copy.
template<typename Scalar>
struct OutputLayerScratch
{
    MatrixT<Scalar> panels;            ///< (paddedIds, d): tok_emb as packLogitsPanels lays it out
    MatrixT<Scalar> embedding;         ///< training: (paddedIds, paddedWidth) tok_emb zero-padded
    std::vector<MatrixT<Scalar>> rows; ///< (paddedRows, paddedWidth) each: a block of a
    std::vector<MatrixT<Scalar>> logits;   ///< (paddedRows, paddedIds) each
    std::vector<MatrixT<Scalar>> dRows;    ///< training: (paddedRows, paddedWidth) each
    std::vector<MatrixT<Scalar>> dTokEmbs; ///< training: (paddedIds, paddedWidth) each: a partial
                                           ///< ∂/∂tok_emb
};

/// logitsForward and the cross-entropy's forward half in blocks of `block` rows, the (N, V)
/// logits never made: the mean loss over the rows whose target is ≥ 0, `rowLosses` as
/// crossEntropyForwardBackward gives them and `predictions` (N), each row's most likely id (the
/// first on ties).
template<typename Scalar>
double outputLayerLoss(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb,
                       const std::vector<int> &targets, std::vector<double> &rowLosses,
                       std::vector<int> &predictions, OutputLayerScratch<Scalar> &scratch,
                       Index block);

/// logitsForward, crossEntropyForwardBackward and logitsBackward in one pass over blocks of
/// `block` rows, so that the (N, V) logits are never made (after "Cut Your Losses in
/// Large-Vocabulary Language Models", Wijmans et al. 2024, and Liger Kernel's fused linear
/// cross-entropy): each block's logits, their softmax and gradient and both backward products
/// run while the block is in the cache. Returns the same mean loss and `rowLosses`; sets
/// da = ∂mean/∂a (N, d) and adds ∂mean/∂tok_emb into dTokEmb (V, d). Each thread's slice of the
/// rows keeps a partial ∂/∂tok_emb, added in slice order, so the result depends on the thread
/// count only through the slices' bounds.
template<typename Scalar>
double outputLayerForwardBackward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb,
                                  const std::vector<int> &targets, std::vector<double> &rowLosses,
                                  MatrixT<Scalar> &da, MatrixT<Scalar> &dTokEmb,
                                  OutputLayerScratch<Scalar> &scratch, Index block);

} // namespace attention::tiny
