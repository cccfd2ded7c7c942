#pragma once

/// Training the tiny model in the app (lesson step 7): one tiny::Trainer run on a worker thread,
/// driven by Train, Pause, One step and Reset, and what the run has shown so far.
///
/// Threads: the contract.
///  - A run is one worker thread that alone steps the trainer, from train() or stepOnce() until
///    it stops; between runs there is no worker and everything here belongs to the GUI thread.
///  - What a run reads is fixed when it starts (RunInput: the trainer lent to it, the validation
///    text and its marks, the last step, the validation interval, the run's generation), except
///    three values the GUI thread may change meanwhile, each made for it: the stop request and
///    the snapshot interval (atomics) and the probe line (a shared pointer behind a mutex).
///  - The worker hands its progress over as values (losses, validations, shared snapshots and
///    weights) at most every `postInterval`: it puts each in an outbox (a queue behind a mutex)
///    and queues a call tagged with the run's generation; the call empties the outbox on the GUI
///    thread, and a call of an earlier run does nothing. The worker's last progress says so, and
///    taking it ends the run. pauseAndWait() joins the worker and empties the outbox itself: no
///    posted event is ever flushed.
///  - The destructor pauses and waits without a signal: whoever listened may be half gone.
///  - The tiny model's thread count is the run's setting; the trainer sets it at every step on the
///    worker (tiny::Trainer::step), nowhere else. Those worker threads (tiny::WorkerPool) are the
///    run's: the inspector (modelinspector.h) computes beside them, never with them.
/// The GUI thread never waits for the worker except in pauseAndWait() (reset(), setUp(),
/// openModel(), the destructor): at most one training step.
///
/// Reproducible: the training losses depend only on the setup (corpus, model, settings, seed,
/// threads), never on where the learner paused, on snapshots or on validations, which read the
/// parameters and draw nothing from the trainer's random windows.
///
/// The best weights so far can be kept in a file (setBestFile()): written atomically when a
/// validation improves, at most every `bestFileInterval` (a crash loses at most that much), and
/// once more when a run stops; each write is announced (bestFileWritten(), when the window keeps
/// the page's state too). A failed write is kept (bestFileError()) and announced
/// (bestFileFailed()) for the page to show. The writes run on a thread of their own, from the
/// shared weights (BestFileWriter); the destructor waits for the write in flight and writes a
/// newer best itself.
///
/// Snapshots are shared, never copied: the worker makes each one once and hands it over inside
/// a moved Progress; the history (SnapshotHistory) and every view hold the same `SharedSnapshot`.

#include "bestfilewriter.h"
#include "corpusfile.h"
#include "modelfile.h"
#include "runestimate.h"
#include "runvalidation.h"
#include "shownmodel.h"
#include "snapshothistory.h"
#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "tiny/model.h"
#include "tiny/trainer.h"
#include "trainingerror.h"
#include "trainingsetup.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

class QThread;
class QTimer;

namespace attention {

/// Which of a run's weights a model file holds: those of the best validation loss so far, or
/// the latest.
enum class SavedWeights
{
    Best,
    Latest
};

/// What the heads of the shown model are measured on (ModelInspector): the model with the heads
/// switched off, every head on, and the text — the validation text when it is in the model's
/// characters, else the probe line.
struct InspectionInput
{
    SharedModel model; ///< every head on; null: nothing to measure
    std::vector<tiny::HeadIndex> off;
    SharedModel withOff; ///< `model` with the heads `off` switched off (`model` when none)
    tiny::Vocabulary vocabulary;
    std::vector<int> text;
    bool onValidation = false;
    std::vector<long> documentEnds; ///< the validation text's (empty for the probe line)
};

class TrainingSession : public QObject
{
    Q_OBJECT

public:
    enum class State
    {
        Empty,    ///< no corpus loaded yet, or the last setUp() failed
        Ready,    ///< a fresh model at step 0
        Running,  ///< the worker trains
        Paused,   ///< stopped before the last step; Train goes on
        Finished, ///< every step of the schedule done
        Opened,   ///< a model read from a file: shown, not trained; Reset starts a new run
    };
    Q_ENUM(State)

    /// The worker hands its progress over at most this often (several times a second).
    static constexpr std::chrono::milliseconds postInterval{100};
    /// A run takes a snapshot every few steps (steps / 200 at first), and at least this often.
    static constexpr std::chrono::milliseconds snapshotInterval{250};
    /// The history keeps at most this many snapshots and bytes (SnapshotHistory); when it
    /// thins, snapshots are taken half as often from then on.
    static constexpr int maxSnapshots = SnapshotHistory::maxSnapshots;
    static constexpr qint64 maxHistoryBytes = SnapshotHistory::maxBytes;
    /// The best weights reach the best file at most this often while a run goes on.
    static constexpr std::chrono::milliseconds bestFileInterval{2000};

    explicit TrainingSession(QObject *parent = nullptr);
    /// Pauses a running worker and waits for it (at most one training step).
    ~TrainingSession() override;

    /// Loads the setup's corpus and puts a fresh model (step 0) in place of the current run,
    /// which is paused and dropped first. On failure returns the reason and keeps the current
    /// run as it was.
    std::optional<TrainingError> setUp(const TrainingSetup &setup);
    /// Drops the run and starts the same setup again from step 0.
    void reset();
    /// Uses the model of a file: its heads and predictions are shown; it is not trained further
    /// (reset() starts a new run of the current setup). The file must have passed loadModel().
    /// `restoredFrom`: when it is the best weights of the previous session, when they were saved.
    void openModel(const ModelFile &file, std::optional<QDateTime> restoredFrom = std::nullopt);
    /// When an opened model is the previous session's best weights, when they were saved.
    std::optional<QDateTime> restoredFrom() const { return m_restoredFrom; }

    /// The run's weights were saved to a model file (`which` of them, as modelFile() gave them).
    void markSaved(SavedWeights which);
    /// True when a run trained and the weights a model file keeps of it (the best, the latest
    /// before any validation) were not saved since: replacing the run would lose them.
    bool hasUnsavedRun() const;

    /// Trains on the worker until the schedule ends or pause() is called. Nothing when running,
    /// finished or empty.
    void train();
    /// One training step on the worker (and a validation and a snapshot after it).
    void stepOnce();
    /// Lets a paused or finished run go on with `longer`: this run's setup with more steps (and
    /// the warm-up and validation interval that go with them). The setup becomes `longer`; the
    /// trainer keeps its schedule, so the steps past scheduleSteps() train at its last learning
    /// rate (lr/10). False, and nothing changes, for any other setup or state.
    bool extendSteps(const TrainingSetup &longer);
    /// The length of the learning-rate schedule the run's trainer follows: the setup's steps
    /// unless extendSteps() raised them.
    int scheduleSteps() const;
    /// Asks the worker to stop after its current step; state() becomes Paused when it has.
    void pause();
    /// Pauses and waits until the worker has stopped and its last progress is in.
    void pauseAndWait();
    /// Waits (running the event loop) until the worker has stopped and the best file is written,
    /// at most `ms`; true when both are idle.
    bool waitUntilIdle(int ms);

    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    /// True when Train can go on with this run (a fresh or paused model).
    bool canTrain() const { return m_state == State::Ready || m_state == State::Paused; }

    const TrainingSetup &setup() const { return m_setup; }
    /// The corpus the run trains on (empty before the first successful setUp()).
    const tiny::PreparedCorpus &corpus() const;
    /// The characters of the shown model (the corpus's, or the opened file's).
    const tiny::Vocabulary &vocabulary() const { return m_vocabulary; }
    /// The corpus's name as the model file stores it.
    QString corpusName() const { return m_corpusName; }

    /// Training steps of the run whose progress is in (the opened file's steps when Opened).
    int stepsDone() const;
    int totalSteps() const { return m_setup.settings.steps; }
    /// Each training step's batch loss, step 1 first.
    const std::vector<double> &trainLosses() const { return m_trainLosses; }
    const std::vector<ValidationPoint> &validations() const { return m_validations; }
    /// Where the validation loss fell most within a quarter of the run's steps (a phase change
    /// when it is at least tiny::phaseChangeMinDrop).
    tiny::LossFall fastestFall() const;
    /// The unigram loss of the validation text: what a model that ignores context reaches.
    double unigramLoss() const { return m_unigramLoss; }
    /// The best validation so far (step −1 before any).
    int bestStep() const { return m_bestStep; }
    double bestLoss() const { return m_bestLoss; }
    /// Training steps per second over the run so far, the time of the steps alone (validations
    /// and snapshots apart, as `attention-cli train` counts); 0 before any.
    double stepsPerSecond() const { return m_stepsPerSecond; }

    /// What training `setup` would take from here: this run's steps left when it is this run's
    /// setup, all of its steps otherwise. The time comes from this run's measured speed when it
    /// has one, else from a short measurement of this machine (made once, only while no run
    /// goes on: the tiny model's threads are the run's); 0 s when neither is known.
    RunEstimate estimate(const TrainingSetup &setup) const;

    /// The latest weights the GUI has, and the best so far (null when empty).
    SharedModel model() const { return m_model; }
    SharedModel bestModel() const { return m_bestModel; }
    /// The model file of the best weights (the latest when no validation ran yet), or of the
    /// latest weights (their val_loss is the latest validation's, 0 before any).
    ModelFile modelFile(SavedWeights which) const;
    ModelFile bestModelFile() const { return modelFile(SavedWeights::Best); }

    /// The probe line: characters whose attention the snapshots hold (cut to the context).
    void setProbe(const QString &probe);
    QString probe() const { return m_probe; }
    /// The probe's ids in the shown model's vocabulary (0 for a character it lacks).
    std::vector<int> probeIds() const;
    /// The probe's characters, one per id (the line cut to the context).
    QStringList probeCharacters() const;
    /// The snapshots so far, oldest first; the last is the current model's.
    const std::vector<SharedSnapshot> &history() const { return m_history.entries(); }
    /// The bytes of the history's snapshots, kept as it changes; at most historyByteLimit().
    qint64 historyBytes() const { return m_history.bytes(); }
    qint64 historyByteLimit() const { return m_history.byteLimit(); }
    /// Bounds the history by fewer bytes than maxHistoryBytes (tests thin it with small models).
    void setHistoryByteLimit(qint64 bytes);

    /// Switches the heads `off` off (0-based layer, head) in what is shown of the current model:
    /// its inspection, the next characters, the heads-off snapshot. Heads the model lacks are
    /// dropped; a new run or model switches every head on again.
    void setHeadsOff(std::vector<tiny::HeadIndex> off);
    const std::vector<tiny::HeadIndex> &headsOff() const { return m_off.heads(); }
    /// The current model with the heads off switched off (model() when none is).
    SharedModel shownModel() const;
    /// The current model's snapshot on the probe with the heads off switched off: the grid and
    /// the losses at each position with them off. Null when no head is off.
    SharedSnapshot headsOffSnapshot() const { return m_off.snapshot(); }
    /// What the inspector measures the shown model on (InspectionInput).
    InspectionInput inspectionInput() const;
    /// Whether the corpus's validation text is in the shown model's characters (else the model
    /// was opened from a file of other characters, and only the probe line can be measured).
    bool validationFitsModel() const;

    /// Keeps the best weights in this file (empty: nowhere).
    void setBestFile(const QString &fileName);
    /// The last failure to write the best file, or nothing.
    std::optional<TrainingError> bestFileError() const;

Q_SIGNALS:
    void stateChanged(TrainingSession::State state);
    /// New training losses, validations or a snapshot arrived (or the run was replaced).
    void progressed();
    /// The history was cleared or thinned (not merely appended to): indices changed.
    void historyReset();
    /// model() changed.
    void modelChanged();
    /// headsOff() changed, or the heads-off snapshot did.
    void headsOffChanged();
    /// The best weights could not be written to the best file (bestFileError() says why).
    void bestFileFailed(const attention::TrainingError &error);
    /// The best weights were written to the best file.
    void bestFileWritten();

private:
    struct Progress;
    struct RunInput;

    void start(int lastStep);
    /// The worker's loop: steps up to input.lastStep or until asked to stop.
    void runWorker(const RunInput &input);
    /// On the worker: puts `progress` in the outbox and queues collect(generation).
    void post(Progress progress, quint64 generation);
    /// On the GUI thread: takes the outbox's progress of run `generation` in order, and ends the
    /// run at its last; nothing for an earlier run.
    void collect(quint64 generation);
    void deliver(Progress progress);
    /// Joins the worker after its last progress and says where the run stands.
    void runEnded();
    void setState(State state);
    void clearRun();
    /// The probe ids the worker reads, behind m_probeMutex.
    std::shared_ptr<const std::vector<int>> sharedProbeIds() const;
    void appendSnapshot(SharedSnapshot snapshot);
    /// The history was thinned: snapshots are taken half as often.
    void historyThinned();
    void clearHistory();
    /// A snapshot of the shown model on the probe (the history's new last entry).
    void snapshotShownModel();
    /// Makes the heads-off snapshot and model again for the current model, probe and heads.
    void updateHeadsOff();
    /// The model file of `which` weights without config and tensors; `model` gets the weights.
    ModelFile modelFileHeader(SavedWeights which, SharedModel *model) const;
    /// What exports the best weights for the best file (empty when there are none to keep).
    BestFileWriter::Export bestFileExport() const;

    TrainingSetup m_setup;
    std::shared_ptr<const tiny::PreparedCorpus> m_corpus; ///< a run reads it too
    tiny::Vocabulary m_vocabulary;
    QString m_corpusName;
    std::u32string m_corpusText;
    std::shared_ptr<const RunValidation> m_validation; ///< a run reads it too
    std::unique_ptr<tiny::Trainer> m_trainer;
    State m_state = State::Empty;

    QThread *m_thread = nullptr;
    quint64 m_runGeneration = 0; ///< the latest run's; an earlier run's calls find nothing
    std::mutex m_outboxMutex;
    std::vector<Progress> m_outbox; ///< the worker's progress not taken yet, oldest first
    std::atomic<bool> m_stopRequested{false};
    /// Steps between snapshots: doubles when the history thins (the worker reads it).
    std::atomic<int> m_snapshotEvery{1};

    std::vector<double> m_trainLosses;
    std::vector<ValidationPoint> m_validations;
    double m_unigramLoss = 0.0;
    int m_bestStep = -1;
    double m_bestLoss = 0.0;
    double m_stepsPerSecond = 0.0;
    double m_trainingSeconds = 0.0;
    int m_trainedSteps = 0;
    SharedModel m_model;
    SharedModel m_bestModel;
    SharedModel m_savedModel; ///< the weights last saved to a model file
    std::optional<QDateTime> m_restoredFrom;

    QString m_probe;
    mutable std::mutex m_probeMutex;
    std::shared_ptr<const std::vector<int>> m_probeIds;
    SnapshotHistory m_history;
    HeadsOff m_off;

    BestFileWriter *m_bestFile; ///< deleted by the destructor, before the rest
};

} // namespace attention
