#include "snapshothistory.h"

#include "tiny/inference.h"

#include <algorithm>

namespace attention {

qint64 AttentionSnapshot::bytes() const
{
    qint64 total = qint64(losses.size() * sizeof(float));
    for (const auto &layer : heads)
        for (const MatrixF &head : layer)
            total += qint64(head.size()) * qint64(sizeof(float));
    return total;
}

SharedSnapshot attentionSnapshot(const tiny::Parameters<float> &parameters,
                                 const std::vector<int> &probe, int step)
{
    auto snapshot = std::make_shared<AttentionSnapshot>();
    snapshot->step = step;
    if (auto analysis = tiny::analyseSequence(parameters, probe)) {
        snapshot->heads = std::move(analysis->attention);
        snapshot->losses.assign(analysis->losses.begin(), analysis->losses.end());
    }
    return snapshot;
}

std::optional<tiny::CopyLosses> copyLosses(const AttentionSnapshot &snapshot,
                                           const std::vector<int> &probe)
{
    return tiny::copyLosses(probe,
                            std::vector<double>(snapshot.losses.begin(), snapshot.losses.end()));
}

bool SnapshotHistory::append(SharedSnapshot snapshot)
{
    if (!m_entries.empty() && m_entries.back()->step == snapshot->step) {
        m_bytes -= m_entries.back()->bytes();
        m_entries.pop_back();
    }
    m_bytes += snapshot->bytes();
    m_entries.push_back(std::move(snapshot));
    return thin();
}

void SnapshotHistory::clear()
{
    m_entries.clear();
    m_bytes = 0;
}

bool SnapshotHistory::setByteLimit(qint64 bytes)
{
    m_byteLimit = std::clamp<qint64>(bytes, 0, maxBytes);
    return thin();
}

bool SnapshotHistory::full() const
{
    return int(m_entries.size()) > maxSnapshots || m_bytes > m_byteLimit;
}

bool SnapshotHistory::thin()
{
    bool thinned = false;
    while (m_entries.size() > 2 && full()) {
        // Keep the first, every second one after it, and the latest.
        std::vector<SharedSnapshot> kept;
        m_bytes = 0;
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            if (i % 2 == 0 || i + 1 == m_entries.size()) {
                m_bytes += m_entries[i]->bytes();
                kept.push_back(std::move(m_entries[i]));
            }
        }
        m_entries = std::move(kept);
        thinned = true;
    }
    return thinned;
}

} // namespace attention
