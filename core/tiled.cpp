#include "simdkernels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#ifdef _OPENMP
#include <omp.h>
#endif

/// How the tiled kernel works
///
/// The queries are cut into blocks of `queryRows` rows, and neighbouring blocks into passes of
/// up to `queryBlocksPerPass` blocks; each thread takes whole passes (OpenMP, dynamic schedule).
/// In a pass a thread walks the keys in blocks of `keyRows`, every key block serving each query
/// block of the pass in turn, and keeps, per query row, a running maximum m, a running sum l and
/// an output accumulator o:
///
///     s     = q_blk k_blkᵀ / √d                       (keys, rows)   the score tile
///     m'    = max(m, max_j s)                                       per row
///     p     = exp(s − m')                                           the tile's weights, unscaled
///     l     = exp(m − m') · l + Σ_j p
///     o     = exp(m − m') · o + pᵀ v_blk               (d_v, rows)
///
/// and divides o by l once at the end. Only the tile is ever in memory, never the (T, T) table.
///
/// The passes are for long sequences. Every query block reads all of k and v, T · (d + d_v)
/// floats (8 MB at T = 16000, d = 64): past the L2 cache they would come from further away once
/// per query block. A pass reads each key block from there once and serves its other query
/// blocks from the cache. Which blocks share a pass changes no result: each query row meets the
/// same key blocks in the same order. The workspace holds a pass's queries and accumulators,
/// sized by d and d_v, never by T; a short sequence uses fewer blocks per pass (see
/// tiledAttention()).
///
/// Everything a thread touches is stored transposed, "queries across": one vector lane per query
/// row. Then the row maximum and the row sum are plain lane-wise max and add down the tile (no
/// horizontal reductions), the score product broadcasts k's entries straight from its rows, and
/// the value product broadcasts v's entries straight from its rows: neither k nor v is copied.
/// Only the block's queries are transposed once, (d, rows), and the result transposed back once.
/// The two products are small register-blocked kernels written with Eigen's packet functions, so
/// the same code is SSE2, AVX2 or AVX-512 depending on how the library is compiled.

namespace attention {

namespace {

namespace ei = Eigen::internal;

using Packet = ei::packet_traits<float>::type;
constexpr Index lanes = ei::packet_traits<float>::size;

// Register blocking of the two small products. A strip is `stripPackets` vectors of queries; the
// score kernel keeps (keysPerTile × stripPackets) accumulators, the value kernel
// (columnsPerTile × stripPackets), plus the loaded strip and one broadcast.
// 32 vector registers (AVX-512): 24 accumulators; 16 (SSE2, AVX2): 8 or 10.
constexpr bool manyRegisters = EIGEN_ARCH_DEFAULT_NUMBER_OF_REGISTERS >= 32;
constexpr int stripPackets = manyRegisters ? 4 : 2;
constexpr int keysPerTile = manyRegisters ? 6 : 4;
constexpr int columnsPerTile = manyRegisters ? 6 : 5;
constexpr Index stripWidth = stripPackets * lanes;

/// Short sequences: at least this many passes per thread (see tiledAttention()).
constexpr Index passesPerThread = 4;

constexpr float minusInfinity = -std::numeric_limits<float>::infinity();

Index roundUp(Index value, Index multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

/// A pass's queries and output accumulators stay within this (see defaultTiledBlocks()).
constexpr Index passBudgetBytes = 256 * 1024;

/// The requested block sizes, the measured defaults for those left at 0.
TiledBlocks resolved(const TiledBlocks &blocks, Index d, Index dv)
{
    const TiledBlocks defaults = defaultTiledBlocks(d, dv);
    TiledBlocks result;
    result.queryRows =
        roundUp(blocks.queryRows > 0 ? blocks.queryRows : defaults.queryRows, stripWidth);
    result.keyRows = std::max<Index>(1, blocks.keyRows > 0 ? blocks.keyRows : defaults.keyRows);
    result.queryBlocksPerPass =
        blocks.queryBlocksPerPass > 0 ? blocks.queryBlocksPerPass : defaults.queryBlocksPerPass;
    return result;
}

/// One query block of a pass: its rows and its part of the workspace, (something, ld) each.
struct QueryBlock
{
    Index first = 0; ///< its first query row
    Index rows = 0;
    Index ld = 0;     ///< rows rounded up to whole strips
    Index keyEnd = 0; ///< the keys it sees: all, or under the causal mask up to its last row
    float *qt = nullptr;
    float *o = nullptr;
    float *runningMax = nullptr;
    float *runningSum = nullptr;
    float *rescale = nullptr;
};

/// One thread's memory for a pass of up to `queryBlocksPerPass` query blocks: each block has its
/// queries, accumulator and row state, (something, ld) with ld = the block's query rows; the
/// score tile is shared, one block at a time. A view into the call's one allocation (see
/// tiledAttention()), which nobody initialises: attendPass() writes before it reads.
struct Workspace
{
    Workspace(Index d, Index dv, const TiledBlocks &blocks, float *memory)
        : queries(memory)
        , scores(queries + d * blocks.queryRows * blocks.queryBlocksPerPass)
        , output(scores + blocks.keyRows * blocks.queryRows)
        , rowState(output + dv * blocks.queryRows * blocks.queryBlocksPerPass)
    {}

    /// The floats one thread's workspace takes, a whole number of vectors.
    static Index floats(Index d, Index dv, const TiledBlocks &blocks)
    {
        const Index perBlock = (d + dv + 3) * blocks.queryRows;
        return perBlock * blocks.queryBlocksPerPass + blocks.keyRows * blocks.queryRows;
    }

    float *queries;  ///< per block (d, rows): its queries, transposed
    float *scores;   ///< (keys, rows): the score tile, then its exponentials
    float *output;   ///< per block (d_v, rows): the output accumulator, transposed
    float *rowState; ///< per block 3 × rows: running max, running sum, rescale factor
};

/// s[a][strip] = scale · Σ_c k[a][c] · qt[c][strip] for R keys and one strip of queries.
template<int R>
EIGEN_STRONG_INLINE void scoreTile(const float *qt, Index ld, Index d, const float *k,
                                   Index kStride, const Packet &scale, float *s)
{
    Packet acc[R][stripPackets];
    for (int a = 0; a < R; ++a)
        for (int n = 0; n < stripPackets; ++n)
            acc[a][n] = ei::pset1<Packet>(0.0f);
    for (Index c = 0; c < d; ++c) {
        Packet query[stripPackets];
        for (int n = 0; n < stripPackets; ++n)
            query[n] = ei::pload<Packet>(qt + c * ld + n * lanes);
        for (int a = 0; a < R; ++a) {
            const Packet key = ei::pset1<Packet>(k[a * kStride + c]);
            for (int n = 0; n < stripPackets; ++n)
                acc[a][n] = ei::pmadd(key, query[n], acc[a][n]);
        }
    }
    for (int a = 0; a < R; ++a)
        for (int n = 0; n < stripPackets; ++n)
            ei::pstore(s + a * ld + n * lanes, ei::pmul(acc[a][n], scale));
}

/// o[a][strip] = alpha[strip] · o[a][strip] + Σ_j p[j][strip] · v[j][a] for R value columns.
template<int R>
EIGEN_STRONG_INLINE void valueTile(const float *p, Index ld, Index keys, const float *v,
                                   Index vStride, const float *alpha, float *o)
{
    Packet acc[R][stripPackets];
    for (int n = 0; n < stripPackets; ++n) {
        const Packet rescale = ei::pload<Packet>(alpha + n * lanes);
        for (int a = 0; a < R; ++a)
            acc[a][n] = ei::pmul(ei::pload<Packet>(o + a * ld + n * lanes), rescale);
    }
    for (Index j = 0; j < keys; ++j) {
        Packet weight[stripPackets];
        for (int n = 0; n < stripPackets; ++n)
            weight[n] = ei::pload<Packet>(p + j * ld + n * lanes);
        for (int a = 0; a < R; ++a) {
            const Packet value = ei::pset1<Packet>(v[j * vStride + a]);
            for (int n = 0; n < stripPackets; ++n)
                acc[a][n] = ei::pmadd(value, weight[n], acc[a][n]);
        }
    }
    for (int a = 0; a < R; ++a)
        for (int n = 0; n < stripPackets; ++n)
            ei::pstore(o + a * ld + n * lanes, acc[a][n]);
}

/// Calls tile(R, offset) for a remainder of R < Full items at `offset` (R a compile-time constant).
template<int R, typename Tile>
EIGEN_STRONG_INLINE void remainderTile(Index remaining, Index offset, Tile &tile)
{
    if constexpr (R > 0) {
        if (remaining == R)
            tile(std::integral_constant<int, R>(), offset);
        else
            remainderTile<R - 1>(remaining, offset, tile);
    }
}

/// Covers 0 … count − 1 with tiles of `Full` items and one smaller tile at the end.
template<int Full, typename Tile>
EIGEN_STRONG_INLINE void forEachTile(Index count, Tile &&tile)
{
    Index offset = 0;
    for (; offset + Full <= count; offset += Full)
        tile(std::integral_constant<int, Full>(), offset);
    remainderTile<Full - 1>(count - offset, offset, tile);
}

struct Inputs
{
    const Eigen::Ref<const MatrixF> &q;
    const Eigen::Ref<const MatrixF> &k;
    const Eigen::Ref<const MatrixF> &v;
    bool causal;
    float scale;
};

/// The block's queries transposed into qt, its accumulator and running max and sum reset.
void startBlock(const Inputs &in, const QueryBlock &blk)
{
    const Index d = in.q.cols();
    const Index dv = in.v.cols();
    const Index ld = blk.ld;
    for (Index c = 0; c < d; ++c) {
        for (Index r = 0; r < blk.rows; ++r)
            blk.qt[c * ld + r] = in.q(blk.first + r, c);
        std::fill(blk.qt + c * ld + blk.rows, blk.qt + (c + 1) * ld, 0.0f); // padding: zeros
    }
    std::fill(blk.o, blk.o + dv * ld, 0.0f);
    std::fill(blk.runningMax, blk.runningMax + ld, minusInfinity);
    std::fill(blk.runningSum, blk.runningSum + ld, 0.0f);
}

/// Sets the causally hidden entries of the score tile s (keys, ld) to `value`: key j of the tile
/// is hidden from the tile's rows r < offset + j, where offset = j0 − first is the first key's
/// position less the first query's.
void fillHidden(float *s, Index ld, Index keys, Index offset, float value)
{
    for (Index j = 0; j < keys; ++j) {
        const Index hidden = std::min(ld, offset + j);
        if (hidden > 0)
            std::fill(s + j * ld, s + j * ld + hidden, value);
    }
}

/// One step of the online softmax: the block's queries against keys j0 … j0 + keys − 1, with the
/// score tile s (keys, ld) as scratch.
void attendKeys(const Inputs &in, const QueryBlock &blk, Index j0, Index keys, float *s)
{
    const Index d = in.q.cols();
    const Index dv = in.v.cols();
    const Index ld = blk.ld;
    const Index first = blk.first;
    const Packet scale = ei::pset1<Packet>(in.scale);
    const Index kStride = in.k.outerStride();
    const Index vStride = in.v.outerStride();

    // s = q kᵀ / √d, (keys, ld)
    for (Index strip = 0; strip < ld; strip += stripWidth) {
        forEachTile<keysPerTile>(keys, [&](auto r, Index j) {
            scoreTile<decltype(r)::value>(blk.qt + strip, ld, d, in.k.data() + (j0 + j) * kStride,
                                          kStride, scale, s + j * ld + strip);
        });
    }

    // Causal: only a block that reaches past the first query's position has hidden entries:
    // key j0 + j is hidden from rows r with first + r < j0 + j.
    const bool diagonal = in.causal && j0 + keys - 1 > first;
    if (diagonal)
        fillHidden(s, ld, keys, j0 - first, minusInfinity);

    // Online softmax, lane by lane: new maximum, rescale factor, exponentials, sums.
    for (Index lane = 0; lane < ld; lane += lanes) {
        Packet tileMax = ei::pset1<Packet>(minusInfinity);
        for (Index j = 0; j < keys; ++j)
            tileMax = ei::pmax(tileMax, ei::pload<Packet>(s + j * ld + lane));
        const Packet oldMax = ei::pload<Packet>(blk.runningMax + lane);
        const Packet newMax = ei::pmax(oldMax, tileMax);
        // The first block has nothing to rescale (and exp(−∞ − m) must not be evaluated).
        const Packet alpha = j0 == 0 ? ei::pset1<Packet>(0.0f) : ei::pexp(ei::psub(oldMax, newMax));
        Packet sum = ei::pset1<Packet>(0.0f);
        for (Index j = 0; j < keys; ++j) {
            const Packet e = ei::pexp(ei::psub(ei::pload<Packet>(s + j * ld + lane), newMax));
            ei::pstore(s + j * ld + lane, e);
            sum = ei::padd(sum, e);
        }
        ei::pstore(blk.runningSum + lane,
                   ei::pmadd(alpha, ei::pload<Packet>(blk.runningSum + lane), sum));
        ei::pstore(blk.runningMax + lane, newMax);
        ei::pstore(blk.rescale + lane, alpha);
    }
    if (diagonal) // hidden weights exactly 0, whatever the vector exp gave for −∞
        fillHidden(s, ld, keys, j0 - first, 0.0f);

    // o = alpha · o + pᵀ v_blk, (d_v, ld)
    const float *vBlock = in.v.data() + j0 * vStride;
    for (Index strip = 0; strip < ld; strip += stripWidth) {
        forEachTile<columnsPerTile>(dv, [&](auto r, Index c) {
            valueTile<decltype(r)::value>(s + strip, ld, keys, vBlock + c, vStride,
                                          blk.rescale + strip, blk.o + c * ld + strip);
        });
    }
}

/// The block's output rows: o / l, transposed back.
void finishBlock(const Inputs &in, const QueryBlock &blk, MatrixF &out)
{
    const Index dv = in.v.cols();
    for (Index r = 0; r < blk.rows; ++r)
        for (Index c = 0; c < dv; ++c)
            out(blk.first + r, c) = blk.o[c * blk.ld + r] / blk.runningSum[r];
}

/// The output rows first … first + rows − 1, in query blocks of blocks.queryRows rows (at most
/// blocks.queryBlocksPerPass of them) that take turns on each block of keys, so that the block of
/// keys and values is read from memory once for all of them.
void attendPass(const Inputs &in, Index first, Index rows, const TiledBlocks &blocks,
                Workspace &work, MatrixF &out)
{
    const Index d = in.q.cols();
    const Index dv = in.v.cols();
    const Index queryRows = blocks.queryRows;
    const auto blockAt = [&](Index b) {
        QueryBlock blk;
        blk.first = first + b * queryRows;
        blk.rows = std::min(queryRows, first + rows - blk.first);
        blk.ld = roundUp(blk.rows, stripWidth);
        // Causal: key blocks wholly above the diagonal (every key after the block's last query)
        // are never visited.
        blk.keyEnd = in.causal ? std::min(in.k.rows(), blk.first + blk.rows) : in.k.rows();
        blk.qt = work.queries + b * d * queryRows;
        blk.o = work.output + b * dv * queryRows;
        blk.runningMax = work.rowState + b * 3 * queryRows;
        blk.runningSum = blk.runningMax + blk.ld;
        blk.rescale = blk.runningSum + blk.ld;
        return blk;
    };
    const Index count = (rows + queryRows - 1) / queryRows;

    for (Index b = 0; b < count; ++b)
        startBlock(in, blockAt(b));
    const Index keyEnd = blockAt(count - 1).keyEnd; // the last block sees the most keys
    for (Index j0 = 0; j0 < keyEnd; j0 += blocks.keyRows) {
        for (Index b = 0; b < count; ++b) {
            const QueryBlock blk = blockAt(b);
            if (j0 < blk.keyEnd)
                attendKeys(in, blk, j0, std::min(blocks.keyRows, blk.keyEnd - j0), work.scores);
        }
    }
    for (Index b = 0; b < count; ++b)
        finishBlock(in, blockAt(b), out);
}

} // namespace

// Block sizes, measured (AVX-512 build, d = 64, 2 threads, T = 4000, GFLOP/s by key block
// 32 / 64 / 128 / 256 / 512):
//     64 query rows:  368 375 383 382 381
//    128 query rows:  373 374 378 383 379
//    256 query rows:  364 357 366 369 374
// The rate hardly depends on them (±4 %): the register-blocked products read k and v from the L2
// cache either way. So the smallest of the fastest: 64 × 128 keeps the score tile (32 KiB) in the
// L1 cache and a thread's whole workspace at 65 KiB for d = 64, and 64-row blocks cut T = 1000
// into 16 pieces, enough to keep the threads evenly busy under the causal mask's uneven work.
//
// Query blocks per pass, measured (same build and shape, others' builds sharing the machine,
// the best of 3 runs, GFLOP/s at T = 16000 / 32000 / 64000 by blocks per pass):
//      1:   98   59   56
//      4:   94   77   80
//      8:   97   82   84
// On a quiet machine the passes change nothing measurable up to T = 16000 (≈ 425 GFLOP/s at
// every T with 1 or 4 blocks: k and v still fit the 32 MiB L3 cache). Past that, or when other
// programs share the cache, one block per pass loses up to half its rate and 8 lose little. A
// pass of 8 blocks at d = 64 holds 256 KiB of queries and accumulators, well inside a 1 MiB L2
// cache beside the key and value blocks (64 KiB); wider heads get fewer blocks (d = 512: one,
// as without passes), so that a pass's workspace stays within that budget.
TiledBlocks defaultTiledBlocks(Index d, Index dv)
{
    TiledBlocks blocks;
    blocks.queryRows = 64;
    blocks.keyRows = 128;
    const Index blockBytes = blocks.queryRows * (std::max<Index>(d, 1) + std::max<Index>(dv, 1)) *
                             static_cast<Index>(sizeof(float));
    blocks.queryBlocksPerPass = std::clamp<Index>(passBudgetBytes / blockBytes, 1, 8);
    return blocks;
}

namespace simd {

std::size_t tiledBytesPerThread(Index d, Index dv, const TiledBlocks &blocks)
{
    return static_cast<std::size_t>(Workspace::floats(d, dv, resolved(blocks, d, dv))) *
           sizeof(float);
}

KernelRun tiledAttention(const Eigen::Ref<const MatrixF> &q, const Eigen::Ref<const MatrixF> &k,
                         const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal,
                         const TiledBlocks &requested)
{
    const Index T = q.rows();
    const Index d = q.cols();
    const Index dv = v.cols();
    out.resize(T, dv);
    if (T == 0 || k.rows() == 0) {
        out.setZero();
        return {};
    }
    const TiledBlocks blocks = resolved(requested, d, dv);
    const Inputs in{q, k, v, causal, 1.0f / std::sqrt(static_cast<float>(d))};
    // A short sequence takes fewer query blocks per pass, so that every thread still gets several
    // passes to even out the causal mask's uneven work. The workspace is sized for the most, and
    // which blocks share a pass changes no result.
    const Index blockCount = (T + blocks.queryRows - 1) / blocks.queryRows;
    const Index perPass = std::clamp<Index>(blockCount / (passesPerThread * threadCount()), 1,
                                            blocks.queryBlocksPerPass);
    const Index passRows = perPass * blocks.queryRows;
    const Index passCount = (T + passRows - 1) / passRows;
    const int team = static_cast<int>(std::min<Index>(threadCount(), passCount));
    // One allocation for every thread's workspace, not one per thread and buffer: large blocks
    // freed on every call can go back to the system each time (glibc trims them) and be faulted
    // in again on the next, which costs a short sequence more than its arithmetic. Left
    // uninitialised, so the blocks a short pass leaves unused cost nothing.
    const Index perThread = Workspace::floats(d, dv, blocks);
    Eigen::VectorXf memory(perThread * team);

#pragma omp parallel num_threads(team)
    {
#ifdef _OPENMP
        const Index thread = omp_get_thread_num();
#else
        const Index thread = 0;
#endif
        Workspace work(d, dv, blocks, memory.data() + thread * perThread);
        // Causal passes lower down see more keys: hand those out first so the threads finish
        // together. Each row's result does not depend on which thread computes it.
#pragma omp for schedule(dynamic, 1)
        for (Index p = 0; p < passCount; ++p) {
            const Index pass = causal ? passCount - 1 - p : p;
            const Index first = pass * passRows;
            attendPass(in, first, std::min(passRows, T - first), blocks, work, out);
        }
    }

    KernelRun run;
    run.extraBytes = static_cast<std::size_t>(memory.size()) * sizeof(float);
    return run;
}

} // namespace simd

} // namespace attention
