#include "sqrtd.h"

#include "attention.h"
#include "random.h"

#include <cmath>

namespace attention {

namespace {

/// Each d gets its own stream, so a row does not depend on which other rows were asked for.
Random streamFor(Index d, const SqrtDOptions &options)
{
    return Random(options.seed * 0x100000001B3ull + static_cast<std::uint64_t>(d));
}

} // namespace

SqrtDRow measureSqrtD(Index d, const SqrtDOptions &options, const std::function<bool()> &cancelled)
{
    Random rng = streamFor(d, options);
    const Index T = options.T;
    const double invSqrtD = 1.0 / std::sqrt(static_cast<double>(d));

    double sum = 0.0; // of the visible dot products
    double sumSquares = 0.0;
    double count = 0.0;
    double maxUnscaled = 0.0; // summed over rows
    double maxScaled = 0.0;
    double rows = 0.0;

    ScoreOptions plain;
    plain.causal = options.causal;
    for (int trial = 0; trial < options.trials; ++trial) {
        if (cancelled && cancelled())
            break;
        const Matrix q = rng.normalMatrix(T, d);
        const Matrix k = rng.normalMatrix(T, d);
        Matrix unscaled = attentionScores(q, k, plain); // (T, T) raw, masked
        for (Index i = 0; i < T; ++i) {
            const Index visible = options.causal ? i + 1 : T;
            for (Index j = 0; j < visible; ++j) {
                sum += unscaled(i, j);
                sumSquares += unscaled(i, j) * unscaled(i, j);
            }
            count += static_cast<double>(visible);
        }
        Matrix scaled = unscaled * invSqrtD; // (T, T)
        softmaxRows(unscaled);
        softmaxRows(scaled);
        maxUnscaled += unscaled.rowwise().maxCoeff().sum();
        maxScaled += scaled.rowwise().maxCoeff().sum();
        rows += static_cast<double>(T);
    }

    SqrtDRow row;
    row.d = d;
    if (count > 0.0) {
        const double mean = sum / count;
        row.stdDev = std::sqrt(std::max(0.0, sumSquares / count - mean * mean));
        row.maxWeightUnscaled = maxUnscaled / rows;
        row.maxWeightScaled = maxScaled / rows;
    }
    return row;
}

SqrtDTrial drawSqrtDTrial(Index d, const SqrtDOptions &options)
{
    Random rng = streamFor(d, options);
    ScoreOptions plain;
    plain.causal = options.causal;
    SqrtDTrial trial;
    trial.queries = rng.normalMatrix(options.T, d);                           // (T, d)
    trial.keys = rng.normalMatrix(options.T, d);                              // (T, d)
    trial.unscaledScores = attentionScores(trial.queries, trial.keys, plain); // (T, T)
    // Multiplied by 1/√d like measureSqrtD does, so both give the same weights bit for bit.
    trial.scaledScores = trial.unscaledScores * (1.0 / std::sqrt(static_cast<double>(d)));
    trial.unscaledWeights = trial.unscaledScores;
    softmaxRows(trial.unscaledWeights);
    trial.scaledWeights = trial.scaledScores;
    softmaxRows(trial.scaledWeights);
    return trial;
}

} // namespace attention
