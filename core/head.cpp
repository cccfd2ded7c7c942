#include "head.h"

#include <cmath>
#include <limits>
#include <vector>

namespace attention {

Head Head::random(Index dModel, Index dHead, Random &rng)
{
    const double scale = 1.0 / std::sqrt(static_cast<double>(dModel));
    Head head;
    head.wq = rng.normalMatrix(dModel, dHead) * scale;
    head.wk = rng.normalMatrix(dModel, dHead) * scale;
    head.wv = rng.normalMatrix(dModel, dHead) * scale;
    return head;
}

RandomHead drawRandomHead(const RandomHeadOptions &options)
{
    Random rng(options.seed);
    RandomHead drawn;
    drawn.x = rng.normalMatrix(options.length, options.modelDim);      // (T, d_model)
    drawn.head = Head::random(options.modelDim, options.headDim, rng); // (d_model, d_head) × 3
    return drawn;
}

HeadResult forward(const Head &head, const Eigen::Ref<const Matrix> &x, bool causal)
{
    HeadResult result;
    result.q.noalias() = x * head.wq; // (T, d_head)
    result.k.noalias() = x * head.wk; // (T, d_head)
    result.v.noalias() = x * head.wv; // (T, d_head)
    ScoreOptions options;
    options.divideBySqrtD = true;
    options.causal = causal;
    result.attention = attend(result.q, result.k, result.v, options);
    return result;
}

Matrix referenceAttention(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
                          const Eigen::Ref<const Matrix> &v, bool causal)
{
    const Index queries = q.rows();
    const Index keys = k.rows();
    const Index d = q.cols();
    const Index dv = v.cols();
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    Matrix out = Matrix::Zero(queries, dv);
    std::vector<double> row(static_cast<std::size_t>(keys));
    for (Index i = 0; i < queries; ++i) {
        const Index visible = causal ? std::min(i + 1, keys) : keys;
        double largest = -std::numeric_limits<double>::infinity();
        for (Index j = 0; j < visible; ++j) {
            double dot = 0.0;
            for (Index c = 0; c < d; ++c)
                dot += q(i, c) * k(j, c);
            row[static_cast<std::size_t>(j)] = dot * scale;
            largest = std::max(largest, dot * scale);
        }
        double total = 0.0;
        for (Index j = 0; j < visible; ++j) {
            row[static_cast<std::size_t>(j)] = std::exp(row[static_cast<std::size_t>(j)] - largest);
            total += row[static_cast<std::size_t>(j)];
        }
        for (Index j = 0; j < visible; ++j) {
            const double weight = row[static_cast<std::size_t>(j)] / total;
            for (Index c = 0; c < dv; ++c)
                out(i, c) += weight * v(j, c);
        }
    }
    return out;
}

} // namespace attention
