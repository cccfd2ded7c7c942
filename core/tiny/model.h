#pragma once

/// The tiny character Transformer: its parameters, their seeded initialisation, their exchange
/// with the weights file, and the forward and backward pass over a batch of windows
/// (docs/tiny-model.md, "The model").
///
/// Parameters<Scalar> holds one Eigen matrix per tensor of tensorLayout(config), with the same
/// shapes, row-major like the file; a gain or bias is a row vector. The same type holds the
/// gradients. forEachTensor() visits them in layout order, which is what the file, the optimiser
/// and the exports rely on.

#include "tiny/config.h"
#include "tiny/layers.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace attention::tiny {

template<typename Scalar>
struct BlockParameters
{
    RowVectorT<Scalar> ln1Gain, ln1Bias; ///< (d)
    MatrixT<Scalar> wQ, wK, wV, wO;      ///< (d, d)
    RowVectorT<Scalar> ln2Gain, ln2Bias; ///< (d), empty without the MLP
    MatrixT<Scalar> wIn;                 ///< (d, 4d), empty without the MLP
    MatrixT<Scalar> wOut;                ///< (4d, d), empty without the MLP
};

/// One tensor as flat row-major storage; `matrix` is true for 2-D tensors (weight decay applies).
template<typename Scalar>
struct TensorView
{
    Scalar *data = nullptr;
    Index size = 0;
    bool matrix = false;
};

template<typename Scalar>
struct Parameters
{
    ModelConfig config;
    MatrixT<Scalar> tokEmb; ///< (V, d)
    MatrixT<Scalar> posEmb; ///< (context, d)
    std::vector<BlockParameters<Scalar>> blocks;
    RowVectorT<Scalar> lnFGain, lnFBias; ///< (d)

    /// All tensors shaped for `config` and filled with zeros (the start of a gradient).
    static Parameters zeros(const ModelConfig &config);

    /// Every tensor in tensorLayout order.
    std::vector<TensorView<Scalar>> tensors();
    std::vector<TensorView<const Scalar>> tensors() const;

    void setZero();
    /// The same parameters in another precision.
    template<typename Other>
    Parameters<Other> cast() const;
};

/// The number of scalars in a model with this config (the sum of tensorLayout's sizes).
Index parameterCount(const ModelConfig &config);

/// The spec's seeded initialisation: every matrix N(0, 0.02²), w_o and w_out
/// N(0, (0.02/√(2·layers))²), gains 1, biases 0. The matrices are drawn from one
/// attention::Random(seed) in layout order, row by row.
Parameters<float> initParameters(const ModelConfig &config, std::uint64_t seed);

/// The tensors in tensorLayout order, each row-major (what the safetensors writer takes).
std::vector<std::vector<float>> exportTensors(const Parameters<float> &parameters);

/// Parameters from tensors in tensorLayout order; nothing when the config is invalid, the count
/// or a size disagrees with the layout, or a value is not finite.
std::optional<Parameters<float>> importTensors(const ModelConfig &config,
                                               const std::vector<std::vector<float>> &tensors);

/// Everything the forward pass of one block keeps for the backward pass.
template<typename Scalar>
struct BlockActivations
{
    LayerNormCache<Scalar> ln1;
    MatrixT<Scalar> a1; ///< (N, d) LN1 output
    AttentionCache<Scalar> attention;
    LayerNormCache<Scalar> ln2;
    MatrixT<Scalar> a2; ///< (N, d) LN2 output
    MlpCache<Scalar> mlp;
};

/// What the forward pass makes of the final LayerNorm's output.
enum class OutputPass
{
    /// The (N, V) logits, which modelLoss then turns into their gradient (what inference shows).
    Logits,
    /// Nothing: the pass stops after the blocks, their attention weights made (what the head
    /// analyses read; at 全唐诗's 7,358 ids the logits are most of a pass).
    BlocksOnly,
    /// Each row's loss and most likely next id, a block of rows at a time (outputLayerLoss): no
    /// (N, V) logits (validation).
    Loss,
    /// The loss and its gradients, a block of rows at a time (outputLayerForwardBackward): no
    /// (N, V) logits; modelLoss and modelBackward take what the forward pass left (training).
    Training,
};

/// The forward pass's caches and the backward pass's buffers for one batch shape; reused across
/// steps so that a training step allocates nothing once the shapes are set.
template<typename Scalar>
struct Activations
{
    BatchShape shape;
    std::vector<int> ids;                          ///< (N) inputs
    std::vector<int> targets;                      ///< (N) next ids, −1 where a position has none
    OutputPass output = OutputPass::Logits;        ///< what the forward pass makes after the blocks
    Index outputBlockRows = tiny::outputBlockRows; ///< Loss and Training: rows per block
    MatrixT<Scalar> x;                             ///< (N, d) the residual stream, updated in place
    MatrixT<Scalar> branch; ///< (N, d) a block's attention or MLP output before it is added
    std::vector<BlockActivations<Scalar>> blocks;
    LayerNormCache<Scalar> lnF;
    MatrixT<Scalar> final;  ///< (N, d) LN_f output
    MatrixT<Scalar> logits; ///< (N, V) logits after the forward, ∂loss/∂logits after the loss
    std::vector<double> rowLosses; ///< (N) after the loss: each position's −log p of its target
    double blockedLoss = 0.0;      ///< Loss and Training: the mean loss
    std::vector<int> predictions;  ///< Loss: (N) each row's most likely next id
    MatrixT<Scalar> dFinal;        ///< Training: (N, d) ∂loss/∂final
    MatrixT<Scalar> dOutputEmbedding;        ///< Training: (V, d) the output's ∂/∂tok_emb
    OutputLayerScratch<Scalar> outputBlocks; ///< Loss and Training: the blocks' buffers
    MatrixT<Scalar> dx;                      ///< (N, d) gradient of the residual stream
    MatrixT<Scalar> dBranch;                 ///< (N, d) gradient of a LayerNorm output
};

/// The forward pass up to the logits for the windows in acts.ids (batch · T ids, T ≤ context),
/// keeping the caches in acts. Afterwards acts.blocks[l].attention.weights holds each layer's
/// attention weights, and the output is what acts.output asks for (the (N, V) logits by default).
template<typename Scalar>
void modelForward(const Parameters<Scalar> &parameters, BatchShape shape,
                  Activations<Scalar> &acts);

/// The mean cross-entropy over the positions whose acts.targets entry is ≥ 0; turns acts.logits
/// into its gradient (with OutputPass::Loss and Training, returns what the forward pass
/// computed). Call after modelForward and before modelBackward.
template<typename Scalar>
double modelLoss(Activations<Scalar> &acts);

/// The gradient of the loss for every parameter, into gradients (zeroed here first).
template<typename Scalar>
void modelBackward(const Parameters<Scalar> &parameters, Activations<Scalar> &acts,
                   Parameters<Scalar> &gradients);

template<typename Scalar>
template<typename Other>
Parameters<Other> Parameters<Scalar>::cast() const
{
    Parameters<Other> result = Parameters<Other>::zeros(config);
    const auto from = tensors();
    auto to = result.tensors();
    for (std::size_t i = 0; i < from.size(); ++i)
        for (Index j = 0; j < from[i].size; ++j)
            to[i].data[j] = static_cast<Other>(from[i].data[j]);
    return result;
}

} // namespace attention::tiny
