#include "planemapping.h"

#include <QLineF>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

/// The smallest "nice" number ≥ x from the sequence m × 10ᵏ, m in `mantissas` (ascending, in
/// [1, 10]).
template<std::size_t N>
double niceAtLeast(double x, const double (&mantissas)[N])
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : mantissas)
        if (m * magnitude >= x * (1.0 - 1e-12))
            return m * magnitude;
    return 10.0 * magnitude;
}

} // namespace

PlaneMapping::PlaneMapping(const QRectF &rect, double range, bool oneDimensional)
    : m_rect(rect)
    , m_range(range > 0.0 && std::isfinite(range) ? range : minimumRange)
    , m_oneDimensional(oneDimensional)
{}

QRectF PlaneMapping::plotRect() const
{
    if (m_oneDimensional)
        return m_rect;
    const double side = std::min(m_rect.width(), m_rect.height());
    QRectF square(0.0, 0.0, side, side);
    square.moveCenter(m_rect.center());
    return square;
}

double PlaneMapping::pixelsPerUnit() const
{
    const QRectF plot = plotRect();
    return plot.width() / (2.0 * m_range);
}

QPointF PlaneMapping::originPixel() const
{
    return m_rect.center();
}

QPointF PlaneMapping::toPixel(const QPointF &vector) const
{
    const QPointF origin = originPixel();
    const double scale = pixelsPerUnit();
    if (m_oneDimensional)
        return {origin.x() + vector.x() * scale, origin.y()};
    return {origin.x() + vector.x() * scale, origin.y() - vector.y() * scale};
}

QPointF PlaneMapping::toVector(const QPointF &pixel) const
{
    const QPointF origin = originPixel();
    const double scale = pixelsPerUnit();
    if (scale <= 0.0)
        return {};
    if (m_oneDimensional)
        return {(pixel.x() - origin.x()) / scale, 0.0};
    return {(pixel.x() - origin.x()) / scale, (origin.y() - pixel.y()) / scale};
}

double PlaneMapping::tickStep(int maxTicks) const
{
    // Ticks are symmetric around 0, so an odd count: 0 plus (maxTicks − 1) / 2 on each side.
    const int perSide = std::max(1, (maxTicks - 1) / 2);
    static constexpr double mantissas[] = {1.0, 2.0, 2.5, 5.0, 10.0};
    return niceAtLeast(m_range / perSide, mantissas);
}

QList<double> PlaneMapping::ticks(int maxTicks) const
{
    const double step = tickStep(maxTicks);
    const int perSide = static_cast<int>(std::floor(m_range / step + 1e-9));
    QList<double> result;
    result.reserve(2 * perSide + 1);
    for (int i = -perSide; i <= perSide; ++i)
        result.append(i * step);
    return result;
}

double PlaneMapping::fitRange(const QList<QPointF> &points, double minimum)
{
    double largest = 0.0;
    for (const QPointF &p : points) {
        if (std::isfinite(p.x()))
            largest = std::max(largest, std::abs(p.x()));
        if (std::isfinite(p.y()))
            largest = std::max(largest, std::abs(p.y()));
    }
    const double wanted = std::max(minimum, 1.1 * largest);
    static constexpr double mantissas[] = {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0};
    return niceAtLeast(wanted, mantissas);
}

int PlaneMapping::nearestWithin(const QPointF &pixel, const QList<QPointF> &pixels, double radius)
{
    QList<double> distances;
    distances.reserve(pixels.size());
    double nearest = radius;
    for (const QPointF &p : pixels) {
        distances.append(QLineF(pixel, p).length());
        nearest = std::min(nearest, distances.last());
    }
    // The last of the points within half a pixel of the nearest distance, if that is in reach.
    for (int i = static_cast<int>(distances.size()) - 1; i >= 0; --i)
        if (distances.at(i) <= radius && distances.at(i) <= nearest + 0.5)
            return i;
    return -1;
}

PlaneLanes PlaneLanes::fit(const QRectF &rect, int laneCount, double lineHeight)
{
    PlaneLanes lanes;
    const double axisSpace = 2.0 * lineHeight;
    const double available = std::max(1.0, rect.height() - axisSpace);
    lanes.height = std::min(1.8 * lineHeight, available / std::max(1, laneCount));
    const double used = lanes.height * laneCount;
    lanes.top = rect.top() + std::max(0.0, (available - used) / 2.0);
    lanes.axisY = lanes.top + used + 0.5 * lineHeight;
    return lanes;
}

} // namespace attention
