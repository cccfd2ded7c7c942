#pragma once

// The resident memory of a test program, from Linux's /proc, for tests and benchmarks that
// bound how much a run holds at its peak.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtGlobal>

namespace attention::test {

/// A figure of /proc/self/status in bytes ("VmRSS": resident now, "VmHWM": the peak since the
/// last resetPeakResident()); −1 where /proc is not available.
inline qint64 statusBytes(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').value(0).toLongLong() * 1024;
    return -1;
}

/// Starts the peak resident memory (VmHWM) again from the current (/proc/self/clear_refs);
/// false where it cannot.
inline bool resetPeakResident()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    return clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
}

} // namespace attention::test
