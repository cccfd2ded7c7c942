#include "tiled.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

/// How the tiled kernel works
///
/// The queries are cut into blocks of `queryRows` rows; each thread takes whole query blocks
/// (OpenMP, dynamic schedule). For its block a thread walks the keys in blocks of `keyRows` and
/// keeps, per query row, a running maximum m, a running sum l and an output accumulator o:
///
///     s     = q_blk k_blkᵀ / √d                       (keys, rows)   the score tile
///     m'    = max(m, max_j s)                                       per row
///     p     = exp(s − m')                                           the tile's weights, unscaled
///     l     = exp(m − m') · l + Σ_j p
///     o     = exp(m − m') · o + pᵀ v_blk               (d_v, rows)
///
/// and divides o by l once at the end. Only the tile is ever in memory, never the (T, T) table.
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

constexpr float minusInfinity = -std::numeric_limits<float>::infinity();

using AlignedFloats = std::vector<float, Eigen::aligned_allocator<float>>;

Index roundUp(Index value, Index multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

/// The measured block sizes (see defaultTiledBlocks()).
TiledBlocks resolved(const TiledBlocks &blocks)
{
    const TiledBlocks defaults = defaultTiledBlocks();
    TiledBlocks result;
    result.queryRows =
        roundUp(blocks.queryRows > 0 ? blocks.queryRows : defaults.queryRows, stripWidth);
    result.keyRows = std::max<Index>(1, blocks.keyRows > 0 ? blocks.keyRows : defaults.keyRows);
    return result;
}

/// One thread's memory: everything is (something, ld) with ld = the block's query rows.
struct Workspace
{
    Workspace(Index d, Index dv, const TiledBlocks &blocks)
        : queries(static_cast<std::size_t>(d * blocks.queryRows))
        , scores(static_cast<std::size_t>(blocks.keyRows * blocks.queryRows))
        , output(static_cast<std::size_t>(dv * blocks.queryRows))
        , rowState(static_cast<std::size_t>(3 * blocks.queryRows))
    {}

    std::size_t bytes() const
    {
        return (queries.size() + scores.size() + output.size() + rowState.size()) * sizeof(float);
    }

    AlignedFloats queries;  ///< (d, rows): the block's queries, transposed
    AlignedFloats scores;   ///< (keys, rows): the score tile, then its exponentials
    AlignedFloats output;   ///< (d_v, rows): the output accumulator, transposed
    AlignedFloats rowState; ///< 3 × rows: running max, running sum, rescale factor
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

/// The output rows first … first + rows − 1.
void attendBlock(const Inputs &in, Index first, Index rows, Index keyRows, Workspace &work,
                 MatrixF &out)
{
    const Index d = in.q.cols();
    const Index dv = in.v.cols();
    const Index ld = roundUp(rows, stripWidth);
    float *qt = work.queries.data();
    float *s = work.scores.data();
    float *o = work.output.data();
    float *runningMax = work.rowState.data();
    float *runningSum = runningMax + ld;
    float *rescale = runningSum + ld;

    for (Index c = 0; c < d; ++c) {
        for (Index r = 0; r < rows; ++r)
            qt[c * ld + r] = in.q(first + r, c);
        std::fill(qt + c * ld + rows, qt + (c + 1) * ld, 0.0f); // padding lanes: harmless zeros
    }
    std::fill(o, o + dv * ld, 0.0f);
    std::fill(runningMax, runningMax + ld, minusInfinity);
    std::fill(runningSum, runningSum + ld, 0.0f);

    const Packet scale = ei::pset1<Packet>(in.scale);
    const Index kStride = in.k.outerStride();
    const Index vStride = in.v.outerStride();
    // Causal: key blocks wholly above the diagonal (every key after the block's last query) are
    // never visited.
    const Index keyEnd = in.causal ? std::min(in.k.rows(), first + rows) : in.k.rows();
    for (Index j0 = 0; j0 < keyEnd; j0 += keyRows) {
        const Index keys = std::min(keyRows, keyEnd - j0);

        // s = q kᵀ / √d, (keys, ld)
        for (Index strip = 0; strip < ld; strip += stripWidth) {
            forEachTile<keysPerTile>(keys, [&](auto r, Index j) {
                scoreTile<decltype(r)::value>(qt + strip, ld, d, in.k.data() + (j0 + j) * kStride,
                                              kStride, scale, s + j * ld + strip);
            });
        }

        // Causal: only a block that reaches past the first query's position has hidden entries:
        // key j0 + j is hidden from rows r with first + r < j0 + j.
        const bool diagonal = in.causal && j0 + keys - 1 > first;
        if (diagonal) {
            for (Index j = 0; j < keys; ++j) {
                const Index hidden = std::min(ld, j0 + j - first);
                if (hidden > 0)
                    std::fill(s + j * ld, s + j * ld + hidden, minusInfinity);
            }
        }

        // Online softmax, lane by lane: new maximum, rescale factor, exponentials, sums.
        for (Index lane = 0; lane < ld; lane += lanes) {
            Packet tileMax = ei::pset1<Packet>(minusInfinity);
            for (Index j = 0; j < keys; ++j)
                tileMax = ei::pmax(tileMax, ei::pload<Packet>(s + j * ld + lane));
            const Packet oldMax = ei::pload<Packet>(runningMax + lane);
            const Packet newMax = ei::pmax(oldMax, tileMax);
            // The first block has nothing to rescale (and exp(−∞ − m) must not be evaluated).
            const Packet alpha =
                j0 == 0 ? ei::pset1<Packet>(0.0f) : ei::pexp(ei::psub(oldMax, newMax));
            Packet sum = ei::pset1<Packet>(0.0f);
            for (Index j = 0; j < keys; ++j) {
                const Packet e = ei::pexp(ei::psub(ei::pload<Packet>(s + j * ld + lane), newMax));
                ei::pstore(s + j * ld + lane, e);
                sum = ei::padd(sum, e);
            }
            ei::pstore(runningSum + lane,
                       ei::pmadd(alpha, ei::pload<Packet>(runningSum + lane), sum));
            ei::pstore(runningMax + lane, newMax);
            ei::pstore(rescale + lane, alpha);
        }
        if (diagonal) { // hidden weights exactly 0, whatever the vector exp gave for −∞
            for (Index j = 0; j < keys; ++j) {
                const Index hidden = std::min(ld, j0 + j - first);
                if (hidden > 0)
                    std::fill(s + j * ld, s + j * ld + hidden, 0.0f);
            }
        }

        // o = alpha · o + pᵀ v_blk, (d_v, ld)
        const float *vBlock = in.v.data() + j0 * vStride;
        for (Index strip = 0; strip < ld; strip += stripWidth) {
            forEachTile<columnsPerTile>(dv, [&](auto r, Index c) {
                valueTile<decltype(r)::value>(s + strip, ld, keys, vBlock + c, vStride,
                                              rescale + strip, o + c * ld + strip);
            });
        }
    }

    for (Index r = 0; r < rows; ++r)
        for (Index c = 0; c < dv; ++c)
            out(first + r, c) = o[c * ld + r] / runningSum[r];
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
TiledBlocks defaultTiledBlocks()
{
    TiledBlocks blocks;
    blocks.queryRows = 64;
    blocks.keyRows = 128;
    return blocks;
}

std::size_t tiledBytesPerThread(Index d, Index dv, const TiledBlocks &blocks)
{
    return Workspace(d, dv, resolved(blocks)).bytes();
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
    const TiledBlocks blocks = resolved(requested);
    const Inputs in{q, k, v, causal, 1.0f / std::sqrt(static_cast<float>(d))};
    const Index blockCount = (T + blocks.queryRows - 1) / blocks.queryRows;
    const int team = static_cast<int>(std::min<Index>(threadCount(), blockCount));
    std::size_t bytes = 0;

#pragma omp parallel num_threads(team) reduction(+ : bytes)
    {
        Workspace work(d, dv, blocks);
        bytes += work.bytes();
        // Causal blocks lower down see more keys: hand those out first so the threads finish
        // together. Each block's result does not depend on which thread computes it.
#pragma omp for schedule(dynamic, 1)
        for (Index b = 0; b < blockCount; ++b) {
            const Index block = causal ? blockCount - 1 - b : b;
            const Index first = block * blocks.queryRows;
            attendBlock(in, first, std::min(blocks.queryRows, T - first), blocks.keyRows, work,
                        out);
        }
    }

    KernelRun run;
    run.extraBytes = bytes;
    return run;
}

} // namespace attention
