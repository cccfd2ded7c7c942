#include "headgrid.h"

#include "colormap.h"
#include "headpanel.h"
#include "heatmapmapping.h"
#include "numberformat.h"

#include <QAccessible>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

constexpr qreal highlightWidth = 3.0;
/// The dot of a head that plays a role (an orange apart from viridis).
const QColor roleMarkColor(0xe0, 0x7b, 0x00);
constexpr qreal minimumLabel = 8.0; ///< smaller cells go without the characters beside them

} // namespace

HeadGrid::HeadGrid(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeadGrid::setSnapshot(SharedSnapshot snapshot, const QStringList &characters)
{
    m_snapshot = std::move(snapshot);
    m_characters = characters;
    updateGeometry();
    update();
    if (layers() == 0)
        return; // nothing to show: the selection waits for heads
    // A smaller model or a shorter probe line moves the selection inside, and says so.
    const int layer = std::clamp(m_layer, 0, layers() - 1);
    const int head = std::clamp(m_head, 0, heads() - 1);
    if (layer != m_layer || head != m_head) {
        m_layer = layer;
        m_head = head;
        Q_EMIT headSelected(layer, head);
    }
    if (m_position >= positions())
        setSelectedPosition(positions() - 1);
}

const AttentionSnapshot &HeadGrid::snapshot() const
{
    static const AttentionSnapshot none;
    return m_snapshot ? *m_snapshot : none;
}

void HeadGrid::setSelectedHead(int layer, int head)
{
    // Without heads shown (before a model, while the probe is empty) any head can be chosen;
    // the next snapshot moves it inside.
    const bool shown = layers() > 0;
    if (layer < 0 || head < 0 || (shown && (layer >= layers() || head >= heads())))
        return;
    if (layer == m_layer && head == m_head)
        return;
    m_layer = layer;
    m_head = head;
    update();
    if (hasFocus() && shown) { // a screen reader names the head the keys moved to
        QAccessibleEvent focus(this, QAccessible::Focus);
        focus.setChild(layer * heads() + head);
        QAccessible::updateAccessibility(&focus);
    }
    Q_EMIT headSelected(layer, head);
}

void HeadGrid::setSelectedPosition(int position)
{
    position = std::max(-1, std::min(position, positions() - 1));
    if (position == m_position)
        return;
    m_position = position;
    update();
    Q_EMIT positionSelected(position);
}

HeadGrid::Geometry HeadGrid::geometry() const
{
    Geometry g;
    const QFontMetricsF metrics(font());
    g.title = metrics.height() + 2;
    g.labels = metrics.height() + 4;
    g.gap = metrics.height() * 0.8;
    const int n = std::max(1, positions());
    const int count = std::max(1, layers() * heads());
    const qreal width = this->width() - g.labels - 2 * highlightWidth;
    const qreal height = this->height() - g.labels - 2 * highlightWidth;
    // As many columns as give the largest heads: one row for a few heads in a wide widget,
    // a square-ish block for many. A row holds whole layers or an equal part of one, so that
    // each layer's heads stay together.
    qreal bestSide = -1;
    const int perLayer = std::max(1, heads());
    for (int columns = 1; columns <= count; ++columns) {
        if (perLayer % columns != 0 && columns % perLayer != 0)
            continue;
        const int rows = (count + columns - 1) / columns;
        const qreal side = std::min(width / columns - g.gap, height / rows - g.gap - g.title);
        if (side > bestSide) {
            bestSide = side;
            g.columns = columns;
        }
    }
    g.rows = (count + g.columns - 1) / g.columns;
    // Each head as large as the room allows, whole pixels wide: its cells share that side,
    // however many positions there are, so a head need not be a multiple of the positions.
    // Where the room is small (a low panel at a large zoom), small cells rather than heads cut
    // off at the widget's edge.
    g.side = std::max(qreal(n), std::floor(bestSide));
    g.cell = g.side / n;
    return g;
}

QRectF HeadGrid::cellsRect(int layer, int head) const
{
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads() || positions() == 0)
        return {};
    const Geometry g = geometry();
    const int index = layer * heads() + head;
    const qreal x = highlightWidth + g.labels + (index % g.columns) * (g.side + g.gap);
    const qreal y = highlightWidth + (index / g.columns) * (g.title + g.side + g.gap) + g.title;
    return QRectF(x, y, g.side, g.side);
}

HeadGrid::Hit HeadGrid::hitAt(const QPointF &point) const
{
    for (int layer = 0; layer < layers(); ++layer)
        for (int head = 0; head < heads(); ++head) {
            const QRectF rect = cellsRect(layer, head);
            if (!rect.contains(point))
                continue;
            const qreal cell = rect.width() / positions();
            const int row = std::clamp(int((point.y() - rect.top()) / cell), 0, positions() - 1);
            const int column =
                std::clamp(int((point.x() - rect.left()) / cell), 0, positions() - 1);
            return {layer, head, row, column};
        }
    return {};
}

QString HeadGrid::headTitle(int layer, int head) const
{
    return tr("layer %1, head %2").arg(layer + 1).arg(head + 1);
}

QString HeadGrid::shownTitle(int layer, int head) const
{
    // The same form for every head, so measured in bold; the tooltip and the accessible name
    // have the words.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    const qreal room = cellsRect(layer, head).width() + geometry().gap - roleDotRoom(layer, head);
    for (const QString &title : {headTitle(layer, head), shortHeadTitle(layer, head)})
        if (metrics.horizontalAdvance(title) <= room)
            return title;
    return QStringLiteral("%1.%2").arg(layer + 1).arg(head + 1);
}

bool HeadGrid::titleFits(int layer, int head) const
{
    QFont bold = font();
    bold.setBold(true);
    return QFontMetrics(bold).horizontalAdvance(shownTitle(layer, head)) <=
           cellsRect(layer, head).width() + geometry().gap - roleDotRoom(layer, head);
}

qreal HeadGrid::roleDotRoom(int layer, int head) const
{
    return roleMark(layer, head).isEmpty() ? 0.0 : geometry().title * 0.7;
}

QString HeadGrid::shortHeadTitle(int layer, int head) const
{
    return tr("L%1 H%2", "layer and head, where there is no room for the words")
        .arg(layer + 1)
        .arg(head + 1);
}

QSize HeadGrid::sizeHint() const
{
    const QFontMetrics metrics(font());
    const int side = std::max(8, positions()) * 12;
    return QSize(std::max(1, heads()) * (side + metrics.height()) + 3 * metrics.height(),
                 std::max(1, layers()) * (side + 2 * metrics.height()) + 2 * metrics.height());
}

QSize HeadGrid::minimumSizeHint() const
{
    const QFontMetrics metrics(font());
    return QSize(std::min(2, std::max(1, heads())) * 6 * metrics.height(), 6 * metrics.height());
}

void HeadGrid::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (positions() == 0 || layers() == 0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("Type a probe line to see the heads' weights on it."));
        return;
    }
    const Geometry g = geometry();
    for (int layer = 0; layer < layers(); ++layer)
        for (int head = 0; head < heads(); ++head)
            paintHead(painter, g, layer, head);
    if (hasFocus()) {
        QPen pen(palette().color(QPalette::Highlight), 1.0, Qt::DashLine);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    }
}

void HeadGrid::setRoleMarks(std::vector<std::vector<QString>> roles)
{
    if (roles == m_roles)
        return;
    m_roles = std::move(roles);
    update();
}

void HeadGrid::setRoleMarks(const HeadsInspection *inspection)
{
    std::vector<std::vector<QString>> marks;
    for (const auto &layer : inspection ? inspection->roles : decltype(inspection->roles){}) {
        marks.emplace_back();
        for (const tiny::HeadRoles &head : layer) {
            const auto role = head.named();
            marks.back().push_back(role ? HeadPanel::roleWords(*role, head.fixedOffset)
                                        : QString());
        }
    }
    setRoleMarks(std::move(marks));
}

QString HeadGrid::roleMark(int layer, int head) const
{
    if (layer < 0 || std::size_t(layer) >= m_roles.size() || head < 0 ||
        std::size_t(head) >= m_roles[std::size_t(layer)].size())
        return {};
    return m_roles[std::size_t(layer)][std::size_t(head)];
}

void HeadGrid::paintTitle(QPainter &painter, const Geometry &g, int layer, int head) const
{
    const QRectF cells = cellsRect(layer, head);
    const bool selected = layer == m_layer && head == m_head;
    QFont titleFont = font();
    titleFont.setBold(selected);
    painter.setFont(titleFont);
    painter.setPen(palette().color(QPalette::Text));
    const QRectF titleRect(cells.left(), cells.top() - g.title, cells.width() + g.gap, g.title);
    const QString title = shownTitle(layer, head);
    const QFontMetrics titleMetrics(titleFont);
    // A head that plays a role: a dot at the title's end, in room of its own.
    const qreal dotRoom = roleDotRoom(layer, head);
    painter.drawText(
        titleRect.adjusted(0, 0, -dotRoom, 0), Qt::AlignLeft | Qt::AlignVCenter,
        titleMetrics.elidedText(title, Qt::ElideRight, int(titleRect.width() - dotRoom)));
    if (dotRoom > 0) {
        const qreal dot = g.title * 0.45;
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(roleMarkColor);
        painter.drawEllipse(QRectF(titleRect.right() - dot - g.gap / 2,
                                   titleRect.center().y() - dot / 2, dot, dot));
        painter.setRenderHint(QPainter::Antialiasing, false);
    }
    painter.setFont(font());
}

void HeadGrid::paintHead(QPainter &painter, const Geometry &g, int layer, int head) const
{
    const QRectF cells = cellsRect(layer, head);
    const MatrixF &weights = m_snapshot->heads[std::size_t(layer)][std::size_t(head)];
    const int n = positions();
    const bool selected = layer == m_layer && head == m_head;

    paintTitle(painter, g, layer, head);

    for (int r = 0; r < n && r < weights.rows(); ++r)
        for (int c = 0; c < n && c < weights.cols(); ++c) {
            const QRectF cell(cells.left() + c * g.cell, cells.top() + r * g.cell, g.cell, g.cell);
            const QRgb color =
                c > r ? HeatmapMapping::maskedColor : Colormap::viridis(double(weights(r, c)));
            painter.fillRect(cell, QColor::fromRgb(color));
        }
    if (m_position >= 0) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1.0, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(
            QRectF(cells.left(), cells.top() + m_position * g.cell, cells.width(), g.cell));
    }
    if (selected) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), highlightWidth));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cells.adjusted(-highlightWidth / 2, -highlightWidth / 2,
                                        highlightWidth / 2, highlightWidth / 2));
    }

    // The characters: left of the first column of heads, below the last row of them, in a font
    // shrunk to the cells when they are smaller than a line (and left out below minimumLabel).
    QFont labelFont = font();
    if (g.cell < QFontMetricsF(labelFont).height()) {
        if (g.cell < minimumLabel)
            return;
        labelFont.setPixelSize(int(g.cell * 0.85));
    }
    painter.setFont(labelFont);
    const int index = layer * heads() + head;
    const bool firstColumn = index % g.columns == 0;
    const bool lastRow = index + g.columns >= layers() * heads();
    painter.setPen(palette().color(QPalette::Text));
    for (int i = 0; i < n; ++i) {
        if (firstColumn)
            painter.drawText(
                QRectF(cells.left() - g.labels, cells.top() + i * g.cell, g.labels - 2, g.cell),
                Qt::AlignRight | Qt::AlignVCenter, m_characters.at(i));
        if (lastRow)
            painter.drawText(
                QRectF(cells.left() + i * g.cell, cells.bottom() + 1, g.cell, g.labels - 2),
                Qt::AlignHCenter | Qt::AlignTop, m_characters.at(i));
    }
}

void HeadGrid::mousePressEvent(QMouseEvent *event)
{
    const Hit hit = hitAt(event->position());
    if (hit.layer < 0)
        return QWidget::mousePressEvent(event);
    setSelectedHead(hit.layer, hit.head);
    setSelectedPosition(hit.row);
}

void HeadGrid::keyPressEvent(QKeyEvent *event)
{
    // The arrows move through the heads as they are laid out (reading order, wrapped rows).
    const int count = layers() * heads();
    const int index = m_layer * heads() + m_head;
    const auto select = [this, count](int i) {
        if (i >= 0 && i < count)
            setSelectedHead(i / heads(), i % heads());
    };
    switch (event->key()) {
    case Qt::Key_Left:
        select(index - 1);
        break;
    case Qt::Key_Right:
        select(index + 1);
        break;
    case Qt::Key_Up:
        select(index - geometry().columns);
        break;
    case Qt::Key_Down:
        select(index + geometry().columns);
        break;
    case Qt::Key_PageUp:
        setSelectedPosition(std::max(0, m_position - 1));
        break;
    case Qt::Key_PageDown:
        setSelectedPosition(std::min(positions() - 1, m_position + 1));
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
}

bool HeadGrid::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto *help = static_cast<QHelpEvent *>(event);
    const Hit hit = hitAt(help->pos());
    if (hit.layer < 0) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const MatrixF &weights = m_snapshot->heads[std::size_t(hit.layer)][std::size_t(hit.head)];
    const QString role = roleMark(hit.layer, hit.head);
    QString text = hit.column > hit.row
                       ? tr("%1: %2 cannot see %3, which comes after it (causal mask)")
                             .arg(headTitle(hit.layer, hit.head), m_characters.at(hit.row),
                                  m_characters.at(hit.column))
                       : tr("%1: %2 (position %3) gives %4 (position %5) the weight %6")
                             .arg(headTitle(hit.layer, hit.head), m_characters.at(hit.row))
                             .arg(hit.row + 1)
                             .arg(m_characters.at(hit.column))
                             .arg(hit.column + 1)
                             .arg(NumberFormat::weight(double(weights(hit.row, hit.column))));
    if (!role.isEmpty())
        text = tr("%1 (it reads %2)").arg(text, role);
    QToolTip::showText(help->globalPos(), text, this);
    return true;
}

} // namespace attention
