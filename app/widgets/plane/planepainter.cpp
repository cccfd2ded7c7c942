#include "planepainter.h"

#include "labelplacer.h"
#include "numberformat.h"

#include <QLineF>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

/// `color` at `alpha` (0–255) over the opaque `background`, as an opaque colour. Long
/// translucent lines are much slower to rasterize than opaque ones, and the grid is drawn on a
/// plain background anyway.
QColor blended(const QColor &color, int alpha, const QColor &background)
{
    const double a = alpha / 255.0;
    return QColor::fromRgbF(static_cast<float>(a * color.redF() + (1 - a) * background.redF()),
                            static_cast<float>(a * color.greenF() + (1 - a) * background.greenF()),
                            static_cast<float>(a * color.blueF() + (1 - a) * background.blueF()));
}

QColor withAlpha(QColor color, int alpha)
{
    color.setAlpha(alpha);
    return color;
}

/// An arrow from `from` to `to`: a shaft (dashed or solid) and a triangular head (filled or
/// open), `headLength` pixels long. A zero-length arrow is a small ring at `to`.
void drawArrow(QPainter &painter, const QPointF &from, const QPointF &to, const QColor &color,
               double width, bool dashed, bool openHead, double headLength, const QColor &fill)
{
    const QLineF line(from, to);
    const double length = line.length();
    QPen pen(color, width, dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin);
    if (length < 1.0) {
        painter.setPen(QPen(color, width));
        painter.setBrush(openHead ? fill : color);
        painter.drawEllipse(to, headLength * 0.3, headLength * 0.3);
        return;
    }
    const QPointF unit = (to - from) / length;
    const QPointF normal(-unit.y(), unit.x());
    const double head = std::min(headLength, 0.8 * length);
    const QPointF base = to - unit * head;
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawLine(from, base);
    const QPointF points[] = {to, base + normal * head * 0.42, base - normal * head * 0.42};
    painter.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap, Qt::MiterJoin));
    painter.setBrush(openHead ? fill : color);
    painter.drawPolygon(points, 3);
}

/// The length of an arrow head for text of `lineHeight`.
double headLength(double lineHeight)
{
    return std::max(8.0, 0.6 * lineHeight);
}

/// Where an arrow to `tip` starts: the origin, or in one-dimensional mode its lane's start.
QPointF arrowStart(const PlaneMapping &map, const QPointF &tip)
{
    const QPointF origin = map.originPixel();
    return map.isOneDimensional() ? QPointF(origin.x(), tip.y()) : origin;
}

} // namespace

PlanePainter::PlanePainter(QPainter &painter, const QFont &font, const QPalette &palette)
    : m_painter(painter)
    , m_font(font)
    , m_bold(font)
    , m_palette(palette)
{
    m_bold.setBold(true);
}

QList<PlaneLabel> PlanePainter::paint(const PlaneScene &scene)
{
    m_scene = &scene;
    m_occupied.clear();
    m_painter.setFont(m_font);
    paintLegend();
    paintCaption();
    const QList<double> shownTicks = ticks();
    if (scene.mapping.isOneDimensional()) {
        paintLaneGrid(shownTicks);
    } else {
        paintGridLines(shownTicks);
        paintTickLabels(shownTicks);
        paintAxisNames();
    }
    paintProjections();
    paintArrows();
    QList<PlaneLabel> labels = paintLabels();
    m_scene = nullptr;
    return labels;
}

void PlanePainter::drawRecordedText(const QPointF &baseline, const QString &text)
{
    const QFontMetricsF metrics(m_painter.font());
    m_painter.drawText(baseline, text);
    m_occupied.append(QRectF(baseline.x(), baseline.y() - metrics.ascent(),
                             metrics.horizontalAdvance(text), metrics.height()));
}

void PlanePainter::paintLegend()
{
    const QFontMetricsF metrics(m_font);
    const double line = metrics.height();
    const double sample = 1.6 * line;
    const double width = std::max(1.5, line / 8.0);
    QPointF at(0.5 * line, m_scene->top + 0.2 * line);
    const struct
    {
        VectorKind kind;
        QString name;
    } entries[] = {{VectorKind::Key, tr("keys")}, {VectorKind::Query, tr("queries")}};
    for (const auto &entry : entries) {
        const double y = at.y() + line / 2;
        const bool query = entry.kind == VectorKind::Query;
        drawArrow(m_painter, QPointF(at.x(), y), QPointF(at.x() + sample, y),
                  vectorKindColor(entry.kind), width, query, query, 0.5 * line,
                  m_palette.color(QPalette::Base));
        m_painter.setPen(m_palette.color(QPalette::Text));
        drawRecordedText(QPointF(at.x() + sample + 0.4 * line, at.y() + metrics.ascent()),
                         entry.name);
        m_occupied.append(QRectF(at.x(), at.y(), sample, line));
        at.rx() += sample + 0.4 * line + metrics.horizontalAdvance(entry.name) + line;
    }
}

void PlanePainter::paintCaption()
{
    if (m_scene->caption.isEmpty())
        return;
    // At the bottom left, under the plot, shortened to the widget's width.
    const QFontMetricsF metrics(m_font);
    const double line = metrics.height();
    const QRectF rect = m_scene->rect;
    const QString text =
        metrics.elidedText(m_scene->caption, Qt::ElideRight, rect.width() - 1.0 * line);
    m_painter.setPen(m_palette.color(QPalette::Text));
    drawRecordedText(
        QPointF(rect.left() + 0.5 * line, rect.bottom() - metrics.descent() - 0.15 * line), text);
}

QList<double> PlanePainter::ticks() const
{
    const PlaneMapping &map = m_scene->mapping;
    const QFontMetricsF metrics(m_font);
    const double labelWidth = metrics.horizontalAdvance(NumberFormat::tick(-map.range())) +
                              2.0 * metrics.averageCharWidth();
    const int maxTicks = std::clamp(static_cast<int>(map.plotRect().width() / labelWidth), 3, 9);
    return map.ticks(maxTicks);
}

void PlanePainter::paintLaneGrid(const QList<double> &ticks)
{
    const PlaneMapping &map = m_scene->mapping;
    const QFontMetricsF metrics(m_font);
    const QColor text = m_palette.color(QPalette::Text);
    const QColor base = m_palette.color(QPalette::Base);
    const QRectF plot = map.plotRect();
    const double tickLength = metrics.height() * 0.25;
    const PlaneLanes lanes = PlaneLanes::fit(map.rect(), m_scene->laneCount, metrics.height());
    const double axisY = lanes.axisY;

    m_painter.setPen(QPen(blended(text, 30, base), 1.0));
    for (double t : ticks) {
        const double x = map.toPixel({t, 0.0}).x();
        m_painter.drawLine(QPointF(x, lanes.top), QPointF(x, axisY));
    }
    m_painter.setPen(QPen(blended(text, 150, base), 1.0));
    m_painter.drawLine(QPointF(plot.left(), axisY), QPointF(plot.right(), axisY));
    const double originX = map.originPixel().x();
    m_painter.drawLine(QPointF(originX, lanes.top), QPointF(originX, axisY));
    m_painter.setPen(text);
    for (double t : ticks) {
        const double x = map.toPixel({t, 0.0}).x();
        m_painter.drawLine(QPointF(x, axisY), QPointF(x, axisY + tickLength));
        const QString label = NumberFormat::tick(t);
        const double w = metrics.horizontalAdvance(label);
        drawRecordedText(QPointF(x - w / 2, axisY + tickLength + metrics.ascent()), label);
    }
    m_painter.setFont(m_bold);
    const QString &name = m_scene->horizontalName;
    drawRecordedText(QPointF(plot.right() - QFontMetricsF(m_bold).horizontalAdvance(name),
                             axisY + tickLength + metrics.ascent() + metrics.height()),
                     name);
    m_painter.setFont(m_font);
}

void PlanePainter::paintGridLines(const QList<double> &ticks)
{
    // Grid lines, the unit circle, then the axes through the origin.
    const PlaneMapping &map = m_scene->mapping;
    const QColor text = m_palette.color(QPalette::Text);
    const QColor base = m_palette.color(QPalette::Base);
    const QRectF plot = map.plotRect();
    const QPointF origin = map.originPixel();
    m_painter.setPen(QPen(blended(text, 28, base), 1.0));
    for (double t : ticks) {
        if (t == 0.0)
            continue;
        const QPointF p = map.toPixel({t, t});
        m_painter.drawLine(QPointF(p.x(), plot.top()), QPointF(p.x(), plot.bottom()));
        m_painter.drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()));
    }
    const double unit = map.pixelsPerUnit();
    m_painter.setPen(QPen(blended(text, 70, base), 1.0, Qt::DotLine));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawEllipse(origin, unit, unit);

    m_painter.setPen(QPen(blended(text, 160, base), 1.0));
    m_painter.drawLine(QPointF(plot.left(), origin.y()), QPointF(plot.right(), origin.y()));
    m_painter.drawLine(QPointF(origin.x(), plot.top()), QPointF(origin.x(), plot.bottom()));
}

void PlanePainter::paintTickLabels(const QList<double> &ticks)
{
    // Tick marks and numbers along both axes; 0 once, below left of the origin.
    const PlaneMapping &map = m_scene->mapping;
    const QFontMetricsF metrics(m_font);
    const QPointF origin = map.originPixel();
    const double tickLength = metrics.height() * 0.25;
    m_painter.setPen(m_palette.color(QPalette::Text));
    for (double t : ticks) {
        if (t == 0.0)
            continue;
        const QString label = NumberFormat::tick(t);
        const double w = metrics.horizontalAdvance(label);
        const QPointF px = map.toPixel({t, 0.0});
        m_painter.drawLine(QPointF(px.x(), origin.y()), QPointF(px.x(), origin.y() + tickLength));
        drawRecordedText(QPointF(px.x() - w / 2, origin.y() + tickLength + metrics.ascent()),
                         label);
        const QPointF py = map.toPixel({0.0, t});
        m_painter.drawLine(QPointF(origin.x() - tickLength, py.y()), QPointF(origin.x(), py.y()));
        drawRecordedText(QPointF(origin.x() - tickLength - w - 2.0,
                                 py.y() + (metrics.ascent() - metrics.descent()) / 2),
                         label);
    }
    const QString zero = NumberFormat::tick(0.0);
    drawRecordedText(QPointF(origin.x() - tickLength - metrics.horizontalAdvance(zero) - 2.0,
                             origin.y() + tickLength + metrics.ascent()),
                     zero);
}

void PlanePainter::paintAxisNames()
{
    // Axis names at the positive ends: the horizontal one beside or above its axis, the
    // vertical one above or beside its axis.
    const PlaneMapping &map = m_scene->mapping;
    const QFontMetricsF metrics(m_font);
    const QFontMetricsF boldMetrics(m_bold);
    const QRectF plot = map.plotRect();
    const QPointF origin = map.originPixel();
    const double tickLength = metrics.height() * 0.25;
    m_painter.setPen(m_palette.color(QPalette::Text));
    m_painter.setFont(m_bold);
    // Beyond the right end of the axis when the widget is wide enough, else above the axis.
    const QString &horizontalName = m_scene->horizontalName;
    const double nameWidth = boldMetrics.horizontalAdvance(horizontalName);
    const double besideX = plot.right() + 0.3 * metrics.height();
    if (besideX + nameWidth <= m_scene->rect.width() - 2.0)
        drawRecordedText(
            QPointF(besideX, origin.y() + (boldMetrics.ascent() - boldMetrics.descent()) / 2),
            horizontalName);
    else
        drawRecordedText(
            QPointF(plot.right() - nameWidth, origin.y() - boldMetrics.descent() - tickLength),
            horizontalName);
    // Above the top end of the vertical axis when that is free (the legend may be there), else
    // inside the plot beside the axis.
    const QString &verticalName = m_scene->verticalName;
    const QPointF above(origin.x() + tickLength + 2.0,
                        plot.top() - boldMetrics.descent() - 0.15 * metrics.height());
    const QRectF aboveBox(above.x(), above.y() - boldMetrics.ascent(),
                          boldMetrics.horizontalAdvance(verticalName), boldMetrics.height());
    const bool aboveIsFree = aboveBox.top() >= m_scene->top &&
                             aboveBox.right() <= m_scene->rect.width() &&
                             std::none_of(m_occupied.cbegin(), m_occupied.cend(),
                                          [&](const QRectF &r) { return r.intersects(aboveBox); });
    drawRecordedText(
        aboveIsFree ? above
                    : QPointF(origin.x() + tickLength + 2.0, plot.top() + boldMetrics.ascent()),
        verticalName);
    m_painter.setFont(m_font);
}

void PlanePainter::paintProjections()
{
    // The selected query's line, with every drawn key's projection onto it: the length along
    // the line is the key's dot product with the query's direction (on the shown dimensions).
    const PlaneMapping &map = m_scene->mapping;
    if (map.isOneDimensional() || m_scene->selected < 0)
        return;
    const auto query =
        std::find_if(m_scene->tips.cbegin(), m_scene->tips.cend(), [&](const PlaneTip &tip) {
            return tip.kind == VectorKind::Query && tip.token == m_scene->selected;
        });
    if (query == m_scene->tips.cend())
        return;
    const double length = std::hypot(query->vector.x(), query->vector.y());
    if (length * map.pixelsPerUnit() < 2.0)
        return;
    const QPointF direction = query->vector / length;
    const QColor keyColor = vectorKindColor(VectorKind::Key);
    const QColor base = m_palette.color(QPalette::Base);

    m_painter.save();
    m_painter.setClipRect(map.plotRect());
    const double reach = 2.0 * map.range();
    m_painter.setPen(QPen(blended(vectorKindColor(VectorKind::Query), 50, base), 1.0));
    m_painter.drawLine(map.toPixel(-reach * direction), map.toPixel(reach * direction));
    const double dot = std::max(1.5, QFontMetricsF(m_font).height() * 0.12);
    for (const PlaneTip &tip : m_scene->tips) {
        if (tip.kind != VectorKind::Key)
            continue;
        const double along = QPointF::dotProduct(tip.vector, direction);
        const QPointF foot = map.toPixel(along * direction);
        m_painter.setPen(QPen(blended(keyColor, 110, base), 1.0, Qt::DotLine));
        m_painter.drawLine(tip.pixel, foot);
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(withAlpha(keyColor, 160));
        m_painter.drawEllipse(foot, dot, dot);
    }
    m_painter.restore();
}

void PlanePainter::paintArrows()
{
    const double line = QFontMetricsF(m_font).height();
    const double width = std::max(1.5, line / 8.0);
    const double head = headLength(line);
    const QColor fill = m_palette.color(QPalette::Base);
    const QList<PlaneTip> &tips = m_scene->tips;
    for (int i = 0; i < tips.size(); ++i) {
        const PlaneTip &tip = tips.at(i);
        const bool query = tip.kind == VectorKind::Query;
        const bool selected = query && tip.token == m_scene->selected;
        const bool active = i == m_scene->hovered || i == m_scene->dragged;
        const QColor color = vectorKindColor(tip.kind);
        const QPointF from = arrowStart(m_scene->mapping, tip.pixel);
        const double penWidth = width * (selected ? 1.8 : 1.0) * (active ? 1.4 : 1.0);
        if (selected || active) {
            // A soft halo under the highlighted arrow.
            m_painter.setPen(
                QPen(withAlpha(color, 55), penWidth * 4.0, Qt::SolidLine, Qt::RoundCap));
            m_painter.drawLine(from, tip.pixel);
        }
        drawArrow(m_painter, from, tip.pixel, color, penWidth, query, query,
                  head * (selected ? 1.15 : 1.0), fill);
    }
}

QList<PlaneLabel> PlanePainter::collectLabels() const
{
    const bool oneDimensional = m_scene->mapping.isOneDimensional();
    QList<PlaneLabel> labels;
    QList<QStringList> names;
    for (const PlaneTip &tip : m_scene->tips) {
        const bool selected = tip.kind == VectorKind::Query && tip.token == m_scene->selected;
        const QString name = m_scene->tokens.value(tip.token);
        const auto same = std::find_if(labels.begin(), labels.end(), [&](const PlaneLabel &l) {
            return l.kind == tip.kind && QLineF(l.tip, tip.pixel).length() < 2.0;
        });
        if (same == labels.end() || oneDimensional) {
            labels.append({tip.kind, QString(), tip.pixel, QRectF(), selected});
            names.append({name});
        } else {
            names[same - labels.begin()].append(name);
            same->selected = same->selected || selected;
        }
    }
    for (int i = 0; i < labels.size(); ++i) {
        const QString joined = names.at(i).join(QLatin1Char(' '));
        labels[i].text = labels.at(i).kind == VectorKind::Query ? tr("q %1").arg(joined)
                                                                : tr("k %1").arg(joined);
    }
    // The selected query's label is placed first, so it gets the best spot.
    std::stable_partition(labels.begin(), labels.end(),
                          [](const PlaneLabel &label) { return label.selected; });
    return labels;
}

QList<QPointF> PlanePainter::labelDirections(const PlaneLabel &label) const
{
    const PlaneMapping &map = m_scene->mapping;
    const QPointF origin = map.originPixel();
    if (map.isOneDimensional())
        return {QPointF(label.tip.x() < origin.x() ? -1.0 : 1.0, 0.0)};
    QPointF unit(1.0, 0.0);
    const double length = QLineF(origin, label.tip).length();
    if (length >= 1.0)
        unit = (label.tip - origin) / length;
    QPointF normal(unit.y(), -unit.x());
    if (label.kind == VectorKind::Key)
        normal = -normal;
    const double diagonal = std::sqrt(0.5);
    return {normal,
            -normal,
            unit,
            (unit + normal) * diagonal,
            (unit - normal) * diagonal,
            (normal - unit) * diagonal,
            (-normal - unit) * diagonal,
            -unit};
}

QList<PlaneLabel> PlanePainter::paintLabels()
{
    const QFontMetricsF metrics(m_font);
    const double line = metrics.height();
    // Labels keep a third of a character from other text, so neighbours never run together.
    LabelPlacer placer(m_scene->rect.adjusted(2, 2, -2, -2), 0.35 * metrics.averageCharWidth());
    for (const QRectF &box : std::as_const(m_occupied))
        placer.addObstacle(box);
    // The arrow heads are obstacles too (half the head length around each tip), the shafts
    // lines the labels rather not cross.
    const double headHalf = 0.5 * headLength(line);
    for (const PlaneTip &tip : m_scene->tips) {
        placer.addObstacle(
            QRectF(tip.pixel - QPointF(headHalf, headHalf), QSizeF(2 * headHalf, 2 * headHalf)));
        placer.addShaft(QLineF(arrowStart(m_scene->mapping, tip.pixel), tip.pixel));
    }
    QList<PlaneLabel> labels = collectLabels();
    for (PlaneLabel &label : labels) {
        m_painter.setFont(label.selected ? m_bold : m_font);
        const QFontMetricsF fm(m_painter.font());
        const QSizeF size(fm.horizontalAdvance(label.text), fm.height());
        const double gap = std::max(headHalf, fm.height() * 0.3) + 1.0;
        label.box = placer.place(label.tip, size, gap, labelDirections(label), 0.5 * line,
                                 gap + 1.5 * line);
        m_painter.setPen(vectorKindColor(label.kind));
        // The box places the label; its glyphs may reach past it (a bold "q"'s tail).
        m_painter.drawText(label.box, Qt::AlignCenter | Qt::TextDontClip, label.text);
    }
    m_painter.setFont(m_font);
    return labels;
}

} // namespace attention
