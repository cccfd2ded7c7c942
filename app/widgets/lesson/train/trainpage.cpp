#include "trainpage.h"

#include "chartscolumn.h"
#include "datafiles.h"
#include "headgrid.h"
#include "headpanel.h"
#include "headscolumn.h"
#include "headworthpanel.h"
#include "historyview.h"
#include "layersexercise.h"
#include "losschart.h"
#include "modelfile.h"
#include "nextcharpanel.h"
#include "positionlossview.h"
#include "positionstepmap.h"
#include "runcurves.h"
#include "runfiles.h"
#include "traincontrols.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

constexpr int profileDelayMs = 300;
constexpr int setupDelayMs = 300;
/// How long scripts/train-tang-model.sh trained the model that ships (docs/results.md reports
/// the run).
constexpr int shippedModelMinutes = 16;

} // namespace

QString TrainPage::modelFileFilter()
{
    return tr("Models (*.safetensors);;All files (*)");
}

TrainingSetup TrainPage::defaultSetup()
{
    return attention::defaultSetup(QString::fromLatin1(corpora::tang300));
}

QString TrainPage::defaultProbe()
{
    return QStringLiteral("床前明月光，疑是地上霜。");
}

QString TrainPage::repeatProbe()
{
    return corpora::repeatProbe();
}

QString TrainPage::probeFor(const QString &corpus)
{
    return corpus == QLatin1String(corpora::repeatTask) ? repeatProbe() : defaultProbe();
}

TrainPage::TrainPage(QWidget *parent)
    : LessonPage(parent)
    , m_session(new TrainingSession(this))
    , m_inspector(new ModelInspector(this))
    , m_controls(new TrainControls)
    , m_curves(new RunCurves)
    , m_headsColumn(new HeadsColumn(m_session))
    , m_historyView(m_headsColumn->historyView())
    , m_grid(m_historyView->grid())
    , m_tabs(new QTabWidget)
    , m_headPanel(new HeadPanel)
    , m_nextChar(new NextCharPanel(m_inspector))
    , m_worthPanel(new HeadWorthPanel)
    , m_saveModel(new QPushButton)
    , m_openModel(new QPushButton)
    , m_openShipped(new QPushButton)
    , m_profileTimer(new QTimer(this))
    , m_setupTimer(new QTimer(this))
{
    m_setupTimer->setSingleShot(true);
    m_setupTimer->setInterval(setupDelayMs);
    m_profileTimer->setSingleShot(true);
    m_profileTimer->setInterval(profileDelayMs);
    m_headsColumn->showProbe(defaultProbe());
    m_files = new RunFiles(m_session, m_controls, this);
    m_session->setProbe(defaultProbe());
    m_controls->setSetup(defaultSetup());
    buildLayout();
    QString keptError; // a bad file is named in the kept runs' note
    m_curves->useKeptFile(KeptRuns::defaultFileName(), &keptError);
    connectSession();
    connectControls();
    retranslateUi();
    applyFonts();
    sessionProgressed();
}

void TrainPage::buildLayout()
{
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_controls);
    auto *files = new QHBoxLayout;
    files->addWidget(m_openModel);
    files->addWidget(m_saveModel);
    leftLayout->addLayout(files);
    leftLayout->addWidget(m_openShipped);
    auto *scroll = m_controlsScroll = new QScrollArea;
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Only a container: Tab goes to its controls (and scrolls them into view), not to it.
    scroll->setFocusPolicy(Qt::NoFocus);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitControlsColumn();

    m_tabs->addTab(m_headPanel, QString());
    m_tabs->addTab(m_nextChar, QString());
    m_tabs->addTab(m_worthPanel, QString());

    // The loss above the selected head's panel, the loss at each position of the probe line
    // under it (beside the run's curves: the heads need their column's height for their tiles);
    // beside them the heads, the whole height: their tiles are square, so height is what makes
    // them large.
    m_chartsColumn = new ChartsColumn(m_curves, m_tabs);
    auto *right = new QSplitter(Qt::Horizontal);
    right->addWidget(m_chartsColumn);
    right->addWidget(m_headsColumn);
    right->setStretchFactor(0, 2);
    right->setStretchFactor(1, 1);
    right->setSizes({650, 350});
    right->setChildrenCollapsible(false);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    layout->addWidget(right, 1);
}

void TrainPage::connectSession()
{
    TrainingSession *s = m_session;
    connect(s, &TrainingSession::progressed, this, &TrainPage::sessionProgressed);
    connect(s, &TrainingSession::historyReset, m_historyView, &HistoryView::historyReset);
    connect(s, &TrainingSession::headsOffChanged, this, [this] {
        updateNextChar();
        inspectHeads();
        m_historyView->historyAppended();
    });
    connect(s, &TrainingSession::modelChanged, this, [this] {
        updateNextChar();
        // While training, the profiles follow a few times a second; otherwise at once.
        if (!m_session->isRunning())
            inspectHeads();
        else if (!m_profileTimer->isActive())
            m_profileTimer->start();
    });
    connect(s, &TrainingSession::stateChanged, this, [this] {
        if (m_session->state() == TrainingSession::State::Ready)
            m_heavyRunAccepted = false; // a new run
        m_controls->showSession(*m_session);
        updateEstimate();
        if (!m_session->isRunning())
            inspectHeads(); // the final weights' profiles
        m_curves->keepExerciseRun();
        m_controls->setPendingChange(m_session->state() != TrainingSession::State::Empty &&
                                     !(m_controls->setup() == m_session->setup()) &&
                                     m_session->state() != TrainingSession::State::Running);
        Q_EMIT busyChanged(isBusy());
    });
    // A failed write of the best weights is said in the status line (TrainControls words it).
    connect(s, &TrainingSession::bestFileFailed, this,
            [this] { m_controls->showSession(*m_session); });
    connect(m_profileTimer, &QTimer::timeout, this, &TrainPage::inspectHeads);
    connect(m_inspector, &ModelInspector::headsInspected, this, &TrainPage::showSelectedHead);
    connect(m_inspector, &ModelInspector::worthMeasured, this,
            [this] { m_worthPanel->showWorth(m_inspector->worth().get()); });
    connect(m_inspector, &ModelInspector::busyChanged, this,
            [this] { Q_EMIT busyChanged(isBusy()); });
}

void TrainPage::connectControls()
{
    // A setting applies once the spin box rests, not at every step of its arrows.
    connect(m_controls, &TrainControls::setupEdited, m_setupTimer, qOverload<>(&QTimer::start));
    connect(m_setupTimer, &QTimer::timeout, this, &TrainPage::applySetup);
    connect(m_setupTimer, &QTimer::timeout, this, &TrainPage::updateEstimate);
    connect(m_controls, &TrainControls::trainClicked, this, [this] {
        if (!ensureSetUp())
            return showError(m_lastError);
        // A heavy run is asked about once, before it starts.
        const RunEstimate estimate = m_session->estimate(m_session->setup());
        if (estimate.isHeavy() && !m_heavyRunAccepted) {
            if (!m_controls->askBeforeHeavyRun(estimate))
                return;
            m_heavyRunAccepted = true;
        }
        m_session->train();
    });
    connect(m_controls, &TrainControls::pauseClicked, m_session, &TrainingSession::pause);
    connect(m_controls, &TrainControls::stepClicked, this, [this] {
        if (ensureSetUp())
            m_session->stepOnce();
        else
            showError(m_lastError);
    });
    connect(m_controls, &TrainControls::resetClicked, this, [this] {
        if (!m_files->confirmReplacingRun())
            return;
        const QString error = trainingErrorText(m_session->setUp(m_controls->setup()));
        if (!error.isEmpty())
            showError(error);
        m_controls->setPendingChange(!error.isEmpty());
    });

    connect(m_headsColumn, &HeadsColumn::probeEdited, this, &TrainPage::setProbe);
    // The panels below describe the current model: a head from the past is shown, not opened.
    connect(m_historyView, &HistoryView::snapshotShown, m_headPanel, &HeadPanel::setLatestShown);
    connect(m_historyView, &HistoryView::snapshotShown, m_worthPanel,
            &HeadWorthPanel::setLatestShown);
    // The loss chart marks the step the grid replays (nothing while it shows the latest); the
    // losses on the probe line are the shown snapshot's.
    connect(m_historyView, &HistoryView::snapshotShown, this, [this](bool latest) {
        m_curves->setShownStep(latest ? -1 : m_historyView->shownStep());
        m_curves->showProbeLosses(m_grid->sharedSnapshot(), *m_session);
    });
    connect(m_grid, &HeadGrid::headSelected, this, &TrainPage::showSelectedHead);
    connect(m_grid, &HeadGrid::positionSelected, this, [this] { updateNextChar(); });
    connect(m_headPanel, &HeadPanel::headOffToggled, this, &TrainPage::switchSelectedHead);
    connect(m_headPanel, &HeadPanel::workbenchRequested, this, [this] {
        if (const std::optional<Scenario> scenario = headScenario())
            Q_EMIT workbenchRequested(*scenario);
    });
    // The window's File → Open Model / Save Model do the asking (ModelActions).
    connect(m_openModel, &QPushButton::clicked, this, &TrainPage::openModelRequested);
    connect(m_files, &RunFiles::modelFileUsed, this, &TrainPage::modelFileUsed);
    connect(m_files, &RunFiles::saveRequested, this, &TrainPage::saveModelRequested);
    connect(m_saveModel, &QPushButton::clicked, this, &TrainPage::saveModelRequested);
    connect(m_openShipped, &QPushButton::clicked, this, [this] {
        if (!openModel(shippedModelPath()) && !m_lastError.isEmpty()) // empty: cancelled
            showError(m_lastError);
    });
}

bool TrainPage::ensureSetUp()
{
    if (m_session->state() != TrainingSession::State::Empty)
        return true;
    m_lastError = trainingErrorText(m_session->setUp(m_controls->setup()));
    if (!m_lastError.isEmpty()) {
        m_controls->showSession(*m_session);
        return false;
    }
    return true;
}

void TrainPage::applySetup()
{
    using State = TrainingSession::State;
    const TrainingSetup wanted = m_controls->setup();
    // A model that learned nothing yet follows the form at once; a trained one waits for Reset,
    // so that no training is lost by a slip of the mouse.
    if (m_session->state() == State::Empty || m_session->state() == State::Ready) {
        // The probe follows the corpus while it is the other corpus's line (the repeat task
        // reads a string written twice, the poems a couplet).
        if (wanted.corpus != m_session->setup().corpus &&
            m_headsColumn->probeEdit()->text() == probeFor(m_session->setup().corpus))
            setProbe(probeFor(wanted.corpus));
        // Said beside the form, not in a message box: the learner may be typing.
        const QString error = trainingErrorText(m_session->setUp(wanted));
        m_controls->setPendingChange(!error.isEmpty());
        if (!error.isEmpty()) {
            m_lastError = error;
            m_controls->statusLabel()->setText(error);
        }
        return;
    }
    // More steps for a paused or finished run: it goes on where it stopped (Train continues).
    if (m_session->extendSteps(wanted)) {
        m_controls->setPendingChange(false);
        return;
    }
    m_controls->setPendingChange(!(wanted == m_session->setup()));
}

void TrainPage::setProbe(const QString &probe)
{
    m_headsColumn->showProbe(probe);
    if (probe == m_session->probe())
        return;
    m_session->setProbe(probe);
    updateNextChar();
    // Profiles measured on the probe line (no corpus in the model's characters) follow it.
    if (const SharedHeadsInspection heads = m_inspector->heads(); heads && !heads->onValidation)
        m_profileTimer->start();
}

void TrainPage::updateEstimate()
{
    // While a run goes on the status says the time left and the estimate is hidden: nothing to
    // work out at each of its progress reports.
    if (m_session->isRunning())
        m_controls->showEstimate(RunEstimate{}, true);
    else if (m_session->state() != TrainingSession::State::Empty)
        m_controls->showEstimate(m_session->estimate(m_controls->setup()), false);
}

void TrainPage::sessionProgressed()
{
    m_controls->showSession(*m_session);
    updateEstimate();
    m_curves->showSession(*m_session);
    m_historyView->historyAppended();
}

void TrainPage::inspectHeads()
{
    m_profileTimer->stop();
    const InspectionInput input = m_session->inspectionInput();
    m_inspector->inspectHeads(input);
    // Not while training runs: a pass per head would keep a core busy with weights soon
    // replaced.
    if (!m_session->isRunning())
        m_inspector->measureWorth(input);
}

void TrainPage::switchSelectedHead(bool off)
{
    const tiny::HeadIndex head{m_grid->selectedLayer(), m_grid->selectedHead()};
    std::vector<tiny::HeadIndex> heads = m_session->headsOff();
    heads.erase(std::remove(heads.begin(), heads.end(), head), heads.end());
    if (off)
        heads.push_back(head);
    m_session->setHeadsOff(std::move(heads));
}

void TrainPage::showSelectedHead()
{
    const SharedHeadsInspection heads = m_inspector->heads();
    const int layer = m_grid->selectedLayer();
    const int head = m_grid->selectedHead();
    const std::vector<tiny::HeadIndex> &off = m_session->headsOff();
    m_headPanel->setHeadOff(std::find(off.begin(), off.end(), tiny::HeadIndex{layer, head}) !=
                            off.end());
    m_headPanel->showHead(heads ? layer : -1, head, heads);
    m_grid->setRoleMarks(heads.get());
}

void TrainPage::updateNextChar()
{
    m_headsColumn->updateProbeNote();
    // The model as the learner left it: without the heads switched off.
    m_nextChar->showModel(m_session->shownModel(), &m_session->vocabulary(), m_session->probeIds(),
                          m_grid->selectedPosition());
}

std::optional<Scenario> TrainPage::headScenario() const
{
    const SharedModel model = m_session->model();
    const int layer = m_grid->selectedLayer();
    const int head = m_grid->selectedHead();
    std::optional<Scenario> scenario =
        ModelInspector::headScenario(model, m_session->probeIds(), layer, head);
    if (!scenario)
        return std::nullopt;
    scenario->title = tr("%1, layer %2, head %3, step %4")
                          .arg(corpora::shortName(m_session->corpusName()))
                          .arg(layer + 1)
                          .arg(head + 1)
                          .arg(model->step);
    scenario->tokens = m_session->probeCharacters();
    return scenario;
}

bool TrainPage::isBusy() const
{
    return m_session->isRunning() || m_inspector->isBusy();
}

void TrainPage::startExercise(int index)
{
    showStartedExercise(index);
    m_tabs->setCurrentWidget(m_headPanel);
    if (index >= 1) {
        startInductionExercise(index == 2 ? LayersExercise::nextLayers(m_curves->keptRuns().runs())
                                          : 2);
    } else if (ensureSetUp() && m_session->stepsDone() == 0 && m_session->canTrain()) {
        m_session->train();
    }
}

void TrainPage::startInductionExercise(int layers)
{
    // A model of the repeat task of `layers` layers stays (a run that trained, or one opened
    // from a file); anything else becomes a run of the task, trained now.
    const QString repeat = QString::fromLatin1(corpora::repeatTask);
    const bool opened = m_session->state() == TrainingSession::State::Opened;
    const bool repeatModel = opened ? m_session->corpusName() == repeat
                                    : m_session->setup().corpus == repeat &&
                                          m_session->state() != TrainingSession::State::Empty &&
                                          m_session->stepsDone() > 0 &&
                                          m_session->setup().config.layers == layers;
    if (!repeatModel) {
        if (!m_files->confirmReplacingRun())
            return;
        TrainingSetup setup = attention::defaultSetup(repeat);
        setup.config.layers = layers;
        m_controls->setSetup(setup);
        m_controls->setPendingChange(false);
        if (const QString error = trainingErrorText(m_session->setUp(setup)); !error.isEmpty())
            return showError(error);
    }
    setProbe(repeatProbe());
    if (m_session->canTrain() && m_session->stepsDone() == 0)
        m_session->train();
}

void TrainPage::showStartedExercise(int index)
{
    m_headPanel->setExercise(index == 0   ? HeadPanel::Exercise::LastComma
                             : index == 1 ? HeadPanel::Exercise::Induction
                                          : HeadPanel::Exercise::None);
    m_curves->setExerciseShown(index == 2);
}

void TrainPage::showError(const QString &message)
{
    m_lastError = message;
    if (isVisible())
        QMessageBox::warning(this, tr("Attention Lab"), message);
}

QJsonObject TrainPage::saveState() const
{
    QJsonObject state = setupToJson(m_controls->setup());
    state.insert(QStringLiteral("probe"), m_headsColumn->probeEdit()->text());
    state.insert(QStringLiteral("layer"), m_grid->selectedLayer());
    state.insert(QStringLiteral("head"), m_grid->selectedHead());
    state.insert(QStringLiteral("temperature"), m_nextChar->temperature());
    state.insert(QStringLiteral("prompt"), m_nextChar->prompt());
    return state;
}

void TrainPage::restoreState(const QJsonObject &state)
{
    m_controls->setSetup(setupFromJson(state, m_controls->setup()));
    setProbe(state.value(QStringLiteral("probe")).toString(defaultProbe()));
    m_nextChar->setTemperature(state.value(QStringLiteral("temperature")).toDouble(1.0));
    m_nextChar->setPrompt(state.value(QStringLiteral("prompt")).toString(QStringLiteral("床前")));
    if (m_session->state() != TrainingSession::State::Empty)
        applySetup();
    const auto integer = [&state](const char *key) {
        return state.value(QLatin1String(key)).toInt(0);
    };
    m_grid->setSelectedHead(integer("layer"), integer("head"));
}

void TrainPage::reset()
{
    m_headPanel->setExercise(HeadPanel::Exercise::None);
    TrainingSetup setup = defaultSetup();
    m_controls->setSetup(defaultSetup());
    setProbe(defaultProbe());
    m_nextChar->setTemperature(1.0);
    m_nextChar->setPrompt(QStringLiteral("床前"));
    m_grid->setSelectedHead(0, 0);
    if (m_session->state() != TrainingSession::State::Empty) {
        const QString error = trainingErrorText(m_session->setUp(setup));
        if (!error.isEmpty())
            m_lastError = error;
    }
    m_controls->setPendingChange(false);
}

void TrainPage::showEvent(QShowEvent *event)
{
    LessonPage::showEvent(event);
    if (m_session->state() == TrainingSession::State::Empty && !ensureSetUp())
        m_controls->statusLabel()->setText(m_lastError);
}

void TrainPage::hideEvent(QHideEvent *event)
{
    // Leaving the step pauses the training; minimising the window (a spontaneous hide) does not.
    if (!event->spontaneous())
        m_session->pause();
    LessonPage::hideEvent(event);
}

void TrainPage::applyFonts()
{
    m_curves->applyFonts(font());
    fitControlsColumn();
    m_chartsColumn->fitWidth();
}

void TrainPage::fitControlsColumn()
{
    // As wide as its controls need in the present font (the zoom) and language, with room for
    // the vertical scroll bar: it scrolls only up and down.
    m_controlsScroll->setMinimumWidth(m_controlsScroll->widget()->minimumSizeHint().width() + 20);
}

void TrainPage::retranslateUi()
{
    m_controls->retranslateUi();
    m_controls->showSession(*m_session);
    updateEstimate();
    fitControlsColumn();
    m_curves->retranslateUi();
    m_headPanel->retranslateUi();
    m_nextChar->retranslateUi();
    m_tabs->setTabText(0, tr("The selected head"));
    m_tabs->setTabText(1, tr("Next character"));
    m_tabs->setTabText(2, tr("What each head is worth"));
    m_chartsColumn->fitWidth();
    m_worthPanel->retranslateUi();
    m_saveModel->setText(tr("Save model…"));
    m_openModel->setText(tr("Open model…"));
    m_openShipped->setText(tr("Open the long-trained model"));
    m_openShipped->setToolTip(
        tr("A model trained on 全唐诗 for %1 minutes that ships with Attention "
           "Lab: see what heads learn from 57,603 poems.")
            .arg(shippedModelMinutes));
    m_headsColumn->retranslateUi();
}

QLineEdit *TrainPage::probeEdit() const
{
    return m_headsColumn->probeEdit();
}

QLabel *TrainPage::probeNote() const
{
    return m_headsColumn->probeNote();
}

void TrainPage::setBestFile(const QString &fileName)
{
    m_files->setBestFile(fileName);
}

bool TrainPage::saveModel(const QString &fileName, SavedWeights which)
{
    const bool saved = m_files->save(fileName, which);
    m_lastError = m_files->lastError();
    return saved;
}

bool TrainPage::openModel(const QString &fileName)
{
    const bool opened = m_files->open(fileName);
    m_lastError = m_files->lastError();
    return opened;
}

} // namespace attention
