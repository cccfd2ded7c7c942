#include "runcurves.h"

#include "corpusfile.h"
#include "layersexercise.h"
#include "losschart.h"
#include "positionlossview.h"
#include "positionstepmap.h"
#include "trainingsession.h"

#include <QChart>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

namespace attention {

RunCurves::RunCurves(QWidget *parent)
    : QWidget(parent)
    , m_lossChart(new LossChart)
    , m_positionSteps(new PositionStepMap)
    , m_positionLosses(new PositionLossView)
    , m_keep(new QPushButton)
    , m_forget(new QPushButton)
    , m_keptNote(new QLabel)
    , m_mapRun(new QComboBox)
    , m_verdict(new QLabel)
{
    m_keptNote->setWordWrap(true);
    m_verdict->setWordWrap(true);
    m_verdict->setVisible(false);
    auto *kept = new QHBoxLayout;
    kept->addWidget(m_keep);
    kept->addWidget(m_forget);
    kept->addWidget(m_mapRun);
    kept->addWidget(m_keptNote, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_lossChart, 1);
    layout->addWidget(m_positionSteps);
    layout->addLayout(kept);
    layout->addWidget(m_verdict);
    layout->addWidget(m_positionLosses);
    connect(m_lossChart->chart(), &QChart::plotAreaChanged, this, &RunCurves::alignSteps);
    connect(m_keep, &QPushButton::clicked, this, &RunCurves::keepRun);
    connect(m_forget, &QPushButton::clicked, this, &RunCurves::forgetKeptRuns);
    connect(m_mapRun, &QComboBox::activated, this, [this](int index) {
        m_positionSteps->setShownRun(index - 1);
        if (m_session)
            showSession(*m_session);
    });
    retranslateUi();
}

bool RunCurves::useKeptFile(const QString &fileName, QString *error)
{
    m_keptFile = fileName;
    std::optional<KeptRuns> kept = KeptRuns::load(fileName, error);
    m_kept = kept ? std::move(*kept) : KeptRuns{};
    m_keptMessage = kept ? QString() : *error;
    showKeptRuns();
    return kept.has_value();
}

void RunCurves::keepRun()
{
    std::optional<KeptRun> run = m_session ? keptRunOf(*m_session) : std::nullopt;
    if (!run)
        return;
    const std::optional<KeptRun> dropped = m_kept.keep(std::move(*run));
    m_keptMessage = dropped ? tr("The oldest kept run (%1) was dropped: at most %n are kept.",
                                 nullptr, KeptRuns::maxKept)
                                  .arg(runName(*dropped))
                            : QString();
    saveKeptRuns();
    showKeptRuns();
}

bool RunCurves::keepExerciseRun()
{
    if (!m_exerciseShown || !m_session || m_session->state() != TrainingSession::State::Finished ||
        LayersExercise::nextLayers(m_kept.runs()) != 1)
        return false;
    const TrainingSetup &setup = m_session->setup();
    if (setup.corpus != QLatin1String(corpora::repeatTask) || setup.config.layers != 1)
        return false;
    keepRun();
    return true;
}

void RunCurves::forgetKeptRuns()
{
    m_kept.clear();
    m_keptMessage.clear();
    saveKeptRuns();
    showKeptRuns();
}

void RunCurves::saveKeptRuns()
{
    QString error;
    if (!m_keptFile.isEmpty() && !m_kept.save(m_keptFile, &error))
        m_keptMessage = tr("The kept runs could not be saved: %1").arg(error);
}

QString RunCurves::runName(const KeptRun &run)
{
    return tr("%1, %n layer(s), %2 steps", nullptr, run.setup.config.layers)
        .arg(corpora::shortName(run.setup.corpus))
        .arg(run.stepsDone);
}

void RunCurves::showKeptRuns()
{
    QStringList plain;
    QStringList names;
    for (const KeptRun &run : m_kept.runs()) {
        plain.append(runName(run));
        names.append(tr("kept: %1").arg(plain.constLast()));
    }
    m_lossChart->setKeptRuns(m_kept.runs(), names);
    m_positionSteps->setKeptRuns(m_kept.runs(), plain);
    m_forget->setEnabled(!m_kept.isEmpty());
    // The map's run: this one, or a kept one (the same one while it is still kept).
    m_positionSteps->setShownRun(m_positionSteps->shownRun());
    m_mapRun->clear();
    m_mapRun->addItem(tr("Map of this run"));
    for (const QString &name : std::as_const(plain))
        m_mapRun->addItem(tr("Map of the kept run %1").arg(name));
    m_mapRun->setCurrentIndex(m_positionSteps->shownRun() + 1);
    m_mapRun->setVisible(!m_kept.isEmpty());
    QString note = m_kept.isEmpty()
                       ? tr("Keep a run to compare the next ones with it.")
                       : tr("%n run(s) kept, drawn faint.", nullptr, int(m_kept.runs().size()));
    if (!m_keptMessage.isEmpty())
        note += QLatin1Char(' ') + m_keptMessage;
    m_keptNote->setText(note);
    if (m_session)
        showSession(*m_session);
}

void RunCurves::setExerciseShown(bool shown)
{
    m_exerciseShown = shown;
    m_verdict->setVisible(shown);
    updateVerdict();
}

void RunCurves::updateVerdict()
{
    if (!m_exerciseShown)
        return;
    const std::optional<KeptRun> current = m_session ? keptRunOf(*m_session) : std::nullopt;
    m_verdict->setText(LayersExercise::judge(m_kept.runs(), current).text);
}

void RunCurves::showSession(const TrainingSession &session)
{
    m_session = &session;
    updateVerdict();
    m_keep->setEnabled(!session.validations().empty());
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
    m_keep->setText(tr("Keep this run"));
    m_keep->setToolTip(tr("Keep this run's curves to compare the next runs with: train one layer, "
                          "keep it, then train two and see which one has the phase change."));
    m_forget->setText(tr("Forget kept runs"));
    m_mapRun->setToolTip(tr("Which run's loss at each position the map shows: a kept one-layer "
                            "run's stays light in the late positions."));
    m_mapRun->setAccessibleName(tr("Map of"));
    showKeptRuns();
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
