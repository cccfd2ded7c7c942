#include "heatmappainter.h"

#include "colormap.h"
#include "heatmapwidget.h"
#include "matrixmodel.h"
#include "numberformat.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QScopeGuard>
#include <QTextLayout>
#include <cmath>
#include <utility>

namespace attention {

namespace {

/// Up to this many cells the SVG export draws one rectangle per cell.
constexpr int maxVectorCells = 64 * 64;
/// Below this many pixels per cell, masked cells are plain grey, without hatching.
constexpr qreal minHatchedCell = 5;
/// From this many pixels per cell on, cells are painted as rectangles rather than as one image.
constexpr qreal minRectangleCell = 16;
/// From this many pixels per cell on, thin lines separate the cells.
constexpr qreal minSeparatedCell = 14;

/// The legend's word for masked weights, in the context it always had.
QString maskedText()
{
    return QCoreApplication::translate("attention::HeatmapWidget", "masked");
}

/// `font` at `factor` × its size, whether that size is given in points or in pixels.
QFont scaledFont(const QFont &font, qreal factor)
{
    QFont scaled = font;
    if (font.pointSizeF() > 0)
        scaled.setPointSizeF(font.pointSizeF() * factor);
    else
        scaled.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * factor))));
    return scaled;
}

/// Diagonal hatching over `rects`: a pattern brush on screen and in images (cheap), explicit
/// lines in vector output (SVG has no pattern brushes).
void hatch(QPainter &painter, const QList<QRectF> &rects, bool vector)
{
    const QColor lines(150, 150, 150);
    if (!vector) {
        const QBrush pattern(lines, Qt::BDiagPattern);
        for (const QRectF &rect : rects)
            painter.fillRect(rect, pattern);
        return;
    }
    QRectF bounds;
    QPainterPath area;
    for (const QRectF &rect : rects) {
        area.addRect(rect);
        bounds |= rect;
    }
    painter.save();
    painter.setClipPath(area);
    painter.setPen(QPen(lines, 1));
    constexpr qreal spacing = 7;
    for (qreal x = bounds.left() - bounds.height(); x < bounds.right(); x += spacing)
        painter.drawLine(QPointF(x, bounds.bottom()), QPointF(x + bounds.height(), bounds.top()));
    painter.restore();
}

QImage legendImage()
{
    QImage image(1, Colormap::size, QImage::Format_RGB32);
    for (int i = 0; i < Colormap::size; ++i) // top = maximum
        image.setPixel(0, i, Colormap::viridis(1.0 - double(i) / (Colormap::size - 1)));
    return image;
}

/// `rect` outlined twice: a wide pen under a narrow one, so it shows on every colour.
void outline(QPainter &painter, const QRectF &rect, const QPen &under, const QPen &over)
{
    painter.setBrush(Qt::NoBrush);
    painter.setPen(under);
    painter.drawRect(rect);
    painter.setPen(over);
    painter.drawRect(rect);
}

} // namespace

HeatmapPainter::HeatmapPainter(const HeatmapWidget &heatmap)
    : m_heatmap(heatmap)
{}

void HeatmapPainter::measureLabels(const QFont &font)
{
    const QFontMetricsF metrics(font);
    // The selected row's label is bold: measured so, none is elided when selected ("token 6").
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold);
    m_rowLabelWidth = 0;
    for (const QString &label : m_heatmap.model()->rowLabels())
        m_rowLabelWidth = std::max(m_rowLabelWidth, boldMetrics.horizontalAdvance(label));
    m_columnLabelWidth = 0;
    for (const QString &label : m_heatmap.model()->columnLabels())
        m_columnLabelWidth = std::max(m_columnLabelWidth, metrics.horizontalAdvance(label));
}

// Layout --------------------------------------------------------------------------------------

HeatmapPainter::Fonts HeatmapPainter::fontsFor(const QFont &base) const
{
    Fonts fonts;
    fonts.base = base;
    fonts.title = scaledFont(base, 1.2);
    fonts.title.setBold(true);
    fonts.caption = scaledFont(base, 0.95);
    fonts.legend = scaledFont(base, 0.9);
    fonts.labels = base;
    return fonts;
}

HeatmapMargins HeatmapPainter::marginsFor(const HeatmapMapping &colours, const Fonts &fonts,
                                          qreal width) const
{
    const QFontMetricsF title(fonts.title);
    const QFontMetricsF caption(fonts.caption);
    const QFontMetricsF legend(fonts.legend);
    HeatmapMargins margins;
    margins.padding = 6;
    const qsizetype captionLineCount =
        width < 0 ? 1 : std::max<qsizetype>(1, captionLines(fonts.caption, width).lines.size());
    margins.title = title.height() + captionLineCount * caption.height() + 10;
    const QFontMetricsF labels(fonts.labels);
    margins.columnLabels = labels.height() + 6;
    margins.rowLabels = std::max(m_rowLabelWidth * fonts.labelScale,
                                 labels.horizontalAdvance(QStringLiteral("q╲k"))) +
                        12;
    qreal legendWidth = 0;
    for (const double x : {colours.minimum(), colours.maximum()})
        legendWidth = std::max(legendWidth, legend.horizontalAdvance(m_heatmap.legendText(x)));
    if (m_heatmap.hasMask())
        legendWidth = std::max(legendWidth, legend.horizontalAdvance(maskedText()));
    margins.legend = 12 + 14 + 6 + legendWidth + 2;
    return margins;
}

HeatmapMapping HeatmapPainter::layoutFor(const HeatmapMapping &colours, const QRectF &rect,
                                         Fonts &fonts) const
{
    const int rows = m_heatmap.model()->rowCount();
    const int columns = m_heatmap.model()->columnCount();
    HeatmapMapping mapping = colours; // keeps the colour range
    mapping.setLayout(rect, rows, columns, marginsFor(colours, fonts, rect.width()));
    // Large cells get larger token labels (up to 1.6 ×), so that a projected heatmap reads
    // well; then lay out again with the room those labels take.
    const qreal comfortable = QFontMetricsF(fonts.base).height() * 2.5;
    if (mapping.cellSize() > comfortable) {
        fonts.labelScale = std::min(1.6, mapping.cellSize() / comfortable);
        fonts.labels = scaledFont(fonts.base, fonts.labelScale);
        mapping.setLayout(rect, rows, columns, marginsFor(colours, fonts, rect.width()));
    }
    return mapping;
}

HeatmapPainter::CaptionLines HeatmapPainter::captionLines(const QFont &font, qreal width) const
{
    CaptionLines result;
    const QString caption = m_heatmap.caption();
    if (caption.isEmpty())
        return result;
    const qreal room = std::max<qreal>(0, width - 2 * titlePadding);
    const QFontMetricsF metrics(font);
    if (metrics.horizontalAdvance(caption) <= room) {
        result.lines.append(caption);
        return result;
    }
    // Too long for one line (a narrow panel, a large zoom): the first line breaks between words
    // (or between characters in Chinese), the rest goes on a second; an ellipsis only when even
    // that is too short.
    QTextLayout layout(caption, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    QTextLine first = layout.createLine();
    first.setLineWidth(room);
    layout.endLayout();
    const int end = first.textStart() + first.textLength();
    const QString lines[] = {caption.left(end).trimmed(), caption.mid(end).trimmed()};
    for (const QString &line : lines) {
        if (line.isEmpty())
            continue;
        if (metrics.horizontalAdvance(line) > room) {
            result.elided = true;
            result.lines.append(metrics.elidedText(line, Qt::ElideRight, room));
        } else {
            result.lines.append(line);
        }
    }
    return result;
}

bool HeatmapPainter::rowLabelsElided(const HeatmapMapping &mapping, const Fonts &fonts) const
{
    if (mapping.rows() == 0)
        return false;
    QFont bold = fonts.labels;
    bold.setBold(true);
    const QFontMetricsF regular(fonts.labels);
    const QFontMetricsF selected(bold);
    const qreal room = rowLabelRoom(mapping);
    const QStringList &rows = m_heatmap.model()->rowLabels();
    for (int r = 0; r < rows.size(); ++r)
        if ((r == m_heatmap.selectedToken() ? selected : regular).horizontalAdvance(rows[r]) > room)
            return true;
    return false;
}

qreal HeatmapPainter::rowLabelRoom(const HeatmapMapping &mapping)
{
    // The label column less 6 px between a label and its row.
    return mapping.gridRect().left() - mapping.rowRect(0).left() - 6;
}

// Painting ------------------------------------------------------------------------------------

void HeatmapPainter::drawText(QPainter &painter, const QRectF &box, Qt::Alignment alignment,
                              const QString &text, bool elide)
{
    // The same tokens and numbers come back at every repaint: keep them laid out.
    const auto laidOut = [&](const QString &s) -> const QStaticText & {
        const QString key = painter.font().key() + QChar(0x1f) + s;
        auto it = m_texts.find(key);
        if (it != m_texts.end())
            return *it;
        const auto previous = m_previousTexts.constFind(key);
        if (previous != m_previousTexts.cend())
            return *m_texts.insert(key, *previous);
        QStaticText staticText(s);
        staticText.setTextFormat(Qt::PlainText);
        staticText.prepare(QTransform(), painter.font());
        return *m_texts.insert(key, staticText);
    };
    const QStaticText *shown = &laidOut(text);
    if (elide && shown->size().width() > box.width())
        shown =
            &laidOut(QFontMetricsF(painter.font()).elidedText(text, Qt::ElideRight, box.width()));
    const QSizeF size = shown->size();
    qreal x = box.left();
    if (alignment & Qt::AlignHCenter)
        x += (box.width() - size.width()) / 2;
    else if (alignment & Qt::AlignRight)
        x = box.right() - size.width();
    qreal y = box.top();
    if (alignment & Qt::AlignVCenter)
        y += (box.height() - size.height()) / 2;
    else if (alignment & Qt::AlignBottom)
        y = box.bottom() - size.height();
    painter.drawStaticText(QPointF(x, y), *shown);
}

void HeatmapPainter::paint(QPainter &painter, const QRectF &rect, const HeatmapMapping &colours,
                           bool vectorCells)
{
    // A new generation of laid-out texts: what this paint draws is taken over from the last.
    m_previousTexts = std::exchange(m_texts, {});
    const auto forgetTheRest = qScopeGuard([this] { m_previousTexts.clear(); });
    Fonts fonts = fontsFor(m_heatmap.font());
    const HeatmapMapping mapping = layoutFor(colours, rect, fonts);
    painter.fillRect(rect, m_heatmap.palette().color(QPalette::Base));
    paintTitle(painter, rect, fonts);
    if (mapping.rows() == 0 || mapping.columns() == 0 || mapping.cellSize() <= 0)
        return;
    paintCells(painter, mapping, vectorCells);
    paintMask(painter, mapping, vectorCells);
    paintSeparators(painter, mapping);
    paintNumbers(painter, mapping, fonts);
    paintLabels(painter, mapping, fonts);
    paintLegend(painter, mapping, fonts, vectorCells);
    paintOutlines(painter, mapping);
}

void HeatmapPainter::paintTitle(QPainter &painter, const QRectF &rect, const Fonts &fonts)
{
    // The title and the formula under it.
    const qreal padding = titlePadding;
    const QFontMetricsF titleMetrics(fonts.title);
    const QFontMetricsF captionMetrics(fonts.caption);
    const QColor text = m_heatmap.palette().color(QPalette::Text);
    painter.setPen(text);
    painter.setFont(fonts.title);
    const QRectF titleRect(rect.left() + padding, rect.top() + padding, rect.width() - 2 * padding,
                           titleMetrics.height());
    drawText(painter, titleRect, Qt::AlignLeft | Qt::AlignVCenter, m_heatmap.title(), true);
    QColor captionColor = text;
    captionColor.setAlphaF(0.7);
    painter.setPen(captionColor);
    painter.setFont(fonts.caption);
    QRectF captionRect(titleRect.left(), titleRect.bottom() + 2, titleRect.width(),
                       captionMetrics.height());
    for (const QString &line : captionLines(fonts.caption, rect.width()).lines) {
        drawText(painter, captionRect, Qt::AlignLeft | Qt::AlignVCenter, line, true);
        captionRect.translate(0, captionMetrics.height());
    }
}

void HeatmapPainter::paintCells(QPainter &painter, const HeatmapMapping &mapping,
                                bool vectorCells) const
{
    const ScaledTable &m = m_heatmap.model()->table();
    const QRectF grid = mapping.gridRect();
    // Big cells (or vector output): one rectangle each, the cheapest fill there is. Small
    // cells: the one-pixel-per-cell image, scaled.
    if ((vectorCells && m.size() <= maxVectorCells) || mapping.cellSize() >= minRectangleCell) {
        painter.setPen(Qt::NoPen);
        for (int r = 0; r < m.rows(); ++r)
            for (int c = 0; c < m.cols(); ++c)
                painter.fillRect(mapping.cellRect(r, c),
                                 QColor(mapping.color(m_heatmap.shownValue(r, c))));
    } else {
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(grid, m_heatmap.cellImage());
        painter.restore();
    }
}

void HeatmapPainter::paintSeparators(QPainter &painter, const HeatmapMapping &mapping) const
{
    const QRectF grid = mapping.gridRect();
    const qreal cell = mapping.cellSize();
    if (cell < minSeparatedCell)
        return;
    painter.setPen(QPen(m_heatmap.palette().color(QPalette::Base), 1));
    for (int r = 1; r < mapping.rows(); ++r)
        painter.drawLine(QPointF(grid.left(), grid.top() + r * cell),
                         QPointF(grid.right(), grid.top() + r * cell));
    for (int c = 1; c < mapping.columns(); ++c)
        painter.drawLine(QPointF(grid.left() + c * cell, grid.top()),
                         QPointF(grid.left() + c * cell, grid.bottom()));
}

void HeatmapPainter::paintMask(QPainter &painter, const HeatmapMapping &mapping,
                               bool vectorCells) const
{
    if (!m_heatmap.hasMask() || mapping.cellSize() < minHatchedCell)
        return;
    // Hatch each row's runs of masked cells.
    QList<QRectF> runs;
    for (int r = 0; r < mapping.rows(); ++r) {
        int c = 0;
        while (c < mapping.columns()) {
            if (!m_heatmap.isMasked(r, c)) {
                ++c;
                continue;
            }
            const int start = c;
            while (c < mapping.columns() && m_heatmap.isMasked(r, c))
                ++c;
            runs.append(mapping.cellRect(r, start).united(mapping.cellRect(r, c - 1)));
        }
    }
    hatch(painter, runs, vectorCells);
}

void HeatmapPainter::paintNumbers(QPainter &painter, const HeatmapMapping &mapping,
                                  const Fonts &fonts)
{
    const ScaledTable &m = m_heatmap.model()->table();
    const bool weights = m_heatmap.kind() == HeatmapWidget::Kind::Weights;
    // The widest text the cells will hold.
    QString widest = NumberFormat::fixed(mapping.minimum(), 2);
    const QString maxText = NumberFormat::fixed(mapping.maximum(), 2);
    if (maxText.size() > widest.size())
        widest = maxText;
    if (weights)
        widest = QStringLiteral("0.00");

    const qreal basePixels = QFontInfo(fonts.base).pixelSize();
    QFont numberFont = fonts.base;
    numberFont.setPixelSize(
        int(std::clamp(mapping.cellSize() * 0.28, basePixels * 0.85, basePixels * 1.8)));
    QFontMetricsF metrics(numberFont);
    if (!mapping.fitsInCell(QSizeF(metrics.horizontalAdvance(widest), metrics.height()))) {
        numberFont.setPixelSize(int(basePixels * 0.85));
        metrics = QFontMetricsF(numberFont);
        if (!mapping.fitsInCell(QSizeF(metrics.horizontalAdvance(widest), metrics.height())))
            return;
    }
    painter.setFont(numberFont);
    for (int r = 0; r < m.rows(); ++r) {
        for (int c = 0; c < m.cols(); ++c) {
            const bool masked = m_heatmap.isMasked(r, c);
            if (masked && weights)
                continue; // the hatching says it: nothing to read there
            painter.setPen(masked
                               ? QColor(60, 60, 60)
                               : Colormap::textColorOn(mapping.color(m_heatmap.shownValue(r, c))));
            drawText(painter, mapping.cellRect(r, c), Qt::AlignCenter,
                     NumberFormat::fixed(m(r, c), 2));
        }
    }
}

void HeatmapPainter::paintLabels(QPainter &painter, const HeatmapMapping &mapping,
                                 const Fonts &fonts)
{
    const QRectF grid = mapping.gridRect();
    const qreal cell = mapping.cellSize();
    const QFontMetricsF metrics(fonts.labels);
    painter.setPen(m_heatmap.palette().color(QPalette::Text));

    // Keys above the columns; in cells too narrow for them, every `step`-th.
    const QStringList &columns = m_heatmap.model()->columnLabels();
    // Room for one wide character and an ellipsis: enough to tell the keys apart.
    const qreal readable = metrics.horizontalAdvance(QStringLiteral("W…")) + 4;
    const int columnStep =
        HeatmapMapping::labelStep(cell, m_columnLabelWidth * fonts.labelScale + 4, readable);
    const qreal labelHeight = metrics.height() + 6;
    painter.setFont(fonts.labels);
    for (int c = 0; c < mapping.columns(); c += columnStep) {
        QRectF box(grid.left() + c * cell - (columnStep - 1) * cell / 2, grid.top() - labelHeight,
                   cell * columnStep, labelHeight - 4);
        // A label wider than its cell starts at the grid, clear of the corner's "q╲k".
        Qt::Alignment horizontal = Qt::AlignHCenter;
        if (box.left() < grid.left()) {
            box.setLeft(grid.left());
            horizontal = Qt::AlignLeft;
        }
        drawText(painter, box, horizontal | Qt::AlignBottom, columns.value(c), true);
    }

    // Queries left of the rows; the selected one in bold.
    const QStringList &rows = m_heatmap.model()->rowLabels();
    const int selected = m_heatmap.selectedToken();
    const int rowStep = std::max(1, int(std::ceil(metrics.height() / cell)));
    QFont bold = fonts.labels;
    bold.setBold(true);
    const qreal labelWidth = rowLabelRoom(mapping) + 6;
    for (int r = 0; r < mapping.rows(); ++r) {
        if (!HeatmapMapping::rowLabelled(r, rowStep, selected))
            continue;
        painter.setFont(r == selected ? bold : fonts.labels);
        const QRectF box(grid.left() - labelWidth, grid.top() + r * cell, labelWidth - 6, cell);
        drawText(painter, box, Qt::AlignRight | Qt::AlignVCenter, rows.value(r), true);
    }

    // The corner says which way queries and keys run.
    const HeatmapWidget::Kind kind = m_heatmap.kind();
    if (kind == HeatmapWidget::Kind::Scores || kind == HeatmapWidget::Kind::Weights) {
        QColor faint = m_heatmap.palette().color(QPalette::Text);
        faint.setAlphaF(0.6);
        painter.setPen(faint);
        painter.setFont(fonts.labels);
        const QRectF corner(grid.left() - labelWidth, grid.top() - labelHeight, labelWidth - 6,
                            labelHeight - 4);
        drawText(painter, corner, Qt::AlignRight | Qt::AlignBottom, QStringLiteral("q╲k"));
    }
}

void HeatmapPainter::paintLegend(QPainter &painter, const HeatmapMapping &mapping,
                                 const Fonts &fonts, bool vector)
{
    const QRectF grid = mapping.gridRect();
    const QFontMetricsF metrics(fonts.legend);
    const bool hasMask = m_heatmap.hasMask();
    const qreal swatch = hasMask ? metrics.height() + 8 : 0;
    const qreal barHeight = grid.height() - swatch;
    if (barHeight < metrics.height())
        return;
    const QRectF bar(grid.right() + 12, grid.top(), 14, barHeight);
    // The bar only changes size with the layout: scale the gradient once per size.
    const QSize barPixels = (bar.size() * painter.device()->devicePixelRatioF()).toSize();
    if (m_legendBar.size() != barPixels) {
        static const QImage gradient = legendImage();
        m_legendBar = gradient.scaled(barPixels, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    }
    painter.drawImage(bar, m_legendBar);
    painter.setPen(QPen(m_heatmap.palette().color(QPalette::Mid), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);

    painter.setFont(fonts.legend);
    painter.setPen(m_heatmap.palette().color(QPalette::Text));
    const qreal textLeft = bar.right() + 6;
    const double lo = mapping.minimum();
    const double hi = mapping.maximum();
    const auto label = [&](double value, qreal y, Qt::Alignment vertical) {
        const QRectF box(textLeft, y - metrics.height(), 200, 2 * metrics.height());
        QRectF aligned = box;
        if (vertical == Qt::AlignTop)
            aligned.moveTop(y - 2);
        else if (vertical == Qt::AlignBottom)
            aligned.moveBottom(y + 2);
        drawText(painter, aligned, Qt::AlignLeft | vertical, m_heatmap.legendText(value));
    };
    label(hi, bar.top(), Qt::AlignTop);
    label(lo, bar.bottom(), Qt::AlignBottom);
    if (barHeight > 4 * metrics.height())
        label((lo + hi) / 2, bar.center().y(), Qt::AlignVCenter);

    if (hasMask) {
        const QRectF box(bar.left(), bar.bottom() + 8, bar.width(), metrics.height() - 2);
        painter.fillRect(box, QColor(HeatmapMapping::maskedColor));
        hatch(painter, {box}, vector);
        painter.setPen(m_heatmap.palette().color(QPalette::Text));
        drawText(painter, QRectF(textLeft, box.top() - 2, 200, box.height() + 4),
                 Qt::AlignLeft | Qt::AlignVCenter,
                 m_heatmap.kind() == HeatmapWidget::Kind::Scores ? QStringLiteral("−∞")
                                                                 : maskedText());
    }
}

void HeatmapPainter::paintOutlines(QPainter &painter, const HeatmapMapping &mapping) const
{
    const auto rowsRect = [&](int first, int last) {
        return mapping.cellRect(first, 0).united(mapping.cellRect(last, mapping.columns() - 1));
    };
    // Highlighted rows: a dashed outline outside the selection's, so both can show at once.
    const auto [first, last] = m_heatmap.highlightedRows();
    if (first >= 0 && first <= last && last < mapping.rows())
        outline(painter, rowsRect(first, last).adjusted(-4, -4, 4, 4), QPen(Qt::white, 5),
                QPen(QColor(0xd9, 0x5f, 0x02), 3, Qt::DashLine));

    // The selected query: a white and black outline, visible on every colour.
    const int selected = m_heatmap.selectedToken();
    if (selected >= 0 && selected < mapping.rows())
        outline(painter, rowsRect(selected, selected).adjusted(-1, -1, 1, 1), QPen(Qt::white, 4),
                QPen(Qt::black, 2));
}

} // namespace attention
