#include "sqrtdmeasurement.h"

#include "latestjob.h"

#include <QMutex>
#include <QMutexLocker>
#include <map>
#include <optional>
#include <tuple>

namespace attention {

namespace {

/// The rows measured in this process. A row depends on its dimension and the options alone (the
/// seed fixes every draw), so a row asked for again (a second window, T changed back) is not
/// measured again. Bounded: past maxRows it starts empty again.
class RowMemo
{
public:
    using Key = std::tuple<int, Index, int, std::uint64_t, bool>;

    static Key key(int d, const SqrtDOptions &options)
    {
        return {d, options.T, options.trials, options.seed, options.causal};
    }
    std::optional<SqrtDRow> find(const Key &key)
    {
        const QMutexLocker lock(&m_mutex);
        const auto found = m_rows.find(key);
        return found == m_rows.end() ? std::nullopt : std::optional<SqrtDRow>(found->second);
    }
    void insert(const Key &key, const SqrtDRow &row)
    {
        const QMutexLocker lock(&m_mutex);
        if (m_rows.size() >= maxRows)
            m_rows.clear();
        m_rows.emplace(key, row);
    }

private:
    static constexpr std::size_t maxRows = 4096;
    QMutex m_mutex;
    std::map<Key, SqrtDRow> m_rows;
};

RowMemo &rowMemo()
{
    static RowMemo memo;
    return memo;
}

} // namespace

SqrtDMeasurement::SqrtDMeasurement(QObject *parent)
    : QObject(parent)
    , m_curveJob(new LatestJob(this))
    , m_trialJob(new LatestJob(this))
{
    connect(m_curveJob, &LatestJob::runningChanged, this, &SqrtDMeasurement::runningChanged);
    connect(m_trialJob, &LatestJob::runningChanged, this, &SqrtDMeasurement::runningChanged);
    connect(m_curveJob, &LatestJob::progressChanged, this, &SqrtDMeasurement::curvesProgressed);
}

SqrtDMeasurement::~SqrtDMeasurement()
{
    // Stop the workers before anything they deliver to is destroyed.
    delete m_curveJob;
    delete m_trialJob;
}

void SqrtDMeasurement::measureCurves(const SqrtDOptions &options, const QList<int> &dimensions)
{
    m_curveJob->start([this, options, dimensions](const LatestJob::Context &context) {
        const auto cancelled = [&context] { return context.isCancelled(); };
        for (int i = 0; i < dimensions.size(); ++i) {
            const RowMemo::Key key = RowMemo::key(dimensions.at(i), options);
            const std::optional<SqrtDRow> known = rowMemo().find(key);
            const SqrtDRow row =
                known ? *known : measureSqrtD(dimensions.at(i), options, cancelled);
            if (context.isCancelled())
                return LatestJob::Delivery();
            if (!known)
                rowMemo().insert(key, row);
            // Runs on the GUI thread, and only while this job is the latest.
            context.post([this, i, row] { Q_EMIT rowMeasured(i, row); });
            context.reportProgress(i + 1, int(dimensions.size()));
        }
        return LatestJob::Delivery([this] { Q_EMIT curvesMeasured(); });
    });
}

void SqrtDMeasurement::drawTrial(int d, const SqrtDOptions &options)
{
    m_trialJob->start([this, d, options](const LatestJob::Context &context) {
        auto trial = std::make_shared<const SqrtDTrial>(drawSqrtDTrial(d, options));
        if (context.isCancelled())
            return LatestJob::Delivery();
        return LatestJob::Delivery([this, d, trial] { Q_EMIT trialDrawn(d, trial); });
    });
}

bool SqrtDMeasurement::isMeasuringCurves() const
{
    return m_curveJob->isRunning();
}

bool SqrtDMeasurement::isBusy() const
{
    return m_curveJob->isRunning() || m_trialJob->isRunning();
}

} // namespace attention
