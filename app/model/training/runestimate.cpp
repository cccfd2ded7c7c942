#include "runestimate.h"

#include "tiny/model.h"
#include "tiny/trainingcost.h"

#include <map>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace attention {

RunEstimate estimateRun(const tiny::ModelConfig &config, const tiny::TrainingSettings &settings,
                        qint64 trainIds, int stepsLeft, double stepsPerSecond,
                        double flopsPerSecond)
{
    RunEstimate estimate;
    // The trainer's peak, and the page's two copies of the weights (the latest and the best).
    const qint64 weights = qint64(tiny::parameterCount(config)) * qint64(sizeof(float));
    estimate.bytes =
        qint64(tiny::trainingMemory(config, settings.batch, settings.threads, trainIds).total()) +
        2 * weights;
    estimate.physicalBytes = physicalMemoryBytes();
    const double rate = stepsPerSecond > 0.0
                            ? stepsPerSecond
                            : flopsPerSecond / tiny::stepFlops(config, settings.batch);
    estimate.seconds = rate > 0.0 ? double(qMax(0, stepsLeft)) / rate : 0.0;
    return estimate;
}

qint64 physicalMemoryBytes()
{
#if defined(Q_OS_UNIX) && defined(_SC_PHYS_PAGES)
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && pageSize > 0)
        return qint64(pages) * qint64(pageSize);
#endif
    return 0;
}

double machineStepRate(int threads, bool measure)
{
    static std::map<int, double> rates;
    const auto found = rates.find(threads);
    if (found != rates.end())
        return found->second;
    if (!measure)
        return 0.0;
    const double rate = tiny::measureStepRate(threads);
    rates.emplace(threads, rate);
    return rate;
}

} // namespace attention
