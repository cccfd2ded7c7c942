#pragma once

/// The output layer's three matrix products as register-tiled kernels, for the blocked output
/// layer of layers.h (outputLayerLoss, outputLayerForwardBackward).
///
/// Two of the products have a short side of d (64) or of a block's rows (48), and Eigen packs the
/// (V, d) embedding again for every block in two of them (the block's (rows, V) gradient in the
/// third): on AVX-512 its kernel reaches about 75 GFLOP/s a core on these shapes. These kernels
/// read the embedding as laid out once a pass and keep a tile of the result in registers (about
/// 105 GFLOP/s a core on 全唐诗's shape).
/// They are compiled once per CPU path (a hot source: isadispatch.h), their tiles sized by that
/// path's vector width and register count.
///
/// The buffers are zero-padded, so that every tile is whole: a block's rows to a multiple of
/// outputRowAlign, the ids to a multiple of outputIdAlign and the width d to a multiple of
/// outputWidthAlign. Every path's tiles divide these three, so buffers sized by them serve every
/// path. The padding must hold zeros, then the padded logits are zero and add nothing.

#include "types.h"

namespace attention::tiny {

constexpr Index outputRowAlign = 24;
constexpr Index outputIdAlign = 48;
constexpr Index outputWidthAlign = 16;

/// `count` rounded up to a multiple of `multiple`.
constexpr Index paddedCount(Index count, Index multiple)
{
    return (count + multiple - 1) / multiple * multiple;
}

/// The shape of one block of the output layer: `rows` positions of width `width` against an
/// embedding of `ids` ids, and the padded sizes of the buffers the kernels read and write.
struct OutputBlockShape
{
    Index rows = 0;
    Index width = 0;
    Index ids = 0;

    Index paddedRows() const { return paddedCount(rows, outputRowAlign); }
    Index paddedWidth() const { return paddedCount(width, outputWidthAlign); }
    Index paddedIds() const { return paddedCount(ids, outputIdAlign); }
};

/// Lays out ids [firstId, lastId) of tok_emb (ids, width), row-major, for blockLogits: panels of
/// ids, each its width rows of the panel's ids side by side. `panels` holds paddedIds() · width;
/// firstId and lastId are multiples of outputIdAlign (lastId may be paddedIds()), and ids past
/// shape.ids are written as zeros. Separate ranges may be packed on separate threads.
template<typename Scalar>
void packLogitsPanels(const Scalar *tokEmb, const OutputBlockShape &shape, Index firstId,
                      Index lastId, Scalar *panels);

/// logits (paddedRows, paddedIds) = rows (paddedRows, paddedWidth) · tok_embᵀ, tok_emb as
/// packLogitsPanels laid it out.
template<typename Scalar>
void blockLogits(const Scalar *rows, const Scalar *panels, const OutputBlockShape &shape,
                 Scalar *logits);

/// From dLogits (paddedRows, paddedIds), both backward products of logits = rows · tok_embᵀ:
/// dRows (paddedRows, paddedWidth) = dLogits · tok_emb, and dEmbedding (paddedIds, paddedWidth)
/// = dLogitsᵀ · rows, or += with `addToEmbedding`. `embedding` is tok_emb zero-padded to
/// (paddedIds, paddedWidth). The ids run in chunks that stay in the cache while both products
/// read them.
template<typename Scalar>
void blockGradients(const Scalar *dLogits, const Scalar *rows, const Scalar *embedding,
                    const OutputBlockShape &shape, Scalar *dRows, Scalar *dEmbedding,
                    bool addToEmbedding);

} // namespace attention::tiny
