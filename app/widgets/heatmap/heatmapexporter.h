#pragma once

/// A heatmap's picture outside the screen: an image at any scale (the clipboard's), a PNG file
/// and an SVG drawing, each painted by the widget's HeatmapPainter for the widget's size and
/// written atomically (a failed write leaves the old file).

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

namespace attention {

class HeatmapMapping;
class HeatmapPainter;

class HeatmapExporter
{
    // The strings keep the context they had while they lived in the widget.
    Q_DECLARE_TR_FUNCTIONS(attention::HeatmapWidget)

public:
    /// Paints with `painter` into `size`, coloured as `colours` lays out.
    HeatmapExporter(HeatmapPainter &painter, const HeatmapMapping &colours, QSize size);

    /// The picture at `scale` × the size (device pixel ratio `scale`).
    QImage image(qreal scale) const;
    /// Writes image(2) as PNG; on failure returns false and sets `error`.
    bool savePng(const QString &fileName, QString *error) const;
    /// Writes the picture as SVG with a title and a description (cells as vector rectangles up
    /// to 64 × 64 cells); on failure returns false and sets `error`.
    bool saveSvg(const QString &fileName, const QString &title, const QString &description,
                 QString *error) const;

private:
    HeatmapPainter &m_painter;
    const HeatmapMapping &m_colours;
    QSize m_size;
};

} // namespace attention
