#pragma once

/// The tiny model's worker threads: a fixed set that runs one job on every thread and returns
/// when all are done (a fork-join region, like `#pragma omp parallel`).
///
/// Why not OpenMP: libgomp's threads busy-wait for the next region and at its barriers. On a
/// machine shared with other work (the app's GUI thread, a compiler, another engineer's tests)
/// a descheduled spinning thread turned a 10 ms training step into 100–250 ms. These workers spin
/// only briefly, then sleep on a condition variable.
///
/// Who owns them: the training run (tiny::Trainer, on whichever thread steps it) sets their count
/// and is the only caller of run() while it trains. A thread that computes something else with
/// the model at the same time (the app's inspector, app/model/training/modelinspector.h) holds a
/// SerialScope: its products then run on that thread alone and never wait for a training step.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attention::tiny {

class WorkerPool
{
public:
    /// The process-wide pool, one thread (no workers) until setThreads.
    static WorkerPool &instance();

    ~WorkerPool();

    /// Uses `threads` threads in total: the caller and threads − 1 workers.
    void setThreads(int threads);
    int threads() const { return int(m_workers.size()) + 1; }

    /// Calls job(thread, threads) once on each thread (the caller is thread 0) and returns when
    /// every call has returned. Not reentrant: a job must not call run.
    void run(const std::function<void(int, int)> &job);

    /// True while the calling thread holds a SerialScope: its work must not use the pool.
    static bool serialHere();

private:
    WorkerPool() = default;
    void stopWorkers();
    /// A worker's loop; `seen` is the generation of the last run it has no part in.
    void work(int index, std::uint64_t seen);

    std::vector<std::thread> m_workers;
    std::mutex m_runMutex; ///< one run at a time
    std::mutex m_mutex;
    std::condition_variable m_start;
    std::condition_variable m_done;
    const std::function<void(int, int)> *m_job = nullptr;
    std::atomic<std::uint64_t> m_generation{0};
    std::atomic<int> m_pending{0};
    bool m_stop = false;
};

/// While alive, the products of the tiny model computed on this thread run on it alone, without
/// the worker threads (their results are the same as with one thread in the pool).
class SerialScope
{
public:
    SerialScope();
    ~SerialScope();
    SerialScope(const SerialScope &) = delete;
    SerialScope &operator=(const SerialScope &) = delete;
};

} // namespace attention::tiny
