#include "tiny/model.h"

#include "isadispatch.h"
#include "random.h"
#include "tiny/passes.h"

#include <cmath>
#include <type_traits>

namespace attention::tiny {

namespace {

/// Calls visit(tensor, isMatrix) for every tensor of p in tensorLayout order.
template<typename P, typename Visit>
void visitTensors(P &p, Visit visit)
{
    visit(p.tokEmb, true);
    visit(p.posEmb, true);
    for (auto &block : p.blocks) {
        visit(block.ln1Gain, false);
        visit(block.ln1Bias, false);
        visit(block.wQ, true);
        visit(block.wK, true);
        visit(block.wV, true);
        visit(block.wO, true);
        if (p.config.mlp) {
            visit(block.ln2Gain, false);
            visit(block.ln2Bias, false);
            visit(block.wIn, true);
            visit(block.wOut, true);
        }
    }
    visit(p.lnFGain, false);
    visit(p.lnFBias, false);
}

/// Fills m row by row with N(0, deviation²) draws.
void fillNormal(MatrixT<float> &m, double deviation, Random &random)
{
    for (Index r = 0; r < m.rows(); ++r)
        for (Index c = 0; c < m.cols(); ++c)
            m(r, c) = static_cast<float>(deviation * random.normal());
}

} // namespace

template<typename Scalar>
Parameters<Scalar> Parameters<Scalar>::zeros(const ModelConfig &config)
{
    const Index d = config.dModel;
    Parameters p;
    p.config = config;
    p.tokEmb = MatrixT<Scalar>::Zero(config.vocabSize, d);
    p.posEmb = MatrixT<Scalar>::Zero(config.context, d);
    p.blocks.resize(config.layers);
    for (auto &block : p.blocks) {
        block.ln1Gain = RowVectorT<Scalar>::Zero(d);
        block.ln1Bias = RowVectorT<Scalar>::Zero(d);
        for (MatrixT<Scalar> *w : {&block.wQ, &block.wK, &block.wV, &block.wO})
            *w = MatrixT<Scalar>::Zero(d, d);
        if (config.mlp) {
            block.ln2Gain = RowVectorT<Scalar>::Zero(d);
            block.ln2Bias = RowVectorT<Scalar>::Zero(d);
            block.wIn = MatrixT<Scalar>::Zero(d, 4 * d);
            block.wOut = MatrixT<Scalar>::Zero(4 * d, d);
        }
    }
    p.lnFGain = RowVectorT<Scalar>::Zero(d);
    p.lnFBias = RowVectorT<Scalar>::Zero(d);
    return p;
}

template<typename Scalar>
std::vector<TensorView<Scalar>> Parameters<Scalar>::tensors()
{
    std::vector<TensorView<Scalar>> views;
    visitTensors(*this, [&views](auto &tensor, bool matrix) {
        views.push_back({tensor.data(), tensor.size(), matrix});
    });
    return views;
}

template<typename Scalar>
std::vector<TensorView<const Scalar>> Parameters<Scalar>::tensors() const
{
    std::vector<TensorView<const Scalar>> views;
    visitTensors(*this, [&views](const auto &tensor, bool matrix) {
        views.push_back({tensor.data(), tensor.size(), matrix});
    });
    return views;
}

template<typename Scalar>
void Parameters<Scalar>::setZero()
{
    visitTensors(*this, [](auto &tensor, bool) { tensor.setZero(); });
}

Index parameterCount(const ModelConfig &config)
{
    Index count = 0;
    for (const auto &tensor : tensorLayout(config))
        count += tensor.elementCount();
    return count;
}

Parameters<float> initParameters(const ModelConfig &config, std::uint64_t seed)
{
    Random random(seed);
    auto p = Parameters<float>::zeros(config);
    const double deviation = 0.02;
    const double residualDeviation = 0.02 / std::sqrt(2.0 * config.layers);
    fillNormal(p.tokEmb, deviation, random);
    fillNormal(p.posEmb, deviation, random);
    for (auto &block : p.blocks) {
        block.ln1Gain.setOnes();
        fillNormal(block.wQ, deviation, random);
        fillNormal(block.wK, deviation, random);
        fillNormal(block.wV, deviation, random);
        fillNormal(block.wO, residualDeviation, random);
        if (config.mlp) {
            block.ln2Gain.setOnes();
            fillNormal(block.wIn, deviation, random);
            fillNormal(block.wOut, residualDeviation, random);
        }
    }
    p.lnFGain.setOnes();
    return p;
}

std::vector<std::vector<float>> exportTensors(const Parameters<float> &parameters)
{
    std::vector<std::vector<float>> out;
    for (const auto &view : parameters.tensors())
        out.emplace_back(view.data, view.data + view.size);
    return out;
}

std::optional<Parameters<float>> importTensors(const ModelConfig &config,
                                               const std::vector<std::vector<float>> &tensors)
{
    if (checkConfig(config))
        return std::nullopt;
    auto p = Parameters<float>::zeros(config);
    auto views = p.tensors();
    if (views.size() != tensors.size())
        return std::nullopt;
    for (std::size_t i = 0; i < views.size(); ++i) {
        if (Index(tensors[i].size()) != views[i].size)
            return std::nullopt;
        for (Index j = 0; j < views[i].size; ++j) {
            if (!std::isfinite(tensors[i][j]))
                return std::nullopt;
            views[i].data[j] = tensors[i][j];
        }
    }
    return p;
}

// The forward and backward pass in float run the active CPU path's copy (isa.h); in double
// (the gradient checks) the baseline's.

template<typename Scalar>
void modelForward(const Parameters<Scalar> &parameters, BatchShape shape, Activations<Scalar> &acts)
{
    if constexpr (std::is_same_v<Scalar, float>)
        isaTable().modelForward(parameters, shape, acts);
    else
        simd::forward(parameters, shape, acts);
}

template<typename Scalar>
double modelLoss(Activations<Scalar> &acts)
{
    if constexpr (std::is_same_v<Scalar, float>)
        return isaTable().modelLoss(acts);
    else
        return simd::loss(acts);
}

template<typename Scalar>
void modelBackward(const Parameters<Scalar> &parameters, Activations<Scalar> &acts,
                   Parameters<Scalar> &gradients)
{
    if constexpr (std::is_same_v<Scalar, float>)
        isaTable().modelBackward(parameters, acts, gradients);
    else
        simd::backward(parameters, acts, gradients);
}

template struct Parameters<float>;
template struct Parameters<double>;
template void modelForward<float>(const Parameters<float> &, BatchShape, Activations<float> &);
template void modelForward<double>(const Parameters<double> &, BatchShape, Activations<double> &);
template double modelLoss<float>(Activations<float> &);
template double modelLoss<double>(Activations<double> &);
template void modelBackward<float>(const Parameters<float> &, Activations<float> &,
                                   Parameters<float> &);
template void modelBackward<double>(const Parameters<double> &, Activations<double> &,
                                    Parameters<double> &);

} // namespace attention::tiny
