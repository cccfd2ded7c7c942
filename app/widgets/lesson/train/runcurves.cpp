#include "runcurves.h"

#include "losschart.h"
#include "positionlossview.h"
#include "positionstepmap.h"
#include "trainingsession.h"

#include <QChart>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

namespace attention {

RunCurves::RunCurves(QWidget *parent)
    : QWidget(parent)
    , m_lossChart(new LossChart)
    , m_positionSteps(new PositionStepMap)
    , m_positionLosses(new PositionLossView)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_lossChart, 1);
    layout->addWidget(m_positionSteps);
    layout->addWidget(m_positionLosses);
    connect(m_lossChart->chart(), &QChart::plotAreaChanged, this, &RunCurves::alignSteps);
}

void RunCurves::showSession(const TrainingSession &session)
{
    m_lossChart->showSession(session);
    m_positionSteps->showSession(session, m_lossChart->stepAxis()->max());
    alignSteps();
}

void RunCurves::setShownStep(int step)
{
    m_lossChart->setShownStep(step);
    m_positionSteps->setShownStep(step);
}

void RunCurves::showProbeLosses(const SharedSnapshot &snapshot, const TrainingSession &session)
{
    if (!snapshot) {
        m_positionLosses->setLosses({}, {}, std::nullopt, 1.0);
        return;
    }
    // The scale: a model that knows nothing, ln V, so the bars of every step compare.
    m_positionLosses->setLosses(snapshot->losses, session.probeCharacters(),
                                copyLosses(*snapshot, session.probeIds()),
                                std::log(std::max(2, session.vocabulary().size())));
}

void RunCurves::retranslateUi()
{
    m_lossChart->retranslateUi();
}

void RunCurves::applyFonts(const QFont &font)
{
    m_lossChart->applyFonts(font);
}

void RunCurves::alignSteps()
{
    const QRectF area = m_lossChart->chart()->plotArea();
    if (area.isEmpty())
        return;
    const QWidget *viewport = m_lossChart->viewport();
    const auto x = [&](qreal sceneX) {
        const QPoint inView = m_lossChart->mapFromScene(QPointF(sceneX, area.top()));
        return qreal(m_positionSteps->mapFrom(this, viewport->mapTo(this, inView)).x());
    };
    m_positionSteps->setPlotSpan(x(area.left()), x(area.right()));
}

} // namespace attention
