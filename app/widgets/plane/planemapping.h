#pragma once

/// Vector coordinates ↔ widget pixels for the 2-D vector plane, kept apart from painting so it
/// can be tested alone (no widgets here).
///
/// The plane shows two chosen dimensions (i, j) of every query and key. Both axes share one
/// symmetric range [−r, r] and one scale, so angles and lengths on screen are true: a dot product
/// looks like what it is. The origin sits at the centre of the square that fits the pixel
/// rectangle. In one-dimensional mode only the horizontal axis carries a coordinate.

#include <QList>
#include <QPointF>
#include <QRectF>

namespace attention {

class PlaneMapping
{
public:
    /// The smallest half-range the plane ever shows: [−1.2, 1.2] fits unit vectors with room.
    static constexpr double minimumRange = 1.2;

    PlaneMapping() = default;
    /// A mapping of [−range, range] (both axes) onto `rect` (pixels).
    PlaneMapping(const QRectF &rect, double range, bool oneDimensional = false);

    QRectF rect() const { return m_rect; }
    /// The half-range r: the plane shows [−r, r] on both axes.
    double range() const { return m_range; }
    bool isOneDimensional() const { return m_oneDimensional; }

    /// The square (or, in one-dimensional mode, the full-width strip) that [−r, r]² occupies.
    QRectF plotRect() const;
    /// Pixels per unit of vector coordinate, the same on both axes.
    double pixelsPerUnit() const;
    /// The pixel of the origin.
    QPointF originPixel() const;

    /// Vector coordinates (x along dimension i, y along dimension j, y up) → pixel (y down).
    /// In one-dimensional mode y is ignored and the pixel lies on the horizontal axis.
    QPointF toPixel(const QPointF &vector) const;
    /// Pixel → vector coordinates; the inverse of toPixel() (y is 0 in one-dimensional mode).
    QPointF toVector(const QPointF &pixel) const;

    /// Tick positions (vector coordinates) on [−r, r] at a "nice" step (1, 2, 2.5 or 5 × 10ᵏ),
    /// symmetric around 0 and including 0, with about `maxTicks` ticks or fewer.
    QList<double> ticks(int maxTicks = 9) const;
    /// The step between ticks() for the same `maxTicks`.
    double tickStep(int maxTicks = 9) const;

    /// A symmetric half-range that fits every point (vector coordinates) with about 10 % to
    /// spare: at least minimumRange, rounded up to a nice number (1.2, 1.5, 2, 2.5, 3, 4, 5, 6,
    /// 8 × 10ᵏ) so that small edits do not rescale the plane.
    static double fitRange(const QList<QPointF> &points, double minimum = minimumRange);

    /// The index of the point of `pixels` nearest to `pixel` within `radius` pixels, or −1.
    /// When several are equally near (within half a pixel), the last one wins, so a caller that
    /// lists points in painting order picks the one drawn on top.
    static int nearestWithin(const QPointF &pixel, const QList<QPointF> &pixels, double radius);

private:
    QRectF m_rect;
    double m_range = minimumRange;
    bool m_oneDimensional = false;
};

/// Where the lanes of the one-dimensional view lie: one lane per drawn vector, the axis below.
struct PlaneLanes
{
    double top = 0.0;    ///< the top of the first lane (pixels)
    double height = 0.0; ///< the height of one lane, at most 1.8 lines
    double axisY = 0.0;  ///< the horizontal axis, half a line below the last lane

    /// `laneCount` lanes centred vertically in `rect`, leaving two lines for the axis below.
    static PlaneLanes fit(const QRectF &rect, int laneCount, double lineHeight);
    /// The vertical centre of lane `lane` (0-based).
    double centre(int lane) const { return top + (lane + 0.5) * height; }
};

} // namespace attention
