#include "costrunjson.h"

#include <QJsonValue>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

std::optional<Kernel> kernelFromJson(const QJsonValue &value)
{
    return kernelFromName(value.toString().toStdString());
}

/// A measured point of a saved run; nullopt if any of its fields is missing or out of range.
std::optional<CostPoint> pointFromJson(const QJsonObject &object)
{
    const auto kernel = kernelFromJson(object.value(QStringLiteral("kernel")));
    const double T = object.value(QStringLiteral("T")).toDouble(-1.0);
    const double ms = object.value(QStringLiteral("ms")).toDouble(-1.0);
    const double bytes = object.value(QStringLiteral("extra_bytes")).toDouble(-1.0);
    if (!kernel || T != std::floor(T) || T < 1 || T > costLargestLength || !std::isfinite(ms) ||
        ms <= 0.0 || !(bytes >= 0.0 && bytes < 1e18))
        return std::nullopt;
    CostPoint point;
    point.kernel = *kernel;
    point.T = int(T);
    point.ms = ms;
    point.extraBytes = qint64(bytes);
    point.runs = std::max(0, object.value(QStringLiteral("runs")).toInt(0));
    return point;
}

} // namespace

QList<int> cleanCostLengths(QList<int> lengths)
{
    lengths.erase(std::remove_if(lengths.begin(), lengths.end(),
                                 [](int T) { return T < 1 || T > costLargestLength; }),
                  lengths.end());
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    return lengths;
}

QJsonArray costLengthsToJson(const QList<int> &lengths)
{
    QJsonArray array;
    for (int T : lengths)
        array.append(T);
    return array;
}

QList<int> costLengthsFromJson(const QJsonValue &value)
{
    QList<int> lengths;
    for (const QJsonValue &item : value.toArray()) {
        const double T = item.toDouble(-1.0);
        if (T == std::floor(T) && T >= 1 && T <= costLargestLength)
            lengths.append(static_cast<int>(T));
    }
    return lengths;
}

QJsonArray costKernelsToJson(const QList<Kernel> &kernels)
{
    QJsonArray array;
    for (Kernel kernel : kernels)
        array.append(QString::fromLatin1(kernelName(kernel)));
    return array;
}

std::optional<QList<Kernel>> costKernelsFromJson(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    QList<Kernel> kernels;
    for (const QJsonValue &item : value.toArray())
        if (const auto kernel = kernelFromJson(item))
            kernels.append(*kernel);
    QList<Kernel> ordered;
    for (Kernel kernel : allKernels())
        if (kernels.contains(kernel))
            ordered.append(kernel);
    return ordered;
}

QJsonObject costRunToJson(const CostRun &run)
{
    QJsonObject results;
    results.insert(QStringLiteral("lengths"), costLengthsToJson(run.lengths));
    results.insert(QStringLiteral("kernels"), costKernelsToJson(run.kernels));
    results.insert(QStringLiteral("d"), run.d);
    results.insert(QStringLiteral("causal"), run.causal);
    results.insert(QStringLiteral("threads"), run.threads);
    QJsonArray points;
    for (const CostPoint &p : run.points) {
        QJsonObject point;
        point.insert(QStringLiteral("kernel"), QString::fromLatin1(kernelName(p.kernel)));
        point.insert(QStringLiteral("T"), p.T);
        point.insert(QStringLiteral("ms"), p.ms);
        point.insert(QStringLiteral("extra_bytes"), double(p.extraBytes));
        point.insert(QStringLiteral("runs"), p.runs);
        points.append(point);
    }
    results.insert(QStringLiteral("points"), points);
    return results;
}

CostRun costRunFromJson(const QJsonObject &object, int defaultDimension)
{
    CostRun run;
    for (const QJsonValue &value : object.value(QStringLiteral("points")).toArray())
        if (const auto point = pointFromJson(value.toObject()))
            run.points.append(*point);
    // The rows and kernels of the run, completed by whatever the points need.
    QList<int> runLengths = costLengthsFromJson(object.value(QStringLiteral("lengths")));
    QList<Kernel> runKernels =
        costKernelsFromJson(object.value(QStringLiteral("kernels"))).value_or(QList<Kernel>());
    for (const CostPoint &p : run.points) {
        runLengths.append(p.T);
        if (!runKernels.contains(p.kernel))
            runKernels.append(p.kernel);
    }
    run.lengths = cleanCostLengths(runLengths);
    for (Kernel kernel : allKernels())
        if (runKernels.contains(kernel))
            run.kernels.append(kernel);
    const int d = object.value(QStringLiteral("d")).toInt(0);
    run.d = d > 0 ? d : defaultDimension;
    run.causal = object.value(QStringLiteral("causal")).toBool(false);
    const int runThreads = object.value(QStringLiteral("threads")).toInt(0);
    run.threads = runThreads > 0 ? runThreads : std::max(1, availableCores());
    return run;
}

} // namespace attention
