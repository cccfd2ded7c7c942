#include "modelinspector.h"

#include "latestjob.h"
#include "tiny/inference.h"
#include "tiny/workers.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <algorithm>
#include <numeric>

namespace attention {

namespace {

/// The inspection of every head of `model` over `text`; null when the text cannot be measured.
SharedHeadsInspection inspect(const SharedModel &model, const std::vector<int> &text,
                              const std::vector<int> &marks, const std::vector<int> &commas,
                              bool onValidation)
{
    const auto profiles =
        tiny::headProfiles(model->parameters, text, marks, ModelInspector::maxOffset,
                           ModelInspector::maxWindows, commas);
    if (!profiles)
        return nullptr;
    auto inspection = std::make_shared<HeadsInspection>();
    inspection->model = model;
    inspection->onValidation = onValidation;
    for (const auto &layer : *profiles) {
        std::vector<HeadInspection> heads;
        for (const tiny::HeadProfile &profile : layer)
            heads.push_back({profile, tiny::headRole(profile)});
        inspection->heads.push_back(std::move(heads));
    }
    return inspection;
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

const HeadInspection *HeadsInspection::head(int layer, int head) const
{
    if (layer < 0 || layer >= int(heads.size()) || head < 0 ||
        head >= int(heads[std::size_t(layer)].size()))
        return nullptr;
    return &heads[std::size_t(layer)][std::size_t(head)];
}

ModelInspector::ModelInspector(QObject *parent)
    : QObject(parent)
    , m_headsJob(new LatestJob(this))
    , m_nextJob(new LatestJob(this))
    , m_sampleJob(new LatestJob(this))
{
    for (LatestJob *job : {m_headsJob, m_nextJob, m_sampleJob})
        connect(job, &LatestJob::runningChanged, this, &ModelInspector::updateBusy);
}

ModelInspector::~ModelInspector() = default;

void ModelInspector::inspectHeads(SharedModel model, const tiny::Vocabulary &vocabulary,
                                  std::vector<int> text, bool onValidation)
{
    if (!model || text.empty()) {
        m_headsJob->cancel();
        m_heads = nullptr;
        Q_EMIT headsInspected();
        return;
    }
    m_headsJob->start([this, model = std::move(model), text = std::move(text),
                       marks = tiny::punctuationIds(vocabulary),
                       commas = tiny::commaIds(vocabulary),
                       onValidation](const LatestJob::Context &) -> LatestJob::Delivery {
        const tiny::SerialScope serial;
        SharedHeadsInspection inspection = inspect(model, text, marks, commas, onValidation);
        return [this, inspection = std::move(inspection)] {
            m_heads = inspection;
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
    return m_headsJob->isRunning() || m_nextJob->isRunning() || m_sampleJob->isRunning();
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
