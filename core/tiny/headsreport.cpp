#include "tiny/headsreport.h"

#include "tiny/learningcurve.h"
#include "tiny/trainer.h"

namespace attention::tiny {

namespace {

/// The induction ratio of every head of `layer` in `roles`.
std::vector<double> inductionOf(const std::vector<std::vector<HeadRoles>> &roles, int layer)
{
    std::vector<double> ratios;
    for (const HeadRoles &head : roles[std::size_t(layer)])
        ratios.push_back(head[Role::Induction].ratio());
    return ratios;
}

} // namespace

int headsReportPasses(const ModelConfig &config, bool knockoutMatrix)
{
    const int matrix = knockoutMatrix ? (config.layers - 1) * config.heads : 0;
    return 2 + config.layers * config.heads + matrix;
}

std::optional<HeadsReport> headsReport(const Parameters<float> &parameters,
                                       const std::vector<int> &valIds,
                                       const std::vector<long> &documentEnds,
                                       const Vocabulary &vocabulary, const ReportOptions &options)
{
    const ModelConfig &config = parameters.config;
    const long maxWindows = options.maxWindows;
    std::vector<int> ids = valIds;
    if (maxWindows > 0 && long(ids.size()) > maxWindows * config.context + 1)
        ids.resize(std::size_t(maxWindows * config.context + 1));
    const int total = headsReportPasses(config, options.knockoutMatrix);
    int done = 0;
    const auto goOn = [&] { return !options.progress || options.progress(++done, total); };
    const std::vector<int> marks = punctuationIds(vocabulary);
    constexpr int batch = 32;
    // The keys from the whole text: a poem cut by the last window keeps its lines' keys.
    const RoleKeys keys = roleKeys(valIds, vocabulary, documentEnds);

    HeadsReport report;
    const std::optional<Evaluation> all = evaluate(parameters, ids, marks, batch);
    auto roles = all && goOn() ? measureRoles(parameters, valIds, keys, maxWindows) : std::nullopt;
    if (!roles || !goOn())
        return std::nullopt;
    report.valLoss = all->valLoss;
    report.iclScore = inContextLearningScore(all->positionLosses);
    report.roles = std::move(*roles);
    report.knockouts.assign(std::size_t(config.layers),
                            std::vector<HeadKnockout>(std::size_t(config.heads)));
    for (int l = 0; l < config.layers; ++l)
        for (int h = 0; h < config.heads; ++h) {
            const Parameters<float> without = withHeadsOff(parameters, {{l, h}});
            const auto off = evaluate(without, ids, marks, batch);
            if (!off || !goOn())
                return std::nullopt;
            HeadKnockout &knockout = report.knockouts[std::size_t(l)][std::size_t(h)];
            knockout.valLossIncrease = off->valLoss - report.valLoss;
            knockout.iclScoreChange = inContextLearningScore(off->positionLosses) - report.iclScore;
            if (!options.knockoutMatrix || l + 1 == config.layers)
                continue;
            const auto after = measureRoles(without, valIds, keys, maxWindows);
            if (!after || !goOn())
                return std::nullopt;
            knockout.inductionAfter = inductionOf(*after, l + 1);
        }
    return report;
}

} // namespace attention::tiny
