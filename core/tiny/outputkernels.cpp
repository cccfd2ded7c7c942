// The output layer's register-tiled kernels, compiled once per CPU path (isadispatch.h): Eigen's
// packet functions give each path its own vector width.

#include "tiny/outputkernels.h"

#include <algorithm>

namespace attention::tiny {

namespace {

using Eigen::internal::ploadu;
using Eigen::internal::pmadd;
using Eigen::internal::pset1;
using Eigen::internal::pstoreu;

template<typename Scalar>
using Packet = typename Eigen::internal::packet_traits<Scalar>::type;

template<typename Scalar>
constexpr int lanes = Eigen::internal::unpacket_traits<Packet<Scalar>>::size;

#ifdef EIGEN_VECTORIZE_AVX512
constexpr int vectorRegisters = 32;
#else
constexpr int vectorRegisters = 16;
#endif

// The tiles: the logits' tile is logitsRows rows by logitsVectors vectors of ids, the gradients'
// gradientRows rows (or ids) by up to gradientVectors vectors of the width, about as many
// accumulators as the registers hold beside the operands. With 16 registers the gradients' 3 × 4
// is one over; it measured faster than 2 × 4 on AVX2 all the same.
constexpr int logitsRows = vectorRegisters == 32 ? 8 : 4;
constexpr int logitsVectors = 3;
constexpr int gradientRows = vectorRegisters == 32 ? 6 : 3;
constexpr int gradientVectors = 4;

template<typename Scalar>
constexpr Index panelIds = logitsVectors *lanes<Scalar>;

static_assert(outputRowAlign % logitsRows == 0 && outputRowAlign % gradientRows == 0);
static_assert(outputIdAlign % panelIds<float> == 0 && outputIdAlign % panelIds<double> == 0);
static_assert(outputIdAlign % gradientRows == 0);
static_assert(outputWidthAlign % lanes<float> == 0 && outputWidthAlign % lanes<double> == 0);

/// Ids a chunk of blockGradients: both products read the chunk's rows of the embedding and of
/// its gradient, about 128 KiB each, while they are in the cache.
template<typename Scalar>
Index gradientChunkIds(Index paddedWidth)
{
    const Index ids = (Index(128) * 1024 / Index(sizeof(Scalar)) / paddedWidth) / outputIdAlign;
    return std::max<Index>(1, ids) * outputIdAlign;
}

/// One tile of a product with a short result: C (Rows, Vectors · lanes) = (or +=) the sum over
/// j < depth of x(i, j) · y(j, ·), where x(i, j) = x[i · xRow + j · xDepth] and y's row j starts at
/// y + j · yRow. C's row i starts at c + i · cRow.
template<typename Scalar, int Rows, int Vectors>
void gradientTile(const Scalar *x, Index xRow, Index xDepth, const Scalar *y, Index yRow,
                  Index depth, Scalar *c, Index cRow, bool accumulate)
{
    using P = Packet<Scalar>;
    constexpr int n = lanes<Scalar>;
    P sum[Rows][Vectors];
    for (int i = 0; i < Rows; ++i)
        for (int v = 0; v < Vectors; ++v)
            sum[i][v] = accumulate ? ploadu<P>(c + i * cRow + v * n) : pset1<P>(Scalar(0));
    for (Index j = 0; j < depth; ++j) {
        P row[Vectors];
        for (int v = 0; v < Vectors; ++v)
            row[v] = ploadu<P>(y + j * yRow + v * n);
        for (int i = 0; i < Rows; ++i) {
            const P factor = pset1<P>(x[i * xRow + j * xDepth]);
            for (int v = 0; v < Vectors; ++v)
                sum[i][v] = pmadd(factor, row[v], sum[i][v]);
        }
    }
    for (int i = 0; i < Rows; ++i)
        for (int v = 0; v < Vectors; ++v)
            pstoreu(c + i * cRow + v * n, sum[i][v]);
}

/// C (rows, width) = (or +=) X · Y over `depth`, in gradientTile's tiles: rows a multiple of
/// gradientRows, width of the vector width.
template<typename Scalar>
void gradientProduct(const Scalar *x, Index xRow, Index xDepth, Index rows, const Scalar *y,
                     Index yRow, Index depth, Index width, Scalar *c, Index cRow, bool accumulate)
{
    constexpr int n = lanes<Scalar>;
    for (Index top = 0; top < rows; top += gradientRows) {
        const Scalar *xTile = x + top * xRow;
        Scalar *cTile = c + top * cRow;
        for (Index left = 0; left < width; left += gradientVectors * n) {
            const Index vectors = std::min<Index>(gradientVectors, (width - left) / n);
            const auto tile = [&](auto shape) {
                gradientTile<Scalar, gradientRows, decltype(shape)::value>(
                    xTile, xRow, xDepth, y + left, yRow, depth, cTile + left, cRow, accumulate);
            };
            switch (vectors) {
            case 4:
                tile(std::integral_constant<int, 4>());
                break;
            case 3:
                tile(std::integral_constant<int, 3>());
                break;
            case 2:
                tile(std::integral_constant<int, 2>());
                break;
            default:
                tile(std::integral_constant<int, 1>());
                break;
            }
        }
    }
}

} // namespace

template<typename Scalar>
void packLogitsPanels(const Scalar *tokEmb, const OutputBlockShape &shape, Index firstId,
                      Index lastId, Scalar *panels)
{
    constexpr Index width = panelIds<Scalar>;
    const Index d = shape.width;
    for (Index panel = firstId / width; panel < lastId / width; ++panel) {
        Scalar *out = panels + panel * d * width;
        for (Index k = 0; k < d; ++k)
            for (Index j = 0; j < width; ++j) {
                const Index id = panel * width + j;
                out[k * width + j] = id < shape.ids ? tokEmb[id * d + k] : Scalar(0);
            }
    }
}

template<typename Scalar>
void blockLogits(const Scalar *rows, const Scalar *panels, const OutputBlockShape &shape,
                 Scalar *logits)
{
    using P = Packet<Scalar>;
    constexpr int n = lanes<Scalar>;
    constexpr Index width = panelIds<Scalar>;
    const Index d = shape.width;
    const Index rowStride = shape.paddedWidth();
    const Index logitsStride = shape.paddedIds();
    const Index paddedRows = shape.paddedRows();
    for (Index panel = 0; panel < logitsStride / width; ++panel) {
        const Scalar *ids = panels + panel * d * width;
        for (Index top = 0; top < paddedRows; top += logitsRows) {
            const Scalar *a = rows + top * rowStride;
            P sum[logitsRows][logitsVectors];
            for (int i = 0; i < logitsRows; ++i)
                for (int v = 0; v < logitsVectors; ++v)
                    sum[i][v] = pset1<P>(Scalar(0));
            for (Index k = 0; k < d; ++k) {
                P embedding[logitsVectors];
                for (int v = 0; v < logitsVectors; ++v)
                    embedding[v] = ploadu<P>(ids + k * width + v * n);
                for (int i = 0; i < logitsRows; ++i) {
                    const P factor = pset1<P>(a[i * rowStride + k]);
                    for (int v = 0; v < logitsVectors; ++v)
                        sum[i][v] = pmadd(factor, embedding[v], sum[i][v]);
                }
            }
            Scalar *out = logits + top * logitsStride + panel * width;
            for (int i = 0; i < logitsRows; ++i)
                for (int v = 0; v < logitsVectors; ++v)
                    pstoreu(out + i * logitsStride + v * n, sum[i][v]);
        }
    }
}

template<typename Scalar>
void blockGradients(const Scalar *dLogits, const Scalar *rows, const Scalar *embedding,
                    const OutputBlockShape &shape, Scalar *dRows, Scalar *dEmbedding,
                    bool addToEmbedding)
{
    const Index paddedRows = shape.paddedRows();
    const Index width = shape.paddedWidth();
    const Index ids = shape.paddedIds();
    const Index chunk = gradientChunkIds<Scalar>(width);
    for (Index first = 0; first < ids; first += chunk) {
        const Index count = std::min(chunk, ids - first);
        // dRows += dLogits[:, chunk] · embedding[chunk]: rows by the width, over the chunk's ids.
        gradientProduct(dLogits + first, ids, Index(1), paddedRows, embedding + first * width,
                        width, count, width, dRows, width, first > 0);
        // dEmbedding[chunk] (+)= dLogits[:, chunk]ᵀ · rows: the chunk's ids by the width, over
        // rows.
        gradientProduct(dLogits + first, Index(1), ids, count, rows, width, paddedRows, width,
                        dEmbedding + first * width, width, addToEmbedding);
    }
}

#define ATTENTION_TINY_INSTANTIATE_OUTPUT_KERNELS(Scalar)                                          \
    template void packLogitsPanels<Scalar>(const Scalar *, const OutputBlockShape &, Index, Index, \
                                           Scalar *);                                              \
    template void blockLogits<Scalar>(const Scalar *, const Scalar *, const OutputBlockShape &,    \
                                      Scalar *);                                                   \
    template void blockGradients<Scalar>(const Scalar *, const Scalar *, const Scalar *,           \
                                         const OutputBlockShape &, Scalar *, Scalar *, bool);

ATTENTION_TINY_INSTANTIATE_OUTPUT_KERNELS(float)
// Double, the gradient checks' type, in the baseline code only (as in layers.cpp).
#ifndef ATTENTION_ISA_COPY
ATTENTION_TINY_INSTANTIATE_OUTPUT_KERNELS(double)
#endif

} // namespace attention::tiny
