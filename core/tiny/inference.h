#pragma once

/// What the console (eval, grad, sample) and the app ask of a trained tiny model, one sequence
/// of ids at a time (docs/cli.md, "The tiny model's commands").

#include "tiny/model.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace attention::tiny {

/// One forward pass over a sequence.
struct SequenceAnalysis
{
    MatrixF logits;       ///< (T, V)
    Matrix probabilities; ///< (T, V) softmax of each row of logits, in double
    std::vector<std::vector<MatrixF>>
        attention; ///< [layer][head], each (T, T), zero above diagonal
    /// Mean −log p(id_{t+1}) over the T − 1 positions that have a next id; 0 when T = 1.
    double loss = 0.0;
    /// [t], t = 0 … T − 2: −log p(id_{t+1}), position t's prediction of the next id.
    std::vector<double> losses;
};

/// One head's queries, keys and values on one sequence: (T, d_head) each, the columns of head
/// `head` of layer `layer`'s q, k, v (after that layer's LN1), so that
/// softmax(causal(q kᵀ / √d_head)) is that head's attention weights in analyseSequence().
struct HeadProjections
{
    MatrixF queries, keys, values; ///< (T, d_head) each
};

/// The loss of a sequence and its gradient for every tensor.
struct SequenceGradient
{
    double loss = 0.0;
    Parameters<float> gradient; ///< same layout as the model; exportTensors() gives the file's
};

/// True when 1 ≤ ids.size() ≤ context and every id is in [0, vocabSize).
bool validSequence(const ModelConfig &config, const std::vector<int> &ids);

/// Logits, attention weights and loss for ids; nothing unless validSequence.
std::optional<SequenceAnalysis> analyseSequence(const Parameters<float> &parameters,
                                                const std::vector<int> &ids);

/// Nothing unless validSequence(config, ids) and 0 ≤ layer < layers, 0 ≤ head < heads.
std::optional<HeadProjections> headProjections(const Parameters<float> &parameters,
                                               const std::vector<int> &ids, int layer, int head);

/// The gradient of analyseSequence's loss; nothing unless validSequence and ids.size() ≥ 2.
std::optional<SequenceGradient> sequenceGradient(const Parameters<float> &parameters,
                                                 const std::vector<int> &ids);

/// The probabilities of the next id after ids, softmax(logits / temperature) of the last
/// position; ids longer than the context are cropped to their last `context` ids. A temperature
/// ≤ 0 puts all the mass on the most likely id. Nothing when ids is empty or holds a bad id.
std::optional<std::vector<double>> nextDistribution(const Parameters<float> &parameters,
                                                    const std::vector<int> &ids,
                                                    double temperature);

/// `length` ids continuing prompt, each drawn from nextDistribution with one
/// attention::Random(seed) (one uniform per id, inverse CDF), never id 0 (the unknown character:
/// the other ids' probabilities renormalised); a temperature ≤ 0 takes the likeliest id other
/// than 0. The prompt is not repeated in the result. Nothing when the prompt is empty or holds a
/// bad id.
std::optional<std::vector<int>> sampleContinuation(const Parameters<float> &parameters,
                                                   const std::vector<int> &prompt, int length,
                                                   double temperature, std::uint64_t seed);

} // namespace attention::tiny
