#include "heatmapwidget.h"

#include "dialogfolder.h"
#include "heatmapexplanation.h"
#include "heatmapexporter.h"
#include "heatmappainter.h"
#include "matrixmodel.h"
#include "numberformat.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QToolTip>
#include <cmath>
#include <utility>

namespace attention {

HeatmapWidget::HeatmapWidget(Kind kind, QWidget *parent)
    : QWidget(parent)
    , m_kind(kind)
    , m_model(new MatrixModel(this))
    , m_painter(std::make_unique<HeatmapPainter>(*this))
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
        const QString fileName =
            QFileDialog::getSaveFileName(this, tr("Save Heatmap Image"), dialogfolder::start(),
                                         tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (fileName.isEmpty())
            return;
        dialogfolder::use(fileName);
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
    updateMapping(); // the default caption's length, in one line or two, changes with it
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
    ScaledTable shown;
    switch (m_kind) {
    case Kind::Scores:
        shown = m_result->scores();
        break;
    case Kind::Weights:
        shown = ScaledTable(std::shared_ptr<const Matrix>(m_result, &m_result->weights));
        break;
    case Kind::Values:
        shown = ScaledTable(m_scenario->values
                                ? std::shared_ptr<const Matrix>(m_scenario, &*m_scenario->values)
                                : std::make_shared<const Matrix>(m_scenario->valueMatrix()));
        break;
    case Kind::Output:
        shown = ScaledTable(std::shared_ptr<const Matrix>(m_result, &m_result->outputMatrix()));
        break;
    }
    m_model->setTable(std::move(shown), m_scenario->tokens, columnLabels());
    // The causal mask hides exactly the keys after each query: scores −∞, weights 0.
    m_hasMask = attentionKind && m_scenario->causal && m_scenario->tokenCount() > 1;
    if (m_selectedToken >= m_model->rowCount())
        m_selectedToken = m_model->rowCount() - 1;
    m_cursor.fit(m_model->rowCount(), m_model->columnCount());
    if (QAccessible::isActive()) { // only while a screen reader listens: sliders call this often
        QAccessibleTableModelChangeEvent change(
            this, labelsChanged ? QAccessibleTableModelChangeEvent::ModelReset
                                : QAccessibleTableModelChangeEvent::DataChanged);
        change.setFirstRow(0);
        change.setLastRow(m_model->rowCount() - 1);
        change.setFirstColumn(0);
        change.setLastColumn(m_model->columnCount() - 1);
        QAccessible::updateAccessibility(&change);
    }
    updateImage();
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

void HeatmapWidget::setSelectedToken(int row)
{
    if (row < -1 || row >= m_model->rowCount())
        row = -1;
    if (row == m_selectedToken)
        return;
    const int previous = m_selectedToken;
    m_selectedToken = row;
    // A selection or a key press is rare enough to tell always (a listener may be installed
    // without a platform bridge: the tests'); a recompute is told only when someone listens.
    QAccessibleEvent selection(this, QAccessible::SelectionWithin);
    QAccessible::updateAccessibility(&selection);
    // Only the two rows change: their outline, a few pixels outside the row, and the bold label,
    // which may be taller than a small row. At large T that is a sliver of the widget.
    const auto band = [this](int r) {
        if (r < 0 || r >= mapping().rows())
            return rect();
        const QRectF area = mapping().rowRect(r);
        const int margin = 2 * fontMetrics().height();
        return QRect(0, int(area.top()) - margin, width(), int(area.height()) + 2 * margin + 2);
    };
    update(QRegion(band(previous)) + band(row));
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
    updateImage();
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
    updateMapping(); // a caption of two lines leaves less room for the cells
    update();
}

bool HeatmapWidget::rowLabelsElided() const
{
    HeatmapPainter::Fonts fonts = m_painter->fontsFor(font());
    const HeatmapMapping layout = m_painter->layoutFor(m_mapping, QRectF(rect()), fonts);
    return m_painter->rowLabelsElided(layout, fonts);
}

bool HeatmapWidget::captionElided() const
{
    return m_painter->captionLines(m_painter->fontsFor(font()).caption, width()).elided;
}

void HeatmapWidget::setHighlightedRows(int first, int last)
{
    const std::pair<int, int> rows = first < 0 ? std::pair(-1, -1) : std::pair(first, last);
    if (rows == m_highlighted)
        return;
    m_highlighted = rows;
    update();
}

HeatmapScale HeatmapWidget::shownScale() const
{
    switch (m_kind) {
    case Kind::Scores: {
        HeatmapScale scale;
        scale.masked = m_hasMask;
        return scale;
    }
    case Kind::Weights:
        return HeatmapScale::forWeights(m_model->columnCount(), m_hasMask, m_fixedRange);
    case Kind::Values:
    case Kind::Output:
        break;
    }
    return {};
}

void HeatmapWidget::updateImage()
{
    // The picture built with the result on its worker, when it is on this widget's scale; else
    // (values, a widget's own 0–1 choice, a result without pictures) built here.
    SharedHeatmapImage ready;
    switch (m_kind) {
    case Kind::Scores:
        ready = m_result->scoresImage;
        break;
    case Kind::Weights:
        ready = m_result->weightsImage;
        break;
    case Kind::Output:
        ready = m_result->outputImage;
        break;
    case Kind::Values:
        break;
    }
    const HeatmapScale scale = shownScale();
    if (!ready || !(ready->scale == scale))
        ready = std::make_shared<const HeatmapImage>(heatmapImage(m_model->table(), scale));
    m_cells = std::move(ready);
    m_mapping.setRange(m_cells->minimum, m_cells->maximum);
}

const HeatmapMapping &HeatmapWidget::mapping() const
{
    // A hidden widget gets its resize event only when shown: lay out on demand.
    if (m_mappingSize != size())
        updateMapping();
    return m_mapping;
}

void HeatmapWidget::updateMapping() const
{
    HeatmapPainter::Fonts fonts = m_painter->fontsFor(font());
    m_mapping = m_painter->layoutFor(m_mapping, QRectF(rect()), fonts);
    m_mappingSize = size();
}

void HeatmapWidget::relayout()
{
    m_painter->measureLabels(font());
    updateMapping();
    updateGeometry();
}

QString HeatmapWidget::title() const
{
    return m_title.isEmpty() ? HeatmapExplanation::title(m_kind) : m_title;
}

QString HeatmapWidget::caption() const
{
    if (!m_caption.isEmpty())
        return m_caption;
    return HeatmapExplanation::caption(m_kind, *m_scenario, isRelativeScale(), m_fixedRange,
                                       m_oneHot);
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
    const QString times = NumberFormat::factor(ratio);
    return value < 0 ? tr("1/%1×").arg(times) : tr("%1×").arg(times);
}

bool HeatmapWidget::isRelativeScale() const
{
    return m_kind == Kind::Weights && m_model->columnCount() > relativeScaleKeys;
}

double HeatmapWidget::shownValue(int row, int column) const
{
    return heatmapShownValue(m_model->table(), shownScale(), row, column);
}

QString HeatmapWidget::cellExplanation(int row, int column) const
{
    const ScaledTable &m = m_model->table();
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols())
        return {};
    const QString component = m_model->columnLabels().value(column);
    switch (m_kind) {
    case Kind::Scores:
    case Kind::Weights:
        return HeatmapExplanation::attentionCell(*m_scenario, *m_result, row, column);
    case Kind::Values:
        return HeatmapExplanation::valueCell(*m_scenario, row, component, m(row, column));
    case Kind::Output:
        return HeatmapExplanation::outputCell(*m_scenario, *m_result, row, column, component,
                                              m(row, column));
    }
    return {};
}

qreal HeatmapWidget::readableCellSize() const
{
    // HeatmapPainter's rules: numbers at 0.85 × the font at least, when "0.00" (or the widest
    // value) fits with 4 px to spare; a row label per row when a cell is a line high; every key
    // over its column when the widest fits with 4 px to spare. A few pixels more, so that the
    // numbers do not touch the cells' edges.
    const HeatmapPainter::Fonts fonts = m_painter->fontsFor(font());
    QFont numberFont = fonts.base;
    numberFont.setPixelSize(int(QFontInfo(fonts.base).pixelSize() * 0.85));
    const QFontMetricsF numbers(numberFont);
    qreal widestNumber = numbers.horizontalAdvance(QStringLiteral("0.00"));
    if (m_kind != Kind::Weights)
        for (const double x : {m_mapping.minimum(), m_mapping.maximum()})
            widestNumber =
                std::max(widestNumber, numbers.horizontalAdvance(NumberFormat::fixed(x, 2)));
    const QFontMetricsF labels(fonts.labels);
    qreal widestLabel = 0;
    for (const QString &label : m_model->columnLabels())
        widestLabel = std::max(widestLabel, labels.horizontalAdvance(label));
    constexpr qreal room = 8;
    return std::ceil(
        std::max({widestNumber + 4, numbers.height() + 2, labels.height(), widestLabel + 4}) +
        room);
}

QSize HeatmapWidget::sizeForCellSize(qreal cell) const
{
    const HeatmapPainter::Fonts fonts = m_painter->fontsFor(font());
    const HeatmapMargins margins = m_painter->marginsFor(m_mapping, fonts);
    const int rows = std::max(m_model->rowCount(), 1);
    const int columns = std::max(m_model->columnCount(), 1);
    const qreal width = 2 * margins.padding + margins.rowLabels + margins.legend + columns * cell;
    const qreal height = 2 * margins.padding + margins.title + margins.columnLabels + rows * cell;
    return QSize(int(std::ceil(width)), int(std::ceil(height)));
}

QSize HeatmapWidget::sizeHint() const
{
    const HeatmapPainter::Fonts fonts = m_painter->fontsFor(font());
    const HeatmapMargins margins = m_painter->marginsFor(m_mapping, fonts);
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
    const HeatmapPainter::Fonts fonts = m_painter->fontsFor(font());
    const HeatmapMargins margins = m_painter->marginsFor(m_mapping, fonts);
    const qreal grid = QFontMetricsF(fonts.base).height() * 4;
    return QSize(int(2 * margins.padding + margins.rowLabels + margins.legend + grid),
                 int(2 * margins.padding + margins.title + margins.columnLabels + grid));
}

QImage HeatmapWidget::toImage(qreal scale) const
{
    return HeatmapExporter(*m_painter, m_mapping, size()).image(scale);
}

bool HeatmapWidget::savePng(const QString &fileName, QString *error) const
{
    return HeatmapExporter(*m_painter, m_mapping, size()).savePng(fileName, error);
}

bool HeatmapWidget::saveSvg(const QString &fileName, QString *error) const
{
    return HeatmapExporter(*m_painter, m_mapping, size())
        .saveSvg(fileName, title(), caption(), error);
}

HeatmapCell HeatmapWidget::currentCell() const
{
    return m_cursor.cell(m_model->rowCount(), m_model->columnCount(), m_selectedToken);
}

void HeatmapWidget::setCurrentCell(int row, int column)
{
    m_cursor.place({row, column}, m_model->rowCount(), m_model->columnCount());
    announceCurrentCell();
    update();
}

void HeatmapWidget::announceCurrentCell()
{
    if (!hasFocus() || m_model->rowCount() == 0)
        return;
    // The accessible table's children are its cells, row by row (see HeatmapAccessible).
    const HeatmapCell cell = currentCell();
    QAccessibleEvent focus(this, QAccessible::Focus);
    focus.setChild(cell.row * m_model->columnCount() + cell.column);
    QAccessible::updateAccessibility(&focus);
}

bool HeatmapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const auto cell = mapping().cellAt(help->pos())) {
            QToolTip::showText(help->globalPos(), cellExplanation(cell->row, cell->column), this,
                               m_mapping.cellRect(cell->row, cell->column).toAlignedRect());
        } else if (const auto row = mapping().rowAt(help->pos())) {
            const bool withQuery = m_kind == Kind::Scores || m_kind == Kind::Weights;
            QToolTip::showText(help->globalPos(),
                               HeatmapExplanation::rowLabel(*m_scenario, *row, withQuery), this,
                               m_mapping.rowRect(*row).toAlignedRect());
        } else {
            QToolTip::showText(help->globalPos(), statusTip(), this);
        }
        return true;
    }
    return QWidget::event(event);
}

void HeatmapWidget::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    // After the focus event of the widget itself, which Qt sends once this returns: the last
    // word a screen reader hears is the cell's.
    QMetaObject::invokeMethod(this, &HeatmapWidget::announceCurrentCell, Qt::QueuedConnection);
    update();
}

void HeatmapWidget::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

void HeatmapWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        if (const auto row = mapping().rowAt(event->position())) {
            const auto cell = mapping().cellAt(event->position());
            m_cursor.place(cell ? *cell : HeatmapCell{*row, currentCell().column},
                           m_model->rowCount(), m_model->columnCount());
            Q_EMIT tokenSelected(*row);
            event->accept();
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

void HeatmapWidget::keyPressEvent(QKeyEvent *event)
{
    const int rows = m_model->rowCount();
    const int columns = m_model->columnCount();
    if (rows == 0 || columns == 0 || event->modifiers() & ~Qt::KeypadModifier) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (m_cursor.move(event->key(), rows, columns, m_selectedToken)) {
        announceCurrentCell();
        update();
    } else if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter ||
               event->key() == Qt::Key_Space) {
        Q_EMIT tokenSelected(currentCell().row);
    } else {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
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

void HeatmapWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    m_painter->paint(painter, QRectF(rect()), m_mapping, false);
    // The keyboard's cell shows while the heatmap has the focus: on screen only, never in an
    // export.
    if (hasFocus()) {
        const QRectF cell = m_mapping.cellRect(currentCell().row, currentCell().column);
        HeatmapCursor::paint(painter, QRectF(rect()), m_model->rowCount() > 0 ? &cell : nullptr,
                             palette().color(QPalette::Highlight), focusFrameWidth);
    }
}

void HeatmapWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateMapping();
}

void HeatmapWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::FontChange)
        relayout();
    QWidget::changeEvent(event);
}

} // namespace attention
