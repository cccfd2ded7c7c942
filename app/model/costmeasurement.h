#pragma once

/// Lesson step 6's timing run, off the GUI thread: attention timed at growing T for each chosen
/// kernel on this machine (core/bench.h's runBench, one call per kernel and T), each finished
/// point published at once so that a chart fills in as it goes.
///
/// The run is a LatestJob: starting another or cancel() drops the one before. Cancelling is
/// polled between kernel runs; a single run cannot be interrupted, so each kernel is timed only
/// up to a T where one run stays well under a second (costMaxLength()).

#include "kernels.h"

#include <QList>
#include <QObject>
#include <QPointF>

namespace attention {

class LatestJob;

/// The instruction set this process's kernels were chosen for at start ("x86-64-v3"): what the
/// timings are of, and what the about box names.
QString kernelInstructionSet();

/// One kernel timed at one T.
struct CostPoint
{
    Kernel kernel = Kernel::Tiled;
    int T = 0;
    double ms = 0.0;       ///< median time of one attention pass
    qint64 extraBytes = 0; ///< what the kernel allocated beyond inputs and output
    int runs = 0;          ///< timed runs behind the median
};

/// Choices and results of one timing run.
struct CostRun
{
    QList<int> lengths;
    QList<Kernel> kernels;
    int d = 64;
    bool causal = false;
    int threads = 0; ///< threads used (resolved: never 0 once measured)
    QList<CostPoint> points;

    /// The measured points of `kernel`, as (T, ms).
    QList<QPointF> measured(Kernel kernel) const;
    /// How much of the run's work is measured, 0 to 1, each point weighted by T² (the work
    /// grows like T²), as costProgressSteps counts it.
    double completed() const;
};

/// The largest T a kernel is timed at: naive 4000 (one run takes a few hundred ms there, and a
/// run cannot be interrupted), materialized 8000 (its table takes 256 MiB there, 1 GiB at
/// 16000), tiled costLargestLength.
int costMaxLength(Kernel kernel);
constexpr int costLargestLength = 16000;
/// Bytes of a float32 T×T score table (core/bench.h's scoreTableBytes).
qint64 costTableBytes(int T);
/// The least-squares slope of ln ms against ln T over points (T, ms) (core/bench.h's
/// fittedSlope): 2 means time ∝ T². NaN unless there are two distinct T.
double costSlope(const QList<QPointF> &points);
/// The c of ms = c·T^exponent through the geometric mean of points (T, ms) (core/bench.h's
/// powerLawCoefficient). NaN for no points.
double costCoefficient(const QList<QPointF> &points, double exponent);
/// The progress the measurement reports goes from 0 to costProgressSteps.
constexpr int costProgressSteps = 1000;

class CostMeasurement : public QObject
{
    Q_OBJECT

public:
    explicit CostMeasurement(QObject *parent = nullptr);
    /// Cancels the run and waits for the kernel run in progress.
    ~CostMeasurement() override;

    /// Times `run`'s kernels at its lengths (T by T, every kernel at each T, so all the lines
    /// grow together), `repeat` timed runs per point after a warm-up, each point within about
    /// `budgetMs`. run.threads must be resolved (≥ 1).
    void start(const CostRun &run, int repeat, double budgetMs);
    /// Stops the run; cancelled() is emitted, the points published so far stay published.
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void pointMeasured(const attention::CostPoint &point);
    /// done of total (costProgressSteps), the work weighted by T².
    void progressChanged(int done, int total);
    void runningChanged(bool running);
    /// Every point was measured.
    void finished();
    void cancelled();

private:
    LatestJob *m_job;
};

} // namespace attention
