#pragma once

/// The vector plane: every key and query of the scenario drawn as an arrow from the origin, on
/// two chosen dimensions; drag an arrow's tip to change that vector.
///
/// Keys are solid arrows with filled heads, queries dashed arrows with open heads (colours from
/// vectorKindColor()); each is labelled "k 月" / "q 光" (coincident tips share one label). The
/// axes carry the scenario's dimension names. For d > 2 two combo boxes above the plane choose
/// the dimensions (or call setDimensions()); for d = 1 each vector is an arrow along one axis,
/// one lane per vector. The selected query is drawn thicker, with each key's projection onto it.
///
/// Dragging a tip calls document->setVector() at every mouse move (the other views follow live)
/// and finishInteraction() on release: one drag, one undo step. The plane's range is frozen
/// during a drag and refitted after it. Drags snap to 0.01 (to 0.1 with Shift held). Clicking
/// or dragging a query selects it and emits tokenSelected(). Hovering a tip shows its numbers.

#include "document.h"
#include "planemapping.h"

#include <QPointer>
#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;

namespace attention {

class VectorPlane : public QWidget
{
    Q_OBJECT

public:
    explicit VectorPlane(ScenarioDocument *document, QWidget *parent = nullptr);

    /// The highlighted query's token, or −1 for none. Starts at the last token.
    int selectedToken() const { return m_selected; }
    /// The dimension on the horizontal axis (0-based).
    int horizontalDimension() const { return m_horizontal; }
    /// The dimension on the vertical axis (0-based), −1 when d = 1.
    int verticalDimension() const { return m_vertical; }
    /// Shows dimensions `horizontal` and `vertical` (0-based, different, < d). Choosing the other
    /// axis's dimension swaps the two. Ignored when d < 2 or out of range.
    void setDimensions(int horizontal, int vertical);

    /// The current vector ↔ pixel mapping of the plot (widget coordinates).
    PlaneMapping mapping() const;
    /// Where the tip of token `token`'s query or key is drawn (widget coordinates); a null
    /// point for a value or a token that does not exist.
    QPointF tipPixel(VectorKind kind, int token) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    /// Highlights the query of `token` (−1: none). Emits nothing.
    void setSelectedToken(int token);

Q_SIGNALS:
    /// The user clicked (or started dragging) the query tip of `token`.
    void tokenSelected(int token);

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    /// One arrow tip, in painting order (keys first, then queries, the selected query last).
    struct Tip
    {
        VectorKind kind = VectorKind::Key;
        int token = -1;
        QPointF vector; ///< (x, y) along the shown dimensions; y = 0 when d = 1
        QPointF pixel;
    };

    void documentChanged();
    /// Fills the combo boxes when d or the names changed (always with `force`).
    void rebuildDimensionChoices(bool force = false);
    void retranslate();
    void layoutBar();
    void updatePlot();
    QRectF plotArea() const;
    double fittedRange() const;
    QList<Tip> tips() const;
    QPointF laneTip(const PlaneMapping &mapping, int lane, double x) const;
    int laneOf(VectorKind kind, int token) const;
    int tipAt(const QList<Tip> &tips, const QPointF &pixel) const;
    double hitRadius() const;
    QString tipToolTip(const QList<Tip> &tips, int hit) const;
    QString vectorText(VectorKind kind, int token) const;
    void dragTo(const QPointF &pixel, Qt::KeyboardModifiers modifiers);

    // Each painter of text appends the rectangles it used to `occupied`, so that the arrow
    // labels painted last can avoid them.
    void paintGrid(QPainter &painter, const PlaneMapping &mapping, QList<QRectF> &occupied) const;
    void paintProjections(QPainter &painter, const PlaneMapping &mapping,
                          const QList<Tip> &tips) const;
    void paintArrows(QPainter &painter, const PlaneMapping &mapping, const QList<Tip> &tips) const;
    void paintLabels(QPainter &painter, const PlaneMapping &mapping, const QList<Tip> &tips,
                     QList<QRectF> &occupied) const;
    void paintLegend(QPainter &painter, QList<QRectF> &occupied) const;

    QPointer<ScenarioDocument> m_document;
    QWidget *m_bar = nullptr;
    QLabel *m_horizontalLabel = nullptr;
    QComboBox *m_horizontalBox = nullptr;
    QLabel *m_verticalLabel = nullptr;
    QComboBox *m_verticalBox = nullptr;

    int m_horizontal = 0;
    int m_vertical = 1;
    int m_selected = -1;
    int m_hovered = -1;        ///< index into tips() under the mouse, or −1
    int m_choiceDimension = 0; ///< the d the combo boxes were filled for
    QStringList m_choiceNames; ///< the scenario's dimension names they were filled with

    bool m_dragging = false;
    VectorKind m_dragKind = VectorKind::Query;
    int m_dragToken = -1;
    std::optional<double> m_frozenRange; ///< the range kept during a drag
};

} // namespace attention
