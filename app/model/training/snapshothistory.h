#pragma once

/// What step 7's history slider replays: snapshots of every head's attention weights and each
/// position's loss on the probe line, taken while a run trains, and the bounded list that keeps
/// them (at most maxSnapshots entries and maxBytes bytes; when full, every second one goes).
///
/// Snapshots are shared, never copied: each is made once and the history and every view hold the
/// same `SharedSnapshot`.

#include "tiny/learningcurve.h"
#include "tiny/model.h"

#include <QtGlobal>
#include <memory>
#include <optional>
#include <vector>

namespace attention {

/// Every head's attention weights on the probe line at one step ([layer][head], each (T, T) with
/// zeros above the diagonal), and the loss of each position's prediction of the next character.
struct AttentionSnapshot
{
    int step = 0;
    std::vector<std::vector<MatrixF>> heads;
    /// [t], t = 0 … T − 2: −log p of the probe's character t + 1 after its first t + 1 characters.
    std::vector<float> losses;

    qint64 bytes() const;
};
/// A snapshot as the session and the views hold it: made once, shared read-only.
using SharedSnapshot = std::shared_ptr<const AttentionSnapshot>;

/// The snapshot of `parameters` on `probe` at `step` (no heads for a probe the model cannot read).
SharedSnapshot attentionSnapshot(const tiny::Parameters<float> &parameters,
                                 const std::vector<int> &probe, int step);

/// The mean loss of each copy on a probe line written twice (tiny::copyLosses); nothing for
/// another line or a snapshot without losses.
std::optional<tiny::CopyLosses> copyLosses(const AttentionSnapshot &snapshot,
                                           const std::vector<int> &probe);

class SnapshotHistory
{
public:
    /// When full, every second snapshot is dropped (the first and the latest stay).
    static constexpr int maxSnapshots = 240;
    /// The largest snapshot the model's limits allow (4 layers × 16 heads × 256² floats) is
    /// 16 MiB, so the first and the latest always fit in 64 MiB.
    static constexpr qint64 maxBytes = qint64(64) * 1024 * 1024;

    /// Adds `snapshot` (in place of the last one when it has the same step). True when the
    /// history had to be thinned to stay within its bounds.
    bool append(SharedSnapshot snapshot);
    void clear();
    /// Bounds the bytes by less than maxBytes (clamped to 0 … maxBytes); true when it thinned.
    bool setByteLimit(qint64 bytes);

    /// Oldest first.
    const std::vector<SharedSnapshot> &entries() const { return m_entries; }
    /// The bytes of the snapshots held, counted as the history changes.
    qint64 bytes() const { return m_bytes; }
    qint64 byteLimit() const { return m_byteLimit; }

private:
    bool full() const;
    /// Drops every second snapshot until within the bounds; true when it dropped any.
    bool thin();

    std::vector<SharedSnapshot> m_entries;
    qint64 m_bytes = 0;
    qint64 m_byteLimit = maxBytes;
};

} // namespace attention
