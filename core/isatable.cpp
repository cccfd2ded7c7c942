// The table of one copy of the hot code (isadispatch.h). Compiled once per CPU path with
// ATTENTION_ISA_TARGET (the Isa enumerator) and ATTENTION_ISA_SUFFIX (the getter's suffix).

#include "isadispatch.h"
#include "simdkernels.h"
#include "tiny/passes.h"

#define ATTENTION_ISA_JOIN2(a, b) a##b
#define ATTENTION_ISA_JOIN(a, b) ATTENTION_ISA_JOIN2(a, b)
#define ATTENTION_ISA_GETTER ATTENTION_ISA_JOIN(attention_isa_table_, ATTENTION_ISA_SUFFIX)

namespace {

using namespace attention;

void setThreads(int threads)
{
    Eigen::setNbThreads(threads);
}

Isa compiledFor()
{
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
    return Isa::V4;
#elif defined(__AVX2__) && defined(__FMA__) && defined(__BMI2__)
    return Isa::V3;
#else
    return Isa::Baseline;
#endif
}

const IsaTable table = {
    Isa::ATTENTION_ISA_TARGET,
    &simd::attention,
    &simd::tiledBytesPerThread,
    &tiny::simd::forward<float>,
    &tiny::simd::loss<float>,
    &tiny::simd::backward<float>,
    &tiny::simd::adamW,
    &setThreads,
    &compiledFor,
};

} // namespace

/// The one global symbol of a v3 or v4 copy (isadispatch.h); its name is not mangled so that
/// the build can keep it by name.
extern "C" const IsaTable *ATTENTION_ISA_GETTER()
{
    return &table;
}
