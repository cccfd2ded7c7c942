#include "tablepool.h"

#include "scenario.h"

#include <QMutex>
#include <QMutexLocker>
#include <vector>

namespace attention {

namespace {

struct Spares
{
    QMutex mutex;
    std::vector<Matrix> tables;
    std::size_t bytes = 0;
};

Spares &spares()
{
    static Spares instance;
    return instance;
}

std::size_t bytesOf(const Matrix &m)
{
    return std::size_t(m.size()) * sizeof(double);
}

} // namespace

Matrix TablePool::take(Index rows, Index columns)
{
    Spares &s = spares();
    {
        const QMutexLocker locker(&s.mutex);
        for (auto it = s.tables.begin(); it != s.tables.end(); ++it) {
            if (it->rows() == rows && it->cols() == columns) {
                Matrix table = std::move(*it);
                s.tables.erase(it);
                s.bytes -= bytesOf(table);
                return table;
            }
        }
    }
    return Matrix(rows, columns);
}

void TablePool::give(Matrix &&table)
{
    Spares &s = spares();
    const std::size_t bytes = bytesOf(table);
    if (bytes == 0 || bytes > maxSpareBytes)
        return;
    const QMutexLocker locker(&s.mutex);
    // The oldest spares make room: a new size (T changed) replaces the old ones over time.
    while (!s.tables.empty() && s.bytes + bytes > maxSpareBytes) {
        s.bytes -= bytesOf(s.tables.front());
        s.tables.erase(s.tables.begin());
    }
    s.bytes += bytes;
    s.tables.push_back(std::move(table));
}

std::size_t TablePool::spareBytes()
{
    Spares &s = spares();
    const QMutexLocker locker(&s.mutex);
    return s.bytes;
}

void TablePool::clear()
{
    std::vector<Matrix> dropped;
    Spares &s = spares();
    {
        const QMutexLocker locker(&s.mutex);
        dropped.swap(s.tables);
        s.bytes = 0;
    }
}

std::shared_ptr<const ScenarioResult> shareResult(ScenarioResult &&result)
{
    return std::shared_ptr<const ScenarioResult>(
        new ScenarioResult(std::move(result)), [](const ScenarioResult *shared) {
            auto *owned = const_cast<ScenarioResult *>(shared); // made by new above
            TablePool::give(std::move(owned->weights));
            delete owned;
        });
}

std::shared_ptr<const Matrix> shareTable(Matrix &&table)
{
    return std::shared_ptr<const Matrix>(new Matrix(std::move(table)), [](const Matrix *shared) {
        auto *owned = const_cast<Matrix *>(shared); // made by new above
        TablePool::give(std::move(*owned));
        delete owned;
    });
}

} // namespace attention
