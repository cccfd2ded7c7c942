#pragma once

/// What a training run of step 7 will take before it starts: its memory at the peak (from the
/// model's shape: tiny/trainingcost.h) and its time (the steps left at a rate measured on this
/// machine), and whether it is heavy enough to ask the learner first.

#include "tiny/config.h"
#include "tiny/trainer.h"

#include <QtGlobal>

namespace attention {

struct RunEstimate
{
    qint64 bytes = 0;         ///< memory at the peak: the trainer's and the page's copies
    qint64 physicalBytes = 0; ///< this computer's memory (0 when unknown)
    double seconds = 0.0;     ///< the steps still to do

    /// Past this, a run is long (five minutes).
    static constexpr double longSeconds = 300.0;

    bool isLong() const { return seconds > longSeconds; }
    /// More than a quarter of this computer's memory.
    bool isLarge() const { return physicalBytes > 0 && bytes > physicalBytes / 4; }
    bool isHeavy() const { return isLong() || isLarge(); }
};

/// The estimate of `stepsLeft` steps of `config` (vocabSize set) with `settings`, on a corpus of
/// `trainIds` training ids, at `stepsPerSecond` when the run measured it (> 0), else at
/// `flopsPerSecond` (tiny::stepFlops per second).
RunEstimate estimateRun(const tiny::ModelConfig &config, const tiny::TrainingSettings &settings,
                        qint64 trainIds, int stepsLeft, double stepsPerSecond,
                        double flopsPerSecond);

/// This computer's memory in bytes, 0 when unknown.
qint64 physicalMemoryBytes();

/// tiny::measureStepRate(threads), measured once per thread count in this process (about 50 ms)
/// and remembered; with `measure` false, 0 when not measured yet. Call it from one thread (the
/// GUI's), and measure only while no run trains (it sets the tiny model's thread count).
double machineStepRate(int threads, bool measure = true);

} // namespace attention
