// The naive and materialized kernels, compiled once per CPU path (isadispatch.h).

#include "simdkernels.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace attention::simd {

namespace {

constexpr float minusInfinity = -std::numeric_limits<float>::infinity();

/// The (rows, cols) score table of the materialized kernel, uninitialised.
///
/// glibc hands blocks over 32 MiB straight from the system on every call, and touching such a
/// table page by page costs as much as the products (16 000 page faults for the 64 MB table of
/// T = 4000). On Linux those are therefore aligned to 2 MiB and marked for transparent huge pages,
/// 32 faults instead, as numpy does for its large arrays. Smaller tables are plain Eigen matrices,
/// whose memory malloc reuses from call to call.
class ScoreTable
{
public:
    ScoreTable(Index rows, Index cols)
    {
        const std::size_t bytes = static_cast<std::size_t>(rows * cols) * sizeof(float);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        constexpr std::size_t hugePage = std::size_t(2) << 20;
        constexpr std::size_t freshFromSystem = std::size_t(32) << 20;
        if (bytes > freshFromSystem) {
            void *memory = nullptr;
            if (posix_memalign(&memory, hugePage, bytes) != 0)
                throw std::bad_alloc();
            m_huge.reset(static_cast<float *>(memory));
            madvise(memory, bytes, MADV_HUGEPAGE); // advice only: without it, plain pages
            m_data = m_huge.get();
        }
#endif
        if (!m_data) {
            m_small.resize(rows, cols);
            m_data = m_small.data();
        }
        static_cast<void>(bytes);
    }

    float *data() const
    {
        return m_data;
    }

private:
    struct FreeDeleter
    {
        void operator()(float *p) const { std::free(p); }
    };
    std::unique_ptr<float, FreeDeleter> m_huge;
    MatrixF m_small;
    float *m_data = nullptr;
};

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
    // No more threads than rows: a small T is not worth waking a whole team for.
    const int threads = static_cast<int>(std::max<Index>(1, std::min<Index>(threadCount(), T)));

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

/// The whole (T, T) table, filled and used a panel of rows at a time: per panel one product, a
/// vectorised row softmax and another product, while the panel is still in cache. Threads take
/// whole panels (Eigen's products run single-threaded inside them). Causal panels multiply only
/// the keys their rows can see, so the masked upper triangle costs nothing but its zeros.
KernelRun materializedAttention(const Eigen::Ref<const MatrixF> &q,
                                const Eigen::Ref<const MatrixF> &k,
                                const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal)
{
    const Index T = q.rows();
    const Index keys = k.rows();
    const float scale = 1.0f / std::sqrt(static_cast<float>(q.cols()));
    // 64 rows: the panel of a 4000-key table (1 MB) stays in the L2 cache between the steps.
    constexpr Index panelRows = 64;
    const Index panels = (T + panelRows - 1) / panelRows;

    const ScoreTable memory(T, keys);
    Eigen::Map<MatrixF, Eigen::AlignedMax> scores(memory.data(), T, keys); // (T, T_k): the table
    out.resize(T, v.cols());

    const int team = static_cast<int>(std::max<Index>(1, std::min<Index>(threadCount(), panels)));
#pragma omp parallel for schedule(dynamic, 1) num_threads(team)
    for (Index p = 0; p < panels; ++p) {
        const Index panel = causal ? panels - 1 - p : p; // the long causal panels first
        const Index first = panel * panelRows;
        const Index rows = std::min(panelRows, T - first);
        const Index seen = causal ? std::min(first + rows, keys) : keys;
        auto table = scores.block(first, 0, rows, keys);
        auto visible = table.leftCols(seen);
        visible.noalias() = (q.middleRows(first, rows) * scale) * k.topRows(seen).transpose();
        for (Index r = 0; r < rows; ++r) {
            const Index count = causal ? std::min(first + r + 1, keys) : keys;
            auto row = table.row(r).head(count).array();
            row = (row - row.maxCoeff()).exp(); // Eigen's vectorised exp
            row /= row.sum();
            table.row(r).tail(keys - count).setZero(); // masked: weight exactly 0
        }
        out.middleRows(first, rows).noalias() = visible * v.topRows(seen); // (rows, d_v)
    }

    KernelRun run;
    run.extraBytes = static_cast<std::size_t>(T * keys) * sizeof(float); // the table
    return run;
}

} // namespace

KernelRun attention(Kernel kernel, const Eigen::Ref<const MatrixF> &q,
                    const Eigen::Ref<const MatrixF> &k, const Eigen::Ref<const MatrixF> &v,
                    MatrixF &out, bool causal, const TiledBlocks &blocks)
{
    switch (kernel) {
    case Kernel::Naive:
        return naiveAttention(q, k, v, out, causal);
    case Kernel::Materialized:
        return materializedAttention(q, k, v, out, causal);
    case Kernel::Tiled:
        return simd::tiledAttention(q, k, v, out, causal, blocks);
    }
    return {};
}

} // namespace attention::simd
