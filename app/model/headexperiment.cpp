#include "headexperiment.h"

#include "kernels.h"

namespace attention {

HeadExperiment runHeadExperiment(const RandomHeadOptions &options, bool causal,
                                 HeadPrecision precision)
{
    HeadExperiment e;
    RandomHead drawn = drawRandomHead(options);
    e.input = std::move(drawn.x);                // (T, d_model)
    e.head = std::move(drawn.head);              // (d_model, d_head) × 3
    e.result = forward(e.head, e.input, causal); // q, k, v, weights, output
    e.reference = referenceAttention(e.result.q, e.result.k, e.result.v, causal); // (T, d_head)
    if (precision == HeadPrecision::Float32) {
        MatrixF out; // (T, d_head)
        runKernel(Kernel::Materialized, e.result.q.cast<float>(), e.result.k.cast<float>(),
                  e.result.v.cast<float>(), out, causal);
        e.difference = maxAbsDifference(out.cast<double>(), e.reference);
    } else {
        e.difference = maxAbsDifference(e.result.attention.output, e.reference);
    }
    return e;
}

} // namespace attention
