#pragma once

/// Paints a HeatmapWidget's picture into any painter (the widget's paint event, an image, an SVG
/// drawing): the title and its formula, the cells (one scaled image, or rectangles when large or
/// in vector output), the numbers while they fit, the token labels, the colour legend, the
/// hatching of masked cells, and the outlines of the highlighted and the selected rows.
///
/// It also lays the picture out (fonts and margins), since the room the labels and the legend
/// take depends on the fonts it paints them with. It reads the heatmap only through its public
/// interface and keeps nothing of its own but caches: the label widths, the laid-out texts and
/// the legend's colour bar.

#include "heatmapmapping.h"

#include <QFont>
#include <QHash>
#include <QImage>
#include <QStaticText>
#include <QString>
#include <QStringList>

class QPainter;

namespace attention {

class HeatmapWidget;

class HeatmapPainter
{
public:
    /// The fonts of one layout.
    struct Fonts
    {
        QFont base;
        QFont title;
        QFont caption;
        QFont legend;
        QFont labels;           ///< the tokens along the axes: larger while the cells are large
        qreal labelScale = 1.0; ///< labels' size / base size
    };

    /// The caption as painted in a given width: one line, or two when it is too long for one.
    struct CaptionLines
    {
        QStringList lines;
        bool elided = false; ///< even two lines hold it only with an ellipsis
    };

    explicit HeatmapPainter(const HeatmapWidget &heatmap);

    /// Measures the heatmap's row and column labels in `font`: again whenever they or the font
    /// change.
    void measureLabels(const QFont &font);

    /// The title, caption, legend and label fonts for the widget font `base`.
    Fonts fontsFor(const QFont &base) const;
    /// The room around the grid: title, labels, legend. `colours` gives the legend's range;
    /// `width`, when known, the picture's width, in which the caption may take two lines.
    HeatmapMargins marginsFor(const HeatmapMapping &colours, const Fonts &fonts,
                              qreal width = -1) const;
    /// The caption in `font`, wrapped onto a second line when wider than `width`.
    CaptionLines captionLines(const QFont &font, qreal width) const;
    /// Whether a row label (the selected one in bold) is wider than the label column of
    /// `mapping`, so that it is painted with an ellipsis.
    bool rowLabelsElided(const HeatmapMapping &mapping, const Fonts &fonts) const;
    /// The room left and right of the title and the caption.
    static constexpr qreal titlePadding = 6;
    /// The layout for `rect`, with the colour range of `colours`; sets the label font in `fonts`
    /// to what the cells allow.
    HeatmapMapping layoutFor(const HeatmapMapping &colours, const QRectF &rect, Fonts &fonts) const;

    /// Paints everything into `rect` with the colour range of `colours`; `vectorCells` draws the
    /// cells as rectangles and the hatching as lines (SVG).
    void paint(QPainter &painter, const QRectF &rect, const HeatmapMapping &colours,
               bool vectorCells);

private:
    /// The width a row label has, right-aligned before its row.
    static qreal rowLabelRoom(const HeatmapMapping &mapping);
    void paintTitle(QPainter &painter, const QRectF &rect, const Fonts &fonts);
    void paintCells(QPainter &painter, const HeatmapMapping &mapping, bool vectorCells) const;
    void paintMask(QPainter &painter, const HeatmapMapping &mapping, bool vectorCells) const;
    void paintSeparators(QPainter &painter, const HeatmapMapping &mapping) const;
    void paintNumbers(QPainter &painter, const HeatmapMapping &mapping, const Fonts &fonts);
    void paintLabels(QPainter &painter, const HeatmapMapping &mapping, const Fonts &fonts);
    void paintLegend(QPainter &painter, const HeatmapMapping &mapping, const Fonts &fonts,
                     bool vector);
    void paintOutlines(QPainter &painter, const HeatmapMapping &mapping) const;
    /// Draws `text` aligned in `box` (elided if asked and too wide), from a cache of laid-out
    /// texts.
    void drawText(QPainter &painter, const QRectF &box, Qt::Alignment alignment,
                  const QString &text, bool elide = false);

    const HeatmapWidget &m_heatmap;
    qreal m_rowLabelWidth = 0; ///< widest row label in the widget's font, in bold (selected)
    qreal m_columnLabelWidth = 0;
    QImage m_legendBar; ///< the colour bar at its painted size
    /// Laid-out texts by font and text: those of the paint in progress, and those of the paint
    /// before it, from which they are taken over. A paint keeps only what it drew, so the cache
    /// holds what the heatmap shows, however many different numbers it showed before.
    QHash<QString, QStaticText> m_texts;
    QHash<QString, QStaticText> m_previousTexts;
};

} // namespace attention
