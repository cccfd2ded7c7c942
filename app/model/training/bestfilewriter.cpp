#include "bestfilewriter.h"

#include <QMetaObject>
#include <QThreadPool>
#include <QTimer>
#include <algorithm>

namespace attention {

BestFileWriter::BestFileWriter(Source source, std::chrono::milliseconds interval, QObject *parent)
    : QObject(parent)
    , m_source(std::move(source))
    , m_interval(interval)
    , m_timer(new QTimer(this))
    , m_writer(new QThreadPool(this))
{
    m_writer->setMaxThreadCount(1);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &BestFileWriter::write);
}

BestFileWriter::~BestFileWriter()
{
    m_writer->waitForDone();
    if (!m_dirty || m_fileName.isEmpty())
        return;
    if (const Export exporter = m_source())
        save(exporter, m_fileName);
}

void BestFileWriter::setFileName(const QString &fileName)
{
    m_fileName = fileName;
}

void BestFileWriter::markDirty()
{
    m_dirty = true;
    if (m_fileName.isEmpty() || m_timer->isActive() || m_writing)
        return; // a write is due already, or follows the one in flight
    const qint64 since = m_lastWrite.isValid() ? m_lastWrite.elapsed() : m_interval.count();
    m_timer->start(int(std::max<qint64>(0, m_interval.count() - since)));
}

void BestFileWriter::flush()
{
    if (m_dirty)
        write();
}

void BestFileWriter::cancel()
{
    m_dirty = false;
    m_timer->stop();
}

void BestFileWriter::write()
{
    m_timer->stop();
    if (m_writing) // once the write in flight has ended
        return;
    const Export exporter = m_fileName.isEmpty() ? Export() : m_source();
    m_dirty = false;
    if (!exporter)
        return;
    m_writing = true;
    m_lastWrite.start();
    m_writer->start([this, exporter, fileName = m_fileName] {
        std::optional<QString> failure = save(exporter, fileName);
        QMetaObject::invokeMethod(
            this, [this, fileName, failure = std::move(failure)] { ended(fileName, failure); },
            Qt::QueuedConnection);
    });
}

void BestFileWriter::ended(const QString &fileName, const std::optional<QString> &failure)
{
    m_writing = false;
    if (!failure) {
        m_error.reset();
        Q_EMIT written();
    } else {
        m_error =
            TrainingError{TrainingError::Code::BestFileNotWritten, fileName, 0, 0, *failure, {}};
        Q_EMIT failed(*m_error);
    }
    if (m_dirty) // a better model came meanwhile
        markDirty();
}

std::optional<QString> BestFileWriter::save(const Export &exporter, const QString &fileName)
{
    QString reason;
    if (saveModel(exporter(), fileName, &reason))
        return std::nullopt;
    return reason;
}

} // namespace attention
