#include "layers.h"

#include <cmath>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attention::tiny {

namespace {

constexpr double layerNormEpsilon = 1e-5;
constexpr double geluCubic = 0.044715;
constexpr double pi = 3.14159265358979323846;

/// Softmax of each row of scores (T, T) over the positions j ≤ i; zero above the diagonal.
template<typename Block>
void causalSoftmaxRows(Block &&scores)
{
    const Index tokens = scores.rows();
    for (Index i = 0; i < tokens; ++i) {
        auto visible = scores.row(i).head(i + 1);
        const auto maximum = visible.maxCoeff();
        visible = (visible.array() - maximum).exp();
        visible /= visible.sum();
        scores.row(i).tail(tokens - 1 - i).setZero();
    }
}

/// The gradient of the scores from the gradient of softmax rows: dS = P ∘ (dP − rowsum(P ∘ dP)),
/// in place in dP. Masked entries have P = 0 and get 0.
template<typename WeightsBlock, typename GradientBlock>
void softmaxRowsBackward(const WeightsBlock &weights, GradientBlock &&dWeights)
{
    for (Index i = 0; i < weights.rows(); ++i) {
        const auto dot = weights.row(i).dot(dWeights.row(i));
        dWeights.row(i) = (weights.row(i).array() * (dWeights.row(i).array() - dot)).matrix();
    }
}

} // namespace

template<typename Scalar>
void embeddingForward(const std::vector<int> &ids, BatchShape shape, const MatrixT<Scalar> &tokEmb,
                      const MatrixT<Scalar> &posEmb, MatrixT<Scalar> &x)
{
    x.resize(shape.rows(), tokEmb.cols());
    for (int b = 0; b < shape.batch; ++b) {
        for (int t = 0; t < shape.tokens; ++t) {
            const Index n = Index(b) * shape.tokens + t;
            x.row(n).noalias() = tokEmb.row(ids[n]) + posEmb.row(t);
        }
    }
}

template<typename Scalar>
void embeddingBackward(const MatrixT<Scalar> &dx, const std::vector<int> &ids, BatchShape shape,
                       MatrixT<Scalar> &dTokEmb, MatrixT<Scalar> &dPosEmb)
{
    for (int b = 0; b < shape.batch; ++b) {
        for (int t = 0; t < shape.tokens; ++t) {
            const Index n = Index(b) * shape.tokens + t;
            dTokEmb.row(ids[n]) += dx.row(n);
            dPosEmb.row(t) += dx.row(n);
        }
    }
}

template<typename Scalar>
void layerNormForward(const MatrixT<Scalar> &x, const RowVectorT<Scalar> &gain,
                      const RowVectorT<Scalar> &bias, MatrixT<Scalar> &out,
                      LayerNormCache<Scalar> &cache)
{
    const Index rows = x.rows();
    const Index width = x.cols();
    out.resize(rows, width);
    cache.normalized.resize(rows, width);
    cache.rstd.resize(rows);
    for (Index i = 0; i < rows; ++i) {
        auto normalized = cache.normalized.row(i);
        normalized = x.row(i).array() - x.row(i).mean();
        const Scalar variance = normalized.squaredNorm() / Scalar(width);
        const Scalar rstd = Scalar(1) / std::sqrt(variance + Scalar(layerNormEpsilon));
        normalized *= rstd;
        cache.rstd(i) = rstd;
        out.row(i) = normalized.cwiseProduct(gain) + bias;
    }
}

template<typename Scalar>
void layerNormBackward(const MatrixT<Scalar> &dout, const RowVectorT<Scalar> &gain,
                       const LayerNormCache<Scalar> &cache, MatrixT<Scalar> &dx,
                       RowVectorT<Scalar> &dGain, RowVectorT<Scalar> &dBias)
{
    const Index width = dout.cols();
    RowVectorT<Scalar> dNormalized(width);
    for (Index i = 0; i < dout.rows(); ++i) {
        const auto normalized = cache.normalized.row(i);
        dNormalized = dout.row(i).cwiseProduct(gain);                         // (d)
        const Scalar meanGrad = dNormalized.mean();                           // mean(dx̂)
        const Scalar meanGradX = dNormalized.dot(normalized) / Scalar(width); // mean(dx̂ ∘ x̂)
        dx.row(i) += cache.rstd(i) *
                     ((dNormalized.array() - meanGrad) - normalized.array() * meanGradX).matrix();
    }
    dGain += dout.cwiseProduct(cache.normalized).colwise().sum();
    dBias += dout.colwise().sum();
}

template<typename Scalar>
void attentionForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &wQ,
                      const MatrixT<Scalar> &wK, const MatrixT<Scalar> &wV,
                      const MatrixT<Scalar> &wO, BatchShape shape, int heads, MatrixT<Scalar> &out,
                      AttentionCache<Scalar> &cache)
{
    const Index rows = a.rows();
    const Index width = a.cols();
    const Index tokens = shape.tokens;
    const Index dHead = width / heads;
    cache.q.resize(rows, width);
    cache.k.resize(rows, width);
    cache.v.resize(rows, width);
    cache.q.noalias() = a * wQ; // (N, d)
    cache.k.noalias() = a * wK; // (N, d)
    cache.v.noalias() = a * wV; // (N, d)
    cache.weights.resize(Index(shape.batch) * heads * tokens, tokens);
    cache.concat.resize(rows, width);
    const Scalar scale = Scalar(1) / std::sqrt(Scalar(dHead));
    const int pairs = shape.batch * heads;
#pragma omp parallel for schedule(static)
    for (int pair = 0; pair < pairs; ++pair) {
        const Index first = Index(pair / heads) * tokens;
        const Index column = Index(pair % heads) * dHead;
        auto weights = cache.weights.block(Index(pair) * tokens, 0, tokens, tokens);
        weights.noalias() = cache.q.block(first, column, tokens, dHead) *
                            cache.k.block(first, column, tokens, dHead).transpose(); // (T, T)
        weights *= scale;                                                            // (T, T)
        causalSoftmaxRows(weights);                                                  // (T, T)
        cache.concat.block(first, column, tokens, dHead).noalias() =
            weights * cache.v.block(first, column, tokens, dHead); // (T, d_head)
    }
    out.resize(rows, width);
    out.noalias() = cache.concat * wO; // (N, d)
}

template<typename Scalar>
void attentionBackward(const MatrixT<Scalar> &dout, const MatrixT<Scalar> &a,
                       const MatrixT<Scalar> &wQ, const MatrixT<Scalar> &wK,
                       const MatrixT<Scalar> &wV, const MatrixT<Scalar> &wO, BatchShape shape,
                       int heads, AttentionCache<Scalar> &cache, MatrixT<Scalar> &da,
                       MatrixT<Scalar> &dWQ, MatrixT<Scalar> &dWK, MatrixT<Scalar> &dWV,
                       MatrixT<Scalar> &dWO)
{
    const Index rows = a.rows();
    const Index width = a.cols();
    const Index tokens = shape.tokens;
    const Index dHead = width / heads;
    dWO.noalias() += cache.concat.transpose() * dout;
    cache.dConcat.resize(rows, width);
    cache.dConcat.noalias() = dout * wO.transpose(); // (N, d)
    cache.dQ.resize(rows, width);
    cache.dK.resize(rows, width);
    cache.dV.resize(rows, width);
    cache.dScores.resize(cache.weights.rows(), tokens);
    const Scalar scale = Scalar(1) / std::sqrt(Scalar(dHead));
    const int pairs = shape.batch * heads;
#pragma omp parallel for schedule(static)
    for (int pair = 0; pair < pairs; ++pair) {
        const Index first = Index(pair / heads) * tokens;
        const Index column = Index(pair % heads) * dHead;
        const auto weights = cache.weights.block(Index(pair) * tokens, 0, tokens, tokens);
        const auto dY = cache.dConcat.block(first, column, tokens, dHead);
        auto dScores = cache.dScores.block(Index(pair) * tokens, 0, tokens, tokens);
        dScores.noalias() = dY * cache.v.block(first, column, tokens, dHead).transpose(); // dP
        cache.dV.block(first, column, tokens, dHead).noalias() = weights.transpose() * dY;
        softmaxRowsBackward(weights, dScores); // dS
        dScores *= scale;
        cache.dQ.block(first, column, tokens, dHead).noalias() =
            dScores * cache.k.block(first, column, tokens, dHead);
        cache.dK.block(first, column, tokens, dHead).noalias() =
            dScores.transpose() * cache.q.block(first, column, tokens, dHead);
    }
    dWQ.noalias() += a.transpose() * cache.dQ;
    dWK.noalias() += a.transpose() * cache.dK;
    dWV.noalias() += a.transpose() * cache.dV;
    da.noalias() += cache.dQ * wQ.transpose();
    da.noalias() += cache.dK * wK.transpose();
    da.noalias() += cache.dV * wV.transpose();
}

template<typename Scalar>
void mlpForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &wIn, const MatrixT<Scalar> &wOut,
                MatrixT<Scalar> &out, MlpCache<Scalar> &cache)
{
    const Scalar root = Scalar(std::sqrt(2.0 / pi));
    cache.pre.resize(a.rows(), wIn.cols());
    cache.pre.noalias() = a * wIn; // (N, 4d)
    const auto x = cache.pre.array();
    cache.tanh.resize(a.rows(), wIn.cols());
    cache.tanh.array() = (root * (x + Scalar(geluCubic) * x.cube())).tanh();
    cache.act.resize(a.rows(), wIn.cols());
    cache.act.array() = Scalar(0.5) * x * (Scalar(1) + cache.tanh.array()); // GELU, (N, 4d)
    out.resize(a.rows(), wOut.cols());
    out.noalias() = cache.act * wOut; // (N, d)
}

template<typename Scalar>
void mlpBackward(const MatrixT<Scalar> &dout, const MatrixT<Scalar> &a, const MatrixT<Scalar> &wIn,
                 const MatrixT<Scalar> &wOut, MlpCache<Scalar> &cache, MatrixT<Scalar> &da,
                 MatrixT<Scalar> &dWIn, MatrixT<Scalar> &dWOut)
{
    const Scalar root = Scalar(std::sqrt(2.0 / pi));
    dWOut.noalias() += cache.act.transpose() * dout;
    cache.dAct.resize(cache.act.rows(), cache.act.cols());
    cache.dAct.noalias() = dout * wOut.transpose(); // (N, 4d)
    const auto x = cache.pre.array();
    const auto th = cache.tanh.array();
    // GELU'(x) = ½(1 + tanh u) + ½ x (1 − tanh² u) · √(2/π) (1 + 3 · 0.044715 x²)
    cache.dAct.array() *=
        Scalar(0.5) * (Scalar(1) + th) + Scalar(0.5) * x * (Scalar(1) - th.square()) * root *
                                             (Scalar(1) + Scalar(3 * geluCubic) * x.square());
    dWIn.noalias() += a.transpose() * cache.dAct;
    da.noalias() += cache.dAct * wIn.transpose();
}

template<typename Scalar>
void logitsForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb, MatrixT<Scalar> &logits)
{
    logits.resize(a.rows(), tokEmb.rows());
    logits.noalias() = a * tokEmb.transpose(); // (N, V)
}

template<typename Scalar>
double crossEntropyForwardBackward(MatrixT<Scalar> &logits, const std::vector<int> &targets)
{
    const Index rows = logits.rows();
    Index count = 0;
    for (Index n = 0; n < rows; ++n)
        count += targets[n] >= 0 ? 1 : 0;
    const Scalar share = count > 0 ? Scalar(1) / Scalar(count) : Scalar(0);
    std::vector<double> rowLoss(rows, 0.0);
#pragma omp parallel for schedule(static)
    for (Index n = 0; n < rows; ++n) {
        auto row = logits.row(n);
        const int target = targets[n];
        if (target < 0) {
            row.setZero();
            continue;
        }
        const Scalar maximum = row.maxCoeff();
        const Scalar targetLogit = row(target);
        row = (row.array() - maximum).exp();
        const Scalar sum = row.sum();
        rowLoss[n] = std::log(double(sum)) + double(maximum) - double(targetLogit);
        row *= share / sum;   // softmax / count
        row(target) -= share; // − onehot / count
    }
    double total = 0.0;
    for (const double loss : rowLoss)
        total += loss;
    return count > 0 ? total / double(count) : 0.0;
}

template<typename Scalar>
void logitsBackward(const MatrixT<Scalar> &dLogits, const MatrixT<Scalar> &a,
                    const MatrixT<Scalar> &tokEmb, MatrixT<Scalar> &da, MatrixT<Scalar> &dTokEmb)
{
    da.noalias() += dLogits * tokEmb;             // (N, d)
    dTokEmb.noalias() += dLogits.transpose() * a; // (V, d)
}

#define ATTENTION_TINY_INSTANTIATE_LAYERS(Scalar)                                                  \
    template void embeddingForward<Scalar>(const std::vector<int> &, BatchShape,                   \
                                           const MatrixT<Scalar> &, const MatrixT<Scalar> &,       \
                                           MatrixT<Scalar> &);                                     \
    template void embeddingBackward<Scalar>(const MatrixT<Scalar> &, const std::vector<int> &,     \
                                            BatchShape, MatrixT<Scalar> &, MatrixT<Scalar> &);     \
    template void layerNormForward<Scalar>(const MatrixT<Scalar> &, const RowVectorT<Scalar> &,    \
                                           const RowVectorT<Scalar> &, MatrixT<Scalar> &,          \
                                           LayerNormCache<Scalar> &);                              \
    template void layerNormBackward<Scalar>(const MatrixT<Scalar> &, const RowVectorT<Scalar> &,   \
                                            const LayerNormCache<Scalar> &, MatrixT<Scalar> &,     \
                                            RowVectorT<Scalar> &, RowVectorT<Scalar> &);           \
    template void attentionForward<Scalar>(const MatrixT<Scalar> &, const MatrixT<Scalar> &,       \
                                           const MatrixT<Scalar> &, const MatrixT<Scalar> &,       \
                                           const MatrixT<Scalar> &, BatchShape, int,               \
                                           MatrixT<Scalar> &, AttentionCache<Scalar> &);           \
    template void attentionBackward<Scalar>(                                                       \
        const MatrixT<Scalar> &, const MatrixT<Scalar> &, const MatrixT<Scalar> &,                 \
        const MatrixT<Scalar> &, const MatrixT<Scalar> &, const MatrixT<Scalar> &, BatchShape,     \
        int, AttentionCache<Scalar> &, MatrixT<Scalar> &, MatrixT<Scalar> &, MatrixT<Scalar> &,    \
        MatrixT<Scalar> &, MatrixT<Scalar> &);                                                     \
    template void mlpForward<Scalar>(const MatrixT<Scalar> &, const MatrixT<Scalar> &,             \
                                     const MatrixT<Scalar> &, MatrixT<Scalar> &,                   \
                                     MlpCache<Scalar> &);                                          \
    template void mlpBackward<Scalar>(const MatrixT<Scalar> &, const MatrixT<Scalar> &,            \
                                      const MatrixT<Scalar> &, const MatrixT<Scalar> &,            \
                                      MlpCache<Scalar> &, MatrixT<Scalar> &, MatrixT<Scalar> &,    \
                                      MatrixT<Scalar> &);                                          \
    template void logitsForward<Scalar>(const MatrixT<Scalar> &, const MatrixT<Scalar> &,          \
                                        MatrixT<Scalar> &);                                        \
    template double crossEntropyForwardBackward<Scalar>(MatrixT<Scalar> &,                         \
                                                        const std::vector<int> &);                 \
    template void logitsBackward<Scalar>(const MatrixT<Scalar> &, const MatrixT<Scalar> &,         \
                                         const MatrixT<Scalar> &, MatrixT<Scalar> &,               \
                                         MatrixT<Scalar> &);

ATTENTION_TINY_INSTANTIATE_LAYERS(float)
ATTENTION_TINY_INSTANTIATE_LAYERS(double)

} // namespace attention::tiny
