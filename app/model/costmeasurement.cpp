#include "costmeasurement.h"

#include "bench.h"
#include "isa.h"
#include "latestjob.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace attention {

namespace {

/// One kernel to time at one T.
struct Case
{
    Kernel kernel;
    int T;
};

/// T by T, every kernel at each T. A kernel past its largest T is skipped: one of its runs there
/// could not be cancelled in reasonable time. `totalWeight` is the work of them all (T² each).
std::vector<Case> casesOf(const CostRun &run, double &totalWeight)
{
    std::vector<Case> cases;
    totalWeight = 0.0;
    for (int T : run.lengths)
        for (Kernel kernel : run.kernels)
            if (T <= costMaxLength(kernel)) {
                cases.push_back({kernel, T});
                totalWeight += double(T) * double(T);
            }
    return cases;
}

/// Times `cases` one after the other on the worker, reporting progress weighted by T² and
/// handing each point to `deliver`; false when cancelled or a run gave no result.
bool timeCases(const LatestJob::Context &context, const std::vector<Case> &cases,
               const BenchOptions &base, double totalWeight,
               const std::function<void(const CostPoint &)> &deliver)
{
    double doneWeight = 0.0;
    for (const Case &c : cases) {
        if (context.isCancelled())
            return false;
        BenchOptions options = base;
        options.lengths = {Index(c.T)};
        options.kernels = {c.kernel};
        const double weight = double(c.T) * double(c.T);
        const auto results = runBench(options, [&](int done, int total) {
            const double fraction = (doneWeight + weight * done / total) / totalWeight;
            context.reportProgress(int(fraction * costProgressSteps), costProgressSteps);
            return !context.isCancelled();
        });
        if (context.isCancelled() || results.empty())
            return false;
        CostPoint point;
        point.kernel = c.kernel;
        point.T = c.T;
        point.ms = results.front().medianMs;
        point.extraBytes = qint64(results.front().extraBytes);
        point.runs = results.front().runs;
        deliver(point);
        doneWeight += weight;
    }
    return true;
}

/// The points (T, ms) as the core's curve points.
std::vector<CurvePoint> curvePoints(const QList<QPointF> &points)
{
    std::vector<CurvePoint> curve;
    curve.reserve(std::size_t(points.size()));
    for (const QPointF &p : points)
        curve.push_back({p.x(), p.y()});
    return curve;
}

} // namespace

double costSlope(const QList<QPointF> &points)
{
    return fittedSlope(curvePoints(points));
}

double costCoefficient(const QList<QPointF> &points, double exponent)
{
    return powerLawCoefficient(curvePoints(points), exponent);
}

QString kernelInstructionSet()
{
    return QLatin1String(isaName(activeIsa()));
}

int costMaxLength(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Naive:
        return 4000;
    case Kernel::Materialized:
        return 8000;
    case Kernel::Tiled:
        return costLargestLength;
    }
    return 0;
}

qint64 costTableBytes(int T)
{
    return qint64(scoreTableBytes(Index(T)));
}

QList<QPointF> CostRun::measured(Kernel kernel) const
{
    QList<QPointF> measuredPoints;
    for (const CostPoint &p : points)
        if (p.kernel == kernel)
            measuredPoints.append(QPointF(p.T, p.ms));
    return measuredPoints;
}

double CostRun::completed() const
{
    double totalWeight = 0.0;
    const std::vector<Case> cases = casesOf(*this, totalWeight);
    double done = 0.0;
    for (const Case &c : cases)
        if (std::any_of(points.cbegin(), points.cend(),
                        [&](const CostPoint &p) { return p.kernel == c.kernel && p.T == c.T; }))
            done += double(c.T) * double(c.T);
    return totalWeight > 0.0 ? done / totalWeight : 0.0;
}

CostMeasurement::CostMeasurement(QObject *parent)
    : QObject(parent)
    , m_job(new LatestJob(this))
{
    connect(m_job, &LatestJob::runningChanged, this, &CostMeasurement::runningChanged);
    connect(m_job, &LatestJob::progressChanged, this, &CostMeasurement::progressChanged);
    connect(m_job, &LatestJob::cancelled, this, &CostMeasurement::cancelled);
}

CostMeasurement::~CostMeasurement()
{
    // Stop the worker before anything its deliveries reach goes away.
    delete m_job;
}

void CostMeasurement::start(const CostRun &run, int repeat, double budgetMs)
{
    double totalWeight = 0.0;
    const std::vector<Case> cases = casesOf(run, totalWeight);
    BenchOptions base;
    base.d = run.d;
    base.causal = run.causal;
    base.threads = run.threads;
    base.repeat = repeat;
    base.budgetMs = budgetMs;
    // The work captures values only; `this` is used in the closures it posts, which run on the
    // GUI thread and only while this run is the latest.
    m_job->start([this, cases, base,
                  totalWeight](const LatestJob::Context &context) -> LatestJob::Delivery {
        const bool done =
            timeCases(context, cases, base, totalWeight, [this, &context](const CostPoint &point) {
                context.post([this, point] { Q_EMIT pointMeasured(point); });
            });
        if (!done)
            return {};
        return [this] { Q_EMIT finished(); };
    });
}

void CostMeasurement::cancel()
{
    m_job->cancel();
}

bool CostMeasurement::isRunning() const
{
    return m_job->isRunning();
}

} // namespace attention
