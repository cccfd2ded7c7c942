#include "pixmapcachesafestyle.h"

#include <QApplication>
#include <QPainter>
#include <QPushButton>
#include <QStyleFactory>
#include <QStyleOptionHeaderV2>

namespace attention {

namespace {

// The colours below are the Fusion style's own (Qt 6.4, qfusionstyle.cpp and its private
// header), reproduced because they are not public; tst_pixmapcachesafestyle compares the result
// with Fusion's pixel for pixel, so a Qt that changes them fails there.

/// `a` and `b` mixed channel by channel, `percentOfA` parts of `a` in 100, with `a`'s alpha.
QColor mixed(const QColor &a, const QColor &b, int percentOfA)
{
    const auto channel = [percentOfA](int x, int y) {
        return x * percentOfA / 100 + y * (100 - percentOfA) / 100;
    };
    QColor colour = a;
    colour.setRed(channel(a.red(), b.red()));
    colour.setGreen(channel(a.green(), b.green()));
    colour.setBlue(channel(a.blue(), b.blue()));
    return colour;
}

/// Fusion's button colour: the palette's, lightened the more the darker it is, a quarter less
/// saturated.
QColor buttonColour(const QPalette &palette)
{
    QColor colour = palette.button().color();
    colour = colour.lighter(100 + qMax(1, (180 - qGray(colour.rgb())) / 6));
    colour.setHsv(colour.hue(), int(colour.saturation() * 0.75), colour.value());
    return colour;
}

/// Fusion's outline: the window colour darkened, or a translucent black over a textured window.
QColor outlineColour(const QPalette &palette)
{
    if (palette.window().style() == Qt::TexturePattern)
        return QColor(0, 0, 0, 160);
    return palette.window().color().darker(140);
}

/// The faint light line along a section's top and beside its right edge.
QColor innerContrastLine()
{
    return QColor(255, 255, 255, 30);
}

/// One header section as Fusion draws it: a vertical gradient of the button colour, a light
/// line on top and a dark one at the bottom, and the separator on the right (horizontal headers,
/// but after the last section) or an outline (vertical headers). Drawn into a picture of the
/// section's size, as Fusion does, and then onto `painter`: a gradient drawn straight onto the
/// window would be worked out from the window's coordinates and could differ by one level of
/// grey in a row. The picture is dropped once drawn.
void drawFusionSection(const QStyleOptionHeader &header, bool dragTarget, QPainter *painter)
{
    if (header.rect.isEmpty())
        return;
    const qreal pixelRatio = qApp->devicePixelRatio();
    QPixmap picture(header.rect.size() * pixelRatio);
    picture.setDevicePixelRatio(pixelRatio);
    picture.fill(Qt::transparent);
    const QRect local(QPoint(0, 0), header.rect.size());
    const QColor button = buttonColour(header.palette);
    QColor top = button.lighter(104);
    QColor bottom = button.darker(102);
    if (dragTarget) {
        top = top.darker(130);
        bottom = top;
    }
    QLinearGradient gradient(local.topLeft(), local.bottomLeft());
    if (const QGradient *windowGradient = header.palette.window().gradient()) {
        gradient.setStops(windowGradient->stops());
    } else {
        gradient.setColorAt(0, top);
        gradient.setColorAt(0.5, mixed(top, bottom, 60));
        gradient.setColorAt(0.501, mixed(top, bottom, 40));
        gradient.setColorAt(0.92, bottom);
        gradient.setColorAt(1, bottom.darker(104));
    }

    QPainter section(&picture);
    section.fillRect(local, gradient);
    section.setBrush(Qt::NoBrush);
    section.setPen(innerContrastLine());
    section.drawLine(local.topLeft(), local.topRight());
    section.setPen(outlineColour(header.palette));
    section.drawLine(local.bottomLeft(), local.bottomRight());
    if (header.orientation == Qt::Horizontal && header.position != QStyleOptionHeader::End &&
        header.position != QStyleOptionHeader::OnlyOneSection) {
        section.setPen(QColor(0, 0, 0, 40));
        section.drawLine(local.topRight(), local.bottomRight() + QPoint(0, -1));
        section.setPen(innerContrastLine());
        section.drawLine(local.topRight() + QPoint(-1, 0), local.bottomRight() + QPoint(-1, -1));
    } else if (header.orientation == Qt::Vertical) {
        section.setPen(outlineColour(header.palette));
        section.drawLine(local.topRight(), local.bottomRight());
    }
    section.end();
    painter->drawPixmap(header.rect.topLeft(), picture);
}

/// Whether `option` is of a widget that has the focus from the keyboard (Tab, a shortcut).
bool keyboardFocus(const QStyleOption *option)
{
    return option && (option->state & QStyle::State_HasFocus) &&
           (option->state & QStyle::State_KeyboardFocusChange);
}

/// The keyboard focus frame: focusFrameWidth pixels of `colour` just inside `rect`.
void drawFocusFrame(const QRect &rect, const QColor &colour, QPainter *painter)
{
    constexpr qreal width = PixmapCacheSafeStyle::focusFrameWidth;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(colour, width));
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(QRectF(rect).adjusted(width / 2, width / 2, -width / 2, -width / 2),
                             2.0, 2.0);
    painter->restore();
}

/// The frame's colour: the highlight, or the highlighted text's on a selected item (which the
/// highlight fills).
QColor focusColour(const QStyleOption &option)
{
    const QColor highlight = option.palette.color(QPalette::Active, QPalette::Highlight);
    const auto *item = qstyleoption_cast<const QStyleOptionFocusRect *>(&option);
    if (item &&
        (item->backgroundColor == highlight ||
         item->backgroundColor == option.palette.color(QPalette::Inactive, QPalette::Highlight)))
        return option.palette.color(QPalette::Active, QPalette::HighlightedText);
    return highlight;
}

} // namespace

PixmapCacheSafeStyle::PixmapCacheSafeStyle(QStyle *base)
    : QProxyStyle(base)
{}

void PixmapCacheSafeStyle::install()
{
    if (qobject_cast<PixmapCacheSafeStyle *>(QApplication::style()))
        return;
    QApplication::setStyle(
        new PixmapCacheSafeStyle(QStyleFactory::create(QApplication::style()->name())));
}

void PixmapCacheSafeStyle::drawControl(ControlElement element, const QStyleOption *option,
                                       QPainter *painter, const QWidget *widget) const
{
    const auto *header = qstyleoption_cast<const QStyleOptionHeader *>(option);
    if (element != CE_HeaderSection || !header || !baseIsFusion()) {
        QProxyStyle::drawControl(element, option, painter, widget);
        if (element == CE_PushButton && keyboardFocus(option))
            drawFocusFrame(option->rect, focusColour(*option), painter);
        return;
    }
    const auto *headerV2 = qstyleoption_cast<const QStyleOptionHeaderV2 *>(option);
    drawFusionSection(*header, headerV2 && headerV2->isSectionDragTarget, painter);
}

void PixmapCacheSafeStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                                         QPainter *painter, const QWidget *widget) const
{
    if (element == PE_FrameFocusRect) {
        // Drawn only for the keyboard's focus, as Fusion does: around a check box's or an item's
        // text. A push button's frame goes round the whole button (drawControl()).
        if (option && (option->state & State_KeyboardFocusChange) &&
            !qobject_cast<const QPushButton *>(widget))
            drawFocusFrame(option->rect, focusColour(*option), painter);
        return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element == PE_FrameLineEdit && keyboardFocus(option))
        drawFocusFrame(option->rect, focusColour(*option), painter);
}

void PixmapCacheSafeStyle::drawComplexControl(ComplexControl control,
                                              const QStyleOptionComplex *option, QPainter *painter,
                                              const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    const bool framed = control == CC_Slider || control == CC_ComboBox || control == CC_SpinBox ||
                        control == CC_ToolButton;
    if (framed && keyboardFocus(option))
        drawFocusFrame(option->rect, focusColour(*option), painter);
}

QIcon PixmapCacheSafeStyle::standardIcon(StandardPixmap icon, const QStyleOption *option,
                                         const QWidget *widget) const
{
    // Fusion makes these from one picture each, whatever the option and the widget.
    const bool madeFromOnePicture =
        icon == SP_TitleBarNormalButton || icon == SP_TitleBarMinButton ||
        icon == SP_TitleBarCloseButton || icon == SP_DockWidgetCloseButton;
    if (!madeFromOnePicture || !baseIsFusion())
        return QProxyStyle::standardIcon(icon, option, widget);
    auto made = m_icons.constFind(icon);
    if (made == m_icons.cend())
        made = m_icons.insert(icon, QProxyStyle::standardIcon(icon, option, widget));
    return *made;
}

bool PixmapCacheSafeStyle::baseIsFusion() const
{
    return baseStyle()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) == 0;
}

} // namespace attention
