#pragma once

/// The table of the hot code's entry points, one per CPU path (isa.h), and the rule that keeps
/// the paths apart. Internal to attention_core.
///
/// The rule. The hot sources (ATTENTION_HOT_SOURCES in core/CMakeLists.txt: the kernels, the tiny
/// model's layers and passes, and isatable.cpp, which fills the table) are compiled once per
/// path, each time as whole translation units with that path's -march and nothing else: code for
/// two paths never meets in one translation unit. Each copy inlines its own Eigen (and standard
/// library) templates, and those instantiations have the same names in every copy: linked
/// normally, the linker would keep one of them for all, so that the baseline path could run an
/// AVX-512 product (SIGILL on an older CPU) or the v4 path a SSE2 one. So the v3 and v4 copies are
/// first linked into one relocatable object each (`ld -r`, section groups dissolved), and then
/// every symbol in it is made local except its table getter (`objcopy --keep-global-symbol`;
/// GCC compiles them with -fno-gnu-unique so that the static variables of inline functions can
/// be made local too). The baseline copy is the ordinary code of attention_core.
///
/// What follows from it:
///  - A copy calls outside itself only non-inline functions of attention_core (threadCount(),
///    the worker pool, Parameters' members), compiled for the baseline. State must live there:
///    a copy's own static variables are its own. Eigen's thread count is one such variable, which
///    is why it is set through setEigenThreads() below, for the active copy too.
///  - Eigen matrices cross from one copy to another (allocated by the caller, resized by the
///    callee), so every target of ours compiles Eigen with EIGEN_MAX_ALIGN_BYTES=64: the same
///    aligned allocator whatever the path's vector width. Fixed-size Eigen types, whose layout
///    depends on the path, must not cross a table entry.
///  - Nothing outside the table may call into a v3 or v4 copy: the public functions (runKernel,
///    tiledAttention, modelForward<float>, AdamW) go through isaTable().

#include "isa.h"
#include "kernels.h"
#include "tiled.h"
#include "tiny/model.h"

namespace attention {

namespace tiny {

/// One AdamW update of a tensor of `size` floats (see AdamW in trainer.h).
struct AdamWTensor
{
    float *parameter = nullptr;
    const float *gradient = nullptr;
    float *first = nullptr;  ///< first moments
    float *second = nullptr; ///< second moments
    Index size = 0;
    float rate = 0.0f;  ///< the learning rate
    float decay = 0.0f; ///< lr · weight decay, or 0 when it does not apply
    float beta1 = 0.0f; ///< and beta2, epsilon: AdamW's constants
    float beta2 = 0.0f;
    float epsilon = 0.0f;
    float correction1 = 0.0f; ///< 1 − β1^t and 1 − β2^t
    float correction2 = 0.0f;
};

} // namespace tiny

/// The entry points of one copy of the hot code.
struct IsaTable
{
    Isa isa;
    /// runKernel() with the tiled kernel's blocks (ignored by the others).
    KernelRun (*attention)(Kernel kernel, const Eigen::Ref<const MatrixF> &q,
                           const Eigen::Ref<const MatrixF> &k, const Eigen::Ref<const MatrixF> &v,
                           MatrixF &out, bool causal, const TiledBlocks &blocks);
    std::size_t (*tiledBytesPerThread)(Index d, Index dv, const TiledBlocks &blocks);
    void (*modelForward)(const tiny::Parameters<float> &parameters, tiny::BatchShape shape,
                         tiny::Activations<float> &acts);
    double (*modelLoss)(tiny::Activations<float> &acts);
    void (*modelBackward)(const tiny::Parameters<float> &parameters, tiny::Activations<float> &acts,
                          tiny::Parameters<float> &gradients);
    void (*adamW)(const tiny::AdamWTensor &tensor);
    /// Eigen::setNbThreads of this copy's Eigen.
    void (*setEigenThreads)(int threads);
    /// The path this copy's compiler targeted, read from its own predefined macros (__AVX512F__,
    /// __AVX2__ …) rather than from `isa`: a test sees that the path in use runs its own copy.
    Isa (*compiledFor)();
};

/// The active path's table.
const IsaTable &isaTable();
/// Eigen::setNbThreads for the baseline code and the active copy (and any copy activated later).
void setEigenThreads(int threads);

} // namespace attention
