#pragma once

/// A visible keyboard focus for widgets that paint themselves and get no focus frame from the
/// style: the charts and the vector plane. FocusMark::install(widget) lays a transparent child
/// over the widget that draws a frame in the palette's highlight colour (like the heatmaps' own)
/// while the widget has focus, and is hidden otherwise, so it costs nothing then. It takes no
/// mouse events.

#include <QWidget>

namespace attention {

class FocusMark : public QWidget
{
public:
    static constexpr int frameWidth = 2;

    /// Shows a focus mark on `widget` while it has focus; the mark is `widget`'s child.
    static FocusMark *install(QWidget *widget);
    ~FocusMark() override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    explicit FocusMark(QWidget *widget);
    void follow();

    QWidget *m_widget;
};

} // namespace attention
