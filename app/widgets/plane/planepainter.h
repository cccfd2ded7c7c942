#pragma once

/// Paints one frame of the vector plane from plain values (PlaneScene): the legend, the grid and
/// axes, the selected query's projections, the arrows and their labels. The widget decides what
/// is drawn and where (VectorPlane); this only paints it, so it holds no state between paints.

#include "planemapping.h"
#include "vectortablemodel.h"

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QPalette>
#include <QStringList>

class QPainter;

namespace attention {

/// One arrow tip.
struct PlaneTip
{
    VectorKind kind = VectorKind::Key;
    int token = -1;
    QPointF vector; ///< (x, y) along the shown dimensions; y = 0 when d = 1
    QPointF pixel;  ///< where the tip is drawn (widget coordinates)
};

/// One label as drawn: "k 月", or "q 明 月 光" for tips of one kind at one pixel.
struct PlaneLabel
{
    VectorKind kind = VectorKind::Key;
    QString text;
    QPointF tip; ///< the pixel of the tip it names
    QRectF box;  ///< where its text is drawn
    bool selected = false;
};

/// Everything one paint needs.
struct PlaneScene
{
    PlaneMapping mapping;
    QList<PlaneTip> tips;   ///< in painting order: keys, queries, the selected query last
    int selected = -1;      ///< the selected query's token, or −1
    int hovered = -1;       ///< index into tips under the mouse, or −1
    int dragged = -1;       ///< index into tips being dragged, or −1
    int laneCount = 0;      ///< d = 1: how many lanes the tips lie in
    QStringList tokens;     ///< the tokens' names
    QString horizontalName; ///< the dimension on the horizontal axis
    QString verticalName;   ///< … on the vertical axis (unused when d = 1)
    QString caption;        ///< a line under the plot saying what is shown, or empty
    double top = 0.0;       ///< the top of the area to paint (below the dimension bar)
    QRectF rect;            ///< the widget's rectangle
};

class PlanePainter
{
    // The texts are the vector plane's, so they keep its translation context.
    Q_DECLARE_TR_FUNCTIONS(attention::VectorPlane)

public:
    PlanePainter(QPainter &painter, const QFont &font, const QPalette &palette);

    /// Paints `scene` and returns the labels it drew.
    QList<PlaneLabel> paint(const PlaneScene &scene);

private:
    void paintLegend();
    void paintCaption();
    /// As many ticks as fit with their labels side by side.
    QList<double> ticks() const;
    void paintLaneGrid(const QList<double> &ticks);
    void paintGridLines(const QList<double> &ticks);
    void paintTickLabels(const QList<double> &ticks);
    void paintAxisNames();
    void paintProjections();
    void paintArrows();
    /// Tips of one kind at one pixel share a label; the selected query's comes first.
    QList<PlaneLabel> collectLabels() const;
    /// Where a label may go, best first: beside its tip (queries on the left of their
    /// direction, keys on the right), on the other side, beyond the tip, then diagonally.
    QList<QPointF> labelDirections(const PlaneLabel &label) const;
    QList<PlaneLabel> paintLabels();

    /// Draws `text` with its baseline starting at `baseline` and records the box it covers.
    void drawRecordedText(const QPointF &baseline, const QString &text);

    QPainter &m_painter;
    QFont m_font;
    QFont m_bold;
    QPalette m_palette;
    const PlaneScene *m_scene = nullptr;
    QList<QRectF> m_occupied; ///< text painted so far, which the labels avoid
};

} // namespace attention
