#pragma once

/// Lesson step 4's measurements, off the GUI thread: the √d curves (core/sqrtd.h's measureSqrtD at
/// every dimension of a list, each row published as it comes, small d first) and one trial to look
/// at (drawSqrtDTrial). Each runs on its own LatestJob: asking again cancels the stale work, and
/// only the latest answer arrives. A row measured once in the process is not measured again.

#include "sqrtd.h"

#include <QList>
#include <QObject>
#include <memory>

namespace attention {

class LatestJob;

class SqrtDMeasurement : public QObject
{
    Q_OBJECT

public:
    explicit SqrtDMeasurement(QObject *parent = nullptr);
    /// Cancels both jobs and waits for them (each polls its cancel flag between trials).
    ~SqrtDMeasurement() override;

    /// Measures `dimensions` in order with `options`: rowMeasured() for each, then
    /// curvesMeasured().
    void measureCurves(const SqrtDOptions &options, const QList<int> &dimensions);
    /// Draws the first trial of dimension d with `options`: trialDrawn() when it is ready.
    void drawTrial(int d, const SqrtDOptions &options);

    bool isMeasuringCurves() const;
    bool isBusy() const;

Q_SIGNALS:
    /// Row `index` of the dimensions asked for.
    void rowMeasured(int index, const attention::SqrtDRow &row);
    void curvesProgressed(int done, int total);
    void curvesMeasured();
    void trialDrawn(int d, std::shared_ptr<const attention::SqrtDTrial> trial);
    /// isBusy() may have changed.
    void runningChanged();

private:
    LatestJob *m_curveJob;
    LatestJob *m_trialJob;
};

} // namespace attention
