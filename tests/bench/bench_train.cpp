// bench_train: training steps per second of the tiny model at the default config (d_model 64,
// 4 heads, 1 layer, MLP, batch 32, context 32, V = 1589) on random ids, the figure to compare
// with the PyTorch peer (docs/performance.md), and what step 7's estimate before a run says of
// it (tiny::measureStepRate's FLOP/s over the step's FLOPs). Then the trainer's efficiency: the
// step's operations counted from its shapes, the rate at the median step, and the same products
// timed as plain matrix products of this binary (tiny::gemmStepSeconds) with their ratio.
// Usage: bench_train [threads] [steps] [default|tang]; tang is 全唐诗's default run's shape
// (tiny::defaultRun: context 64, 2 layers, batch 16) with its 7,358 ids.
// The aims are in tests/bench/aims.tsv; scripts/test.sh's perf phase checks them.
//
// Measured 2026-12-03 (release preset, AMD EPYC with AVX-512, 2 cores, machine otherwise idle):
// 1 thread ≈ 116 steps/s, 2 threads ≈ 206–225 steps/s; PyTorch 1.13 does ≈ 31 on 2 cores.

#include "tiny/trainer.h"
#include "tiny/trainerefficiency.h"
#include "tiny/trainingcost.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

using namespace attention::tiny;

int main(int argc, char **argv)
{
    const int threads = argc > 1 ? std::atoi(argv[1]) : 1;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 300;
    const std::string shape = argc > 3 ? argv[3] : "default";
    if (shape != "default" && shape != "tang") {
        std::fprintf(stderr, "usage: bench_train [threads] [steps] [default|tang]\n");
        return 2;
    }
    const RunDefaults tang = defaultRun("tang");
    ModelConfig config = shape == "tang" ? tang.config : ModelConfig{};
    config.vocabSize = shape == "tang" ? 7358 : 1589;
    TrainingSettings settings;
    if (shape == "tang")
        settings.batch = tang.settings.batch;
    settings.steps = steps;
    settings.threads = threads;
    attention::Random random(7);
    std::vector<int> ids(20000);
    for (int &id : ids)
        id = int(random.nextBits() % std::uint64_t(config.vocabSize));
    if (Trainer::check(config, settings, ids)) {
        std::fprintf(stderr, "bad settings\n");
        return 2;
    }
    // Step 7's estimate, measured as the page measures it before a run (once, about 50 ms).
    const double estimated = measureStepRate(threads) / stepFlops(config, settings.batch);
    Trainer trainer(config, settings, ids);
    for (int i = 0; i < 10; ++i) // warm-up: buffers allocated, caches hot
        trainer.step();
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    double loss = 0.0;
    std::vector<double> stepSeconds;
    for (int i = 10; i < steps; ++i) {
        const auto before = std::chrono::steady_clock::now();
        loss = trainer.step();
        stepSeconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count());
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    // On a shared machine the wall clock counts other programs' time too: the fastest tenth of
    // the steps (those that ran undisturbed) and the steps per CPU-second (all threads together)
    // tell what the code itself costs.
    std::sort(stepSeconds.begin(), stepSeconds.end());
    // The median step time is what tests/bench/perf_gate.py compares with the aim.
    const double fastTenth = stepSeconds[stepSeconds.size() / 10];
    const double median = stepSeconds[stepSeconds.size() / 2];
    std::printf("threads %d: %.1f steps/s wall, %.1f at the median step time, %.1f at the fastest "
                "tenth's, %.1f per CPU-second (%d steps in %.3f s, %.3f CPU s), last loss %.4f\n",
                threadCount(), double(steps - 10) / seconds, 1.0 / median, 1.0 / fastTenth,
                double(steps - 10) / cpuSeconds, steps - 10, seconds, cpuSeconds, loss);
    // How far the estimate is from the median step's rate, either way (1: exact).
    const double measured = 1.0 / median;
    std::printf("estimate %.1f steps/s: %.2f of the median step time's rate, accuracy %.2f\n",
                estimated, estimated / measured,
                std::min(estimated / measured, measured / estimated));
    // The efficiency: the step's operations at the median step's rate, against the same
    // products as plain GEMMs on the same threads.
    const double flops = stepFlops(config, settings.batch);
    const double gemmSeconds = gemmStepSeconds(config, settings.batch);
    std::printf("efficiency %s: %.3f GFLOP a step, %.1f GFLOP/s at the median step, the same "
                "products as GEMMs %.1f GFLOP/s (%.2f ms), ratio %.2f\n",
                shape.c_str(), flops * 1e-9, flops * measured * 1e-9, flops / gemmSeconds * 1e-9,
                gemmSeconds * 1e3, gemmSeconds * measured);
    return 0;
}
