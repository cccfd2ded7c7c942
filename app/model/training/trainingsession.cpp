#include "trainingsession.h"

#include "corpusfile.h"
#include "tiny/inference.h"
#include "tiny/trainingcost.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QMetaObject>
#include <QSignalBlocker>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <limits>

namespace attention {

namespace {

/// Snapshots per run before the history first thins.
constexpr int snapshotsPerRun = 200;

} // namespace

/// What the worker hands to the GUI thread in one delivery.
struct TrainingSession::Progress
{
    std::vector<double> losses; ///< the steps since the last delivery
    std::vector<ValidationPoint> validations;
    int bestStep = -1;
    double bestLoss = 0.0;
    SharedModel best;   ///< set when a validation improved
    SharedModel latest; ///< set with a snapshot
    std::vector<SharedSnapshot> snapshots;
    std::shared_ptr<const std::vector<int>> probe; ///< what the snapshots were taken on
    double trainingSeconds = 0.0; ///< spent in the steps (validations and snapshots apart)
    bool last = false;            ///< the worker's final progress: it stops after it
};

/// What a run reads, fixed when it starts (the header's thread contract).
struct TrainingSession::RunInput
{
    quint64 generation = 0;
    tiny::Trainer *trainer = nullptr; ///< lent to the worker for the run
    int lastStep = 0;
    int steps = 0; ///< the schedule's length
    int evalEvery = 25;
    std::shared_ptr<const RunValidation> validation;
};

TrainingSession::TrainingSession(QObject *parent)
    : QObject(parent)
    , m_bestFile(new BestFileWriter([this] { return bestFileExport(); }, bestFileInterval, this))
{
    connect(m_bestFile, &BestFileWriter::written, this, &TrainingSession::bestFileWritten);
    connect(m_bestFile, &BestFileWriter::failed, this, &TrainingSession::bestFileFailed);
    m_probeIds = std::make_shared<const std::vector<int>>();
}

TrainingSession::~TrainingSession()
{
    // No signal from here: whoever listened may be half destroyed already.
    const QSignalBlocker silent(this);
    pauseAndWait();
    // The write in flight ends, and a newer best is written, while this is still whole.
    delete m_bestFile;
}

std::optional<TrainingError> TrainingSession::setUp(const TrainingSetup &setup)
{
    TrainingSetup wanted = setup;
    std::shared_ptr<const tiny::PreparedCorpus> corpus;
    std::u32string text;
    if (wanted.corpus == m_setup.corpus && wanted.config.context == m_setup.config.context &&
        m_corpus) {
        corpus = m_corpus; // only the model or the training changed: the same text
        text = m_corpusText;
    } else {
        CorpusLoadResult loaded = loadCorpus(wanted.corpus, wanted.config.context);
        if (!loaded.ok())
            return TrainingError{
                TrainingError::Code::Corpus, wanted.corpus, 0, 0, {}, loaded.error};
        text = corpusText(loaded.corpus.source);
        corpus = std::make_shared<const tiny::PreparedCorpus>(std::move(loaded.corpus));
    }
    wanted.config.vocabSize = corpus->vocabulary.size();
    if (auto why = setupError(wanted, *corpus))
        return why;

    pauseAndWait();
    m_setup = wanted;
    m_corpus = std::move(corpus);
    m_corpusText = std::move(text);
    m_corpusName = QFile::decodeName(m_corpus->source.name.c_str());
    m_validation = std::make_shared<const RunValidation>(*m_corpus, m_setup.config.context);
    m_unigramLoss =
        tiny::unigramLoss(m_corpus->trainIds, m_corpus->valIds, m_corpus->vocabulary.size());
    reset();
    return std::nullopt;
}

void TrainingSession::reset()
{
    if (!m_corpus)
        return;
    pauseAndWait();
    m_trainer =
        std::make_unique<tiny::Trainer>(m_setup.config, m_setup.settings, m_corpus->trainIds);
    m_vocabulary = m_corpus->vocabulary;
    clearRun();
    auto model = std::make_shared<SessionModel>();
    model->parameters = m_trainer->parameters();
    m_model = model;
    m_snapshotEvery = std::max(1, m_setup.settings.steps / snapshotsPerRun);
    m_off.clear();     // a new model: every head on
    setProbe(m_probe); // re-encodes it, takes the first snapshot and updates the heads off
    setState(State::Ready);
    Q_EMIT modelChanged();
    Q_EMIT progressed();
}

void TrainingSession::openModel(const ModelFile &file, std::optional<QDateTime> restoredFrom)
{
    pauseAndWait();
    auto parameters = tiny::importTensors(file.config, file.tensors);
    if (!parameters)
        return; // loadModel() checked the shapes: not reached
    m_trainer.reset();
    clearRun();
    m_vocabulary = file.vocabulary;
    m_corpusName = file.metadata.corpusName;
    auto model = std::make_shared<SessionModel>();
    model->parameters = std::move(*parameters);
    model->step = int(std::min<qint64>(file.metadata.steps, std::numeric_limits<int>::max()));
    m_model = model;
    m_bestModel = model;
    m_bestStep = model->step;
    m_bestLoss = file.metadata.valLoss;
    m_restoredFrom = restoredFrom;
    m_off.clear();
    setProbe(m_probe);
    setState(State::Opened);
    Q_EMIT modelChanged();
    Q_EMIT progressed();
}

void TrainingSession::clearRun()
{
    m_trainLosses.clear();
    m_validations.clear();
    m_bestStep = -1;
    m_bestLoss = 0.0;
    m_stepsPerSecond = 0.0;
    m_trainingSeconds = 0.0;
    m_trainedSteps = 0;
    m_bestModel.reset();
    m_savedModel.reset();
    m_restoredFrom.reset();
    clearHistory();
    m_bestFile->cancel();
}

void TrainingSession::markSaved(SavedWeights which)
{
    modelFileHeader(which, &m_savedModel);
}

bool TrainingSession::hasUnsavedRun() const
{
    // The weights a saved model file would hold: the best, else the latest.
    const SharedModel kept = m_bestModel ? m_bestModel : m_model;
    const bool trained =
        m_state == State::Running || m_state == State::Paused || m_state == State::Finished;
    return trained && stepsDone() > 0 && kept && kept != m_savedModel;
}

void TrainingSession::train()
{
    if (canTrain())
        start(m_setup.settings.steps);
}

void TrainingSession::stepOnce()
{
    if (canTrain())
        start(m_trainer->stepsDone() + 1);
}

bool TrainingSession::extendSteps(const TrainingSetup &longer)
{
    // The steps, and what goes with them in the form: the warm-up and the validation interval.
    TrainingSetup same = longer;
    same.settings.steps = m_setup.settings.steps;
    same.settings.warmup = m_setup.settings.warmup;
    same.evalEvery = m_setup.evalEvery;
    if ((m_state != State::Paused && m_state != State::Finished) || !m_trainer ||
        !(same == m_setup) || longer.settings.steps <= m_setup.settings.steps)
        return false;
    m_setup.settings = longer.settings; // the config keeps the corpus's vocabulary size
    m_setup.evalEvery = longer.evalEvery;
    setState(State::Paused);
    Q_EMIT progressed();
    return true;
}

int TrainingSession::scheduleSteps() const
{
    return m_trainer ? m_trainer->settings().steps : m_setup.settings.steps;
}

void TrainingSession::start(int lastStep)
{
    m_stopRequested = false;
    auto input = std::make_shared<RunInput>();
    input->generation = ++m_runGeneration;
    input->trainer = m_trainer.get();
    input->lastStep = lastStep;
    input->steps = m_setup.settings.steps;
    input->evalEvery = m_setup.evalEvery;
    input->validation = m_validation;
    m_thread = QThread::create([this, input] { runWorker(*input); });
    setState(State::Running);
    m_thread->start();
}

void TrainingSession::runWorker(const RunInput &input)
{
    tiny::Trainer &trainer = *input.trainer;
    Progress progress;
    QElapsedTimer sincePost;
    sincePost.start();
    QElapsedTimer sinceSnapshot;
    sinceSnapshot.start();
    qint64 trainingNs = 0;
    const auto handOver = [&](bool last) {
        progress.trainingSeconds = double(trainingNs) * 1e-9;
        progress.last = last;
        post(std::move(progress), input.generation);
        progress = Progress{};
        trainingNs = 0;
        sincePost.restart();
    };
    bool stopping = false;
    while (!stopping && trainer.stepsDone() < input.lastStep && !m_stopRequested.load()) {
        QElapsedTimer stepTimer;
        stepTimer.start();
        progress.losses.push_back(trainer.step());
        trainingNs += stepTimer.nsecsElapsed();
        const int step = trainer.stepsDone();
        const bool last = step == input.lastStep || step == input.steps;
        if (step % input.evalEvery == 0 || last) {
            if (auto point = input.validation->validate(trainer, step)) {
                progress.validations.push_back(std::move(*point));
                if (trainer.bestStep() == step) {
                    auto best = std::make_shared<SessionModel>();
                    best->parameters = trainer.bestParameters();
                    best->step = step;
                    progress.best = best;
                    progress.bestStep = step;
                    progress.bestLoss = trainer.bestValLoss();
                }
            }
        }
        // Read once: a pause that lands now still gets this step's snapshot before the loop ends.
        stopping = last || m_stopRequested.load();
        // Every few steps, and at least a few times a second in a long run with slow steps.
        if (step % m_snapshotEvery.load() == 0 || stopping ||
            sinceSnapshot.elapsed() >= snapshotInterval.count()) {
            sinceSnapshot.restart();
            auto latest = std::make_shared<SessionModel>();
            latest->parameters = trainer.parameters();
            latest->step = step;
            progress.probe = sharedProbeIds();
            progress.snapshots.push_back(
                attentionSnapshot(latest->parameters, *progress.probe, step));
            progress.latest = latest;
        }
        if (sincePost.elapsed() >= postInterval.count() && !stopping)
            handOver(false);
    }
    handOver(true); // the last progress, perhaps empty: it ends the run
}

void TrainingSession::post(Progress progress, quint64 generation)
{
    {
        const std::lock_guard<std::mutex> lock(m_outboxMutex);
        m_outbox.push_back(std::move(progress));
    }
    QMetaObject::invokeMethod(
        this, [this, generation] { collect(generation); }, Qt::QueuedConnection);
}

void TrainingSession::collect(quint64 generation)
{
    // One at a time, in order: a listener may pause and wait (and so collect) in between, or even
    // start another run, whose progress is not this call's to take.
    while (generation == m_runGeneration && m_thread) {
        Progress progress;
        {
            const std::lock_guard<std::mutex> lock(m_outboxMutex);
            if (m_outbox.empty())
                return;
            progress = std::move(m_outbox.front());
            m_outbox.erase(m_outbox.begin());
        }
        const bool last = progress.last;
        deliver(std::move(progress));
        if (last) {
            runEnded();
            return;
        }
    }
}

void TrainingSession::deliver(Progress progress)
{
    m_trainLosses.insert(m_trainLosses.end(), progress.losses.begin(), progress.losses.end());
    m_validations.insert(m_validations.end(), progress.validations.begin(),
                         progress.validations.end());
    m_trainingSeconds += progress.trainingSeconds;
    m_trainedSteps += int(progress.losses.size());
    if (m_trainingSeconds > 0.0)
        m_stepsPerSecond = m_trainedSteps / m_trainingSeconds;
    if (progress.best) {
        m_bestModel = progress.best;
        m_bestStep = progress.bestStep;
        m_bestLoss = progress.bestLoss;
        m_bestFile->markDirty();
    }
    if (progress.latest) {
        m_model = progress.latest;
        if (progress.probe == sharedProbeIds())
            for (SharedSnapshot &snapshot : progress.snapshots)
                appendSnapshot(std::move(snapshot));
        else
            snapshotShownModel(); // the probe changed meanwhile
        if (!m_off.heads().empty())
            updateHeadsOff();
        Q_EMIT modelChanged();
    }
    Q_EMIT progressed();
}

void TrainingSession::runEnded()
{
    m_thread->wait(); // it returns right after its last progress
    delete m_thread;
    m_thread = nullptr;
    m_bestFile->flush();
    const bool finished = m_trainer && m_trainer->stepsDone() >= m_setup.settings.steps;
    setState(finished ? State::Finished : State::Paused);
}

void TrainingSession::pause()
{
    if (m_thread)
        m_stopRequested = true;
}

void TrainingSession::pauseAndWait()
{
    if (!m_thread)
        return;
    m_stopRequested = true;
    m_thread->wait();
    collect(m_runGeneration); // everything it handed over, its last progress among it
}

bool TrainingSession::waitUntilIdle(int ms)
{
    const auto idle = [this] { return !m_thread && !m_bestFile->isWriting(); };
    if (idle())
        return true;
    // An event loop that sleeps until the worker stops and the best file is written (a polling
    // loop would take a core from them).
    QEventLoop loop;
    const auto quitWhenIdle = [&idle, &loop] {
        if (idle())
            loop.quit();
    };
    connect(this, &TrainingSession::stateChanged, &loop, quitWhenIdle);
    connect(this, &TrainingSession::bestFileWritten, &loop, quitWhenIdle);
    connect(this, &TrainingSession::bestFileFailed, &loop, quitWhenIdle);
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
    return idle();
}

void TrainingSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

tiny::LossFall TrainingSession::fastestFall() const
{
    return attention::fastestFall(m_validations, m_setup.settings.steps);
}

const tiny::PreparedCorpus &TrainingSession::corpus() const
{
    static const tiny::PreparedCorpus none;
    return m_corpus ? *m_corpus : none;
}

RunEstimate TrainingSession::estimate(const TrainingSetup &setup) const
{
    tiny::ModelConfig config = setup.config;
    config.vocabSize = std::max(1, m_setup.config.vocabSize); // the corpus loaded last
    const bool thisRun = setup == m_setup && m_state != State::Opened;
    const int stepsLeft = setup.settings.steps - (thisRun ? stepsDone() : 0);
    double flopsPerSecond = 0.0;
    if (m_stepsPerSecond > 0.0)
        flopsPerSecond = m_stepsPerSecond * tiny::stepFlops(m_setup.config, m_setup.settings.batch);
    else
        flopsPerSecond = machineStepRate(setup.settings.threads, !m_thread);
    const qint64 trainIds = m_corpus ? qint64(m_corpus->trainIds.size()) : 0;
    return estimateRun(config, setup.settings, trainIds, stepsLeft,
                       thisRun ? m_stepsPerSecond : 0.0, flopsPerSecond);
}

int TrainingSession::stepsDone() const
{
    if (m_state == State::Opened)
        return m_model ? m_model->step : 0;
    return int(m_trainLosses.size());
}

ModelFile TrainingSession::modelFile(SavedWeights which) const
{
    SharedModel model;
    ModelFile file = modelFileHeader(which, &model);
    if (model) {
        file.config = model->parameters.config;
        file.tensors = tiny::exportTensors(model->parameters);
    }
    return file;
}

ModelFile TrainingSession::modelFileHeader(SavedWeights which, SharedModel *model) const
{
    ModelFile file;
    // The latest weights are the best ones when nothing better came since (an opened model).
    const bool best = m_bestModel && (which == SavedWeights::Best || m_bestModel == m_model);
    *model = best ? m_bestModel : m_model;
    if (!*model)
        return file;
    file.vocabulary = m_vocabulary;
    if (m_state == State::Opened) {
        file.metadata.corpusName = m_corpusName;
    } else {
        setCorpus(file.metadata, m_corpusName, m_corpusText);
        file.metadata.seed = m_setup.settings.seed;
    }
    file.metadata.steps = (*model)->step;
    if (best)
        file.metadata.valLoss = m_bestStep >= 0 ? m_bestLoss : 0.0;
    else
        file.metadata.valLoss = m_validations.empty() ? 0.0 : m_validations.back().loss;
    return file;
}

void TrainingSession::setProbe(const QString &probe)
{
    m_probe = probe;
    std::vector<int> ids;
    const std::u32string text = probe.toStdU32String();
    const int context = m_model ? m_model->parameters.config.context : m_setup.config.context;
    for (std::size_t i = 0; i < text.size() && int(ids.size()) < context; ++i)
        ids.push_back(m_vocabulary.idOf(text[i]));
    {
        std::lock_guard lock(m_probeMutex);
        m_probeIds = std::make_shared<const std::vector<int>>(std::move(ids));
    }
    clearHistory();
    snapshotShownModel();
    updateHeadsOff();
    Q_EMIT progressed();
}

std::vector<int> TrainingSession::probeIds() const
{
    return *sharedProbeIds();
}

QStringList TrainingSession::probeCharacters() const
{
    QStringList characters;
    const std::u32string text = m_probe.toStdU32String();
    const std::size_t n = std::min(text.size(), sharedProbeIds()->size());
    for (std::size_t i = 0; i < n; ++i)
        characters.append(QString::fromUcs4(&text[i], 1));
    return characters;
}

std::shared_ptr<const std::vector<int>> TrainingSession::sharedProbeIds() const
{
    std::lock_guard lock(m_probeMutex);
    return m_probeIds;
}

void TrainingSession::snapshotShownModel()
{
    if (m_model)
        appendSnapshot(attentionSnapshot(m_model->parameters, probeIds(), m_model->step));
}

void TrainingSession::appendSnapshot(SharedSnapshot snapshot)
{
    if (m_history.append(std::move(snapshot)))
        historyThinned();
}

void TrainingSession::historyThinned()
{
    m_snapshotEvery = std::min(2 * m_snapshotEvery.load(), std::max(1, m_setup.settings.steps));
    Q_EMIT historyReset();
}

void TrainingSession::clearHistory()
{
    m_history.clear();
    Q_EMIT historyReset();
}

void TrainingSession::setHistoryByteLimit(qint64 bytes)
{
    if (m_history.setByteLimit(bytes))
        historyThinned();
}

void TrainingSession::setHeadsOff(std::vector<tiny::HeadIndex> off)
{
    if (m_off.set(std::move(off), m_model ? m_model->parameters.config : tiny::ModelConfig{}))
        updateHeadsOff();
}

SharedModel TrainingSession::shownModel() const
{
    return m_off.model() ? m_off.model() : m_model;
}

void TrainingSession::updateHeadsOff()
{
    m_off.update(m_model, probeIds());
    Q_EMIT headsOffChanged();
}

bool TrainingSession::validationFitsModel() const
{
    return m_corpus && !m_corpus->valIds.empty() && m_corpus->vocabulary == m_vocabulary;
}

InspectionInput TrainingSession::inspectionInput() const
{
    InspectionInput input;
    input.model = m_model;
    input.off = m_off.heads();
    input.withOff = shownModel();
    input.vocabulary = m_vocabulary;
    input.onValidation = validationFitsModel();
    if (input.onValidation) {
        input.text = m_corpus->valIds;
        input.documentEnds = m_corpus->split.valDocumentEnds;
    } else {
        input.text = probeIds();
    }
    return input;
}

void TrainingSession::setBestFile(const QString &fileName)
{
    m_bestFile->setFileName(fileName);
}

std::optional<TrainingError> TrainingSession::bestFileError() const
{
    return m_bestFile->error();
}

BestFileWriter::Export TrainingSession::bestFileExport() const
{
    if (!m_bestModel || m_state == State::Opened)
        return {};
    SharedModel model;
    ModelFile header = modelFileHeader(SavedWeights::Best, &model);
    return [header = std::move(header), model]() mutable {
        header.config = model->parameters.config;
        header.tensors = tiny::exportTensors(model->parameters);
        return std::move(header);
    };
}

} // namespace attention
