#pragma once

/// Spare T × T tables for the results of slider steps at large T.
///
/// A scale step at T = 2048 makes two tables of 32 MiB (the weights and the comparison's
/// weights) while the views still show the last two. glibc gives blocks that large, made on a
/// worker thread, back to the system when they are freed, so each new table cost 8,192 page
/// faults: more than all the arithmetic of the step on this machine. A result made by
/// shareResult() gives its tables back here when its last holder lets go, and the next step takes
/// them again. Thread-safe; at most maxSpareBytes are kept.

#include "types.h"

#include <cstddef>
#include <memory>

namespace attention {

struct ScenarioResult;

namespace TablePool {

/// Spare tables above this many bytes in all are freed instead of kept (T = 2048: 8 tables).
constexpr std::size_t maxSpareBytes = std::size_t(256) << 20;

/// A table of rows × columns: a spare one (its old numbers still in it) or a new one.
Matrix take(Index rows, Index columns);
/// Keeps `table` for a later take() of its size, or frees it when the spares are full.
void give(Matrix &&table);
/// Bytes held by spare tables now.
std::size_t spareBytes();
/// Frees every spare table (they are made again as needed).
void clear();

} // namespace TablePool

/// `result` shared read-only; its tables go back to the TablePool when the last holder lets go.
std::shared_ptr<const ScenarioResult> shareResult(ScenarioResult &&result);
/// `table` shared read-only; it goes back to the TablePool when the last holder lets go.
std::shared_ptr<const Matrix> shareTable(Matrix &&table);

} // namespace attention
