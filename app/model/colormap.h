#pragma once

/// A perceptually uniform, colour-blind friendly colour map (viridis) for the heatmaps.

#include "types.h"

#include <QColor>
#include <QRgb>
#include <array>

namespace attention {

/// Viridis: dark purple at 0, through blue and green, to yellow at 1.
///
/// The eleven published anchor colours are interpolated linearly into a 256-entry table once;
/// a lookup is then one clamp and one index.
class Colormap
{
public:
    static constexpr int size = 256;
    /// Colour of masked (−∞) cells: a neutral grey, outside the viridis range.
    static constexpr QRgb maskedColor = 0xffd4d4d4;

    /// The colour of `t`, clamped to [0, 1]; NaN maps to 0.
    static QRgb viridis(double t);
    /// The whole table: entry i is the colour of t = i / (size − 1).
    static const std::array<QRgb, size> &table();
    /// The colours of `count` values on the scale `minimum` (dark) to `maximum` (bright), into
    /// `colors`: −∞ gives maskedColor; an empty range gives the middle colour.
    static void colors(const double *values, Index count, double minimum, double maximum,
                       QRgb *colors);
    /// Black or white, whichever reads better on `background` (by its relative luminance).
    static QColor textColorOn(QRgb background);
};

} // namespace attention
