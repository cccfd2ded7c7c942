#include "tiny/inference.h"

#include "random.h"

#include <algorithm>
#include <cmath>

namespace attention::tiny {

namespace {

/// Fills acts with one window of ids (targets: the next id, −1 for the last) and runs forward.
void forwardOne(const Parameters<float> &parameters, const std::vector<int> &ids,
                Activations<float> &acts)
{
    const int tokens = int(ids.size());
    acts.ids = ids;
    acts.targets.assign(ids.begin() + 1, ids.end());
    acts.targets.push_back(-1);
    modelForward(parameters, BatchShape{1, tokens}, acts);
}

/// True when ids is not empty and every id is in [0, vocabSize).
bool validIds(const ModelConfig &config, const std::vector<int> &ids)
{
    return !ids.empty() && allInVocabulary(ids, config.vocabSize);
}

} // namespace

bool validSequence(const ModelConfig &config, const std::vector<int> &ids)
{
    return long(ids.size()) <= long(config.context) && validIds(config, ids);
}

std::optional<SequenceAnalysis> analyseSequence(const Parameters<float> &parameters,
                                                const std::vector<int> &ids)
{
    const ModelConfig &config = parameters.config;
    if (!validSequence(config, ids))
        return std::nullopt;
    Activations<float> acts;
    forwardOne(parameters, ids, acts);
    const Index tokens = Index(ids.size());
    SequenceAnalysis result;
    result.logits = acts.logits;
    result.probabilities = result.logits.cast<double>();
    for (Index t = 0; t < tokens; ++t) {
        auto row = result.probabilities.row(t);
        row = (row.array() - row.maxCoeff()).exp().matrix();
        row /= row.sum();
    }
    for (const auto &block : acts.blocks) {
        std::vector<MatrixF> heads;
        for (int h = 0; h < config.heads; ++h)
            heads.push_back(block.attention.weights.block(h * tokens, 0, tokens, tokens));
        result.attention.push_back(std::move(heads));
    }
    result.loss = modelLoss(acts);
    result.losses.assign(acts.rowLosses.begin(), acts.rowLosses.end() - 1);
    return result;
}

std::optional<HeadProjections> headProjections(const Parameters<float> &parameters,
                                               const std::vector<int> &ids, int layer, int head)
{
    const ModelConfig &config = parameters.config;
    if (!validSequence(config, ids) || layer < 0 || layer >= config.layers || head < 0 ||
        head >= config.heads)
        return std::nullopt;
    Activations<float> acts;
    acts.output = OutputPass::BlocksOnly;
    forwardOne(parameters, ids, acts);
    const AttentionCache<float> &cache = acts.blocks[std::size_t(layer)].attention;
    const Index dHead = config.dHead();
    const Index first = Index(head) * dHead;
    return HeadProjections{cache.q.middleCols(first, dHead), cache.k.middleCols(first, dHead),
                           cache.v.middleCols(first, dHead)};
}

std::optional<SequenceGradient> sequenceGradient(const Parameters<float> &parameters,
                                                 const std::vector<int> &ids)
{
    if (ids.size() < 2 || !validSequence(parameters.config, ids))
        return std::nullopt;
    Activations<float> acts;
    forwardOne(parameters, ids, acts);
    SequenceGradient result;
    result.loss = modelLoss(acts);
    result.gradient = Parameters<float>::zeros(parameters.config);
    modelBackward(parameters, acts, result.gradient);
    return result;
}

std::optional<std::vector<double>> nextDistribution(const Parameters<float> &parameters,
                                                    const std::vector<int> &ids, double temperature)
{
    const ModelConfig &config = parameters.config;
    if (!validIds(config, ids))
        return std::nullopt;
    const std::size_t keep = std::min(ids.size(), std::size_t(config.context));
    const std::vector<int> window(ids.end() - long(keep), ids.end());
    Activations<float> acts;
    forwardOne(parameters, window, acts);
    const auto last = acts.logits.row(acts.logits.rows() - 1).cast<double>();
    std::vector<double> p(std::size_t(config.vocabSize), 0.0);
    Index best = 0;
    const double maximum = last.maxCoeff(&best);
    if (temperature <= 0.0) {
        p[std::size_t(best)] = 1.0;
        return p;
    }
    double sum = 0.0;
    for (Index i = 0; i < last.size(); ++i) {
        p[std::size_t(i)] = std::exp((last(i) - maximum) / temperature);
        sum += p[std::size_t(i)];
    }
    for (double &value : p)
        value /= sum;
    return p;
}

std::optional<std::vector<int>> sampleContinuation(const Parameters<float> &parameters,
                                                   const std::vector<int> &prompt, int length,
                                                   double temperature, std::uint64_t seed)
{
    if (!validIds(parameters.config, prompt))
        return std::nullopt;
    Random random(seed);
    std::vector<int> sequence = prompt;
    std::vector<int> continuation;
    for (int i = 0; i < length; ++i) {
        // Greedy (temperature ≤ 0) takes the likeliest id other than 0 at temperature 1.
        auto p = nextDistribution(parameters, sequence, temperature > 0.0 ? temperature : 1.0);
        (*p)[0] = 0.0; // id 0, the unknown character, is never drawn: the others renormalised
        double total = 0.0;
        for (const double value : *p)
            total += value;
        int chosen = int(std::max_element(p->begin(), p->end()) - p->begin());
        if (temperature > 0.0 && total > 0.0) {
            const double u = random.uniform() * total;
            double cumulative = 0.0;
            for (std::size_t id = 1; id < p->size(); ++id) {
                if ((*p)[id] <= 0.0)
                    continue;
                chosen = int(id); // the last possible id if rounding leaves u above the total
                cumulative += (*p)[id];
                if (u < cumulative)
                    break;
            }
        }
        sequence.push_back(chosen);
        continuation.push_back(chosen);
    }
    return continuation;
}

} // namespace attention::tiny
