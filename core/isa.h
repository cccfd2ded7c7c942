#pragma once

/// Which CPU path the hot code runs: the attention kernels, the tiny model's forward and backward
/// pass and AdamW are compiled several times, for baseline x86-64 (SSE2), for x86-64-v3 (AVX2,
/// FMA) and for x86-64-v4 (AVX-512), and one copy is chosen once, at first use, for the CPU the
/// program runs on. A build with -march=native (ATTENTION_LAB_NATIVE) has one copy, "native".
///
/// The environment variable ATTENTION_LAB_ISA=baseline|v3|v4 forces a path the CPU runs; a path
/// it does not run, or an unknown name, is refused on stderr and the best path is used instead.
/// How the copies are kept apart is in isadispatch.h.

#include <optional>
#include <string_view>
#include <vector>

namespace attention {

enum class Isa
{
    Baseline, ///< x86-64 as every 64-bit PC runs it: SSE2
    V3,       ///< x86-64-v3: AVX2, FMA, BMI2 (Haswell, Zen and later)
    V4,       ///< x86-64-v4: AVX-512 F, BW, DQ, VL (Skylake-X, Zen 4 and later)
    Native,   ///< the building machine's CPU (-march=native), the only path of such a build
};

/// The path's name for people: "x86-64", "x86-64-v3", "x86-64-v4", "native".
const char *isaName(Isa isa);
/// The path's value of ATTENTION_LAB_ISA: "baseline", "v3", "v4", "native".
const char *isaKey(Isa isa);
std::optional<Isa> isaFromKey(std::string_view key);

/// The paths compiled into this program that this CPU runs, slowest first.
std::vector<Isa> availableIsas();
/// The path in use (chosen at the first call of anything that dispatches).
Isa activeIsa();
/// Switches every later call to `isa`; false (and nothing changes) when it is not available.
/// For tests and benchmarks: not while another thread runs the hot code.
bool setActiveIsa(Isa isa);

} // namespace attention
