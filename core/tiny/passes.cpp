// The tiny model's forward and backward pass and AdamW's update, compiled once per CPU path
// (isadispatch.h).

#include "tiny/passes.h"

#include "isadispatch.h"

#include <utility>

namespace attention::tiny::simd {

template<typename Scalar>
void forward(const Parameters<Scalar> &parameters, BatchShape shape, Activations<Scalar> &acts)
{
    const ModelConfig &config = parameters.config;
    acts.shape = shape;
    acts.blocks.resize(config.layers);
    embeddingForward(acts.ids, shape, parameters.tokEmb, parameters.posEmb, acts.x);
    for (int l = 0; l < config.layers; ++l) {
        const auto &p = parameters.blocks[l];
        auto &cache = acts.blocks[l];
        layerNormForward(acts.x, p.ln1Gain, p.ln1Bias, cache.a1, cache.ln1);
        attentionForward(cache.a1, p.wQ, p.wK, p.wV, p.wO, shape, config.heads, acts.branch,
                         cache.attention);
        acts.x += acts.branch;
        if (config.mlp) {
            layerNormForward(acts.x, p.ln2Gain, p.ln2Bias, cache.a2, cache.ln2);
            mlpForward(cache.a2, p.wIn, p.wOut, acts.branch, cache.mlp);
            acts.x += acts.branch;
        }
    }
    if (acts.output == OutputPass::BlocksOnly)
        return;
    layerNormForward(acts.x, parameters.lnFGain, parameters.lnFBias, acts.final, acts.lnF);
    if (acts.output == OutputPass::Logits) {
        logitsForward(acts.final, parameters.tokEmb, acts.logits);
        return;
    }
    acts.logits.resize(0, 0);
    if (acts.output == OutputPass::Loss) {
        acts.blockedLoss =
            outputLayerLoss(acts.final, parameters.tokEmb, acts.targets, acts.rowLosses,
                            acts.predictions, acts.outputBlocks, acts.outputBlockRows);
        return;
    }
    acts.dOutputEmbedding.setZero(parameters.tokEmb.rows(), parameters.tokEmb.cols());
    acts.blockedLoss = outputLayerForwardBackward(
        acts.final, parameters.tokEmb, acts.targets, acts.rowLosses, acts.dFinal,
        acts.dOutputEmbedding, acts.outputBlocks, acts.outputBlockRows);
}

template<typename Scalar>
double loss(Activations<Scalar> &acts)
{
    if (acts.output == OutputPass::Loss || acts.output == OutputPass::Training)
        return acts.blockedLoss;
    return crossEntropyForwardBackward(acts.logits, acts.targets, acts.rowLosses);
}

template<typename Scalar>
void backward(const Parameters<Scalar> &parameters, Activations<Scalar> &acts,
              Parameters<Scalar> &gradients)
{
    const ModelConfig &config = parameters.config;
    if (gradients.blocks.size() != parameters.blocks.size() ||
        gradients.tokEmb.size() != parameters.tokEmb.size())
        gradients = Parameters<Scalar>::zeros(config);
    else
        gradients.setZero();
    const Index rows = acts.shape.rows();
    acts.dx.setZero(rows, config.dModel);
    if (acts.output == OutputPass::Training) { // the forward pass made the output's gradients
        std::swap(acts.dBranch, acts.dFinal);
        std::swap(gradients.tokEmb, acts.dOutputEmbedding); // gradients.tokEmb was zero
    } else {
        acts.dBranch.setZero(rows, config.dModel);
        logitsBackward(acts.logits, acts.final, parameters.tokEmb, acts.dBranch, gradients.tokEmb);
    }
    layerNormBackward(acts.dBranch, parameters.lnFGain, acts.lnF, acts.dx, gradients.lnFGain,
                      gradients.lnFBias);
    for (int l = config.layers - 1; l >= 0; --l) {
        const auto &p = parameters.blocks[l];
        auto &g = gradients.blocks[l];
        auto &cache = acts.blocks[l];
        if (config.mlp) {
            acts.dBranch.setZero();
            mlpBackward(acts.dx, cache.a2, p.wIn, p.wOut, cache.mlp, acts.dBranch, g.wIn, g.wOut);
            layerNormBackward(acts.dBranch, p.ln2Gain, cache.ln2, acts.dx, g.ln2Gain, g.ln2Bias);
        }
        acts.dBranch.setZero();
        attentionBackward(acts.dx, cache.a1, p.wQ, p.wK, p.wV, p.wO, acts.shape, config.heads,
                          cache.attention, acts.dBranch, g.wQ, g.wK, g.wV, g.wO);
        layerNormBackward(acts.dBranch, p.ln1Gain, cache.ln1, acts.dx, g.ln1Gain, g.ln1Bias);
    }
    embeddingBackward(acts.dx, acts.ids, acts.shape, gradients.tokEmb, gradients.posEmb);
}

void adamW(const AdamWTensor &t)
{
    using ArrayMap = Eigen::Map<Eigen::ArrayXf>;
    ArrayMap p(t.parameter, t.size);
    const Eigen::Map<const Eigen::ArrayXf> g(t.gradient, t.size);
    ArrayMap m(t.first, t.size);
    ArrayMap v(t.second, t.size);
    m = t.beta1 * m + (1.0f - t.beta1) * g;
    v = t.beta2 * v + (1.0f - t.beta2) * g.square();
    p -= t.decay * p + t.rate * (m / t.correction1) / ((v / t.correction2).sqrt() + t.epsilon);
}

template void forward<float>(const Parameters<float> &, BatchShape, Activations<float> &);
template double loss<float>(Activations<float> &);
template void backward<float>(const Parameters<float> &, Activations<float> &, Parameters<float> &);
// Double, the gradient checks' type, in the baseline code only (as in layers.cpp).
#ifndef ATTENTION_ISA_COPY
template void forward<double>(const Parameters<double> &, BatchShape, Activations<double> &);
template double loss<double>(Activations<double> &);
template void backward<double>(const Parameters<double> &, Activations<double> &,
                               Parameters<double> &);
#endif

} // namespace attention::tiny::simd
