#include "labelplacer.h"

#include <algorithm>
#include <cmath>

namespace attention {

namespace {

double area(const QRectF &r)
{
    return r.isEmpty() ? 0.0 : r.width() * r.height();
}

/// True when segment `line` passes through `box`.
bool intersects(const QLineF &line, const QRectF &box)
{
    if (box.contains(line.p1()) || box.contains(line.p2()))
        return true;
    const QLineF edges[] = {{box.topLeft(), box.topRight()},
                            {box.topRight(), box.bottomRight()},
                            {box.bottomRight(), box.bottomLeft()},
                            {box.bottomLeft(), box.topLeft()}};
    return std::any_of(std::begin(edges), std::end(edges), [&](const QLineF &edge) {
        return line.intersects(edge, nullptr) == QLineF::BoundedIntersection;
    });
}

/// The centre of a `size` box whose edge lies `distance` pixels from `point` along `direction`.
QPointF centreAt(const QPointF &point, const QSizeF &size, const QPointF &direction,
                 double distance)
{
    const double extent =
        std::abs(direction.x()) * size.width() / 2 + std::abs(direction.y()) * size.height() / 2;
    return point + direction * (distance + extent);
}

} // namespace

LabelPlacer::LabelPlacer(const QRectF &bounds, double padding)
    : m_bounds(bounds)
    , m_padding(std::max(0.0, padding))
{}

QRectF LabelPlacer::place(const QPointF &point, const QSizeF &size, double gap,
                          const QList<QPointF> &directions, double step, double reach)
{
    // Every spot scores its distance in steps, +2 when it crosses a shaft, and far more per
    // pixel² covered; the lowest score wins, the earliest among equals.
    const int steps = step > 0.0 ? std::max(0, static_cast<int>((reach - gap) / step + 1e-9)) : 0;
    QRectF best;
    double bestScore = HUGE_VAL;
    for (int k = 0; k <= steps; ++k) {
        for (const QPointF &direction : directions) {
            QRectF box(QPointF(), size);
            box.moveCenter(centreAt(point, size, direction, gap + k * step));
            const double score = 1000.0 * covered(box) + (crossesShaft(box, point) ? 2.0 : 0.0) + k;
            if (score < bestScore) {
                best = box;
                bestScore = score;
            }
        }
    }
    if (bestScore == HUGE_VAL) { // no directions
        best = QRectF(QPointF(), size);
        best.moveCenter(point);
    }
    best.moveLeft(std::clamp(best.left(), m_bounds.left(), m_bounds.right() - best.width()));
    best.moveTop(std::clamp(best.top(), m_bounds.top(), m_bounds.bottom() - best.height()));
    m_obstacles.append(best);
    return best;
}

double LabelPlacer::distance(const QPointF &point, const QRectF &box)
{
    const double dx = std::max({box.left() - point.x(), 0.0, point.x() - box.right()});
    const double dy = std::max({box.top() - point.y(), 0.0, point.y() - box.bottom()});
    return std::hypot(dx, dy);
}

double LabelPlacer::covered(const QRectF &box) const
{
    const QRectF grown = box.adjusted(-m_padding, -m_padding, m_padding, m_padding);
    double result = 0.0;
    for (const QRectF &r : m_obstacles)
        result += area(grown.intersected(r));
    return result + area(box) - area(box.intersected(m_bounds));
}

bool LabelPlacer::crossesShaft(const QRectF &box, const QPointF &point) const
{
    return std::any_of(m_shafts.cbegin(), m_shafts.cend(), [&](const QLineF &shaft) {
        return QLineF(shaft.p2(), point).length() >= 2.0 && intersects(shaft, box);
    });
}

} // namespace attention
