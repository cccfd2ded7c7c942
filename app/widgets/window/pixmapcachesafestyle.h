#pragma once

/// The application's style: the platform's, kept from leaking memory through Qt's pixmap cache.
///
/// Header sections. Fusion paints each header section into a picture it keeps in QPixmapCache under
/// a string key made of the section's size, state and the palette's cacheKey(). A header whose
/// model gives its sections a colour (Qt::ForegroundRole, as the vector editor's does) paints every
/// section with a palette copied and changed for it, whose cacheKey() is new each time: every
/// repaint inserts new pictures, which push the others out of the cache, and in Qt 6.4 QPixmapCache
/// never forgets the string key of a picture it pushed out (only a later lookup of the same key
/// would; Qt 6.6 forgets it). Each repaint of the editor's header so left over 1 KiB behind for
/// good, some 2 MiB per 2000 actions of the monkey test, without end.
///
/// Here a section is drawn the same way into a picture of its size, which is dropped once drawn
/// onto the header: nothing is kept. Only the Fusion style's sections are drawn here, exactly as
/// Fusion draws them (tst_pixmapcachesafestyle compares the pixels); another base style draws its
/// own.
///
/// Title-bar icons. Fusion makes a new icon from its picture each time standardIcon() is asked
/// for a title-bar button's, and the cache keys an icon's scaled pixmaps by the icon: a dock
/// widget asks again whenever it is shown or its state restored, so each return from the lesson
/// to the workbench (five docks, two buttons each) left some 2 KiB of keys behind. Here those
/// icons are made once and handed out again.
///
/// The keyboard focus. Fusion marks it with a thin light line that a projector loses. Here a
/// widget with the keyboard focus gets a frame of focusFrameWidth pixels in the palette's
/// highlight colour, whatever the base style: buttons, check boxes and items (the focus rect),
/// sliders, combo boxes, spin boxes and line edits. Focus from a mouse click shows none, as in
/// Fusion.
///
/// Usage: `PixmapCacheSafeStyle::install();` once the QApplication exists, before any window.

#include <QHash>
#include <QIcon>
#include <QProxyStyle>

namespace attention {

class PixmapCacheSafeStyle : public QProxyStyle
{
    Q_OBJECT

public:
    /// Wraps `base` (owned), or the platform's default style when null.
    explicit PixmapCacheSafeStyle(QStyle *base = nullptr);

    /// Makes a PixmapCacheSafeStyle over the style the application uses now (the platform's, or
    /// the one `-style` or QT_STYLE_OVERRIDE chose) the application's style.
    static void install();

    /// The width of the keyboard focus frame, in pixels.
    static constexpr int focusFrameWidth = 3;

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;
    QIcon standardIcon(StandardPixmap icon, const QStyleOption *option = nullptr,
                       const QWidget *widget = nullptr) const override;

private:
    /// The base style is Fusion.
    bool baseIsFusion() const;

    mutable QHash<StandardPixmap, QIcon> m_icons; ///< title-bar icons, made once
};

} // namespace attention
