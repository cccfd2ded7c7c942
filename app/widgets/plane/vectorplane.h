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
///
/// Past PlaneSubset::fullLimit tokens the plane draws only the selected query and its strongest
/// keys (PlaneSubset), and a caption under the plot says so; hovering, clicking and dragging
/// reach the drawn arrows only. Painting itself is PlanePainter's.

#include "planemapping.h"
#include "planepainter.h"
#include "planesubset.h"
#include "scenariodocument.h"

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
    /// point for a value, a token that does not exist or a vector that is not drawn.
    QPointF tipPixel(VectorKind kind, int token) const;
    /// Which queries and keys are drawn.
    PlaneSubset shownSubset() const;
    /// What the caption under the plot says: empty when every arrow is drawn.
    QString caption() const;
    /// The labels the last paint drew, with their boxes (widget coordinates).
    const QList<PlaneLabel> &drawnLabels() const { return m_labels; }
    /// The document whose vectors the plane draws (null once it is gone).
    ScenarioDocument *document() const { return m_document; }
    /// "q(光) = [1.00, 0.00]": a vector as the hover text names it.
    QString vectorText(VectorKind kind, int token) const;

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
    using Tip = PlaneTip;

    void documentChanged();
    /// Repaints when the result moved the strongest keys (a reduced plane reads them).
    void resultChanged();
    /// Fills the combo boxes when d or the names changed (always with `force`).
    void rebuildDimensionChoices(bool force = false);
    void retranslate();
    void layoutBar();
    void updatePlot();
    QRectF plotArea() const;
    /// The drawn tips in painting order (keys, queries, the selected query last), with their
    /// vectors but no pixels yet. `lanes` receives each tip's lane (for d = 1).
    QList<Tip> tipVectors(QList<int> *lanes = nullptr) const;
    /// The mapping for these drawn tips: the range fits them, unless a drag froze it.
    PlaneMapping mappingFor(const QList<Tip> &tips) const;
    QList<Tip> tips() const;
    PlaneScene scene() const;
    int tipAt(const QList<Tip> &tips, const QPointF &pixel) const;
    double hitRadius() const;
    QString tipToolTip(const QList<Tip> &tips, int hit) const;
    void dragTo(const QPointF &pixel, Qt::KeyboardModifiers modifiers);

    QPointer<ScenarioDocument> m_document;
    QWidget *m_bar = nullptr;
    QLabel *m_horizontalLabel = nullptr;
    QComboBox *m_horizontalBox = nullptr;
    QLabel *m_verticalLabel = nullptr;
    QComboBox *m_verticalBox = nullptr;

    int m_horizontal = 0;
    int m_vertical = 1;
    int m_selected = -1;
    int m_hovered = -1; ///< index into tips() under the mouse, or −1
    /// The scenario and the subset the plot last showed: a change of the scale or a switch
    /// repaints it only when the strongest keys changed.
    std::shared_ptr<const Scenario> m_shown;
    PlaneSubset m_paintedSubset;
    int m_choiceDimension = 0; ///< the d the combo boxes were filled for
    QStringList m_choiceNames; ///< the scenario's dimension names they were filled with

    bool m_dragging = false;
    VectorKind m_dragKind = VectorKind::Query;
    int m_dragToken = -1;
    std::optional<double> m_frozenRange; ///< the range kept during a drag
    QList<PlaneLabel> m_labels;          ///< what the last paint labelled
};

} // namespace attention
