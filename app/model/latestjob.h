#pragma once

/// Runs a computation on a worker thread for a view whose inputs can change faster than the work
/// finishes: a slider dragged over the √d statistics, a timing run the learner cancels.
///
/// Starting a job cancels the one before it, and only the latest job reaches the GUI thread: a
/// job returns a closure that shows its result, and that closure runs on the GUI thread only if
/// no newer job was started and cancel() was not called in between. The window stays responsive
/// because the GUI thread never waits for a job (except in the destructor, which cancels first).
///
///     m_job->start([d](const LatestJob::Context &context) -> LatestJob::Delivery {
///         const SqrtDRow row = measureSqrtD(d, {}, [&] { return context.isCancelled(); });
///         return [this, row] { showRow(row); };
///     });

#include <QObject>
#include <atomic>
#include <functional>
#include <memory>

class QThreadPool;

namespace attention {

class LatestJob : public QObject
{
    Q_OBJECT

public:
    /// What a running job can see and say. Shared with the GUI thread; safe to call from the job.
    class Context
    {
    public:
        /// True once the job was cancelled or superseded: return soon, the result is dropped.
        bool isCancelled() const;
        /// Reports progress; LatestJob emits progressChanged() on the GUI thread (unless stale).
        void reportProgress(int done, int total) const;
        /// Runs `show` on the GUI thread if the job is still the latest then: for partial results.
        void post(std::function<void()> show) const;

    private:
        friend class LatestJob;
        LatestJob *m_owner = nullptr;
        quint64 m_generation = 0;
        std::shared_ptr<std::atomic<bool>> m_cancelled;
    };

    /// Runs on the GUI thread with the job's result; may be empty.
    using Delivery = std::function<void()>;
    using Work = std::function<Delivery(const Context &context)>;

    explicit LatestJob(QObject *parent = nullptr);
    /// Cancels the running job and waits for it to return.
    ~LatestJob() override;

    /// Cancels any running job and starts `work` on the worker thread.
    void start(Work work);
    /// Cancels the running job; its result is dropped and cancelled() is emitted.
    void cancel();
    /// True from start() until the job's result was delivered or it was cancelled.
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void runningChanged(bool running);
    void progressChanged(int done, int total);
    /// The latest job finished and its delivery ran.
    void finished();
    /// cancel() stopped the latest job.
    void cancelled();

private:
    void setRunning(bool running);
    /// Queues `call` to the GUI thread, to run only if `generation` is still the latest then.
    void postIfCurrent(quint64 generation, std::function<void()> call);

    QThreadPool *m_pool;
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    bool m_running = false;
};

} // namespace attention
