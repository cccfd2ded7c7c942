// CostPage's saved state: the settings and the last run, as JSON, and back.

#include "costpage.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProgressBar>
#include <algorithm>
#include <cmath>
#include <optional>

namespace attention {

namespace {

QJsonArray lengthsToJson(const QList<int> &lengths)
{
    QJsonArray array;
    for (int T : lengths)
        array.append(T);
    return array;
}

/// The valid lengths of a JSON array, as they come (CostPage::cleanLengths sorts them); empty for
/// anything else.
QList<int> lengthsFromJson(const QJsonValue &value)
{
    QList<int> lengths;
    for (const QJsonValue &item : value.toArray()) {
        const double T = item.toDouble(-1.0);
        if (T == std::floor(T) && T >= 1 && T <= CostPage::largestLength)
            lengths.append(static_cast<int>(T));
    }
    return lengths;
}

QJsonArray kernelsToJson(const QList<Kernel> &kernels)
{
    QJsonArray array;
    for (Kernel kernel : kernels)
        array.append(QString::fromLatin1(kernelName(kernel)));
    return array;
}

std::optional<Kernel> kernelFromJson(const QJsonValue &value)
{
    return kernelFromName(value.toString().toStdString());
}

/// The known kernels of a JSON array, in the order of allKernels(); nullopt if not an array.
std::optional<QList<Kernel>> kernelsFromJson(const QJsonValue &value)
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

/// A measured point of a saved run; nullopt if any of its fields is missing or out of range.
std::optional<CostPage::Point> pointFromJson(const QJsonObject &object)
{
    const auto kernel = kernelFromJson(object.value(QStringLiteral("kernel")));
    const double T = object.value(QStringLiteral("T")).toDouble(-1.0);
    const double ms = object.value(QStringLiteral("ms")).toDouble(-1.0);
    const double bytes = object.value(QStringLiteral("extra_bytes")).toDouble(-1.0);
    if (!kernel || T != std::floor(T) || T < 1 || T > CostPage::largestLength ||
        !std::isfinite(ms) || ms <= 0.0 || !(bytes >= 0.0 && bytes < 1e18))
        return std::nullopt;
    CostPage::Point point;
    point.kernel = *kernel;
    point.T = int(T);
    point.ms = ms;
    point.extraBytes = qint64(bytes);
    point.runs = std::max(0, object.value(QStringLiteral("runs")).toInt(0));
    return point;
}

} // namespace

QJsonObject CostPage::saveState() const
{
    QJsonObject state;
    state.insert(QStringLiteral("lengths"), lengthsToJson(m_lengths));
    state.insert(QStringLiteral("kernels"), kernelsToJson(kernels()));
    state.insert(QStringLiteral("d"), dimension());
    state.insert(QStringLiteral("causal"), isCausal());
    state.insert(QStringLiteral("threads"), threads());

    QJsonObject results;
    results.insert(QStringLiteral("lengths"), lengthsToJson(m_results.lengths));
    results.insert(QStringLiteral("kernels"), kernelsToJson(m_results.kernels));
    results.insert(QStringLiteral("d"), m_results.d);
    results.insert(QStringLiteral("causal"), m_results.causal);
    results.insert(QStringLiteral("threads"), m_results.threads);
    QJsonArray points;
    for (const Point &p : m_results.points) {
        QJsonObject point;
        point.insert(QStringLiteral("kernel"), QString::fromLatin1(kernelName(p.kernel)));
        point.insert(QStringLiteral("T"), p.T);
        point.insert(QStringLiteral("ms"), p.ms);
        point.insert(QStringLiteral("extra_bytes"), double(p.extraBytes));
        point.insert(QStringLiteral("runs"), p.runs);
        points.append(point);
    }
    results.insert(QStringLiteral("points"), points);
    state.insert(QStringLiteral("results"), results);
    return state;
}

void CostPage::restoreState(const QJsonObject &state)
{
    reset();
    const QList<int> lengths = lengthsFromJson(state.value(QStringLiteral("lengths")));
    if (!lengths.isEmpty())
        setLengths(lengths);
    if (const auto chosen = kernelsFromJson(state.value(QStringLiteral("kernels"))))
        for (Kernel kernel : allKernels())
            setKernelEnabled(kernel, chosen->contains(kernel));
    setDimension(state.value(QStringLiteral("d")).toInt(defaultDimension));
    setCausal(state.value(QStringLiteral("causal")).toBool(false));
    const int threads = state.value(QStringLiteral("threads")).toInt(-1);
    setThreads(threads >= 0 ? threads : defaultThreads);

    m_results = runFromJson(state.value(QStringLiteral("results")).toObject());
    m_status = Status::Idle;
    // The bar says how much of the restored run was measured, as it did when it stopped.
    m_progress->setValue(int(std::lround(m_results.completed() * progressSteps)));
    showResults();
}

CostPage::Run CostPage::runFromJson(const QJsonObject &results)
{
    Run run;
    for (const QJsonValue &value : results.value(QStringLiteral("points")).toArray())
        if (const auto point = pointFromJson(value.toObject()))
            run.points.append(*point);
    // The rows and kernels of the run, completed by whatever the points need.
    QList<int> runLengths = lengthsFromJson(results.value(QStringLiteral("lengths")));
    QList<Kernel> runKernels =
        kernelsFromJson(results.value(QStringLiteral("kernels"))).value_or(QList<Kernel>());
    for (const Point &p : run.points) {
        runLengths.append(p.T);
        if (!runKernels.contains(p.kernel))
            runKernels.append(p.kernel);
    }
    run.lengths = cleanLengths(runLengths);
    for (Kernel kernel : allKernels())
        if (runKernels.contains(kernel))
            run.kernels.append(kernel);
    const int d = results.value(QStringLiteral("d")).toInt(0);
    run.d = d > 0 ? d : defaultDimension;
    run.causal = results.value(QStringLiteral("causal")).toBool(false);
    const int runThreads = results.value(QStringLiteral("threads")).toInt(0);
    run.threads = runThreads > 0 ? runThreads : std::max(1, availableCores());
    return run;
}

} // namespace attention
