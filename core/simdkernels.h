#pragma once

/// The attention kernels as each CPU path compiles them (isadispatch.h): internal to
/// attention_core, called through isaTable() by runKernel(), tiledAttention() and
/// tiledBytesPerThread(), which document what they compute.

#include "tiled.h"

namespace attention::simd {

/// runKernel() of this copy; `blocks` applies to the tiled kernel only.
KernelRun attention(Kernel kernel, const Eigen::Ref<const MatrixF> &q,
                    const Eigen::Ref<const MatrixF> &k, const Eigen::Ref<const MatrixF> &v,
                    MatrixF &out, bool causal, const TiledBlocks &blocks);

/// The tiled kernel of this copy (tiled.cpp).
KernelRun tiledAttention(const Eigen::Ref<const MatrixF> &q, const Eigen::Ref<const MatrixF> &k,
                         const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal,
                         const TiledBlocks &blocks);
/// Its workspace per thread: blocks are rounded to this copy's vector width.
std::size_t tiledBytesPerThread(Index d, Index dv, const TiledBlocks &blocks);

} // namespace attention::simd
