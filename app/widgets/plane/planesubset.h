#pragma once

/// Which queries and keys the vector plane draws, kept apart from painting so it can be tested
/// alone (no widgets here).
///
/// Up to fullLimit tokens the plane draws every query and key. Past that, 2·T arrows are a
/// hairball, so it draws a readable subset: the selected query and its strongest keys, the
/// `strongestCount` keys with the largest weights in the selected query's row (masked keys, with
/// weight 0, are left out). With no query selected, a large scenario draws nothing.

#include "types.h"

#include <QList>

namespace attention {

struct PlaneSubset
{
    /// Up to this many tokens every arrow is drawn.
    static constexpr int fullLimit = 24;
    /// How many keys a reduced plane draws at most.
    static constexpr int strongestCount = 8;

    bool reduced = false; ///< true when only a subset of the tokens is drawn
    QList<int> queries;   ///< tokens whose query is drawn, ascending
    QList<int> keys;      ///< tokens whose key is drawn, ascending

    /// The subset for `tokenCount` tokens with query `selected` (−1: none) whose row of weights
    /// is `weightRow` (T entries; only read when the subset is reduced).
    static PlaneSubset choose(int tokenCount, int selected,
                              const Eigen::Ref<const RowVector> &weightRow);

    bool operator==(const PlaneSubset &other) const
    {
        return reduced == other.reduced && queries == other.queries && keys == other.keys;
    }
};

/// The `count` largest entries of `weights` above zero, strongest first (ties to the lower
/// index). O(T) plus O(count log count).
QList<int> strongestKeys(const Eigen::Ref<const RowVector> &weights, int count);

} // namespace attention
