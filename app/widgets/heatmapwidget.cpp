#include "heatmapwidget.h"

#include "atomicfile.h"
#include "cellexplanation.h"
#include "colormap.h"
#include "matrixmodel.h"
#include "numberformat.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QScopeGuard>
#include <QStaticText>
#include <QSvgGenerator>
#include <QToolTip>
#include <cmath>
#include <utility>

namespace attention {

namespace {

constexpr double minusInfinity = -std::numeric_limits<double>::infinity();
/// Up to this many cells the SVG export draws one rectangle per cell.
constexpr int maxVectorCells = 64 * 64;
/// Below this many pixels per cell, masked cells are plain grey, without hatching.
constexpr qreal minHatchedCell = 5;
/// From this many pixels per cell on, cells are painted as rectangles rather than as one image.
constexpr qreal minRectangleCell = 16;
/// From this many pixels per cell on, thin lines separate the cells.
constexpr qreal minSeparatedCell = 14;

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

/// "[0.00, 1.00]" for short vectors, the first entries and "…" for long ones.
QString vectorText(const Eigen::Ref<const RowVector> &v)
{
    constexpr Index shown = 6;
    QStringList parts;
    for (Index i = 0; i < std::min(v.size(), shown); ++i)
        parts.append(NumberFormat::brief(v(i)));
    if (v.size() > shown)
        parts.append(QStringLiteral("…"));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
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

} // namespace

struct HeatmapWidget::Fonts
{
    QFont base;
    QFont title;
    QFont caption;
    QFont legend;
    QFont labels;           ///< the tokens along the axes: larger while the cells are large
    qreal labelScale = 1.0; ///< labels' size / base size
};

HeatmapWidget::HeatmapWidget(Kind kind, QWidget *parent)
    : QWidget(parent)
    , m_kind(kind)
    , m_model(new MatrixModel(this))
    , m_copyAction(new QAction(this))
    , m_saveAction(new QAction(this))
    , m_fixedRangeAction(new QAction(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_fixedRangeAction->setCheckable(true);
    m_fixedRangeAction->setChecked(m_fixedRange);
    connect(m_copyAction, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setImage(toImage(2.0)); });
    connect(m_saveAction, &QAction::triggered, this, [this] {
        const QString fileName = QFileDialog::getSaveFileName(
            this, tr("Save Heatmap Image"), {}, tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (fileName.isEmpty())
            return;
        if (fileName.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
            saveSvg(fileName);
        else
            savePng(fileName);
    });
    connect(m_fixedRangeAction, &QAction::toggled, this, [this](bool fixed) {
        setFixedRange(fixed);
        Q_EMIT fixedRangeToggled(fixed);
    });
    retranslateUi();
}

HeatmapWidget::~HeatmapWidget() = default;

void HeatmapWidget::retranslateUi()
{
    m_copyAction->setText(tr("Copy Image"));
    m_saveAction->setText(tr("Save Image As…"));
    m_fixedRangeAction->setText(tr("Fixed 0–1 Colour Scale"));
    m_fixedRangeAction->setToolTip(
        tr("Colour the weights on a fixed 0 to 1 scale, so heatmaps stay comparable"));
    setStatusTip(tr("Hover a cell to see how it is computed; click a row to choose that query."));
    update();
}

void HeatmapWidget::setScenario(const Scenario &scenario, const ScenarioResult &result)
{
    setScenario(std::make_shared<const Scenario>(scenario),
                std::make_shared<const ScenarioResult>(result));
}

void HeatmapWidget::setScenario(std::shared_ptr<const Scenario> scenario, SharedResult result)
{
    const bool attentionKind = m_kind == Kind::Scores || m_kind == Kind::Weights;
    const bool oneHot = !attentionKind && scenario->hasOneHotValues();
    const bool labelsChanged = scenario->tokens != m_scenario->tokens ||
                               scenario->valueDimension() != m_scenario->valueDimension() ||
                               oneHot != m_oneHot;
    if (m_kind == Kind::Values && !labelsChanged && scenario->values == m_scenario->values)
        return; // a switch or a query moved: the values are as shown

    // Keep the shared scenario and result, never a copy: the matrices can be T × T with T in
    // the thousands.
    m_scenario = std::move(scenario);
    m_result = std::move(result);
    m_oneHot = oneHot;
    std::shared_ptr<const Matrix> shown;
    switch (m_kind) {
    case Kind::Scores:
        shown = std::shared_ptr<const Matrix>(m_result, &m_result->scores);
        break;
    case Kind::Weights:
        shown = std::shared_ptr<const Matrix>(m_result, &m_result->weights);
        break;
    case Kind::Values:
        shown = m_scenario->values ? std::shared_ptr<const Matrix>(m_scenario, &*m_scenario->values)
                                   : std::make_shared<const Matrix>(m_scenario->valueMatrix());
        break;
    case Kind::Output:
        shown = std::shared_ptr<const Matrix>(m_result, &m_result->outputMatrix());
        break;
    }
    m_model->setMatrix(std::move(shown), m_scenario->tokens, columnLabels());
    // The causal mask hides exactly the keys after each query: scores −∞, weights 0.
    m_hasMask = attentionKind && m_scenario->causal && m_scenario->tokenCount() > 1;
    if (m_selectedRow >= m_model->rowCount())
        m_selectedRow = m_model->rowCount() - 1;
    updateRange();
    rebuildImage();
    if (labelsChanged)
        relayout();
    else
        updateMapping();
    update();
}

QStringList HeatmapWidget::columnLabels() const
{
    if (m_kind == Kind::Scores || m_kind == Kind::Weights || m_oneHot)
        return m_scenario->tokens;
    QStringList labels;
    for (Index c = 0; c < m_scenario->valueDimension(); ++c)
        labels.append(QString::number(c + 1));
    return labels;
}

void HeatmapWidget::setSelectedRow(int row)
{
    if (row < -1 || row >= m_model->rowCount())
        row = -1;
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    update();
}

void HeatmapWidget::setFixedRange(bool fixed)
{
    if (fixed == m_fixedRange)
        return;
    m_fixedRange = fixed;
    {
        const QSignalBlocker blocker(m_fixedRangeAction);
        m_fixedRangeAction->setChecked(fixed);
    }
    updateRange();
    rebuildImage();
    relayout();
    update();
}

void HeatmapWidget::setTitle(const QString &title)
{
    m_title = title;
    update();
}

void HeatmapWidget::setCaption(const QString &caption)
{
    m_caption = caption;
    update();
}

void HeatmapWidget::setHighlightedRows(int first, int last)
{
    const std::pair<int, int> rows = first < 0 ? std::pair(-1, -1) : std::pair(first, last);
    if (rows == m_highlighted)
        return;
    m_highlighted = rows;
    update();
}

void HeatmapWidget::updateRange()
{
    if (isRelativeScale()) {
        m_mapping.setRange(-relativeSpan, relativeSpan);
        return;
    }
    if (m_kind == Kind::Weights && m_fixedRange) {
        m_mapping.setRange(0.0, 1.0);
        return;
    }
    const auto [lo, hi] = HeatmapMapping::finiteRange(m_model->matrix());
    if (lo < hi)
        m_mapping.setRange(lo, hi);
    else if (m_kind == Kind::Weights)
        m_mapping.setRange(0.0, 1.0);
    else // all equal (zero queries, say): centre the one value, with a legend that says so
        m_mapping.setRange(lo - 1.0, hi + 1.0);
}

void HeatmapWidget::rebuildImage()
{
    // One pixel per cell; past maxImageSide cells a side, one pixel per block of cells showing
    // the block's largest value, so a sharp weight is never averaged away.
    const int rows = m_model->rowCount();
    const int columns = m_model->columnCount();
    const int block = imageBlock();
    const int width = (columns + block - 1) / block;
    const int height = (rows + block - 1) / block;
    if (m_image.width() != width || m_image.height() != height)
        m_image = QImage(width, height, QImage::Format_RGB32);
    RowVector shown(columns);
    RowVector line(width);
    for (int y = 0; y < height; ++y) {
        if (block == 1) {
            shownRow(y, line);
        } else {
            line.setConstant(minusInfinity); // −∞: masked, drawn grey
            for (int r = y * block; r < std::min(rows, (y + 1) * block); ++r) {
                shownRow(r, shown);
                for (int x = 0; x < width; ++x) {
                    const int first = x * block;
                    line(x) = std::max(
                        line(x), shown.segment(first, std::min(block, columns - first)).maxCoeff());
                }
            }
        }
        m_mapping.colors(line.data(), width, reinterpret_cast<QRgb *>(m_image.scanLine(y)));
    }
}

void HeatmapWidget::shownRow(int row, Eigen::Ref<RowVector> shown) const
{
    const Matrix &m = m_model->matrix();
    const Index columns = m.cols();
    const Index visible = m_hasMask ? std::min<Index>(row + 1, columns) : columns;
    shown = m.row(row);
    if (isRelativeScale()) // log₂(weight × n), as shownValue() says, a whole row at a time
        shown.head(visible) = ((shown.head(visible).array() * double(visible)).log() / M_LN2)
                                  .cwiseMax(-relativeSpan)
                                  .cwiseMin(relativeSpan);
    shown.tail(columns - visible).setConstant(minusInfinity);
}

HeatmapWidget::Fonts HeatmapWidget::fontsFor(const QFont &base) const
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

HeatmapMargins HeatmapWidget::marginsFor(const Fonts &fonts) const
{
    const QFontMetricsF title(fonts.title);
    const QFontMetricsF caption(fonts.caption);
    const QFontMetricsF legend(fonts.legend);
    HeatmapMargins margins;
    margins.padding = 6;
    margins.title = title.height() + caption.height() + 10;
    const QFontMetricsF labels(fonts.labels);
    margins.columnLabels = labels.height() + 6;
    margins.rowLabels = std::max(m_rowLabelWidth * fonts.labelScale,
                                 labels.horizontalAdvance(QStringLiteral("q╲k"))) +
                        12;
    qreal legendWidth = 0;
    for (const double x : {m_mapping.minimum(), m_mapping.maximum()})
        legendWidth = std::max(legendWidth, legend.horizontalAdvance(legendText(x)));
    if (m_hasMask)
        legendWidth = std::max(legendWidth, legend.horizontalAdvance(tr("masked")));
    margins.legend = 12 + 14 + 6 + legendWidth + 2;
    return margins;
}

const HeatmapMapping &HeatmapWidget::mapping() const
{
    // A hidden widget gets its resize event only when shown: lay out on demand.
    if (m_mappingSize != size())
        updateMapping();
    return m_mapping;
}

HeatmapMapping HeatmapWidget::layoutFor(const QRectF &rect, Fonts &fonts) const
{
    HeatmapMapping mapping = m_mapping; // keeps the colour range
    mapping.setLayout(rect, m_model->rowCount(), m_model->columnCount(), marginsFor(fonts));
    // Large cells get larger token labels (up to 1.6 ×), so that a projected heatmap reads
    // well; then lay out again with the room those labels take.
    const qreal comfortable = QFontMetricsF(fonts.base).height() * 2.5;
    if (mapping.cellSize() > comfortable) {
        fonts.labelScale = std::min(1.6, mapping.cellSize() / comfortable);
        fonts.labels = scaledFont(fonts.base, fonts.labelScale);
        mapping.setLayout(rect, m_model->rowCount(), m_model->columnCount(), marginsFor(fonts));
    }
    return mapping;
}

void HeatmapWidget::updateMapping() const
{
    Fonts fonts = fontsFor(font());
    m_mapping = layoutFor(QRectF(rect()), fonts);
    m_mappingSize = size();
}

void HeatmapWidget::relayout()
{
    const QFontMetricsF metrics(font());
    m_rowLabelWidth = 0;
    for (const QString &label : m_model->rowLabels())
        m_rowLabelWidth = std::max(m_rowLabelWidth, metrics.horizontalAdvance(label));
    m_columnLabelWidth = 0;
    for (const QString &label : m_model->columnLabels())
        m_columnLabelWidth = std::max(m_columnLabelWidth, metrics.horizontalAdvance(label));
    updateMapping();
    updateGeometry();
}

QString HeatmapWidget::title() const
{
    if (!m_title.isEmpty())
        return m_title;
    switch (m_kind) {
    case Kind::Scores:
        return tr("Scores");
    case Kind::Weights:
        return tr("Attention weights");
    case Kind::Values:
        return tr("Values v");
    case Kind::Output:
        return tr("Output");
    }
    return {};
}

QString HeatmapWidget::caption() const
{
    if (!m_caption.isEmpty())
        return m_caption;
    switch (m_kind) {
    case Kind::Scores: {
        QString text =
            m_scenario->divideBySqrtD
                ? tr("scores = %1 × q·k ÷ √%2")
                      .arg(NumberFormat::factor(m_scenario->scoreScale))
                      .arg(m_scenario->dimension())
                : tr("scores = %1 × q·k").arg(NumberFormat::factor(m_scenario->scoreScale));
        if (m_scenario->causal)
            text += tr("; −∞ above the diagonal (causal mask)");
        return text;
    }
    case Kind::Weights:
        if (isRelativeScale())
            return tr("softmax of each score row; colour: the weight ÷ its row's uniform 1/n, "
                      "log scale");
        return m_fixedRange ? tr("softmax of each score row; colours 0 to 1")
                            : tr("softmax of each score row; colours from the smallest to the "
                                 "largest weight");
    case Kind::Values:
        return m_oneHot ? tr("one-hot rows") : tr("one row per token");
    case Kind::Output:
        return tr("output = weights · v");
    }
    return {};
}

bool HeatmapWidget::isMasked(int row, int column) const
{
    return m_hasMask && column > row;
}

QString HeatmapWidget::legendText(double value) const
{
    if (!isRelativeScale())
        return NumberFormat::fixed(value, 2);
    // log₂ of the ratio to uniform: 4 → 16×, 0 → 1×, −4 → 1/16×.
    const double ratio = std::exp2(std::abs(value));
    const QString times = locale().toString(ratio, 'g', 3);
    return value < 0 ? tr("1/%1×").arg(times) : tr("%1×").arg(times);
}

bool HeatmapWidget::isRelativeScale() const
{
    return m_kind == Kind::Weights && m_model->columnCount() > relativeScaleKeys;
}

int HeatmapWidget::imageBlock() const
{
    const int largest = std::max(m_model->rowCount(), m_model->columnCount());
    return std::max(1, (largest + maxImageSide - 1) / maxImageSide);
}

double HeatmapWidget::shownValue(int row, int column) const
{
    if (isMasked(row, column))
        return minusInfinity;
    const double x = m_model->matrix()(row, column);
    if (!isRelativeScale())
        return x;
    // The weight as a multiple of its row's uniform weight 1/n, n = the keys the row sees.
    const double keys = m_hasMask ? row + 1 : m_model->columnCount();
    return std::clamp(std::log2(x * keys), -relativeSpan, relativeSpan);
}

QString HeatmapWidget::cellExplanation(int row, int column) const
{
    const Matrix &m = m_model->matrix();
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols())
        return {};
    const QString query = m_scenario->tokens.value(row);
    const QString column_ = m_model->columnLabels().value(column);
    QStringList lines;
    switch (m_kind) {
    case Kind::Scores:
    case Kind::Weights: {
        lines.append(tr("Query %1 → key %2").arg(query, column_));
        // A comparison result keeps no scores: the row is computed for the tooltip.
        const RowVector scoreRow = m_result->scores.rows() > row
                                       ? RowVector(m_result->scores.row(row))
                                       : attentionScoreRow(m_scenario->queries, m_scenario->keys,
                                                           row, m_scenario->scoreOptions());
        const CellExplanation cell =
            explainCell(m_scenario->queries.row(row), m_scenario->keys.row(column), scoreRow,
                        column, m_scenario->scoreOptions());
        if (cell.masked) {
            lines.append(tr("Masked: %1 comes after %2, and the causal mask hides later tokens.")
                             .arg(column_, query));
            lines.append(tr("score = −∞, so weight = e^−∞ / Σ = 0"));
            break;
        }
        lines.append(
            QStringLiteral("q(%1)·k(%2) = %3").arg(query, column_, NumberFormat::brief(cell.dot)));
        if (m_scenario->divideBySqrtD)
            lines.append(tr("× scale %1 ÷ √%2 = %3")
                             .arg(NumberFormat::factor(m_scenario->scoreScale))
                             .arg(m_scenario->dimension())
                             .arg(NumberFormat::brief(cell.score)));
        else
            lines.append(tr("× scale %1 = %2")
                             .arg(NumberFormat::factor(m_scenario->scoreScale),
                                  NumberFormat::brief(cell.score)));
        if (cell.exp && cell.expSum) // e^score and the sum are printable
            lines.append(tr("weight = e^%1 / Σ e^score = %2 / %3 = %4")
                             .arg(NumberFormat::brief(cell.score), NumberFormat::brief(*cell.exp),
                                  NumberFormat::brief(*cell.expSum),
                                  NumberFormat::brief(cell.weight)));
        else
            lines.append(
                tr("weight = e^%1 / Σ e^score = %2")
                    .arg(NumberFormat::brief(cell.score), NumberFormat::brief(cell.weight)));
        break;
    }
    case Kind::Values:
        lines.append(tr("Value of %1, component %2").arg(query, column_));
        lines.append(QStringLiteral("v(%1)[%2] = %3")
                         .arg(query, column_, NumberFormat::brief(m(row, column))));
        break;
    case Kind::Output: {
        lines.append(tr("Output of %1, component %2").arg(query, column_));
        lines.append(QStringLiteral("= Σⱼ w(%1, j) · v(j)[%2]").arg(query, column_));
        QStringList terms;
        constexpr Index shownTerms = 6;
        const Index T = m_result->weights.cols();
        for (Index j = 0; j < std::min(T, shownTerms); ++j)
            terms.append(QStringLiteral("%1·%2").arg(
                NumberFormat::brief(m_result->weights(row, j)),
                NumberFormat::brief(m_scenario->valueEntry(j, column))));
        if (T > shownTerms)
            terms.append(QStringLiteral("…"));
        lines.append(QStringLiteral("= ") + terms.join(QStringLiteral(" + ")));
        lines.append(QStringLiteral("= ") + NumberFormat::brief(m(row, column)));
        break;
    }
    }
    return lines.join(QLatin1Char('\n'));
}

QSize HeatmapWidget::sizeHint() const
{
    const Fonts fonts = fontsFor(font());
    const HeatmapMargins margins = marginsFor(fonts);
    const qreal cell = QFontMetricsF(fonts.base).height() * 2.6;
    const int rows = std::max(m_model->rowCount(), 1);
    const int columns = std::max(m_model->columnCount(), 1);
    const qreal width =
        2 * margins.padding + margins.rowLabels + margins.legend + std::min(columns * cell, 640.0);
    const qreal height =
        2 * margins.padding + margins.title + margins.columnLabels + std::min(rows * cell, 640.0);
    return QSize(int(std::ceil(width)), int(std::ceil(height)));
}

QSize HeatmapWidget::minimumSizeHint() const
{
    const Fonts fonts = fontsFor(font());
    const HeatmapMargins margins = marginsFor(fonts);
    const qreal grid = QFontMetricsF(fonts.base).height() * 4;
    return QSize(int(2 * margins.padding + margins.rowLabels + margins.legend + grid),
                 int(2 * margins.padding + margins.title + margins.columnLabels + grid));
}

QImage HeatmapWidget::toImage(qreal scale) const
{
    QImage image((QSizeF(size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    QPainter painter(&image);
    paint(painter, QRectF(QPointF(0, 0), QSizeF(size())), false);
    return image;
}

bool HeatmapWidget::savePng(const QString &fileName, QString *error) const
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QString reason;
    if (toImage(2.0).save(&buffer, "PNG") && writeFileAtomically(fileName, png, &reason))
        return true;
    if (error)
        *error = tr("Could not write the image %1.").arg(fileName) + QLatin1Char(' ') + reason;
    return false;
}

bool HeatmapWidget::saveSvg(const QString &fileName, QString *error) const
{
    QByteArray svg;
    QBuffer buffer(&svg);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size());
    generator.setViewBox(QRect(QPoint(0, 0), size()));
    generator.setTitle(title());
    generator.setDescription(caption());
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error)
            *error = tr("Could not write the drawing %1.").arg(fileName);
        return false;
    }
    paint(painter, QRectF(QPointF(0, 0), QSizeF(size())), true);
    QString reason;
    if (!painter.end() || !writeFileAtomically(fileName, svg, &reason)) {
        if (error)
            *error =
                tr("Could not write the drawing %1.").arg(fileName) + QLatin1Char(' ') + reason;
        return false;
    }
    return true;
}

bool HeatmapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const auto cell = mapping().cellAt(help->pos())) {
            QToolTip::showText(help->globalPos(), cellExplanation(cell->row, cell->column), this,
                               m_mapping.cellRect(cell->row, cell->column).toAlignedRect());
        } else if (const auto row = mapping().rowAt(help->pos())) {
            const QString token = m_scenario->tokens.value(*row);
            QString text = tr("Token %1").arg(token);
            if (m_kind == Kind::Scores || m_kind == Kind::Weights)
                text +=
                    QLatin1Char('\n') + QStringLiteral("q(%1) = %2")
                                            .arg(token, vectorText(m_scenario->queries.row(*row)));
            text += QLatin1Char('\n') + tr("Click to choose this query.");
            QToolTip::showText(help->globalPos(), text, this,
                               m_mapping.rowRect(*row).toAlignedRect());
        } else {
            QToolTip::showText(help->globalPos(), statusTip(), this);
        }
        return true;
    }
    return QWidget::event(event);
}

void HeatmapWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paint(painter, QRectF(rect()), false);
}

void HeatmapWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateMapping();
}

void HeatmapWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        if (const auto row = mapping().rowAt(event->position())) {
            Q_EMIT rowClicked(*row);
            event->accept();
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

void HeatmapWidget::keyPressEvent(QKeyEvent *event)
{
    const int rows = m_model->rowCount();
    if (rows > 0 && (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down)) {
        const int step = event->key() == Qt::Key_Up ? -1 : 1;
        Q_EMIT rowClicked(std::clamp(m_selectedRow + step, 0, rows - 1));
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void HeatmapWidget::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(m_copyAction);
    menu.addAction(m_saveAction);
    if (m_kind == Kind::Weights) {
        menu.addSeparator();
        menu.addAction(m_fixedRangeAction);
    }
    menu.exec(event->globalPos());
}

void HeatmapWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::FontChange)
        relayout();
    QWidget::changeEvent(event);
}

// Painting -----------------------------------------------------------------------------------

void HeatmapWidget::drawText(QPainter &painter, const QRectF &box, Qt::Alignment alignment,
                             const QString &text, bool elide) const
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

void HeatmapWidget::paint(QPainter &painter, const QRectF &rect, bool vectorCells) const
{
    // A new generation of laid-out texts: what this paint draws is taken over from the last.
    m_previousTexts = std::exchange(m_texts, {});
    const auto forgetTheRest = qScopeGuard([this] { m_previousTexts.clear(); });
    Fonts fonts = fontsFor(font());
    const HeatmapMapping mapping = layoutFor(rect, fonts);
    painter.fillRect(rect, palette().color(QPalette::Base));

    // Title and the formula under it.
    const qreal padding = 6;
    const QFontMetricsF titleMetrics(fonts.title);
    const QFontMetricsF captionMetrics(fonts.caption);
    QColor text = palette().color(QPalette::Text);
    painter.setPen(text);
    painter.setFont(fonts.title);
    const QRectF titleRect(rect.left() + padding, rect.top() + padding, rect.width() - 2 * padding,
                           titleMetrics.height());
    drawText(painter, titleRect, Qt::AlignLeft | Qt::AlignVCenter, title(), true);
    QColor captionColor = text;
    captionColor.setAlphaF(0.7);
    painter.setPen(captionColor);
    painter.setFont(fonts.caption);
    const QRectF captionRect(titleRect.left(), titleRect.bottom() + 2, titleRect.width(),
                             captionMetrics.height());
    drawText(painter, captionRect, Qt::AlignLeft | Qt::AlignVCenter, caption(), true);

    if (mapping.rows() == 0 || mapping.columns() == 0 || mapping.cellSize() <= 0)
        return;
    paintCells(painter, mapping, vectorCells);
    paintNumbers(painter, mapping, fonts);
    paintLabels(painter, mapping, fonts);
    paintLegend(painter, mapping, fonts, vectorCells);

    // Highlighted rows: a dashed outline outside the selection's, so both can show at once.
    const auto [first, last] = m_highlighted;
    if (first >= 0 && first <= last && last < mapping.rows()) {
        const QRectF rows =
            mapping.cellRect(first, 0).united(mapping.cellRect(last, mapping.columns() - 1));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::white, 5));
        painter.drawRect(rows.adjusted(-4, -4, 4, 4));
        painter.setPen(QPen(QColor(0xd9, 0x5f, 0x02), 3, Qt::DashLine));
        painter.drawRect(rows.adjusted(-4, -4, 4, 4));
    }

    // The selected query: a white and black outline, visible on every colour.
    if (m_selectedRow >= 0 && m_selectedRow < mapping.rows()) {
        const QRectF row = mapping.cellRect(m_selectedRow, 0)
                               .united(mapping.cellRect(m_selectedRow, mapping.columns() - 1));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::white, 4));
        painter.drawRect(row.adjusted(-1, -1, 1, 1));
        painter.setPen(QPen(Qt::black, 2));
        painter.drawRect(row.adjusted(-1, -1, 1, 1));
    }
}

void HeatmapWidget::paintCells(QPainter &painter, const HeatmapMapping &mapping,
                               bool vectorCells) const
{
    const Matrix &m = m_model->matrix();
    const QRectF grid = mapping.gridRect();
    // Big cells (or vector output): one rectangle each, the cheapest fill there is. Small
    // cells: the one-pixel-per-cell image, scaled.
    if ((vectorCells && m.size() <= maxVectorCells) || mapping.cellSize() >= minRectangleCell) {
        painter.setPen(Qt::NoPen);
        for (int r = 0; r < m.rows(); ++r)
            for (int c = 0; c < m.cols(); ++c)
                painter.fillRect(mapping.cellRect(r, c), QColor(m_mapping.color(shownValue(r, c))));
    } else {
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(grid, m_image);
        painter.restore();
    }

    const qreal cell = mapping.cellSize();
    if (m_hasMask && cell >= minHatchedCell) {
        // Hatch each row's runs of masked cells.
        QList<QRectF> runs;
        for (int r = 0; r < m.rows(); ++r) {
            int c = 0;
            while (c < m.cols()) {
                if (!isMasked(r, c)) {
                    ++c;
                    continue;
                }
                const int start = c;
                while (c < m.cols() && isMasked(r, c))
                    ++c;
                runs.append(mapping.cellRect(r, start).united(mapping.cellRect(r, c - 1)));
            }
        }
        hatch(painter, runs, vectorCells);
    }

    if (cell >= minSeparatedCell) {
        painter.setPen(QPen(palette().color(QPalette::Base), 1));
        for (int r = 1; r < m.rows(); ++r)
            painter.drawLine(QPointF(grid.left(), grid.top() + r * cell),
                             QPointF(grid.right(), grid.top() + r * cell));
        for (int c = 1; c < m.cols(); ++c)
            painter.drawLine(QPointF(grid.left() + c * cell, grid.top()),
                             QPointF(grid.left() + c * cell, grid.bottom()));
    }
}

void HeatmapWidget::paintNumbers(QPainter &painter, const HeatmapMapping &mapping,
                                 const Fonts &fonts) const
{
    const Matrix &m = m_model->matrix();
    const qreal cell = mapping.cellSize();
    // The widest text the cells will hold.
    QString widest = NumberFormat::fixed(mapping.minimum(), 2);
    const QString maxText = NumberFormat::fixed(mapping.maximum(), 2);
    if (maxText.size() > widest.size())
        widest = maxText;
    if (m_kind == Kind::Weights)
        widest = QStringLiteral("0.00");

    const qreal basePixels = QFontInfo(fonts.base).pixelSize();
    QFont numberFont = fonts.base;
    numberFont.setPixelSize(int(std::clamp(cell * 0.28, basePixels * 0.85, basePixels * 1.8)));
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
            const bool masked = isMasked(r, c);
            if (masked && m_kind == Kind::Weights)
                continue; // the hatching says it: nothing to read there
            painter.setPen(masked ? QColor(60, 60, 60)
                                  : Colormap::textColorOn(m_mapping.color(shownValue(r, c))));
            drawText(painter, mapping.cellRect(r, c), Qt::AlignCenter,
                     NumberFormat::fixed(m(r, c), 2));
        }
    }
}

void HeatmapWidget::paintLabels(QPainter &painter, const HeatmapMapping &mapping,
                                const Fonts &fonts) const
{
    const QRectF grid = mapping.gridRect();
    const qreal cell = mapping.cellSize();
    const QFontMetricsF metrics(fonts.labels);
    painter.setPen(palette().color(QPalette::Text));

    // Keys above the columns, every `step`-th when they would overlap.
    const QStringList &columns = m_model->columnLabels();
    const int columnStep =
        std::max(1, int(std::ceil((m_columnLabelWidth * fonts.labelScale + 4) / cell)));
    const qreal labelHeight = metrics.height() + 6;
    painter.setFont(fonts.labels);
    for (int c = 0; c < mapping.columns(); c += columnStep) {
        const QRectF box(grid.left() + c * cell - (columnStep - 1) * cell / 2,
                         grid.top() - labelHeight, cell * columnStep, labelHeight - 4);
        drawText(painter, box, Qt::AlignHCenter | Qt::AlignBottom, columns.value(c), true);
    }

    // Queries left of the rows; the selected one in bold.
    const QStringList &rows = m_model->rowLabels();
    const int rowStep = std::max(1, int(std::ceil(metrics.height() / cell)));
    QFont bold = fonts.labels;
    bold.setBold(true);
    const qreal labelWidth = grid.left() - (mapping.rowRect(0).left());
    for (int r = 0; r < mapping.rows(); ++r) {
        if (r % rowStep != 0 && r != m_selectedRow)
            continue;
        painter.setFont(r == m_selectedRow ? bold : fonts.labels);
        const QRectF box(grid.left() - labelWidth, grid.top() + r * cell, labelWidth - 6, cell);
        drawText(painter, box, Qt::AlignRight | Qt::AlignVCenter, rows.value(r), true);
    }

    // The corner says which way queries and keys run.
    if (m_kind == Kind::Scores || m_kind == Kind::Weights) {
        QColor faint = palette().color(QPalette::Text);
        faint.setAlphaF(0.6);
        painter.setPen(faint);
        painter.setFont(fonts.labels);
        const QRectF corner(grid.left() - labelWidth, grid.top() - labelHeight, labelWidth - 6,
                            labelHeight - 4);
        drawText(painter, corner, Qt::AlignRight | Qt::AlignBottom, QStringLiteral("q╲k"));
    }
}

void HeatmapWidget::paintLegend(QPainter &painter, const HeatmapMapping &mapping,
                                const Fonts &fonts, bool vector) const
{
    const QRectF grid = mapping.gridRect();
    const QFontMetricsF metrics(fonts.legend);
    const qreal swatch = m_hasMask ? metrics.height() + 8 : 0;
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
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);

    painter.setFont(fonts.legend);
    painter.setPen(palette().color(QPalette::Text));
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
        drawText(painter, aligned, Qt::AlignLeft | vertical, legendText(value));
    };
    label(hi, bar.top(), Qt::AlignTop);
    label(lo, bar.bottom(), Qt::AlignBottom);
    if (barHeight > 4 * metrics.height())
        label((lo + hi) / 2, bar.center().y(), Qt::AlignVCenter);

    if (m_hasMask) {
        const QRectF box(bar.left(), bar.bottom() + 8, bar.width(), metrics.height() - 2);
        painter.fillRect(box, QColor(HeatmapMapping::maskedColor));
        hatch(painter, {box}, vector);
        painter.setPen(palette().color(QPalette::Text));
        drawText(painter, QRectF(textLeft, box.top() - 2, 200, box.height() + 4),
                 Qt::AlignLeft | Qt::AlignVCenter,
                 m_kind == Kind::Scores ? QStringLiteral("−∞") : tr("masked"));
    }
}

} // namespace attention
