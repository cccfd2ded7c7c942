#pragma once

/// The raw products Q Kᵀ of the latest queries and keys, shared by the passes that need them at
/// the same time.
///
/// After an edit at large T two passes start at once on two workers: the document's and the
/// compare view's (the same scenario with one switch flipped). Each used to multiply Q Kᵀ into
/// a T × T table of its own, 32 MiB at T = 2048, kept for as long as the views show the results.
/// Here the second pass waits for the first one's product and shares it. Nothing is kept that
/// no result holds: the memo has a weak reference to the table and copies of Q and K to compare
/// with, which it makes only where they are small beside the table (d at most T / 8: a quarter
/// of its size at most); otherwise each pass multiplies on its own. Thread-safe.

#include "types.h"

#include <memory>

namespace attention {

namespace SharedProducts {

/// Q Kᵀ of `queries` and `keys`: the table a pass made or is making for the same queries and
/// keys (waiting for it), or a new one made here. `multiplied` (if given) says which.
std::shared_ptr<const Matrix> get(const Matrix &queries, const Matrix &keys,
                                  bool *multiplied = nullptr);

} // namespace SharedProducts

} // namespace attention
