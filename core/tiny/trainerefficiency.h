#pragma once

/// How close a training step comes to the machine's limit: the matrix products of one step, listed
/// by shape, and the time the same products take as plain matrix products (Eigen's GEMM in this
/// binary, on the same threads). The trainer's rate divided by that GEMM rate is its efficiency
/// (bench_train and `attention-cli train` report it; issue 35 aims at 0.6 on 全唐诗's shape).

#include "tiny/model.h"

#include <vector>

namespace attention::tiny {

/// One product of a step's forward pass, (m × k) · (k × n), done `count` times (once per window
/// and head for the attention's products). The backward pass does two more of each:
/// (m × n) · (n × k) for the left factor's gradient and (k × m) · (m × n) for the right one's.
struct StepProduct
{
    Index m = 0;
    Index k = 0;
    Index n = 0;
    int count = 1;

    /// Floating-point operations of the product and its two backward products (two a
    /// multiply-add).
    double flops() const { return 3.0 * 2.0 * double(m) * double(k) * double(n) * count; }
};

/// The products of one training step of `config` with `batch` windows: per block q, k, v and the
/// output projection, the scores and weights · v of each window and head, the MLP's two; then the
/// logits. Their flops() add up to stepFlops(config, batch).
std::vector<StepProduct> stepProducts(const ModelConfig &config, int batch);

/// Seconds that the products of one step (forward and backward) take as plain float products
/// with the worker pool's threads: a product done once is split by the rows of its result, one
/// done per window and head by its repetitions, as the trainer splits them. The median of
/// `repetitions` timings after one warm-up.
double gemmStepSeconds(const ModelConfig &config, int batch, int repetitions = 5);

} // namespace attention::tiny
