#pragma once

/// Keeps a training run's best weights in a file while the run goes on (lesson step 7): so that
/// a crash loses at most a couple of seconds of training.
///
/// A write is due when the owner says a better model came (markDirty()); it starts at most every
/// `interval` after the one before, or at once on flush(). Each write runs on a thread of its
/// own, one at a time, atomically (QSaveFile through saveModel()); what it writes is taken on
/// the GUI thread when it starts (the source: shared weights, nothing copied there) and exported
/// on the writer. A better model that comes while one is written is written after it. Each
/// write ends with written() or failed() on the GUI thread. The destructor waits for the write
/// in flight and writes a newer best itself, so closing loses nothing.

#include "modelfile.h"
#include "trainingerror.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <chrono>
#include <functional>
#include <optional>

class QThreadPool;
class QTimer;

namespace attention {

class BestFileWriter : public QObject
{
    Q_OBJECT

public:
    /// Makes the file's contents on the writer thread (the weights exported there).
    using Export = std::function<ModelFile()>;
    /// Called on the GUI thread when a write starts: what exports the newest best, or an empty
    /// function when there is none to write.
    using Source = std::function<Export()>;

    BestFileWriter(Source source, std::chrono::milliseconds interval, QObject *parent = nullptr);
    /// Waits for the write in flight, then writes a newer best that is not in the file yet.
    ~BestFileWriter() override;

    /// The file the best weights go to (empty: nowhere).
    void setFileName(const QString &fileName);

    /// A better model is there: written once `interval` has passed since the last write.
    void markDirty();
    /// Writes the newest best now (after the write in flight), when one is due.
    void flush();
    /// Forgets a write that is due (a new run); a write in flight still ends.
    void cancel();

    bool isWriting() const { return m_writing; }
    /// The last write's failure, or nothing.
    std::optional<TrainingError> error() const { return m_error; }

Q_SIGNALS:
    void written();
    void failed(const attention::TrainingError &error);

private:
    /// Starts a write on the writer, or marks it due after the one in flight.
    void write();
    /// On the GUI thread when a write ended.
    void ended(const QString &fileName, const std::optional<QString> &failure);
    /// Exports and saves (any thread); the reason when it failed.
    static std::optional<QString> save(const Export &exporter, const QString &fileName);

    Source m_source;
    std::chrono::milliseconds m_interval;
    QString m_fileName;
    std::optional<TrainingError> m_error;
    bool m_dirty = false;   ///< a better model is not in the file yet
    bool m_writing = false; ///< a write is in flight
    QElapsedTimer m_lastWrite;
    QTimer *m_timer;
    QThreadPool *m_writer; ///< one thread: the writes, in order
};

} // namespace attention
