#include "kernels.h"

#include <algorithm>
#include <cmath>
#include <limits>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attention {

namespace {

constexpr float minusInfinity = -std::numeric_limits<float>::infinity();

/// Plain loops: for each query, one row of scores, its softmax, and the weighted sum of values.
KernelRun naiveAttention(const Eigen::Ref<const MatrixF> &q, const Eigen::Ref<const MatrixF> &k,
                         const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal)
{
    const Index T = q.rows();
    const Index keys = k.rows();
    const Index d = q.cols();
    const Index dv = v.cols();
    const float scale = 1.0f / std::sqrt(static_cast<float>(d));
    out.setZero(T, dv);
    const int threads = threadCount();

#pragma omp parallel num_threads(threads)
    {
        std::vector<float> row(static_cast<std::size_t>(keys));
#pragma omp for schedule(dynamic, 16)
        for (Index i = 0; i < T; ++i) {
            const Index visible = causal ? std::min(i + 1, keys) : keys;
            float largest = minusInfinity;
            for (Index j = 0; j < visible; ++j) {
                float dot = 0.0f;
                for (Index c = 0; c < d; ++c)
                    dot += q(i, c) * k(j, c);
                row[static_cast<std::size_t>(j)] = dot * scale;
                largest = std::max(largest, dot * scale);
            }
            float total = 0.0f;
            for (Index j = 0; j < visible; ++j) {
                const float e = std::exp(row[static_cast<std::size_t>(j)] - largest);
                row[static_cast<std::size_t>(j)] = e;
                total += e;
            }
            for (Index j = 0; j < visible; ++j) {
                const float weight = row[static_cast<std::size_t>(j)] / total;
                for (Index c = 0; c < dv; ++c)
                    out(i, c) += weight * v(j, c);
            }
        }
    }
    KernelRun run;
    run.extraBytes =
        static_cast<std::size_t>(threads) * static_cast<std::size_t>(keys) * sizeof(float);
    return run;
}

/// The whole (T, T) table: one product, a vectorised row softmax, another product.
KernelRun materializedAttention(const Eigen::Ref<const MatrixF> &q,
                                const Eigen::Ref<const MatrixF> &k,
                                const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal)
{
    const Index T = q.rows();
    const Index keys = k.rows();
    const float scale = 1.0f / std::sqrt(static_cast<float>(q.cols()));

    MatrixF scores(T, keys);
    scores.noalias() = (q * scale) * k.transpose(); // (T, T), scale folded into q

#pragma omp parallel for schedule(static) num_threads(threadCount())
    for (Index i = 0; i < T; ++i) {
        const Index visible = causal ? std::min(i + 1, keys) : keys;
        auto row = scores.row(i);
        auto seen = row.head(visible).array();
        const float largest = seen.maxCoeff();
        seen = (seen - largest).exp();      // Eigen's vectorised exp
        seen /= seen.sum();                 // softmax of the visible part
        row.tail(keys - visible).setZero(); // masked: weight exactly 0
    }

    out.resize(T, v.cols());
    out.noalias() = scores * v; // (T, d_v)

    KernelRun run;
    run.extraBytes = static_cast<std::size_t>(T * keys) * sizeof(float); // the table
    return run;
}

} // namespace

std::vector<Kernel> allKernels()
{
    return {Kernel::Naive, Kernel::Materialized};
}

const char *kernelName(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Naive:
        return "naive";
    case Kernel::Materialized:
        return "materialized";
    }
    return "";
}

std::optional<Kernel> kernelFromName(std::string_view name)
{
    for (Kernel kernel : allKernels())
        if (name == kernelName(kernel))
            return kernel;
    return std::nullopt;
}

KernelRun runKernel(Kernel kernel, const Eigen::Ref<const MatrixF> &q,
                    const Eigen::Ref<const MatrixF> &k, const Eigen::Ref<const MatrixF> &v,
                    MatrixF &out, bool causal)
{
    switch (kernel) {
    case Kernel::Naive:
        return naiveAttention(q, k, v, out, causal);
    case Kernel::Materialized:
        return materializedAttention(q, k, v, out, causal);
    }
    return {};
}

namespace {
int g_threads = 0; // 0: every core
}

void setThreadCount(int threads)
{
    g_threads = std::max(0, threads);
    Eigen::setNbThreads(threadCount());
}

int threadCount()
{
    return g_threads > 0 ? g_threads : availableCores();
}

int availableCores()
{
#ifdef _OPENMP
    return omp_get_num_procs();
#else
    return 1;
#endif
}

} // namespace attention
