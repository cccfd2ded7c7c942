#pragma once

/// The tiny model's hot code as each CPU path compiles it (isadispatch.h): internal to
/// attention_core, called through isaTable() by modelForward(), modelLoss(), modelBackward() and
/// AdamW::update(), which document what they compute.

#include "tiny/model.h"

namespace attention::tiny {

struct AdamWTensor;

namespace simd {

template<typename Scalar>
void forward(const Parameters<Scalar> &parameters, BatchShape shape, Activations<Scalar> &acts);
template<typename Scalar>
double loss(Activations<Scalar> &acts);
template<typename Scalar>
void backward(const Parameters<Scalar> &parameters, Activations<Scalar> &acts,
              Parameters<Scalar> &gradients);
void adamW(const AdamWTensor &tensor);

} // namespace simd

} // namespace attention::tiny
