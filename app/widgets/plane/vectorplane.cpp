#include "vectorplane.h"

#include "focusmark.h"
#include "numberformat.h"
#include "vectortablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLineF>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <climits>
#include <cmath>
#include <utility>

namespace attention {

namespace {

/// How many entries a tooltip lists before it shortens a vector with "…".
constexpr int tooltipEntries = 8;
/// How many characters the dimension choices show at least ("2: sky").
constexpr int choiceCharacters = 5;
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
    // A Tab stop (issue 40: step 2 skipped it), for reading it with a screen reader.
    setFocusPolicy(Qt::StrongFocus);
    FocusMark::install(this);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    m_horizontalLabel->setBuddy(m_horizontalBox);
    m_verticalLabel->setBuddy(m_verticalBox);
    // At least a few characters wide whatever d is, and wider as the panel allows: the panel's
    // minimum width must not grow with d (a long name is cut short in the box, whole in its list).
    for (QComboBox *box : {m_horizontalBox, m_verticalBox}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(choiceCharacters);
        box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    auto *barLayout = new QHBoxLayout(m_bar);
    barLayout->setContentsMargins(0, 0, 0, 0);
    barLayout->addWidget(m_horizontalLabel);
    barLayout->addWidget(m_horizontalBox, 1);
    barLayout->addSpacing(fontMetrics().averageCharWidth() * 2);
    barLayout->addWidget(m_verticalLabel);
    barLayout->addWidget(m_verticalBox, 1);
    m_bar->setAutoFillBackground(true);

    connect(m_horizontalBox, &QComboBox::activated, this,
            [this](int index) { setDimensions(index, m_vertical); });
    connect(m_verticalBox, &QComboBox::activated, this,
            [this](int index) { setDimensions(m_horizontal, index); });
    connect(document, &ScenarioDocument::changed, this, &VectorPlane::documentChanged);
    connect(document, &ScenarioDocument::resultChanged, this, &VectorPlane::resultChanged);

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
    return mappingFor(tipVectors());
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
    const PlaneScene shown = scene();
    m_paintedSubset = shownSubset();
    m_labels = PlanePainter(painter, font(), palette()).paint(shown);
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
    const int hovered = std::exchange(m_hovered, m_dragging ? m_hovered : -1);
    rebuildDimensionChoices();
    const std::shared_ptr<const Scenario> shown =
        std::exchange(m_shown, m_document->sharedScenario());
    if (shown && hovered == m_hovered && sameVectors(*shown, *m_shown)) {
        resultChanged(); // the arrows are as they were; the strongest keys may not be
        return;
    }
    updatePlot();
}

void VectorPlane::resultChanged()
{
    if (!(shownSubset() == m_paintedSubset))
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

PlaneSubset VectorPlane::shownSubset() const
{
    if (!m_document)
        return {};
    const Scenario &s = m_document->scenario();
    const int count = static_cast<int>(s.tokenCount());
    // The result lags behind the scenario while a large one is computed: until it is in, the
    // keys are not known.
    const Matrix &weights = m_document->result().weights;
    if (count <= PlaneSubset::fullLimit || m_selected < 0 || m_selected >= weights.rows() ||
        weights.cols() != count)
        return PlaneSubset::choose(count, m_selected, RowVector());
    return PlaneSubset::choose(count, m_selected, weights.row(m_selected));
}

QString VectorPlane::caption() const
{
    const PlaneSubset shown = shownSubset();
    if (!shown.reduced)
        return {};
    const Scenario &s = m_document->scenario();
    const QString total = QString::number(s.tokenCount());
    if (shown.queries.isEmpty())
        return tr("%1 tokens: select a query to see its strongest keys").arg(total);
    return tr("showing q %1 and its %n strongest keys of %2", nullptr,
              static_cast<int>(shown.keys.size()))
        .arg(s.tokens.at(shown.queries.first()), total);
}

PlaneMapping VectorPlane::mappingFor(const QList<Tip> &tips) const
{
    QList<QPointF> points;
    points.reserve(tips.size());
    for (const Tip &tip : tips)
        points.append(tip.vector);
    const double range = m_frozenRange.value_or(PlaneMapping::fitRange(points));
    return PlaneMapping(plotArea(), range, m_vertical < 0);
}

QList<VectorPlane::Tip> VectorPlane::tipVectors(QList<int> *lanes) const
{
    QList<Tip> keys, queries, selected;
    if (!m_document)
        return {};
    const Scenario &s = m_document->scenario();
    const int d = static_cast<int>(s.dimension());
    if (m_horizontal >= d || m_vertical >= d)
        return {};
    const PlaneSubset shown = shownSubset();
    QList<int> keyLanes, queryLanes, selectedLanes;
    auto add = [&](VectorKind kind, int token, int lane) {
        const Matrix &vectors = kind == VectorKind::Query ? s.queries : s.keys;
        Tip tip;
        tip.kind = kind;
        tip.token = token;
        tip.vector = {vectors(token, m_horizontal),
                      m_vertical >= 0 ? vectors(token, m_vertical) : 0.0};
        const bool isSelected = kind == VectorKind::Query && token == m_selected;
        (kind == VectorKind::Key ? keys : isSelected ? selected : queries).append(tip);
        (kind == VectorKind::Key ? keyLanes : isSelected ? selectedLanes : queryLanes).append(lane);
    };
    // Lanes (d = 1) by token, a token's query above its key; painting order as documented.
    int q = 0, k = 0, lane = 0;
    while (q < shown.queries.size() || k < shown.keys.size()) {
        const int queryToken = q < shown.queries.size() ? shown.queries.at(q) : INT_MAX;
        const int keyToken = k < shown.keys.size() ? shown.keys.at(k) : INT_MAX;
        if (queryToken <= keyToken)
            add(VectorKind::Query, shown.queries.at(q++), lane++);
        else
            add(VectorKind::Key, shown.keys.at(k++), lane++);
    }
    if (lanes)
        *lanes = keyLanes + queryLanes + selectedLanes;
    return keys + queries + selected;
}

QList<VectorPlane::Tip> VectorPlane::tips() const
{
    QList<int> lanes;
    QList<Tip> result = tipVectors(&lanes);
    const PlaneMapping map = mappingFor(result);
    const PlaneLanes laneLayout =
        PlaneLanes::fit(map.rect(), static_cast<int>(result.size()), fontMetrics().height());
    for (int i = 0; i < result.size(); ++i) {
        Tip &tip = result[i];
        tip.pixel = map.isOneDimensional() ? QPointF(map.toPixel({tip.vector.x(), 0.0}).x(),
                                                     laneLayout.centre(lanes.at(i)))
                                           : map.toPixel(tip.vector);
    }
    return result;
}

PlaneScene VectorPlane::scene() const
{
    const Scenario &s = m_document->scenario();
    PlaneScene scene;
    scene.tips = tips();
    scene.mapping = mappingFor(scene.tips);
    scene.selected = m_selected;
    scene.hovered = m_hovered;
    if (m_dragging)
        for (int i = 0; i < scene.tips.size(); ++i)
            if (scene.tips.at(i).kind == m_dragKind && scene.tips.at(i).token == m_dragToken)
                scene.dragged = i;
    scene.laneCount = static_cast<int>(scene.tips.size());
    scene.tokens = s.tokens;
    scene.horizontalName = s.dimensionName(m_horizontal);
    scene.verticalName = m_vertical >= 0 ? s.dimensionName(m_vertical) : QString();
    scene.caption = caption();
    scene.top = m_bar->isHidden() ? 0.0 : m_bar->sizeHint().height();
    scene.rect = rect();
    return scene;
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
            const double score = result.scores()(m_selected, tip.token);
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

} // namespace attention
