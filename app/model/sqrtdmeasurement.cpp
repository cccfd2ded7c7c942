#include "sqrtdmeasurement.h"

#include "latestjob.h"

namespace attention {

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
            const SqrtDRow row = measureSqrtD(dimensions.at(i), options, cancelled);
            if (context.isCancelled())
                return LatestJob::Delivery();
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
