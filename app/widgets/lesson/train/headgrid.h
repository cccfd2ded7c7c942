#pragma once

/// The heads of step 7: one small heatmap per layer and head of their attention weights on the
/// probe line, from one AttentionSnapshot, laid out in reading order (layer 1's heads first) in
/// as many columns as make them largest. Weights go from 0 (dark) to 1 (bright)
/// in viridis; cells above the diagonal, which the causal mask hides, are grey.
///
/// Clicking a head selects it (and the row under the pointer as the selected position);
/// the arrow keys move the selected head, Page Up and Page Down the position. Hovering a cell tells
/// which character looks at which and with what weight.

#include "modelinspector.h"
#include "trainingsession.h"

#include <QStringList>
#include <QWidget>
#include <vector>

namespace attention {

class HeadGrid : public QWidget
{
    Q_OBJECT

public:
    explicit HeadGrid(QWidget *parent = nullptr);

    /// Shows `snapshot`'s heads, labelled with `characters` (one per probe position). The grid
    /// keeps the shared snapshot itself, never a copy (null shows nothing).
    void setSnapshot(SharedSnapshot snapshot, const QStringList &characters);
    /// The shown snapshot (an empty one before any).
    const AttentionSnapshot &snapshot() const;
    const SharedSnapshot &sharedSnapshot() const { return m_snapshot; }
    int layers() const { return m_snapshot ? int(m_snapshot->heads.size()) : 0; }
    int heads() const { return layers() == 0 ? 0 : int(m_snapshot->heads[0].size()); }
    int positions() const { return int(m_characters.size()); }
    /// The character at probe position `position` (empty outside the line).
    QString characterAt(int position) const { return m_characters.value(position); }

    /// The role each head plays, in words ([layer][head]; empty: none): such a head's title
    /// carries a dot, and its tooltip and accessible name the words.
    void setRoleMarks(std::vector<std::vector<QString>> roles);
    /// The roles an inspection named (HeadPanel::roleWords); none for null.
    void setRoleMarks(const HeadsInspection *inspection);
    /// The role words of a head ("" when it has none).
    QString roleMark(int layer, int head) const;

    void setSelectedHead(int layer, int head);
    int selectedLayer() const { return m_layer; }
    int selectedHead() const { return m_head; }
    /// The highlighted row in every head (the position whose next character is shown).
    void setSelectedPosition(int position);
    int selectedPosition() const { return m_position; }

    /// Where a head's cells are drawn, in widget pixels (empty outside the grid).
    QRectF cellsRect(int layer, int head) const;
    /// The title shown above a head: the words where they fit (in bold, as for the selected
    /// head), else the short form, else "layer.head"; titleFits() says whether even that fits.
    QString shownTitle(int layer, int head) const;
    bool titleFits(int layer, int head) const;
    /// The head and cell under `point`, if any: {layer, head, row, column}.
    struct Hit
    {
        int layer = -1;
        int head = -1;
        int row = -1;
        int column = -1;
    };
    Hit hitAt(const QPointF &point) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void headSelected(int layer, int head);
    void positionSelected(int position);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    /// The layout of the grid for the current size and font.
    struct Geometry
    {
        qreal cell = 0;   ///< side of one weight cell
        qreal side = 0;   ///< side of one head's cells
        qreal title = 0;  ///< height of a head's title line
        qreal labels = 0; ///< room for the characters left of and below the heads
        qreal gap = 0;    ///< between heads
        int columns = 1;  ///< heads side by side (layer by layer, each layer's heads in order)
        int rows = 1;
    };
    Geometry geometry() const;
    void paintHead(QPainter &painter, const Geometry &g, int layer, int head) const;
    /// A head's title above its cells (bold when selected), with its role dot.
    void paintTitle(QPainter &painter, const Geometry &g, int layer, int head) const;
    QString headTitle(int layer, int head) const;
    /// The width a head's title leaves for its role dot (0 without a role).
    qreal roleDotRoom(int layer, int head) const;
    QString shortHeadTitle(int layer, int head) const;

    SharedSnapshot m_snapshot;
    QStringList m_characters;
    std::vector<std::vector<QString>> m_roles;
    int m_layer = 0;
    int m_head = 0;
    int m_position = -1;
};

} // namespace attention
