#include "kernels.h"

#include "isadispatch.h"

#include <algorithm>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attention {

std::vector<Kernel> allKernels()
{
    return {Kernel::Naive, Kernel::Materialized, Kernel::Tiled};
}

const char *kernelName(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Naive:
        return "naive";
    case Kernel::Materialized:
        return "materialized";
    case Kernel::Tiled:
        return "tiled";
    }
    return "";
}

std::optional<Kernel> kernelFromName(std::string_view name)
{
    for (Kernel kernel : allKernels())
        if (name == kernelName(kernel))
            return kernel;
    return std::nullopt;
}

KernelRun runKernel(Kernel kernel, const Eigen::Ref<const MatrixF> &q,
                    const Eigen::Ref<const MatrixF> &k, const Eigen::Ref<const MatrixF> &v,
                    MatrixF &out, bool causal)
{
    return isaTable().attention(kernel, q, k, v, out, causal, TiledBlocks{});
}

KernelRun tiledAttention(const Eigen::Ref<const MatrixF> &q, const Eigen::Ref<const MatrixF> &k,
                         const Eigen::Ref<const MatrixF> &v, MatrixF &out, bool causal,
                         const TiledBlocks &blocks)
{
    return isaTable().attention(Kernel::Tiled, q, k, v, out, causal, blocks);
}

std::size_t tiledBytesPerThread(Index d, Index dv, const TiledBlocks &blocks)
{
    return isaTable().tiledBytesPerThread(d, dv, blocks);
}

namespace {
int g_threads = 0; // 0: every core
}

void setThreadCount(int threads)
{
    g_threads = std::max(0, threads);
    setEigenThreads(threadCount());
}

int threadCount()
{
    return g_threads > 0 ? g_threads : availableCores();
}

int availableCores()
{
#ifdef _OPENMP
    return omp_get_num_procs();
#else
    return 1;
#endif
}

} // namespace attention
