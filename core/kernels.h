#pragma once

/// Attention kernels for the timing exercise, in float32 like PyTorch's default.
///
/// Every kernel computes the same thing as scaled_dot_product_attention:
///
///     out = softmax(q kᵀ / √d, causal mask) v      q, k (T, d); v (T, d_v); out (T, d_v)
///
/// and differs only in how: `naive` walks plain loops, `materialized` builds the whole (T, T)
/// table with Eigen products, `tiled` never builds it (an online softmax over blocks of keys, the
/// FlashAttention idea). They are checked against the double-precision reference in head.h.

#include "types.h"

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace attention {

enum class Kernel
{
    Naive,        ///< plain loops, one row of scores at a time: the baseline
    Materialized, ///< Eigen products over the full (T, T) score table
    Tiled,        ///< blocks of queries against blocks of keys, online softmax, no (T, T) table
};

/// Every kernel, in the order they are listed and benchmarked.
std::vector<Kernel> allKernels();
/// The kernel's command-line name: "naive", "materialized", "tiled".
const char *kernelName(Kernel kernel);
std::optional<Kernel> kernelFromName(std::string_view name);

/// What a kernel reports about one run.
struct KernelRun
{
    /// Bytes the kernel allocated beyond its inputs and output, all threads together.
    std::size_t extraBytes = 0;
};

/// Runs `kernel`; `out` is resized to (T, d_v). q (T, d), k (T_k, d), v (T_k, d_v); with `causal`,
/// query i sees keys 0…i. For a fixed thread count the result is the same bit for bit on every
/// run (the tiled kernel's does not even depend on the thread count).
KernelRun runKernel(Kernel kernel, const Eigen::Ref<const MatrixF> &q,
                    const Eigen::Ref<const MatrixF> &k, const Eigen::Ref<const MatrixF> &v,
                    MatrixF &out, bool causal);

/// Threads the kernels and Eigen's products use (OpenMP). 0 means every core.
void setThreadCount(int threads);
/// The thread count in force.
int threadCount();
/// The number of cores OpenMP sees.
int availableCores();

} // namespace attention
