#include "modelinspector.h"

#include "latestjob.h"
#include "tiny/inference.h"
#include "tiny/trainer.h"
#include "tiny/workers.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <algorithm>
#include <numeric>

namespace attention {

namespace {

/// The roles of every head of `model` over `text`; nothing when the text cannot be measured.
std::optional<std::vector<std::vector<tiny::HeadRoles>>>
rolesOver(const SharedModel &model, const std::vector<int> &text, const tiny::RoleKeys &keys)
{
    return tiny::measureRoles(model->parameters, text, keys, ModelInspector::maxWindows);
}

/// The inspection of `input`; `known` holds the every-head-on roles when they were measured on
/// the same model and text already. Null when the text cannot be measured.
SharedHeadsInspection inspect(const InspectionInput &input, const SharedHeadsInspection &known)
{
    const tiny::RoleKeys keys =
        input.documentEnds.empty()
            ? tiny::roleKeys(input.text, input.vocabulary)
            : tiny::roleKeys(input.text, input.vocabulary, input.documentEnds);
    auto inspection = std::make_shared<HeadsInspection>();
    inspection->model = input.model;
    inspection->off = input.off;
    inspection->onValidation = input.onValidation;
    if (known) {
        inspection->allOn = known->allOn;
    } else if (auto allOn = rolesOver(input.model, input.text, keys)) {
        inspection->allOn = std::move(*allOn);
    } else {
        return nullptr;
    }
    if (input.off.empty()) {
        inspection->roles = inspection->allOn;
    } else if (auto roles = rolesOver(input.withOff, input.text, keys)) {
        inspection->roles = std::move(*roles);
    } else {
        return nullptr;
    }
    return inspection;
}

/// HeadsWorth over `ids`; null when cancelled or there is no window.
SharedHeadsWorth headsWorth(const SharedModel &model, const std::vector<int> &ids,
                            const std::vector<long> &documentEnds,
                            const tiny::Vocabulary &vocabulary,
                            const std::vector<tiny::HeadIndex> &off, const SharedHeadsWorth &known,
                            const LatestJob::Context &context)
{
    constexpr int batch = 32;
    auto worth = std::make_shared<HeadsWorth>();
    if (known) {
        *worth = *known; // every head's worth stays; the heads off are new
    } else {
        auto report =
            tiny::headsReport(model->parameters, ids, documentEnds, vocabulary,
                              {0, true, [&context](int, int) { return !context.isCancelled(); }});
        if (!report)
            return nullptr;
        worth->model = model;
        worth->text = ids;
        worth->predictions = long(ids.size() - 1) / model->parameters.config.context *
                             model->parameters.config.context;
        worth->report = std::move(*report);
    }
    worth->off = off;
    worth->valLossWithOff = worth->valLoss();
    if (!off.empty())
        worth->valLossWithOff = tiny::evaluate(tiny::withHeadsOff(model->parameters, off), ids,
                                               tiny::punctuationIds(vocabulary), batch)
                                    ->valLoss;
    return worth;
}

/// The `count` likeliest ids of `distribution`, most likely first (the smaller id on a tie).
std::vector<int> likeliest(const std::vector<double> &distribution, int count)
{
    std::vector<int> order(distribution.size());
    std::iota(order.begin(), order.end(), 0);
    const auto shown = std::size_t(std::clamp(count, 0, int(order.size())));
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(shown), order.end(),
                      [&](int a, int b) {
                          const double pa = distribution[std::size_t(a)];
                          const double pb = distribution[std::size_t(b)];
                          return pa > pb || (pa == pb && a < b);
                      });
    order.resize(shown);
    return order;
}

} // namespace

namespace {

const tiny::HeadRoles *headOf(const std::vector<std::vector<tiny::HeadRoles>> &roles, int layer,
                              int head)
{
    if (layer < 0 || layer >= int(roles.size()) || head < 0 ||
        head >= int(roles[std::size_t(layer)].size()))
        return nullptr;
    return &roles[std::size_t(layer)][std::size_t(head)];
}

} // namespace

const tiny::HeadRoles *HeadsInspection::head(int layer, int head) const
{
    return headOf(roles, layer, head);
}

const tiny::HeadRoles *HeadsInspection::headAllOn(int layer, int head) const
{
    return headOf(allOn, layer, head);
}

ModelInspector::ModelInspector(QObject *parent)
    : QObject(parent)
    , m_headsJob(new LatestJob(this))
    , m_nextJob(new LatestJob(this))
    , m_sampleJob(new LatestJob(this))
    , m_worthJob(new LatestJob(this))
{
    for (LatestJob *job : {m_headsJob, m_nextJob, m_sampleJob, m_worthJob})
        connect(job, &LatestJob::runningChanged, this, &ModelInspector::updateBusy);
}

ModelInspector::~ModelInspector() = default;

void ModelInspector::inspectHeads(InspectionInput input)
{
    if (!input.model || input.text.empty()) {
        m_headsJob->cancel();
        m_heads = nullptr;
        m_headsText.clear();
        Q_EMIT headsInspected();
        return;
    }
    // The same model over the same text: only the roles with the heads off are new.
    SharedHeadsInspection known = m_heads && m_heads->model == input.model &&
                                          m_heads->onValidation == input.onValidation &&
                                          m_headsText == input.text
                                      ? m_heads
                                      : nullptr;
    m_headsJob->start([this, input = std::move(input), known = std::move(known)](
                          const LatestJob::Context &) -> LatestJob::Delivery {
        const tiny::SerialScope serial;
        SharedHeadsInspection inspection = inspect(input, known);
        return [this, inspection = std::move(inspection), text = input.text]() mutable {
            m_heads = inspection;
            m_headsText = inspection ? std::move(text) : std::vector<int>{};
            Q_EMIT headsInspected();
        };
    });
}

void ModelInspector::predictNext(SharedModel model, std::vector<int> context, double temperature,
                                 int count)
{
    if (!model || context.empty()) {
        m_nextJob->cancel();
        m_next = nullptr;
        Q_EMIT nextPredicted();
        return;
    }
    m_nextJob->start([this, model = std::move(model), context = std::move(context), temperature,
                      count](const LatestJob::Context &) -> LatestJob::Delivery {
        const tiny::SerialScope serial;
        SharedNextPrediction prediction;
        if (const auto next = tiny::nextDistribution(model->parameters, context, temperature)) {
            auto shown = std::make_shared<NextPrediction>();
            shown->model = model;
            shown->context = context;
            shown->temperature = temperature;
            shown->ids = likeliest(*next, count);
            for (const int id : shown->ids)
                shown->probabilities.push_back((*next)[std::size_t(id)]);
            prediction = std::move(shown);
        }
        return [this, prediction = std::move(prediction)] {
            m_next = prediction;
            Q_EMIT nextPredicted();
        };
    });
}

void ModelInspector::sample(SharedModel model, std::vector<int> prompt, int length,
                            double temperature, quint64 seed)
{
    if (!model || prompt.empty()) {
        m_sampleJob->cancel();
        m_sample = nullptr;
        Q_EMIT sampled();
        return;
    }
    m_sampleJob->start([this, model = std::move(model), prompt = std::move(prompt), length,
                        temperature, seed](const LatestJob::Context &) -> LatestJob::Delivery {
        const tiny::SerialScope serial;
        SharedSampledText text;
        if (auto ids =
                tiny::sampleContinuation(model->parameters, prompt, length, temperature, seed)) {
            auto drawn = std::make_shared<SampledText>();
            drawn->model = model;
            drawn->prompt = prompt;
            drawn->ids = std::move(*ids);
            text = std::move(drawn);
        }
        return [this, text = std::move(text)] {
            m_sample = text;
            Q_EMIT sampled();
        };
    });
}

void ModelInspector::measureWorth(const InspectionInput &input)
{
    // Over the validation text only: a probe line is too short to judge a head by.
    SharedModel model = input.onValidation ? input.model : nullptr;
    std::vector<int> valIds = model ? input.text : std::vector<int>();
    const auto windowed =
        std::size_t(maxWindows) * std::size_t(model ? model->parameters.config.context : 0) + 1;
    if (!model || valIds.size() < std::size_t(model->parameters.config.context) + 1) {
        m_worthJob->cancel();
        m_worth = nullptr;
        Q_EMIT worthMeasured();
        return;
    }
    valIds.resize(std::min(valIds.size(), windowed));
    // The same model over the same text: only the loss with the heads off is new.
    SharedHeadsWorth known =
        m_worth && m_worth->model == model && m_worth->text == valIds ? m_worth : nullptr;
    m_worthJob->start(
        [this, model = std::move(model), valIds = std::move(valIds),
         documentEnds = input.documentEnds, vocabulary = input.vocabulary, off = input.off,
         known = std::move(known)](const LatestJob::Context &context) -> LatestJob::Delivery {
            const tiny::SerialScope serial;
            SharedHeadsWorth worth =
                headsWorth(model, valIds, documentEnds, vocabulary, off, known, context);
            return [this, worth = std::move(worth)] {
                m_worth = worth;
                Q_EMIT worthMeasured();
            };
        });
}

std::optional<Scenario> ModelInspector::headScenario(const SharedModel &model,
                                                     const std::vector<int> &ids, int layer,
                                                     int head)
{
    if (!model)
        return std::nullopt;
    const auto projections = tiny::headProjections(model->parameters, ids, layer, head);
    if (!projections)
        return std::nullopt;
    Scenario scenario;
    scenario.queries = projections->queries.cast<double>();
    scenario.keys = projections->keys.cast<double>();
    scenario.values = Matrix(projections->values.cast<double>());
    scenario.divideBySqrtD = true;
    scenario.causal = true;
    return scenario;
}

bool ModelInspector::isBusy() const
{
    return m_headsJob->isRunning() || m_nextJob->isRunning() || m_sampleJob->isRunning() ||
           m_worthJob->isRunning();
}

void ModelInspector::updateBusy()
{
    if (isBusy() == m_busy)
        return;
    m_busy = isBusy();
    Q_EMIT busyChanged(m_busy);
}

bool ModelInspector::waitUntilIdle(int ms)
{
    const QDeadlineTimer deadline(ms);
    while (isBusy() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
    return !isBusy();
}

} // namespace attention
