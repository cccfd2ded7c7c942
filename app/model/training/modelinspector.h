#pragma once

/// What lesson step 7 shows of a trained tiny model, computed off the GUI thread: every head's
/// roles over a text (with the heads the learner switched off, and with every head on), what
/// each head is worth, the likeliest next characters at a position of the probe line, and a
/// sampled continuation. The widgets ask and
/// then format and paint the published results; they compute nothing themselves.
///
/// Each kind of question runs on its own LatestJob: a newer question of a kind supersedes the
/// older one, whose answer never arrives. The answers are published on the GUI thread as shared
/// read-only values, each naming the model it was computed from, with a signal.
///
/// Threads: the inspector owns four threads, one per kind of question (the LatestJobs'), and
/// each computes on its own thread only (tiny::SerialScope). The tiny model's worker threads
/// (tiny::WorkerPool) belong to the training run (TrainingSession's worker): inspecting never
/// waits for a training step, and training never waits for an inspection.

#include "scenario.h"
#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "tiny/headsreport.h"
#include "trainingsession.h"

#include <QObject>
#include <memory>
#include <optional>
#include <vector>

namespace attention {

class LatestJob;

/// Every head of one model measured over one text (tiny::measureRoles): with the heads that are
/// switched off (what the panel and the grid's marks show) and with every head on (what the
/// exercises compare with: switching a head off changes what the heads after it read).
struct HeadsInspection
{
    SharedModel model; ///< every head on
    std::vector<tiny::HeadIndex> off;
    bool onValidation{}; ///< over the validation text (else over the probe line)
    std::vector<std::vector<tiny::HeadRoles>> roles; ///< [layer][head], the heads `off` off
    std::vector<std::vector<tiny::HeadRoles>> allOn; ///< [layer][head], every head on

    /// Head (layer, head)'s roles with the heads off, or null when there is no such head.
    const tiny::HeadRoles *head(int layer, int head) const;
    /// The same with every head on.
    const tiny::HeadRoles *headAllOn(int layer, int head) const;
};
using SharedHeadsInspection = std::shared_ptr<const HeadsInspection>;

/// The likeliest next ids after a context, most likely first.
struct NextPrediction
{
    SharedModel model;
    std::vector<int> context; ///< the ids the model read
    double temperature = 1.0;
    std::vector<int> ids;
    std::vector<double> probabilities; ///< softmax(logits / temperature) of each id
};
using SharedNextPrediction = std::shared_ptr<const NextPrediction>;

/// A continuation drawn from the model.
struct SampledText
{
    SharedModel model;
    std::vector<int> prompt;
    std::vector<int> ids; ///< the continuation, without the prompt
};
using SharedSampledText = std::shared_ptr<const SampledText>;

/// What each head is worth (lesson step 7's ablation and knock-out matrix): over the first
/// maxWindows windows of the validation text, the loss with every head on, with the heads `off`
/// switched off together, and the heads report with its knock-out matrix (tiny::headsReport:
/// each head switched off alone, and the next layer's induction ratios without it).
struct HeadsWorth
{
    SharedModel model;
    std::vector<int> text; ///< the validation ids measured
    std::vector<tiny::HeadIndex> off;
    long predictions = 0;        ///< the validation predictions the losses are the mean of
    double valLossWithOff = 0.0; ///< the heads `off` switched off (report.valLoss when none)
    tiny::HeadsReport report;    ///< every head on, and each head alone off

    double valLoss() const { return report.valLoss; }
    /// The loss with head (l, h) alone off, minus valLoss().
    double increase(int layer, int head) const
    {
        return report.knockouts[std::size_t(layer)][std::size_t(head)].valLossIncrease;
    }
};
using SharedHeadsWorth = std::shared_ptr<const HeadsWorth>;

class ModelInspector : public QObject
{
    Q_OBJECT

public:
    /// Windows of the validation text the heads are measured on.
    static constexpr int maxWindows = 64;

    explicit ModelInspector(QObject *parent = nullptr);
    /// Cancels the running questions and waits for them (each finishes its current pass).
    ~ModelInspector() override;

    /// Measures every head of `input`'s model over its text (its first maxWindows windows), with
    /// its heads off and with every head on (the latter kept from the last inspection of the same
    /// model and text). A null model or an empty text publishes no inspection at once.
    void inspectHeads(InspectionInput input);
    /// The latest published inspection (null before any, or after a null model).
    SharedHeadsInspection heads() const { return m_heads; }

    /// The `count` likeliest ids after `context` at `temperature` (tiny::nextDistribution). A
    /// null model or an empty context publishes no prediction at once.
    void predictNext(SharedModel model, std::vector<int> context, double temperature, int count);
    SharedNextPrediction nextPrediction() const { return m_next; }

    /// `length` ids continuing `prompt` at `temperature`, drawn from `seed`
    /// (tiny::sampleContinuation). A null model or an empty prompt publishes nothing at once.
    void sample(SharedModel model, std::vector<int> prompt, int length, double temperature,
                quint64 seed);
    SharedSampledText sampledText() const { return m_sample; }
    /// What each head of `input`'s model is worth over its validation text (its first
    /// maxWindows windows), and the loss with its heads off switched off. A model measured on
    /// the probe line, a null model or a text shorter than a window publishes nothing at once.
    void measureWorth(const InspectionInput &input);
    SharedHeadsWorth worth() const { return m_worth; }

    /// Head (layer, head)'s queries, keys and values on `ids` as a scenario (÷√d and causal on,
    /// no title or tokens); nothing without a model or such a head. One forward pass of a probe
    /// line, computed on the calling thread when the learner asks for it.
    static std::optional<Scenario> headScenario(const SharedModel &model,
                                                const std::vector<int> &ids, int layer, int head);

    /// True while a question is being answered.
    bool isBusy() const;
    /// Waits (running the event loop) until every question is answered, at most `ms`; true when
    /// idle.
    bool waitUntilIdle(int ms);

Q_SIGNALS:
    /// heads() changed.
    void headsInspected();
    /// nextPrediction() changed.
    void nextPredicted();
    /// sampledText() changed.
    void sampled();
    /// worth() changed.
    void worthMeasured();
    /// isBusy() changed.
    void busyChanged(bool busy);

private:
    void updateBusy();

    LatestJob *m_headsJob;
    LatestJob *m_nextJob;
    LatestJob *m_sampleJob;
    LatestJob *m_worthJob;
    SharedHeadsInspection m_heads;
    std::vector<int> m_headsText; ///< what m_heads was measured on
    SharedNextPrediction m_next;
    SharedSampledText m_sample;
    SharedHeadsWorth m_worth;
    bool m_busy = false;
};

} // namespace attention
