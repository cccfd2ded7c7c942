#include "latestjob.h"

#include <QMetaObject>
#include <QThreadPool>

namespace attention {

bool LatestJob::Context::isCancelled() const
{
    return m_cancelled->load(std::memory_order_relaxed);
}

void LatestJob::Context::reportProgress(int done, int total) const
{
    LatestJob *owner = m_owner;
    owner->postIfCurrent(m_generation,
                         [owner, done, total] { Q_EMIT owner->progressChanged(done, total); });
}

void LatestJob::Context::post(std::function<void()> show) const
{
    m_owner->postIfCurrent(m_generation, std::move(show));
}

LatestJob::LatestJob(QObject *parent)
    : QObject(parent)
    , m_pool(new QThreadPool(this))
{
    // One job at a time: a superseded job only has to notice its flag before the next one runs.
    m_pool->setMaxThreadCount(1);
}

LatestJob::~LatestJob()
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_pool->clear();
    m_pool->waitForDone();
    // Calls the finished jobs posted are queued events for this object, which Qt drops with it.
}

void LatestJob::start(Work work)
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_pool->clear(); // a superseded job that has not started yet never runs
    m_cancelled = std::make_shared<std::atomic<bool>>(false);

    Context context;
    context.m_owner = this;
    context.m_generation = ++m_generation;
    context.m_cancelled = m_cancelled;
    setRunning(true);
    m_pool->start([this, context, work = std::move(work)] {
        Delivery delivery = work(context);
        if (context.isCancelled())
            return;
        postIfCurrent(context.m_generation, [this, delivery = std::move(delivery)] {
            setRunning(false);
            if (delivery)
                delivery();
            Q_EMIT finished();
        });
    });
}

void LatestJob::cancel()
{
    if (!m_running)
        return;
    m_cancelled->store(true);
    m_pool->clear();
    ++m_generation; // drops whatever the job posted and has not been delivered yet
    setRunning(false);
    Q_EMIT cancelled();
}

void LatestJob::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

void LatestJob::postIfCurrent(quint64 generation, std::function<void()> call)
{
    // m_generation is only written on the GUI thread, and read here on the GUI thread too.
    QMetaObject::invokeMethod(
        this,
        [this, generation, call = std::move(call)] {
            if (generation == m_generation)
                call();
        },
        Qt::QueuedConnection);
}

} // namespace attention
