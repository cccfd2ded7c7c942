#pragma once

/// Lesson step 5's single head, computed: X and the three W drawn from a seed (drawRandomHead),
/// the head's forward pass, the plain-loop reference and the largest difference between the two
/// in the chosen precision. The sizes of the step (T ≤ 32, d ≤ 64) take well under a millisecond,
/// so it is computed at once, on the thread that asks.

#include "head.h"

#include <cstdint>

namespace attention {

/// Which forward pass is compared with the reference.
enum class HeadPrecision
{
    Double,  ///< the head's own pass in double (core/head.h's forward)
    Float32, ///< the materialized float32 kernel, as PyTorch computes by default
};

/// What step 5 shows.
struct HeadExperiment
{
    Matrix input; ///< X (T, d_model)
    Head head;
    HeadResult result; ///< q, k, v, scores, weights and output in double
    Matrix reference;  ///< referenceAttention(q, k, v, causal) (T, d_head)
    /// The largest |output − reference|, the output in `precision`.
    double difference = 0.0;
};

HeadExperiment runHeadExperiment(const RandomHeadOptions &options, bool causal,
                                 HeadPrecision precision);

} // namespace attention
