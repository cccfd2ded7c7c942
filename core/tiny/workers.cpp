#include "tiny/workers.h"

#include <algorithm>

namespace attention::tiny {

namespace {

/// Polls before sleeping: long enough to catch the next region of a running step (a few
/// microseconds apart), short enough to waste little when the core is needed elsewhere.
constexpr int spinChecks = 500;

/// How many SerialScopes the thread holds.
thread_local int serialScopes = 0;

} // namespace

SerialScope::SerialScope()
{
    ++serialScopes;
}

SerialScope::~SerialScope()
{
    --serialScopes;
}

bool WorkerPool::serialHere()
{
    return serialScopes > 0;
}

WorkerPool &WorkerPool::instance()
{
    static WorkerPool pool;
    return pool;
}

WorkerPool::~WorkerPool()
{
    stopWorkers();
}

void WorkerPool::stopWorkers()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_start.notify_all();
    for (auto &worker : m_workers)
        worker.join();
    m_workers.clear();
    m_stop = false;
}

void WorkerPool::setThreads(int threads)
{
    const std::lock_guard<std::mutex> runLock(m_runMutex);
    threads = std::max(threads, 1);
    if (threads == this->threads())
        return;
    stopWorkers();
    // The generation now, passed in rather than read by the new thread: a run may start before the
    // thread does, and that run is the first the thread must join.
    const std::uint64_t generation = m_generation.load();
    for (int index = 1; index < threads; ++index)
        m_workers.emplace_back([this, index, generation] { work(index, generation); });
}

void WorkerPool::run(const std::function<void(int, int)> &job)
{
    const std::lock_guard<std::mutex> runLock(m_runMutex);
    const int count = threads();
    if (count == 1) {
        job(0, 1);
        return;
    }
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_job = &job;
        m_pending.store(count - 1);
        m_generation.fetch_add(1);
    }
    m_start.notify_all();
    job(0, count);
    for (int i = 0; i < spinChecks && m_pending.load() != 0; ++i)
        std::this_thread::yield();
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_pending.load() == 0; });
}

void WorkerPool::work(int index, std::uint64_t seen)
{
    for (;;) {
        for (int i = 0; i < spinChecks && m_generation.load() == seen; ++i)
            std::this_thread::yield();
        const std::function<void(int, int)> *job = nullptr;
        int count = 0;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_start.wait(lock, [this, seen] { return m_stop || m_generation.load() != seen; });
            if (m_stop)
                return;
            seen = m_generation.load();
            job = m_job;
            count = threads();
        }
        (*job)(index, count);
        if (m_pending.fetch_sub(1) == 1) {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_done.notify_one();
        }
    }
}

} // namespace attention::tiny
