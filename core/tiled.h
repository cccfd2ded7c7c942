#pragma once

/// The tiled online-softmax kernel (FlashAttention's idea on the CPU), used by kernels.cpp.
///
/// Internal to attention_core: callers go through runKernel(Kernel::Tiled, ...). The block sizes
/// are exposed for the benchmark that chose them. The kernel itself is in tiled.cpp, compiled
/// once per CPU path; these functions call the active path's (isa.h).

#include "kernels.h"

namespace attention {

/// How the tiled kernel cuts the work: blocks of queries (rounded up to whole vector strips),
/// blocks of keys, and passes over the keys that several query blocks share.
struct TiledBlocks
{
    Index queryRows = 0; ///< query rows per block (0: the measured default)
    Index keyRows = 0;   ///< keys per block (0: the measured default)
    /// Query blocks per pass over the keys, at most: a short sequence takes fewer, so that every
    /// thread still has several passes (0: the default for d and d_v)
    Index queryBlocksPerPass = 0;
};

/// The default block sizes for this build's vector width and widths d, d_v (the number of query
/// blocks per pass depends on them; never on T, so that the workspace does not either).
TiledBlocks defaultTiledBlocks(Index d, Index dv);

/// The bytes the tiled kernel allocates per thread for widths d, d_v with `blocks` (the query
/// blocks are rounded up to whole vector strips of the active path).
std::size_t tiledBytesPerThread(Index d, Index dv, const TiledBlocks &blocks);

/// out = softmax(q kᵀ / √d, causal mask) v without a (T, T) table. q, k (T, d); v (T, d_v).
KernelRun tiledAttention(const Eigen::Ref<const MatrixF> &q, const Eigen::Ref<const MatrixF> &k,
                         const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal,
                         const TiledBlocks &blocks = {});

} // namespace attention
