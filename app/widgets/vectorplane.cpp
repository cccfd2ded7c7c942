#include "vectorplane.h"

#include "numberformat.h"
#include "vectortablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLineF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <cmath>

namespace attention {

namespace {

/// How many entries a tooltip lists before it shortens a vector with "…".
constexpr int tooltipEntries = 8;
/// Above this many tokens only the selected query and the hovered tip are labelled.
constexpr int labelledTokenLimit = 48;

/// Where the lanes of the one-dimensional view lie: one lane per vector, the axis below them.
struct Lanes
{
    double top = 0.0;
    double height = 0.0;
    double axisY = 0.0;
};

Lanes lanesFor(const QRectF &rect, int laneCount, double lineHeight)
{
    Lanes lanes;
    const double axisSpace = 2.0 * lineHeight;
    const double available = std::max(1.0, rect.height() - axisSpace);
    lanes.height = std::min(1.8 * lineHeight, available / std::max(1, laneCount));
    const double used = lanes.height * laneCount;
    lanes.top = rect.top() + std::max(0.0, (available - used) / 2.0);
    lanes.axisY = lanes.top + used + 0.5 * lineHeight;
    return lanes;
}

/// Draws `text` with its baseline starting at `baseline` and records the rectangle it covers.
void drawRecordedText(QPainter &painter, const QPointF &baseline, const QString &text,
                      QList<QRectF> &occupied)
{
    const QFontMetricsF metrics(painter.font());
    painter.drawText(baseline, text);
    occupied.append(QRectF(baseline.x(), baseline.y() - metrics.ascent(),
                           metrics.horizontalAdvance(text), metrics.height()));
}

/// How much of `box` the rectangles of `occupied` cover, plus what lies outside `bounds`.
double overlap(const QRectF &box, const QList<QRectF> &occupied, const QRectF &bounds)
{
    double area = 0.0;
    for (const QRectF &r : occupied) {
        const QRectF common = box.intersected(r);
        if (!common.isEmpty())
            area += common.width() * common.height();
    }
    const QRectF inside = box.intersected(bounds);
    area +=
        box.width() * box.height() - (inside.isEmpty() ? 0.0 : inside.width() * inside.height());
    return area;
}

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

} // namespace

VectorPlane::VectorPlane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_bar(new QWidget(this))
    , m_horizontalLabel(new QLabel(m_bar))
    , m_horizontalBox(new QComboBox(m_bar))
    , m_verticalLabel(new QLabel(m_bar))
    , m_verticalBox(new QComboBox(m_bar))
{
    Q_ASSERT(document);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    m_horizontalLabel->setBuddy(m_horizontalBox);
    m_verticalLabel->setBuddy(m_verticalBox);
    m_horizontalBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_verticalBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *barLayout = new QHBoxLayout(m_bar);
    barLayout->setContentsMargins(0, 0, 0, 0);
    barLayout->addWidget(m_horizontalLabel);
    barLayout->addWidget(m_horizontalBox);
    barLayout->addSpacing(fontMetrics().averageCharWidth() * 2);
    barLayout->addWidget(m_verticalLabel);
    barLayout->addWidget(m_verticalBox);
    barLayout->addStretch(1);
    m_bar->setAutoFillBackground(true);

    connect(m_horizontalBox, &QComboBox::activated, this,
            [this](int index) { setDimensions(index, m_vertical); });
    connect(m_verticalBox, &QComboBox::activated, this,
            [this](int index) { setDimensions(m_horizontal, index); });
    connect(document, &ScenarioDocument::changed, this, &VectorPlane::documentChanged);

    m_selected = static_cast<int>(document->scenario().tokenCount()) - 1;
    retranslate();
    documentChanged();
}

void VectorPlane::setDimensions(int horizontal, int vertical)
{
    const int d = m_document ? static_cast<int>(m_document->scenario().dimension()) : 0;
    if (d < 2 || horizontal < 0 || horizontal >= d || vertical < 0 || vertical >= d)
        return;
    if (horizontal == vertical) {
        // Choosing the other axis's dimension swaps the two axes.
        if (horizontal == m_horizontal)
            horizontal = m_vertical;
        else
            vertical = m_horizontal;
    }
    if (horizontal == vertical)
        return;
    m_horizontal = horizontal;
    m_vertical = vertical;
    {
        const QSignalBlocker blockH(m_horizontalBox);
        const QSignalBlocker blockV(m_verticalBox);
        m_horizontalBox->setCurrentIndex(horizontal);
        m_verticalBox->setCurrentIndex(vertical);
    }
    m_hovered = -1;
    updatePlot();
}

PlaneMapping VectorPlane::mapping() const
{
    const bool oneDimensional = m_vertical < 0;
    return PlaneMapping(plotArea(), m_frozenRange.value_or(fittedRange()), oneDimensional);
}

QPointF VectorPlane::tipPixel(VectorKind kind, int token) const
{
    for (const Tip &tip : tips())
        if (tip.kind == kind && tip.token == token)
            return tip.pixel;
    return {};
}

QSize VectorPlane::sizeHint() const
{
    const int line = fontMetrics().height();
    const int bar = m_bar->isHidden() ? 0 : m_bar->sizeHint().height();
    return {24 * line, 24 * line + bar};
}

QSize VectorPlane::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    const int bar = m_bar->isHidden() ? 0 : m_bar->minimumSizeHint().height();
    return {std::max(10 * line, m_bar->isHidden() ? 0 : m_bar->minimumSizeHint().width()),
            10 * line + bar};
}

void VectorPlane::setSelectedToken(int token)
{
    const int count = m_document ? static_cast<int>(m_document->scenario().tokenCount()) : 0;
    if (token < -1 || token >= count)
        token = -1;
    if (token == m_selected)
        return;
    m_selected = token;
    updatePlot();
}

bool VectorPlane::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QList<Tip> all = tips();
        const int hit = tipAt(all, help->pos());
        if (hit >= 0) {
            const double radius = hitRadius();
            const QRect area =
                QRectF(all.at(hit).pixel - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius))
                    .toAlignedRect();
            QToolTip::showText(help->globalPos(), tipToolTip(all, hit), this, area);
        } else if (plotArea().contains(help->pos())) {
            QToolTip::showText(help->globalPos(),
                               tr("Keys (solid) and queries (dashed) as arrows from the origin.\n"
                                  "Drag an arrow's tip to change that vector; hold Shift to "
                                  "snap to 0.1.\nClick a query's tip to select it."),
                               this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void VectorPlane::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslate();
        rebuildDimensionChoices(true);
        update();
        break;
    case QEvent::FontChange:
        layoutBar();
        updateGeometry();
        update();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

void VectorPlane::resizeEvent(QResizeEvent *event)
{
    layoutBar();
    QWidget::resizeEvent(event);
}

void VectorPlane::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    if (!m_document)
        return;
    const PlaneMapping map = mapping();
    const QList<Tip> all = tips();
    QList<QRectF> occupied;
    paintLegend(painter, occupied);
    paintGrid(painter, map, occupied);
    paintProjections(painter, map, all);
    paintArrows(painter, map, all);
    paintLabels(painter, map, all, occupied);
}

void VectorPlane::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_document) {
        QWidget::mousePressEvent(event);
        return;
    }
    const QList<Tip> all = tips();
    const int hit = tipAt(all, event->position());
    if (hit < 0) {
        QWidget::mousePressEvent(event);
        return;
    }
    const Tip &tip = all.at(hit);
    if (tip.kind == VectorKind::Query) {
        setSelectedToken(tip.token);
        Q_EMIT tokenSelected(tip.token);
    }
    // Whatever was being edited before, this drag is an undo step of its own.
    m_document->finishInteraction();
    m_frozenRange = mapping().range();
    m_dragging = true;
    m_dragKind = tip.kind;
    m_dragToken = tip.token;
    setCursor(Qt::ClosedHandCursor);
    updatePlot();
    event->accept();
}

void VectorPlane::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging) {
        dragTo(event->position(), event->modifiers());
        event->accept();
        return;
    }
    const int hit = tipAt(tips(), event->position());
    if (hit != m_hovered) {
        m_hovered = hit;
        if (hit >= 0)
            setCursor(Qt::OpenHandCursor);
        else
            unsetCursor();
        updatePlot();
    }
    QWidget::mouseMoveEvent(event);
}

void VectorPlane::mouseReleaseEvent(QMouseEvent *event)
{
    if (!m_dragging || event->button() != Qt::LeftButton) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    dragTo(event->position(), event->modifiers());
    m_dragging = false;
    m_dragToken = -1;
    m_frozenRange.reset();
    if (m_document)
        m_document->finishInteraction();
    setCursor(Qt::OpenHandCursor);
    updatePlot();
    event->accept();
}

void VectorPlane::leaveEvent(QEvent *event)
{
    if (m_hovered >= 0) {
        m_hovered = -1;
        updatePlot();
    }
    QWidget::leaveEvent(event);
}

void VectorPlane::documentChanged()
{
    const int count = static_cast<int>(m_document->scenario().tokenCount());
    if (m_selected >= count)
        m_selected = count - 1;
    if (m_dragging && m_dragToken >= count) {
        m_dragging = false;
        m_dragToken = -1;
        m_frozenRange.reset();
    }
    if (!m_dragging)
        m_hovered = -1;
    rebuildDimensionChoices();
    updatePlot();
}

void VectorPlane::rebuildDimensionChoices(bool force)
{
    const Scenario &s = m_document->scenario();
    const int d = static_cast<int>(s.dimension());
    if (d == 1) {
        m_horizontal = 0;
        m_vertical = -1;
    } else if (m_horizontal < 0 || m_horizontal >= d || m_vertical < 0 || m_vertical >= d ||
               m_horizontal == m_vertical) {
        m_horizontal = 0;
        m_vertical = 1;
    }
    const QSignalBlocker blockH(m_horizontalBox);
    const QSignalBlocker blockV(m_verticalBox);
    // Refilled only when d or the names change: this runs at every step of a drag.
    if (force || d != m_choiceDimension || s.dimensionNames != m_choiceNames) {
        m_choiceDimension = d;
        m_choiceNames = s.dimensionNames;
        QStringList items;
        items.reserve(d);
        for (int i = 0; i < d; ++i)
            items.append(tr("%1: %2").arg(QString::number(i + 1), s.dimensionName(i)));
        m_horizontalBox->clear();
        m_verticalBox->clear();
        m_horizontalBox->addItems(items);
        m_verticalBox->addItems(items);
    }
    m_horizontalBox->setCurrentIndex(m_horizontal);
    m_verticalBox->setCurrentIndex(m_vertical);
    const bool choose = d > 2;
    if (choose == m_bar->isHidden()) {
        m_bar->setVisible(choose);
        layoutBar();
        updateGeometry();
    }
}

void VectorPlane::retranslate()
{
    m_horizontalLabel->setText(tr("&Horizontal:"));
    m_verticalLabel->setText(tr("&Vertical:"));
    const QString horizontalTip =
        tr("The dimension of the queries and keys on the horizontal axis");
    const QString verticalTip = tr("The dimension of the queries and keys on the vertical axis");
    m_horizontalLabel->setToolTip(horizontalTip);
    m_horizontalBox->setToolTip(horizontalTip);
    m_verticalLabel->setToolTip(verticalTip);
    m_verticalBox->setToolTip(verticalTip);
    setAccessibleName(tr("Vector plane"));
    setAccessibleDescription(
        tr("Queries and keys drawn as arrows; drag a tip to change that vector."));
}

void VectorPlane::updatePlot()
{
    // Everything below the dimension bar, so that its combo boxes are not repainted.
    const int top = m_bar->isHidden() ? 0 : m_bar->geometry().bottom() + 1;
    update(QRect(0, top, width(), height() - top));
}

void VectorPlane::layoutBar()
{
    if (m_bar->isHidden())
        return;
    m_bar->setGeometry(0, 0, width(), m_bar->sizeHint().height());
}

QRectF VectorPlane::plotArea() const
{
    const double line = fontMetrics().height();
    QRectF area = rect();
    if (!m_bar->isHidden())
        area.setTop(m_bar->sizeHint().height());
    // Room for the legend above and for labels and axis names around the plot.
    return area.adjusted(1.5 * line, 2.0 * line, -1.5 * line, -1.2 * line);
}

double VectorPlane::fittedRange() const
{
    if (!m_document)
        return PlaneMapping::minimumRange;
    const Scenario &s = m_document->scenario();
    QList<QPointF> points;
    points.reserve(2 * s.tokenCount());
    for (const Matrix *vectors : {&s.queries, &s.keys})
        for (Index t = 0; t < vectors->rows(); ++t)
            points.append(
                {(*vectors)(t, m_horizontal), m_vertical >= 0 ? (*vectors)(t, m_vertical) : 0.0});
    return PlaneMapping::fitRange(points);
}

int VectorPlane::laneOf(VectorKind kind, int token) const
{
    return 2 * token + (kind == VectorKind::Key ? 1 : 0);
}

QPointF VectorPlane::laneTip(const PlaneMapping &mapping, int lane, double x) const
{
    const int tokens = static_cast<int>(m_document->scenario().tokenCount());
    const Lanes lanes = lanesFor(mapping.rect(), 2 * tokens, fontMetrics().height());
    return {mapping.toPixel({x, 0.0}).x(), lanes.top + (lane + 0.5) * lanes.height};
}

QList<VectorPlane::Tip> VectorPlane::tips() const
{
    QList<Tip> result;
    if (!m_document)
        return result;
    const Scenario &s = m_document->scenario();
    const int d = static_cast<int>(s.dimension());
    if (m_horizontal >= d || m_vertical >= d)
        return result;
    const PlaneMapping map = mapping();
    const int count = static_cast<int>(s.tokenCount());
    result.reserve(2 * count);
    auto add = [&](VectorKind kind, int token) {
        const Matrix &vectors = kind == VectorKind::Query ? s.queries : s.keys;
        Tip tip;
        tip.kind = kind;
        tip.token = token;
        tip.vector = {vectors(token, m_horizontal),
                      m_vertical >= 0 ? vectors(token, m_vertical) : 0.0};
        tip.pixel = map.isOneDimensional() ? laneTip(map, laneOf(kind, token), tip.vector.x())
                                           : map.toPixel(tip.vector);
        result.append(tip);
    };
    for (int t = 0; t < count; ++t)
        add(VectorKind::Key, t);
    for (int t = 0; t < count; ++t)
        if (t != m_selected)
            add(VectorKind::Query, t);
    if (m_selected >= 0 && m_selected < count)
        add(VectorKind::Query, m_selected);
    return result;
}

int VectorPlane::tipAt(const QList<Tip> &all, const QPointF &pixel) const
{
    QList<QPointF> pixels;
    pixels.reserve(all.size());
    for (const Tip &tip : all)
        pixels.append(tip.pixel);
    return PlaneMapping::nearestWithin(pixel, pixels, hitRadius());
}

double VectorPlane::hitRadius() const
{
    return std::max(8.0, 0.8 * fontMetrics().height());
}

QString VectorPlane::vectorText(VectorKind kind, int token) const
{
    const Scenario &s = m_document->scenario();
    const Matrix &vectors = kind == VectorKind::Query ? s.queries : s.keys;
    QStringList entries;
    const Index shown = std::min<Index>(vectors.cols(), tooltipEntries);
    for (Index i = 0; i < shown; ++i)
        entries.append(NumberFormat::entry(vectors(token, i)));
    if (shown < vectors.cols())
        entries.append(QStringLiteral("…"));
    const QString numbers = entries.join(QStringLiteral(", "));
    const QString name = s.tokens.at(token);
    return kind == VectorKind::Query ? tr("q(%1) = [%2]").arg(name, numbers)
                                     : tr("k(%1) = [%2]").arg(name, numbers);
}

QString VectorPlane::tipToolTip(const QList<Tip> &all, int hit) const
{
    const Scenario &s = m_document->scenario();
    const ScenarioResult &result = m_document->result(); // may lag behind s at large T
    const Tip &target = all.at(hit);
    QStringList lines;
    int together = 0;
    for (const Tip &tip : all) {
        if (QLineF(tip.pixel, target.pixel).length() > 1.5)
            continue;
        ++together;
        QString line = vectorText(tip.kind, tip.token);
        if (tip.kind == VectorKind::Key && m_selected >= 0 && m_selected < s.tokenCount() &&
            m_selected < result.weights.rows() && tip.token < result.weights.cols()) {
            const double dot = s.queries.row(m_selected).dot(s.keys.row(tip.token));
            const double score = result.scores(m_selected, tip.token);
            const double weight = result.weights(m_selected, tip.token);
            const QString scoreText =
                std::isfinite(score) ? NumberFormat::entry(score) : tr("masked (−∞)");
            line += QLatin1Char('\n') + tr("  q(%1)·k(%2) = %3, score %4, weight %5")
                                            .arg(s.tokens.at(m_selected), s.tokens.at(tip.token),
                                                 NumberFormat::entry(dot), scoreText,
                                                 NumberFormat::entry(weight));
        }
        lines.append(line);
    }
    const QString name = s.tokens.at(target.token);
    const QString moved =
        target.kind == VectorKind::Query ? tr("q(%1)").arg(name) : tr("k(%1)").arg(name);
    if (together > 1)
        lines.append(tr("Dragging here moves %1.").arg(moved));
    else
        lines.append(tr("Drag the tip to change %1.").arg(moved));
    if (target.kind == VectorKind::Query && target.token != m_selected)
        lines.append(tr("Click to select this query."));
    return lines.join(QLatin1Char('\n'));
}

void VectorPlane::dragTo(const QPointF &pixel, Qt::KeyboardModifiers modifiers)
{
    if (!m_document || m_dragToken < 0)
        return;
    const Scenario &s = m_document->scenario();
    if (m_dragToken >= s.tokenCount() || m_horizontal >= s.dimension() ||
        m_vertical >= s.dimension())
        return;
    const PlaneMapping map = mapping();
    QRectF bounds = map.plotRect();
    QPointF clamped(std::clamp(pixel.x(), bounds.left(), bounds.right()),
                    std::clamp(pixel.y(), bounds.top(), bounds.bottom()));
    const QPointF point = map.toVector(clamped);
    const double grid = modifiers.testFlag(Qt::ShiftModifier) ? 0.1 : 0.01;
    auto snap = [grid](double x) { return std::round(x / grid) * grid + 0.0; };

    const Matrix &vectors = m_dragKind == VectorKind::Query ? s.queries : s.keys;
    RowVector vector = vectors.row(m_dragToken);
    vector(m_horizontal) = snap(point.x());
    if (m_vertical >= 0)
        vector(m_vertical) = snap(point.y());
    if (vector == vectors.row(m_dragToken))
        return;
    if (!m_document->setVector(m_dragKind, m_dragToken, vector))
        QToolTip::showText(mapToGlobal(pixel.toPoint()), m_document->lastError(), this);
}

void VectorPlane::paintGrid(QPainter &painter, const PlaneMapping &map,
                            QList<QRectF> &occupied) const
{
    const QFontMetricsF metrics(font());
    const QColor text = palette().color(QPalette::Text);
    const QColor base = palette().color(QPalette::Base);
    const QRectF plot = map.plotRect();
    const QPointF origin = map.originPixel();
    const double tickLength = metrics.height() * 0.25;
    const Scenario &s = m_document->scenario();

    // As many ticks as fit with their labels side by side.
    const double labelWidth = metrics.horizontalAdvance(NumberFormat::tick(-map.range())) +
                              2.0 * metrics.averageCharWidth();
    const int maxTicks = std::clamp(static_cast<int>(plot.width() / labelWidth), 3, 9);
    const QList<double> ticks = map.ticks(maxTicks);

    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold);

    if (map.isOneDimensional()) {
        const int tokens = static_cast<int>(s.tokenCount());
        const Lanes lanes = lanesFor(map.rect(), 2 * tokens, metrics.height());
        const double top = lanes.top;
        const double axisY = lanes.axisY;
        painter.setPen(QPen(blended(text, 30, base), 1.0));
        for (double t : ticks) {
            const double x = map.toPixel({t, 0.0}).x();
            painter.drawLine(QPointF(x, top), QPointF(x, axisY));
        }
        painter.setPen(QPen(blended(text, 150, base), 1.0));
        painter.drawLine(QPointF(plot.left(), axisY), QPointF(plot.right(), axisY));
        painter.drawLine(QPointF(origin.x(), top), QPointF(origin.x(), axisY));
        painter.setPen(text);
        for (double t : ticks) {
            const double x = map.toPixel({t, 0.0}).x();
            painter.drawLine(QPointF(x, axisY), QPointF(x, axisY + tickLength));
            const QString label = NumberFormat::tick(t);
            const double w = metrics.horizontalAdvance(label);
            drawRecordedText(painter, QPointF(x - w / 2, axisY + tickLength + metrics.ascent()),
                             label, occupied);
        }
        painter.setFont(bold);
        const QString name = s.dimensionName(m_horizontal);
        drawRecordedText(painter,
                         QPointF(plot.right() - boldMetrics.horizontalAdvance(name),
                                 axisY + tickLength + metrics.ascent() + metrics.height()),
                         name, occupied);
        painter.setFont(font());
        return;
    }

    // Grid lines, the unit circle, then the axes through the origin.
    painter.setPen(QPen(blended(text, 28, base), 1.0));
    for (double t : ticks) {
        if (t == 0.0)
            continue;
        const QPointF p = map.toPixel({t, t});
        painter.drawLine(QPointF(p.x(), plot.top()), QPointF(p.x(), plot.bottom()));
        painter.drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()));
    }
    const double unit = map.pixelsPerUnit();
    painter.setPen(QPen(blended(text, 70, base), 1.0, Qt::DotLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(origin, unit, unit);

    painter.setPen(QPen(blended(text, 160, base), 1.0));
    painter.drawLine(QPointF(plot.left(), origin.y()), QPointF(plot.right(), origin.y()));
    painter.drawLine(QPointF(origin.x(), plot.top()), QPointF(origin.x(), plot.bottom()));

    painter.setPen(text);
    for (double t : ticks) {
        if (t == 0.0)
            continue;
        const QString label = NumberFormat::tick(t);
        const double w = metrics.horizontalAdvance(label);
        const QPointF px = map.toPixel({t, 0.0});
        painter.drawLine(QPointF(px.x(), origin.y()), QPointF(px.x(), origin.y() + tickLength));
        drawRecordedText(painter,
                         QPointF(px.x() - w / 2, origin.y() + tickLength + metrics.ascent()), label,
                         occupied);
        const QPointF py = map.toPixel({0.0, t});
        painter.drawLine(QPointF(origin.x() - tickLength, py.y()), QPointF(origin.x(), py.y()));
        drawRecordedText(painter,
                         QPointF(origin.x() - tickLength - w - 2.0,
                                 py.y() + (metrics.ascent() - metrics.descent()) / 2),
                         label, occupied);
    }
    const QString zero = NumberFormat::tick(0.0);
    drawRecordedText(painter,
                     QPointF(origin.x() - tickLength - metrics.horizontalAdvance(zero) - 2.0,
                             origin.y() + tickLength + metrics.ascent()),
                     zero, occupied);

    // Axis names at the positive ends: the horizontal one above its axis, the vertical one
    // beside its axis.
    painter.setFont(bold);
    const QString horizontalName = s.dimensionName(m_horizontal);
    const QString verticalName = s.dimensionName(m_vertical);
    // Beyond the right end of the axis when the widget is wide enough, else above the axis.
    const double nameWidth = boldMetrics.horizontalAdvance(horizontalName);
    const double besideX = plot.right() + 0.3 * metrics.height();
    if (besideX + nameWidth <= width() - 2.0)
        drawRecordedText(
            painter,
            QPointF(besideX, origin.y() + (boldMetrics.ascent() - boldMetrics.descent()) / 2),
            horizontalName, occupied);
    else
        drawRecordedText(
            painter,
            QPointF(plot.right() - nameWidth, origin.y() - boldMetrics.descent() - tickLength),
            horizontalName, occupied);
    // Above the top end of the vertical axis when that is free (the legend may be there), else
    // inside the plot beside the axis.
    const QPointF above(origin.x() + tickLength + 2.0,
                        plot.top() - boldMetrics.descent() - 0.15 * metrics.height());
    const QRectF aboveBox(above.x(), above.y() - boldMetrics.ascent(),
                          boldMetrics.horizontalAdvance(verticalName), boldMetrics.height());
    const bool aboveIsFree =
        aboveBox.top() >= (m_bar->isHidden() ? 0.0 : m_bar->geometry().bottom() + 1.0) &&
        aboveBox.right() <= width() &&
        std::none_of(occupied.cbegin(), occupied.cend(),
                     [&](const QRectF &r) { return r.intersects(aboveBox); });
    drawRecordedText(
        painter,
        aboveIsFree ? above
                    : QPointF(origin.x() + tickLength + 2.0, plot.top() + boldMetrics.ascent()),
        verticalName, occupied);
    painter.setFont(font());
}

void VectorPlane::paintProjections(QPainter &painter, const PlaneMapping &map,
                                   const QList<Tip> &all) const
{
    // The selected query's line, with every key's projection onto it: the length along the
    // line is the key's dot product with the query's direction (on the shown dimensions).
    if (map.isOneDimensional() || m_selected < 0)
        return;
    QPointF query;
    bool found = false;
    for (const Tip &tip : all)
        if (tip.kind == VectorKind::Query && tip.token == m_selected) {
            query = tip.vector;
            found = true;
        }
    const double length = std::hypot(query.x(), query.y());
    if (!found || length * map.pixelsPerUnit() < 2.0)
        return;
    const QPointF direction = query / length;
    const QColor queryColor = vectorKindColor(VectorKind::Query);
    const QColor keyColor = vectorKindColor(VectorKind::Key);
    const QColor base = palette().color(QPalette::Base);

    painter.save();
    painter.setClipRect(map.plotRect());
    const double reach = 2.0 * map.range();
    painter.setPen(QPen(blended(queryColor, 50, base), 1.0));
    painter.drawLine(map.toPixel(-reach * direction), map.toPixel(reach * direction));
    const double dot = std::max(1.5, fontMetrics().height() * 0.12);
    for (const Tip &tip : all) {
        if (tip.kind != VectorKind::Key)
            continue;
        const double along = QPointF::dotProduct(tip.vector, direction);
        const QPointF foot = map.toPixel(along * direction);
        painter.setPen(QPen(blended(keyColor, 110, base), 1.0, Qt::DotLine));
        painter.drawLine(tip.pixel, foot);
        painter.setPen(Qt::NoPen);
        painter.setBrush(withAlpha(keyColor, 160));
        painter.drawEllipse(foot, dot, dot);
    }
    painter.restore();
}

void VectorPlane::paintArrows(QPainter &painter, const PlaneMapping &map,
                              const QList<Tip> &all) const
{
    const double line = fontMetrics().height();
    const double width = std::max(1.5, line / 8.0);
    const double head = std::max(8.0, 0.6 * line);
    const QColor fill = palette().color(QPalette::Base);
    const QPointF origin = map.originPixel();
    for (int i = 0; i < all.size(); ++i) {
        const Tip &tip = all.at(i);
        const bool query = tip.kind == VectorKind::Query;
        const bool selected = query && tip.token == m_selected;
        const bool active =
            i == m_hovered || (m_dragging && tip.kind == m_dragKind && tip.token == m_dragToken);
        const QColor color = vectorKindColor(tip.kind);
        const QPointF from = map.isOneDimensional() ? QPointF(origin.x(), tip.pixel.y()) : origin;
        double penWidth = width * (selected ? 1.8 : 1.0) * (active ? 1.4 : 1.0);
        if (selected || active) {
            // A soft halo under the highlighted arrow.
            painter.setPen(QPen(withAlpha(color, 55), penWidth * 4.0, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(from, tip.pixel);
        }
        drawArrow(painter, from, tip.pixel, color, penWidth, query, query,
                  head * (selected ? 1.15 : 1.0), fill);
    }
}

void VectorPlane::paintLabels(QPainter &painter, const PlaneMapping &map, const QList<Tip> &all,
                              QList<QRectF> &occupied) const
{
    const Scenario &s = m_document->scenario();
    const QPointF origin = map.originPixel();
    const bool labelAll = s.tokenCount() <= labelledTokenLimit;

    // Tips of one kind at the same pixel share a label: "q 明 月 光".
    struct Label
    {
        VectorKind kind;
        QPointF pixel;
        QStringList names;
        bool selected = false;
    };
    QList<Label> labels;
    for (int i = 0; i < all.size(); ++i) {
        const Tip &tip = all.at(i);
        const bool selected = tip.kind == VectorKind::Query && tip.token == m_selected;
        if (!labelAll && !selected && i != m_hovered)
            continue;
        auto same = std::find_if(labels.begin(), labels.end(), [&](const Label &label) {
            return label.kind == tip.kind && QLineF(label.pixel, tip.pixel).length() < 2.0;
        });
        if (same == labels.end() || map.isOneDimensional()) {
            labels.append({tip.kind, tip.pixel, {s.tokens.at(tip.token)}, selected});
        } else {
            same->names.append(s.tokens.at(tip.token));
            same->selected = same->selected || selected;
        }
    }
    // The selected query's label is placed first, so it gets the best spot.
    std::stable_partition(labels.begin(), labels.end(),
                          [](const Label &label) { return label.selected; });

    // The arrow heads are obstacles too (half the head length around each tip).
    const double headHalf = 0.5 * std::max(8.0, 0.6 * fontMetrics().height());
    for (const Label &label : labels)
        occupied.append(
            QRectF(label.pixel - QPointF(headHalf, headHalf), QSizeF(2 * headHalf, 2 * headHalf)));

    QFont bold = font();
    bold.setBold(true);
    const QRectF bounds = QRectF(rect()).adjusted(2, 2, -2, -2);
    for (const Label &label : labels) {
        const QString text = label.kind == VectorKind::Query
                                 ? tr("q %1").arg(label.names.join(QLatin1Char(' ')))
                                 : tr("k %1").arg(label.names.join(QLatin1Char(' ')));
        painter.setFont(label.selected ? bold : font());
        const QFontMetricsF fm(painter.font());
        const QSizeF size(fm.horizontalAdvance(text), fm.height());
        const double gap = std::max(headHalf, fm.height() * 0.3) + 1.0;

        // Candidate centres, best first: beside the tip (queries on the left of their
        // direction, keys on the right), on the other side, beyond the tip, then further out.
        QPointF unit(1.0, 0.0);
        const double length = QLineF(origin, label.pixel).length();
        if (length >= 1.0 && !map.isOneDimensional())
            unit = (label.pixel - origin) / length;
        if (map.isOneDimensional() && label.pixel.x() < origin.x())
            unit = QPointF(-1.0, 0.0);
        QPointF normal(unit.y(), -unit.x());
        if (label.kind == VectorKind::Key)
            normal = -normal;
        auto extent = [&](const QPointF &direction) {
            return std::abs(direction.x()) * size.width() / 2 +
                   std::abs(direction.y()) * size.height() / 2;
        };
        QList<QPointF> centres;
        if (map.isOneDimensional()) {
            centres << label.pixel + unit * (gap + extent(unit));
        } else {
            for (int step = 0; step < 3; ++step) {
                const double further = step * size.height();
                centres << label.pixel + unit * gap + normal * (gap + extent(normal) + further)
                        << label.pixel + unit * gap - normal * (gap + extent(normal) + further)
                        << label.pixel + unit * (gap + extent(unit) + further);
            }
        }
        QRectF best;
        double bestOverlap = HUGE_VAL;
        for (const QPointF &centre : centres) {
            QRectF box(QPointF(), size);
            box.moveCenter(centre);
            const double covered = overlap(box, occupied, bounds);
            if (covered < bestOverlap) {
                best = box;
                bestOverlap = covered;
            }
            if (covered <= 0.0)
                break;
        }
        best.moveLeft(std::clamp(best.left(), bounds.left(), bounds.right() - best.width()));
        best.moveTop(std::clamp(best.top(), bounds.top(), bounds.bottom() - best.height()));
        occupied.append(best);
        painter.setPen(vectorKindColor(label.kind));
        painter.drawText(best, Qt::AlignCenter, text);
    }
    painter.setFont(font());
}

void VectorPlane::paintLegend(QPainter &painter, QList<QRectF> &occupied) const
{
    const QFontMetricsF metrics(font());
    const double line = metrics.height();
    const double sample = 1.6 * line;
    const double width = std::max(1.5, line / 8.0);
    QPointF at(0.5 * line, (m_bar->isHidden() ? 0.0 : m_bar->sizeHint().height()) + 0.2 * line);
    const QColor text = palette().color(QPalette::Text);
    const struct
    {
        VectorKind kind;
        QString name;
    } entries[] = {{VectorKind::Key, tr("keys")}, {VectorKind::Query, tr("queries")}};
    for (const auto &entry : entries) {
        const double y = at.y() + line / 2;
        drawArrow(painter, QPointF(at.x(), y), QPointF(at.x() + sample, y),
                  vectorKindColor(entry.kind), width, entry.kind == VectorKind::Query,
                  entry.kind == VectorKind::Query, 0.5 * line, palette().color(QPalette::Base));
        painter.setPen(text);
        drawRecordedText(painter, QPointF(at.x() + sample + 0.4 * line, at.y() + metrics.ascent()),
                         entry.name, occupied);
        occupied.append(QRectF(at.x(), at.y(), sample, line));
        at.rx() += sample + 0.4 * line + metrics.horizontalAdvance(entry.name) + line;
    }
}

} // namespace attention
