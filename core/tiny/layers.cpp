#include "layers.h"

#include "tiny/outputkernels.h"
#include "tiny/workers.h"

#include <algorithm>
#include <cmath>

namespace attention::tiny {

namespace {

constexpr double layerNormEpsilon = 1e-5;
constexpr double geluCubic = 0.044715;
constexpr double pi = 3.14159265358979323846;
/// Below this many multiply-adds a loop stays on one thread: a parallel region costs more.
constexpr double parallelWork = 65536.0;

/// Calls body(first, count) on contiguous slices of [0, total), one slice per worker thread when
/// `work` (multiply-adds) is worth it, else once over everything. Each product is split by the
/// rows of its result, so no two threads write the same entry and there is no reduction: the
/// result depends on the thread count only through Eigen's blocking of each slice, and a given
/// count always gives the same bits. Eigen itself runs single-threaded (setThreadCount).
template<typename Body>
void parallelSlices(Index total, double work, const Body &body)
{
    // A thread in a SerialScope does not read the pool at all: the training owns it.
    if (work < parallelWork || total < 2 || WorkerPool::serialHere() ||
        WorkerPool::instance().threads() == 1) {
        body(Index(0), total);
        return;
    }
    WorkerPool::instance().run([total, &body](int thread, int threads) {
        const Index first = total * thread / threads;
        const Index last = total * (thread + 1) / threads;
        if (last > first)
            body(first, last - first);
    });
}

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

namespace {

/// One head of one window: weights = softmax(causal(q_h k_hᵀ / √d_head)), concat_h = weights v_h.
template<typename Scalar>
void headForward(AttentionCache<Scalar> &cache, Index window, Index head, Index tokens, Index dHead,
                 Index heads)
{
    const Index first = window * tokens;
    const Index column = head * dHead;
    auto weights = cache.weights.block((window * heads + head) * tokens, 0, tokens, tokens);
    weights.noalias() = cache.q.block(first, column, tokens, dHead) *
                        cache.k.block(first, column, tokens, dHead).transpose(); // (T, T)
    weights *= Scalar(1) / std::sqrt(Scalar(dHead));                             // (T, T)
    causalSoftmaxRows(weights); // mask and softmax, (T, T)
    cache.concat.block(first, column, tokens, dHead).noalias() =
        weights * cache.v.block(first, column, tokens, dHead); // (T, d_head)
}

/// The backward of headForward: dq_h, dk_h, dv_h from dconcat_h.
template<typename Scalar>
void headBackward(AttentionCache<Scalar> &cache, Index window, Index head, Index tokens,
                  Index dHead, Index heads)
{
    const Index first = window * tokens;
    const Index column = head * dHead;
    const Index pair = window * heads + head;
    const auto weights = cache.weights.block(pair * tokens, 0, tokens, tokens);
    const auto dY = cache.dConcat.block(first, column, tokens, dHead);
    auto dScores = cache.dScores.block(pair * tokens, 0, tokens, tokens);
    dScores.noalias() = dY * cache.v.block(first, column, tokens, dHead).transpose(); // dP (T, T)
    cache.dV.block(first, column, tokens, dHead).noalias() = weights.transpose() * dY;
    softmaxRowsBackward(weights, dScores); // dS (T, T)
    dScores *= Scalar(1) / std::sqrt(Scalar(dHead));
    cache.dQ.block(first, column, tokens, dHead).noalias() =
        dScores * cache.k.block(first, column, tokens, dHead);
    cache.dK.block(first, column, tokens, dHead).noalias() =
        dScores.transpose() * cache.q.block(first, column, tokens, dHead);
}

} // namespace

template<typename Scalar>
void attentionForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &wQ,
                      const MatrixT<Scalar> &wK, const MatrixT<Scalar> &wV,
                      const MatrixT<Scalar> &wO, BatchShape shape, int heads, MatrixT<Scalar> &out,
                      AttentionCache<Scalar> &cache)
{
    const Index rows = a.rows();
    const Index width = a.cols();
    const Index tokens = shape.tokens;
    for (MatrixT<Scalar> *m : {&cache.q, &cache.k, &cache.v, &cache.concat, &out})
        m->resize(rows, width);
    cache.weights.resize(Index(shape.batch) * heads * tokens, tokens);
    // Everything but the weights' gradients stays within a window: one slice of windows per
    // thread runs the projections, the heads and the output map without waiting for the others.
    const double work = double(rows) * width * (4.0 * width + 2.0 * tokens);
    parallelSlices(shape.batch, work, [&](Index firstWindow, Index windows) {
        const Index first = firstWindow * tokens;
        const Index count = windows * tokens;
        const auto slice = a.middleRows(first, count);
        cache.q.middleRows(first, count).noalias() = slice * wQ; // (N, d)
        cache.k.middleRows(first, count).noalias() = slice * wK; // (N, d)
        cache.v.middleRows(first, count).noalias() = slice * wV; // (N, d)
        for (Index window = firstWindow; window < firstWindow + windows; ++window)
            for (Index head = 0; head < heads; ++head)
                headForward(cache, window, head, tokens, width / heads, Index(heads));
        out.middleRows(first, count).noalias() = cache.concat.middleRows(first, count) * wO;
    });
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
    for (MatrixT<Scalar> *m : {&cache.dConcat, &cache.dQ, &cache.dK, &cache.dV})
        m->resize(rows, width);
    cache.dScores.resize(cache.weights.rows(), tokens);
    const double work = double(rows) * width * (4.0 * width + 4.0 * tokens);
    parallelSlices(shape.batch, work, [&](Index firstWindow, Index windows) {
        const Index first = firstWindow * tokens;
        const Index count = windows * tokens;
        cache.dConcat.middleRows(first, count).noalias() =
            dout.middleRows(first, count) * wO.transpose(); // (N, d)
        for (Index window = firstWindow; window < firstWindow + windows; ++window)
            for (Index head = 0; head < heads; ++head)
                headBackward(cache, window, head, tokens, width / heads, Index(heads));
        auto dA = da.middleRows(first, count);
        dA.noalias() += cache.dQ.middleRows(first, count) * wQ.transpose();
        dA.noalias() += cache.dK.middleRows(first, count) * wK.transpose();
        dA.noalias() += cache.dV.middleRows(first, count) * wV.transpose();
    });
    // The weights' gradients sum over all rows: split by the rows of the result instead.
    parallelSlices(width, 4.0 * rows * width * width, [&](Index first, Index count) {
        const auto slice = a.middleCols(first, count).transpose(); // (count, N)
        dWQ.middleRows(first, count).noalias() += slice * cache.dQ;
        dWK.middleRows(first, count).noalias() += slice * cache.dK;
        dWV.middleRows(first, count).noalias() += slice * cache.dV;
        dWO.middleRows(first, count).noalias() +=
            cache.concat.middleCols(first, count).transpose() * dout; // (d, d)
    });
}

template<typename Scalar>
void mlpForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &wIn, const MatrixT<Scalar> &wOut,
                MatrixT<Scalar> &out, MlpCache<Scalar> &cache)
{
    const Scalar root = Scalar(std::sqrt(2.0 / pi));
    const Index rows = a.rows();
    cache.pre.resize(rows, wIn.cols());
    cache.tanh.resize(rows, wIn.cols());
    cache.act.resize(rows, wIn.cols());
    out.resize(rows, wOut.cols());
    parallelSlices(rows, 2.0 * double(rows) * wIn.size(), [&](Index first, Index count) {
        auto pre = cache.pre.middleRows(first, count);
        auto th = cache.tanh.middleRows(first, count);
        auto act = cache.act.middleRows(first, count);
        pre.noalias() = a.middleRows(first, count) * wIn; // (N, 4d)
        const auto x = pre.array();
        th.array() = (root * (x + Scalar(geluCubic) * x.cube())).tanh();
        act.array() = Scalar(0.5) * x * (Scalar(1) + th.array()); // GELU, (N, 4d)
        out.middleRows(first, count).noalias() = act * wOut;      // (N, d)
    });
}

template<typename Scalar>
void mlpBackward(const MatrixT<Scalar> &dout, const MatrixT<Scalar> &a, const MatrixT<Scalar> &wIn,
                 const MatrixT<Scalar> &wOut, MlpCache<Scalar> &cache, MatrixT<Scalar> &da,
                 MatrixT<Scalar> &dWIn, MatrixT<Scalar> &dWOut)
{
    const Scalar root = Scalar(std::sqrt(2.0 / pi));
    const Index rows = a.rows();
    const Index width = a.cols();
    const double work = double(rows) * wIn.size();
    cache.dAct.resize(cache.act.rows(), cache.act.cols());
    parallelSlices(rows, 2.0 * work, [&](Index first, Index count) {
        auto dAct = cache.dAct.middleRows(first, count);
        dAct.noalias() = dout.middleRows(first, count) * wOut.transpose(); // (N, 4d)
        const auto x = cache.pre.middleRows(first, count).array();
        const auto th = cache.tanh.middleRows(first, count).array();
        // GELU'(x) = ½(1 + tanh u) + ½ x (1 − tanh² u) · √(2/π) (1 + 3 · 0.044715 x²)
        dAct.array() *=
            Scalar(0.5) * (Scalar(1) + th) + Scalar(0.5) * x * (Scalar(1) - th.square()) * root *
                                                 (Scalar(1) + Scalar(3 * geluCubic) * x.square());
        da.middleRows(first, count).noalias() += dAct * wIn.transpose(); // (N, d)
    });
    // Rows first … first + count − 1 of dw_in (d, 4d) and the matching 4× rows of dw_out (4d, d).
    parallelSlices(width, 2.0 * work, [&](Index first, Index count) {
        dWIn.middleRows(first, count).noalias() +=
            a.middleCols(first, count).transpose() * cache.dAct;
        dWOut.middleRows(4 * first, 4 * count).noalias() +=
            cache.act.middleCols(4 * first, 4 * count).transpose() * dout;
    });
}

template<typename Scalar>
void logitsForward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb, MatrixT<Scalar> &logits)
{
    logits.resize(a.rows(), tokEmb.rows());
    parallelSlices(a.rows(), double(a.rows()) * tokEmb.size(), [&](Index first, Index count) {
        logits.middleRows(first, count).noalias() =
            a.middleRows(first, count) * tokEmb.transpose(); // (N, V)
    });
}

namespace {

/// How many rows have a target (≥ 0): the count the mean loss divides by.
Index targetCount(const std::vector<int> &targets, Index rows)
{
    Index count = 0;
    for (Index n = 0; n < rows; ++n)
        count += targets[std::size_t(n)] >= 0 ? 1 : 0;
    return count;
}

/// One row's cross-entropy against `target`, its logits turned into ∂mean/∂logits in place
/// ((softmax − onehot) · share); a row without a target becomes zero and costs nothing.
template<typename Row, typename Scalar>
double crossEntropyRow(Row &&row, int target, Scalar share)
{
    if (target < 0) {
        row.setZero();
        return 0.0;
    }
    const Scalar maximum = row.maxCoeff();
    const Scalar targetLogit = row(target);
    row = (row.array() - maximum).exp();
    const Scalar sum = row.sum();
    row *= share / sum;   // softmax / count
    row(target) -= share; // − onehot / count
    return std::log(double(sum)) + double(maximum) - double(targetLogit);
}

/// The mean of `rowLoss` over `count` rows, summed in row order.
double meanLoss(const std::vector<double> &rowLoss, Index count)
{
    double total = 0.0;
    for (const double loss : rowLoss)
        total += loss;
    return count > 0 ? total / double(count) : 0.0;
}

} // namespace

template<typename Scalar>
double crossEntropyForwardBackward(MatrixT<Scalar> &logits, const std::vector<int> &targets,
                                   std::vector<double> &rowLoss)
{
    const Index rows = logits.rows();
    const Index count = targetCount(targets, rows);
    const Scalar share = count > 0 ? Scalar(1) / Scalar(count) : Scalar(0);
    rowLoss.assign(std::size_t(rows), 0.0);
    parallelSlices(rows, double(rows) * double(logits.cols()), [&](Index first, Index count) {
        for (Index n = first; n < first + count; ++n)
            rowLoss[std::size_t(n)] =
                crossEntropyRow(logits.row(n), targets[std::size_t(n)], share);
    });
    return meanLoss(rowLoss, count);
}

namespace {

/// The slices outputSliceCount gives on this thread: one when it holds a SerialScope.
int outputSlicesHere(Index rows, Index block)
{
    const int threads = WorkerPool::serialHere() ? 1 : WorkerPool::instance().threads();
    return int(outputSliceCount(rows, block, threads));
}

/// Makes `m` (rows, cols) and zero when its shape changes: padding that no block writes stays 0.
template<typename Scalar>
void keepShape(MatrixT<Scalar> &m, Index rows, Index cols)
{
    if (m.rows() != rows || m.cols() != cols)
        m.setZero(rows, cols);
}

/// Lays tok_emb out for the kernels of outputkernels.h, on the pool's threads: the logits'
/// panels, and with `training` the zero-padded copy the gradients read.
template<typename Scalar>
void layOutEmbedding(const MatrixT<Scalar> &tokEmb, bool training,
                     OutputLayerScratch<Scalar> &scratch)
{
    const OutputBlockShape shape{0, tokEmb.cols(), tokEmb.rows()};
    scratch.panels.resize(shape.paddedIds(), shape.width);
    if (training) {
        // The padded ids' rows meet the zero gradients of the padded logits: they are zeroed on
        // every pass, whatever vocabulary the buffer served before. Its padded columns reach only
        // padded columns of the results, which nothing reads.
        keepShape(scratch.embedding, shape.paddedIds(), shape.paddedWidth());
        scratch.embedding.bottomRows(shape.paddedIds() - shape.ids).setZero();
    }
    parallelSlices(
        shape.paddedIds() / outputIdAlign, double(tokEmb.size()), [&](Index first, Index count) {
            const Index firstId = first * outputIdAlign;
            const Index lastId = (first + count) * outputIdAlign;
            packLogitsPanels(tokEmb.data(), shape, firstId, lastId, scratch.panels.data());
            const Index ids = std::min(lastId, shape.ids) - firstId;
            if (training && ids > 0)
                scratch.embedding.block(firstId, 0, ids, shape.width) =
                    tokEmb.middleRows(firstId, ids);
        });
}

/// Runs the output layer's product a block of `block` rows at a time in `slices` slices of the
/// rows, slice s on thread s (or all in turn on one thread when the work is small), tok_emb laid
/// out by layOutEmbedding: body(slice, top, shape, first) gets each block's logits
/// a · tok_embᵀ, rows top… of a (shape.rows of them), in scratch.logits[slice], its rows
/// zero-padded in scratch.rows[slice]; `first` for the slice's first block.
template<typename Scalar, typename Body>
void forEachLogitsBlock(const MatrixT<Scalar> &a, Index vocab, Index block, int slices, double work,
                        OutputLayerScratch<Scalar> &scratch, const Body &body)
{
    const Index rows = a.rows();
    const OutputBlockShape largest{std::min(block, rows), a.cols(), vocab};
    scratch.rows.resize(std::size_t(slices));
    scratch.logits.resize(std::size_t(slices));
    parallelSlices(slices, work, [&](Index firstSlice, Index count) {
        for (Index s = firstSlice; s < firstSlice + count; ++s) {
            MatrixT<Scalar> &blockRows = scratch.rows[std::size_t(s)];
            MatrixT<Scalar> &logits = scratch.logits[std::size_t(s)];
            keepShape(blockRows, largest.paddedRows(), largest.paddedWidth());
            logits.resize(largest.paddedRows(), largest.paddedIds());
            const Index first = rows * s / slices;
            const Index last = rows * (s + 1) / slices;
            for (Index top = first; top < last; top += block) {
                const OutputBlockShape shape{std::min(block, last - top), a.cols(), vocab};
                blockRows.topLeftCorner(shape.rows, shape.width) = a.middleRows(top, shape.rows);
                blockRows.middleRows(shape.rows, shape.paddedRows() - shape.rows).setZero();
                blockLogits(blockRows.data(), scratch.panels.data(), shape, logits.data());
                body(s, top, shape, top == first);
            }
        }
    });
}

} // namespace

template<typename Scalar>
double outputLayerLoss(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb,
                       const std::vector<int> &targets, std::vector<double> &rowLoss,
                       std::vector<int> &predictions, OutputLayerScratch<Scalar> &scratch,
                       Index block)
{
    const Index rows = a.rows();
    const Index vocab = tokEmb.rows();
    rowLoss.assign(std::size_t(rows), 0.0);
    predictions.assign(std::size_t(rows), 0);
    layOutEmbedding(tokEmb, false, scratch);
    const auto body = [&](Index s, Index top, const OutputBlockShape &shape, bool) {
        const MatrixT<Scalar> &logits = scratch.logits[std::size_t(s)];
        for (Index n = 0; n < shape.rows; ++n) {
            const auto row = logits.row(n).head(vocab);
            // maxCoeff() is vectorised, maxCoeff(&index) is not: the first id at the maximum.
            const Scalar maximum = row.maxCoeff();
            const Scalar *begin = row.data();
            const Index best = std::find(begin, begin + vocab, maximum) - begin;
            predictions[std::size_t(top + n)] = int(best < vocab ? best : 0); // none equal: NaN
            const int target = targets[std::size_t(top + n)];
            if (target >= 0)
                rowLoss[std::size_t(top + n)] =
                    std::log(double((row.array() - maximum).exp().sum())) + double(maximum) -
                    double(row(target));
        }
    };
    forEachLogitsBlock(a, vocab, block, outputSlicesHere(rows, block),
                       2.0 * double(rows) * double(tokEmb.size()), scratch, body);
    return meanLoss(rowLoss, targetCount(targets, rows));
}

template<typename Scalar>
double outputLayerForwardBackward(const MatrixT<Scalar> &a, const MatrixT<Scalar> &tokEmb,
                                  const std::vector<int> &targets, std::vector<double> &rowLoss,
                                  MatrixT<Scalar> &da, MatrixT<Scalar> &dTokEmb,
                                  OutputLayerScratch<Scalar> &scratch, Index block)
{
    const Index rows = a.rows();
    const Index vocab = tokEmb.rows();
    const Index width = a.cols();
    da.resize(rows, width);
    if (rows == 0) { // no slice runs a block: nothing to add to dTokEmb
        rowLoss.clear();
        return 0.0;
    }
    const Index count = targetCount(targets, rows);
    const Scalar share = count > 0 ? Scalar(1) / Scalar(count) : Scalar(0);
    rowLoss.assign(std::size_t(rows), 0.0);
    layOutEmbedding(tokEmb, true, scratch);
    // Each slice adds into a partial ∂/∂tok_emb of its own, summed in slice order.
    const int slices = outputSlicesHere(rows, block);
    const OutputBlockShape largest{std::min(block, rows), width, vocab};
    scratch.dRows.resize(std::size_t(slices));
    scratch.dTokEmbs.resize(std::size_t(slices));
    const auto body = [&](Index s, Index top, const OutputBlockShape &shape, bool first) {
        MatrixT<Scalar> &logits = scratch.logits[std::size_t(s)];
        MatrixT<Scalar> &dRows = scratch.dRows[std::size_t(s)];
        MatrixT<Scalar> &gradient = scratch.dTokEmbs[std::size_t(s)];
        if (first) { // on the slice's own thread, as the slice's buffers are made
            dRows.resize(largest.paddedRows(), largest.paddedWidth());
            gradient.resize(largest.paddedIds(), largest.paddedWidth()); // the first block sets it
        }
        for (Index n = 0; n < shape.rows; ++n)
            rowLoss[std::size_t(top + n)] =
                crossEntropyRow(logits.row(n).head(vocab), targets[std::size_t(top + n)], share);
        blockGradients(logits.data(), scratch.rows[std::size_t(s)].data(), scratch.embedding.data(),
                       shape, dRows.data(), gradient.data(), !first);
        da.middleRows(top, shape.rows) = dRows.topLeftCorner(shape.rows, width);
    };
    forEachLogitsBlock(a, vocab, block, slices, 3.0 * 2.0 * double(rows) * double(tokEmb.size()),
                       scratch, body);
    parallelSlices(vocab, double(slices) * double(tokEmb.size()), [&](Index first, Index ids) {
        for (int s = 0; s < slices; ++s)
            dTokEmb.middleRows(first, ids) +=
                scratch.dTokEmbs[std::size_t(s)].block(first, 0, ids, width);
    });
    return meanLoss(rowLoss, count);
}

template<typename Scalar>
void logitsBackward(const MatrixT<Scalar> &dLogits, const MatrixT<Scalar> &a,
                    const MatrixT<Scalar> &tokEmb, MatrixT<Scalar> &da, MatrixT<Scalar> &dTokEmb)
{
    // One region: thread i takes a slice of the rows of da (N, d) and the proportional slice of
    // the rows of dtok_emb (V, d); the slices' ends line up, so together they cover both.
    const Index rows = a.rows();
    const Index vocab = tokEmb.rows();
    parallelSlices(rows, 2.0 * double(rows) * tokEmb.size(), [&](Index first, Index count) {
        da.middleRows(first, count).noalias() += dLogits.middleRows(first, count) * tokEmb;
        const Index firstId = first * vocab / rows;
        const Index ids = (first + count) * vocab / rows - firstId;
        dTokEmb.middleRows(firstId, ids).noalias() +=
            dLogits.middleCols(firstId, ids).transpose() * a;
    });
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
    template double crossEntropyForwardBackward<Scalar>(                                           \
        MatrixT<Scalar> &, const std::vector<int> &, std::vector<double> &);                       \
    template void logitsBackward<Scalar>(const MatrixT<Scalar> &, const MatrixT<Scalar> &,         \
                                         const MatrixT<Scalar> &, MatrixT<Scalar> &,               \
                                         MatrixT<Scalar> &);                                       \
    template double outputLayerLoss<Scalar>(                                                       \
        const MatrixT<Scalar> &, const MatrixT<Scalar> &, const std::vector<int> &,                \
        std::vector<double> &, std::vector<int> &, OutputLayerScratch<Scalar> &, Index);           \
    template double outputLayerForwardBackward<Scalar>(                                            \
        const MatrixT<Scalar> &, const MatrixT<Scalar> &, const std::vector<int> &,                \
        std::vector<double> &, MatrixT<Scalar> &, MatrixT<Scalar> &, OutputLayerScratch<Scalar> &, \
        Index);

ATTENTION_TINY_INSTANTIATE_LAYERS(float)
// The v3 and v4 copies serve the CPU paths' table, whose passes are float's (isadispatch.h):
// double, the gradient checks' type, is compiled once, in the baseline code.
#ifndef ATTENTION_ISA_COPY
ATTENTION_TINY_INSTANTIATE_LAYERS(double)
#endif

} // namespace attention::tiny
