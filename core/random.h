#pragma once

/// A seeded random generator that draws the same numbers on every platform.
///
/// Uniform integers come from xoshiro256** (Blackman and Vigna, 2018) seeded through SplitMix64;
/// both are specified bit for bit, unlike the engines' distributions in <random>. Normal numbers
/// use the Marsaglia polar method written out here, because std::normal_distribution gives
/// different sequences in libstdc++, libc++ and MSVC. The polar method needs only std::log and
/// std::sqrt: sqrt is exact under IEEE 754 and glibc's log is correctly rounded in practice, so a
/// seed reproduces the same numbers wherever the project builds.

#include "types.h"

#include <array>
#include <cstdint>

namespace attention {

class Random
{
public:
    explicit Random(std::uint64_t seed);

    /// The next 64 random bits.
    std::uint64_t nextBits();
    /// Uniform in [0, 1), with 53 random bits.
    double uniform();
    /// Standard normal N(0, 1).
    double normal();
    /// A (rows, cols) matrix of independent N(0, 1) entries, filled row by row.
    Matrix normalMatrix(Index rows, Index cols);
    /// The same in float32 (drawn in double, then rounded).
    MatrixF normalMatrixF(Index rows, Index cols);

private:
    std::array<std::uint64_t, 4> m_state{};
    double m_spareNormal = 0.0;
    bool m_hasSpare = false;
};

} // namespace attention
