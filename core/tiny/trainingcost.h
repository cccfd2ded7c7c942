#pragma once

/// What a training run of the tiny model costs, known from its shape before it starts: the
/// memory its trainer holds and the arithmetic of one step. The app warns before a heavy run with
/// these (lesson step 7); the time follows from the arithmetic and a rate measured on this
/// machine (measureStepRate).

#include "tiny/model.h"

#include <cstdint>

namespace attention::tiny {

/// The bytes of memory a training run holds at its peak, by part.
struct TrainingMemory
{
    std::int64_t parameters = 0;  ///< five copies: the weights, their gradients, the best
                                  ///< weights and AdamW's two moments
    std::int64_t activations = 0; ///< one step's caches and backward buffers
    std::int64_t validation = 0;  ///< a validation's forward caches (while it runs)
    std::int64_t trainingIds = 0;

    std::int64_t total() const { return parameters + activations + validation + trainingIds; }
};

/// The memory of a Trainer of `config` with `batch` windows a step on `threads` threads and
/// `trainIds` training ids, at its peak: during a validation of batches of `batch` windows after
/// its first step.
TrainingMemory trainingMemory(const ModelConfig &config, int batch, int threads,
                              std::int64_t trainIds);

/// The bytes the buffers of `acts` hold now (each matrix's and vector's size).
std::int64_t heldBytes(const Activations<float> &acts);

/// Floating-point operations (two per multiply-add) of one training step's matrix products and
/// attention: the forward pass, and twice its products for the backward.
double stepFlops(const ModelConfig &config, int batch);

/// Floating-point operations a second that a training step reaches on this machine with
/// `threads` threads: the median of five steps of step 7's default model after two to warm up
/// (about 100 ms in all). The tiny model's thread count is left at `threads`.
double measureStepRate(int threads);

} // namespace attention::tiny
