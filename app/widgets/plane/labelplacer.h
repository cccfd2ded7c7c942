#pragma once

/// Label placement for the vector plane, kept apart from painting so it can be tested alone.
///
/// Each label is a box placed next to its point (an arrow's tip): at `gap` pixels in the first
/// of the caller's directions (best first) where it covers no obstacle and keeps `padding`
/// pixels from every other box, so neighbouring labels never run together. If no direction is
/// free at that distance it tries a little further out, never beyond `reach`; if nothing in reach
/// is free it takes the least covered spot (so a label stays by its tip even when crowded).
/// Arrow shafts are soft obstacles: a spot that crosses one is taken only when it is at least
/// two steps nearer than one that does not.

#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace attention {

class LabelPlacer
{
public:
    /// Labels stay inside `bounds` and keep `padding` pixels from every obstacle.
    explicit LabelPlacer(const QRectF &bounds, double padding = 0.0);

    /// A box nothing may cover (text, an arrow head, a placed label).
    void addObstacle(const QRectF &box) { m_obstacles.append(box); }
    /// A line a label should rather not cross (an arrow's shaft, ending at its tip).
    void addShaft(const QLineF &shaft) { m_shafts.append(shaft); }
    const QList<QRectF> &obstacles() const { return m_obstacles; }

    /// Places a box of `size` next to `point` (see the class comment) and records it as an
    /// obstacle. `directions` are unit vectors, best first; spots are tried at `gap`, then in
    /// steps of `step` up to `reach` pixels between the point and the box's nearest edge.
    /// Shafts ending at `point` (its own arrows) are not avoided.
    QRectF place(const QPointF &point, const QSizeF &size, double gap,
                 const QList<QPointF> &directions, double step, double reach);

    /// How far `point` lies from the nearest point of `box` (0 inside it).
    static double distance(const QPointF &point, const QRectF &box);

private:
    /// The area of `box` (grown by the padding) that obstacles or the outside cover.
    double covered(const QRectF &box) const;
    bool crossesShaft(const QRectF &box, const QPointF &point) const;

    QRectF m_bounds;
    double m_padding = 0.0;
    QList<QRectF> m_obstacles;
    QList<QLineF> m_shafts;
};

} // namespace attention
