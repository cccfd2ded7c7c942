#include "paintedtext.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QChartView>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QTabBar>
#include <QTextDocument>
#include <QTextEdit>
#include <algorithm>

namespace paintedtext {
namespace {

/// How far (in pixels) a text may run past its room: the painter's positions are fractional,
/// its clips whole pixels.
constexpr qreal tolerance = 0.5;

/// A paint engine that draws nothing and keeps every text item with its place and clip.
class RecordingEngine : public QPaintEngine
{
public:
    RecordingEngine()
        : QPaintEngine(AllFeatures)
    {}

    QRectF deviceRect;
    QList<Item> items;

    bool begin(QPaintDevice *) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState &) override {}
    void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}
    void drawImage(const QRectF &, const QImage &, const QRectF &,
                   Qt::ImageConversionFlags) override
    {}
    void drawPath(const QPainterPath &) override {}
    using QPaintEngine::drawPolygon;
    void drawPolygon(const QPointF *, int, PolygonDrawMode) override {}
    Type type() const override { return User; }

    void drawTextItem(const QPointF &position, const QTextItem &item) override
    {
        // `position` is the baseline's start in the painter's coordinates; the device's are the
        // widget's.
        const QPainter *p = painter();
        const QTransform toDevice = p->deviceTransform();
        const QRectF box(position.x(), position.y() - item.ascent(), item.width(),
                         item.ascent() + item.descent());
        QRectF room = deviceRect;
        if (!systemClip().isEmpty())
            room &= QRectF(systemClip().boundingRect());
        if (p->hasClipping())
            room &= toDevice.mapRect(p->clipBoundingRect());
        // The glyphs' outlines, unhinted and unpadded (QFontMetricsF::tightBoundingRect adds a
        // pixel on each side).
        QPainterPath glyphs;
        glyphs.addText(position, item.font(), item.text());
        const QRectF ink = glyphs.boundingRect();
        items.append(
            {item.text(), item.font(), toDevice.mapRect(box), toDevice.mapRect(ink), room});
    }
};

/// A paint device the size and resolution of one widget, painted by a RecordingEngine.
class RecordingDevice : public QPaintDevice
{
public:
    explicit RecordingDevice(const QWidget *widget)
        : m_widget(widget)
    {
        m_engine.deviceRect = QRectF(QPointF(0, 0), widget->size());
    }
    ~RecordingDevice() override = default;

    QPaintEngine *paintEngine() const override { return &m_engine; }
    QList<Item> items() const { return m_engine.items; }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        const QWidget *w = m_widget;
        switch (metric) {
        case PdmWidth:
            return w->width();
        case PdmHeight:
            return w->height();
        case PdmWidthMM:
            return w->widthMM();
        case PdmHeightMM:
            return w->heightMM();
        case PdmNumColors:
            return w->colorCount();
        case PdmDepth:
            return w->depth();
        case PdmDpiX:
            return w->logicalDpiX();
        case PdmDpiY:
            return w->logicalDpiY();
        case PdmPhysicalDpiX:
            return w->physicalDpiX();
        case PdmPhysicalDpiY:
            return w->physicalDpiY();
        case PdmDevicePixelRatio:
            return int(w->devicePixelRatio());
        case PdmDevicePixelRatioScaled:
            return int(w->devicePixelRatio() * devicePixelRatioFScale());
        }
        return 0;
    }

private:
    const QWidget *m_widget;
    mutable RecordingEngine m_engine;
};

QString describe(const QWidget *widget)
{
    QString name = QString::fromLatin1(widget->metaObject()->className());
    if (!widget->objectName().isEmpty())
        name += QLatin1Char('#') + widget->objectName();
    if (const QWidget *parent = widget->parentWidget();
        parent && qobject_cast<const QAbstractScrollArea *>(parent))
        name = describe(parent) + QStringLiteral("'s ") + name;
    return name;
}

/// `text` as drawn with its mnemonic shown: "&Open" is drawn "Open", "&&" as "&".
QString withoutMnemonic(const QString &text)
{
    QString shown;
    for (int i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && i + 1 < text.size())
            ++i;
        shown += text[i];
    }
    return shown;
}

QString plainText(const QString &text, Qt::TextFormat format)
{
    if (format == Qt::PlainText || (format == Qt::AutoText && !Qt::mightBeRichText(text)))
        return text;
    QTextDocument document;
    document.setHtml(text);
    return document.toPlainText();
}

/// The view whose viewport `widget` is, if any.
const QAbstractScrollArea *areaOfViewport(const QWidget *widget)
{
    const auto *area = qobject_cast<const QAbstractScrollArea *>(widget->parentWidget());
    return area && area->viewport() == widget ? area : nullptr;
}

/// The texts of an item view's model (a header's sections, a view's top-level cells).
QStringList modelTexts(const QAbstractItemView *view)
{
    QStringList texts;
    const QAbstractItemModel *model = view->model();
    if (!model)
        return texts;
    if (const auto *header = qobject_cast<const QHeaderView *>(view)) {
        for (int section = 0; section < header->count(); ++section)
            texts.append(model->headerData(section, header->orientation()).toString());
        return texts;
    }
    for (int row = 0; row < std::min(model->rowCount(), 1000); ++row)
        for (int column = 0; column < std::min(model->columnCount(), 50); ++column)
            texts.append(model->index(row, column).data().toString());
    return texts;
}

/// The full texts `widget` paints, where it has them: an ellipsis inside one of them is no sign
/// of eliding.
QStringList ownTexts(const QWidget *widget)
{
    if (const auto *label = qobject_cast<const QLabel *>(widget))
        return {plainText(label->text(), label->textFormat())};
    if (const auto *button = qobject_cast<const QAbstractButton *>(widget))
        return {withoutMnemonic(button->text())};
    if (const auto *edit = qobject_cast<const QLineEdit *>(widget))
        return {edit->text(), edit->placeholderText()};
    QStringList texts;
    if (const auto *combo = qobject_cast<const QComboBox *>(widget))
        for (int i = 0; i < combo->count(); ++i)
            texts.append(combo->itemText(i));
    if (const auto *tabs = qobject_cast<const QTabBar *>(widget))
        for (int i = 0; i < tabs->count(); ++i)
            texts.append(withoutMnemonic(tabs->tabText(i)));
    const QAbstractScrollArea *area = areaOfViewport(widget);
    if (const auto *view = qobject_cast<const QAbstractItemView *>(area))
        texts += modelTexts(view);
    if (const auto *edit = qobject_cast<const QTextEdit *>(area))
        texts.append(edit->toPlainText());
    if (const auto *edit = qobject_cast<const QPlainTextEdit *>(area))
        texts.append(edit->toPlainText());
    return texts;
}

bool elided(const Item &item, const QStringList &own)
{
    if (!item.text.contains(QChar(0x2026)) && !item.text.contains(QLatin1String("...")))
        return false;
    return std::none_of(own.cbegin(), own.cend(),
                        [&](const QString &text) { return text.contains(item.text); });
}

/// The rectangle a text item drawn by `widget` at `box` belongs in, beyond its clip: its tab, its
/// header section.
QRectF cellOf(const QWidget *widget, const QRectF &box)
{
    const QPoint at = box.center().toPoint();
    if (const auto *tabs = qobject_cast<const QTabBar *>(widget)) {
        const int tab = tabs->tabAt(at);
        return tab >= 0 ? QRectF(tabs->tabRect(tab)) : QRectF();
    }
    const auto *header = qobject_cast<const QHeaderView *>(areaOfViewport(widget));
    if (!header)
        return {};
    const int section = header->logicalIndexAt(at);
    if (section < 0)
        return {};
    const int start = header->sectionViewportPosition(section);
    const int size = header->sectionSize(section);
    return header->orientation() == Qt::Horizontal ? QRectF(start, 0, size, widget->height())
                                                   : QRectF(0, start, widget->width(), size);
}

/// Whether the text of a scroll area's viewport is clipped by design (the user scrolls to it);
/// a graphics view (a chart) shows all of its scene.
bool scrolledContent(const QWidget *widget)
{
    const QAbstractScrollArea *area = areaOfViewport(widget);
    return area && !area->inherits("QGraphicsView") && !qobject_cast<const QHeaderView *>(area);
}

QString fontName(const QFont &font)
{
    return QStringLiteral("%1 %2 pt%3")
        .arg(font.family())
        .arg(font.pointSizeF())
        .arg(font.bold() ? QStringLiteral(" bold") : QString());
}

QString placeOf(const QRectF &rect)
{
    return QStringLiteral("(%1, %2)–(%3, %4)")
        .arg(rect.left(), 0, 'f', 1)
        .arg(rect.top(), 0, 'f', 1)
        .arg(rect.right(), 0, 'f', 1)
        .arg(rect.bottom(), 0, 'f', 1);
}

/// Where `item` may show: the clips it was drawn under, as a style draws a text twice under
/// complementary clips (a progress bar's label over its filled and its empty part).
QRectF roomOf(const Item &item, const QList<Item> &items)
{
    QRectF room;
    for (const Item &other : items)
        if (other.text == item.text && other.box == item.box)
            room |= other.room;
    return room;
}

/// The items of `items`, drawn by `widget`, that are elided or run past their room.
QStringList itemProblems(const QWidget *widget, const QList<Item> &items)
{
    QStringList problems;
    const QStringList own = ownTexts(widget);
    const bool scrolled = scrolledContent(widget);
    for (const Item &item : items) {
        if (elided(item, own)) {
            problems.append(QStringLiteral("%1 %2×%3 draws “%4” elided")
                                .arg(describe(widget))
                                .arg(widget->width())
                                .arg(widget->height())
                                .arg(item.text));
            continue;
        }
        if (scrolled)
            continue;
        QRectF room = roomOf(item, items);
        if (const QRectF cell = cellOf(widget, item.box); !cell.isNull()) {
            // A header section partly scrolled out of view may hide its text.
            if (areaOfViewport(widget) && !QRectF(widget->rect()).contains(cell))
                continue;
            room &= cell;
        }
        if (item.ink.isEmpty())
            continue;
        if (item.ink.left() < room.left() - tolerance ||
            item.ink.right() > room.right() + tolerance ||
            item.ink.top() < room.top() - tolerance ||
            item.ink.bottom() > room.bottom() + tolerance)
            problems.append(QStringLiteral("%1 draws “%2” (%3) at %4, has %5")
                                .arg(describe(widget), item.text, fontName(item.font),
                                     placeOf(item.ink), placeOf(room)));
    }
    return problems;
}

/// The texts of `items` drawn inside `rect`, in the order drawn, without spaces and line breaks.
QString drawnIn(const QList<Item> &items, const QRectF &rect)
{
    QString drawn;
    for (const Item &item : items)
        if (rect.contains(item.box.center()))
            drawn += item.text;
    drawn.remove(QRegularExpression(QStringLiteral("\\s")));
    return drawn;
}

QString withoutSpaces(QString text)
{
    return text.remove(QRegularExpression(QStringLiteral("\\s")));
}

/// Every tab of `tabs` whose text was not drawn whole in it.
QStringList tabProblems(const QTabBar *tabs, const QList<Item> &items)
{
    QStringList problems;
    for (int tab = 0; tab < tabs->count(); ++tab) {
        const QString text = withoutMnemonic(tabs->tabText(tab));
        const QString drawn = drawnIn(items, tabs->tabRect(tab));
        if (tabs->isTabVisible(tab) && drawn != withoutSpaces(text))
            problems.append(QStringLiteral("%1 %2 px wide draws its tab “%3” as “%4”")
                                .arg(describe(tabs))
                                .arg(tabs->width())
                                .arg(text, drawn));
    }
    return problems;
}

/// Every section of `header` wholly in view whose text was not drawn whole in it.
QStringList headerProblems(const QHeaderView *header, const QList<Item> &items)
{
    QStringList problems;
    const QRect view = header->viewport()->rect();
    for (int section = 0; section < header->count(); ++section) {
        const int start = header->sectionViewportPosition(section);
        const int size = header->sectionSize(section);
        const QRect rect = header->orientation() == Qt::Horizontal
                               ? QRect(start, 0, size, view.height())
                               : QRect(0, start, view.width(), size);
        if (header->isSectionHidden(section) || size == 0 || !view.contains(rect))
            continue;
        const QString text = header->model()->headerData(section, header->orientation()).toString();
        const QString drawn = drawnIn(items, rect);
        if (drawn != withoutSpaces(text))
            problems.append(QStringLiteral("%1 draws section %2 (%3 px) “%4” as “%5”")
                                .arg(describe(header))
                                .arg(section)
                                .arg(size)
                                .arg(text, drawn));
    }
    return problems;
}

/// Each item of `combo` that can be current, made current in turn (signals blocked): drawn
/// whole, inside the combo's edit field.
QStringList comboProblems(QComboBox *combo)
{
    QStringList problems;
    const QSignalBlocker blocker(combo);
    const int current = combo->currentIndex();
    for (int i = 0; i < combo->count(); ++i) {
        if (!(combo->model()->flags(combo->model()->index(i, 0)) & Qt::ItemIsEnabled))
            continue;
        combo->setCurrentIndex(i);
        const QList<Item> items = itemsOf(combo);
        problems += itemProblems(combo, items);
        const QString drawn = drawnIn(items, combo->rect());
        if (drawn != withoutSpaces(combo->itemText(i)))
            problems.append(QStringLiteral("%1 %2 px wide draws its item “%3” as “%4”")
                                .arg(describe(combo))
                                .arg(combo->width())
                                .arg(combo->itemText(i), drawn));
    }
    combo->setCurrentIndex(current);
    return problems;
}

bool inChart(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget())
        if (qobject_cast<const QChartView *>(w))
            return true;
    return false;
}

} // namespace

QList<Item> itemsOf(QWidget *widget)
{
    RecordingDevice device(widget);
    widget->render(&device, QPoint(), QRegion(), QWidget::RenderFlags());
    return device.items();
}

QStringList textsCutShort(QWidget &window, Scope scope)
{
    QStringList problems;
    const QList<QWidget *> widgets = window.findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (!widget->isVisible() || widget->visibleRegion().isEmpty() ||
            inChart(widget) != (scope == Scope::ChartsOnly))
            continue;
        if (auto *combo = qobject_cast<QComboBox *>(widget); combo && !combo->isEditable()) {
            problems += comboProblems(combo);
            continue;
        }
        const QList<Item> items = itemsOf(widget);
        problems += itemProblems(widget, items);
        if (const auto *tabs = qobject_cast<const QTabBar *>(widget))
            problems += tabProblems(tabs, items);
        if (const auto *header = qobject_cast<const QHeaderView *>(areaOfViewport(widget)))
            problems += headerProblems(header, items);
    }
    problems.removeDuplicates();
    return problems;
}

} // namespace paintedtext
