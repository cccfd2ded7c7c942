#pragma once

/// A heatmap of one matrix of the attention pass: the scores, the weights, the values or the
/// output, rows labelled with the queries' tokens and columns with the keys' tokens.
///
/// The widget shows what setScenario() gives it and nothing else; it never reads or writes the
/// document. It keeps the shown matrix in a MatrixModel (model()) and its colours in one image
/// (cellImage()), and handles the mouse, the keys, the context menu and the exports. Hovering a
/// cell shows how that number was computed; clicking a row emits tokenSelected().
///
/// Five units help it: HeatmapMapping (colours and cell positions, pure), HeatmapPainter (the
/// picture: cells, numbers, labels, legend, hatching), HeatmapExplanation (the tooltips' words),
/// HeatmapCursor (the keyboard's cell) and HeatmapExporter (the image, PNG and SVG exports).

#include "heatmapcursor.h"
#include "heatmapmapping.h"
#include "scenario.h"

#include <QImage>
#include <QWidget>
#include <memory>
#include <optional>
#include <utility>

class QAction;

namespace attention {

class HeatmapPainter;
class MatrixModel;

class HeatmapWidget : public QWidget
{
    Q_OBJECT

public:
    /// Which matrix the heatmap shows.
    using Kind = HeatmapKind;

    explicit HeatmapWidget(Kind kind, QWidget *parent = nullptr);
    ~HeatmapWidget() override;

    Kind kind() const { return m_kind; }
    /// The shown matrix with token headers.
    MatrixModel *model() const { return m_model; }

    /// Shows this kind's matrix of `result`, computed from `scenario`. Keeps both pointers (no
    /// copy of any matrix).
    void setScenario(std::shared_ptr<const Scenario> scenario, SharedResult result);
    /// The same for a scenario and result that are not shared yet (copies them once).
    void setScenario(const Scenario &scenario, const ScenarioResult &result);

    /// The highlighted row (the selected query), −1 for none.
    void setSelectedToken(int token);
    int selectedToken() const { return m_selectedToken; }

    /// Past this many keys the weights are coloured relative to their row's uniform weight 1/n
    /// on a log₂ scale from 1/16× to 16× (isRelativeScale(); the legend says so): see
    /// HeatmapScale.
    static constexpr int relativeScaleKeys = int(HeatmapScale::relativeScaleKeys);
    static constexpr double relativeSpan = HeatmapScale::relativeSpan;
    /// Past this many cells a side, the image keeps one pixel per block of cells (their largest
    /// value), so it never takes more than 4 MiB: see HeatmapImage.
    static constexpr int maxImageSide = HeatmapImage::maxSide;
    /// The frame that shows the heatmap has the keyboard focus (the arrow keys move the current
    /// cell, Enter selects its row).
    static constexpr int focusFrameWidth = 2;

    /// The cell the keyboard is on: the arrow keys move it, Home/End go to the row's first/last
    /// cell, Page Up/Page Down to the column's; Enter or Space selects its row as the query (as a
    /// click does). It is marked while the heatmap has the focus and announced to assistive
    /// technology as the focused cell. Starts on the selected row's first cell.
    HeatmapCell currentCell() const;
    /// Moves the current cell (clamped to the matrix) and announces it.
    void setCurrentCell(int row, int column);

    /// True when the weights are coloured relative to their row's uniform weight.
    bool isRelativeScale() const;
    /// A value of the colour scale as the legend writes it ("0.25", or "16×" on the relative
    /// scale).
    QString legendText(double value) const;
    /// The cells' colours: one pixel per cell, or per block of cells past maxImageSide. Built
    /// with the result on its worker when the result brings it (ScenarioResult::weightsImage…).
    const QImage &cellImage() const { return m_cells->image; }

    /// Weights only: a fixed 0–1 colour scale (default), or the view's own minimum to maximum.
    /// The other kinds always use their own range. Ignored while isRelativeScale().
    void setFixedRange(bool fixed);
    bool fixedRange() const { return m_fixedRange; }

    /// The title; empty restores the kind's default ("Scores", "Values v"…).
    void setTitle(const QString &title);
    QString title() const;
    /// The line under the title; empty restores the default formula of the kind.
    void setCaption(const QString &caption);
    QString caption() const;
    /// Whether the caption, wrapped onto two lines at most, still needs an ellipsis at the
    /// present width.
    bool captionElided() const;
    /// Whether a query's label (the selected one in bold) is painted with an ellipsis at the
    /// present size.
    bool rowLabelsElided() const;
    /// Frames rows `first`…`last` with a dashed outline (the inputs a row averages, say);
    /// `first` −1 removes it. Independent of the selected row.
    void setHighlightedRows(int first, int last);
    std::pair<int, int> highlightedRows() const { return m_highlighted; }

    /// Where the cells are in the widget, as laid out for its current size and font.
    const HeatmapMapping &mapping() const;
    /// The whole computation of one cell, as the hover tooltip shows it (plain text lines).
    QString cellExplanation(int row, int column) const;

    /// True when the causal mask hides cells of this kind (scores and weights only).
    bool hasMask() const { return m_hasMask; }
    /// True when cell (row, column) is hidden by the causal mask.
    bool isMasked(int row, int column) const;
    /// What cell (row, column) is coloured by: its value, its log₂ ratio to the row's uniform
    /// weight on the relative scale, −∞ when masked.
    double shownValue(int row, int column) const;

    /// The widget's picture at `scale` × its size (device pixel ratio `scale`).
    QImage toImage(qreal scale = 2.0) const;
    /// Writes toImage(2) as PNG; on failure returns false and sets `error`.
    bool savePng(const QString &fileName, QString *error = nullptr) const;
    /// Writes the picture as SVG (cells as vector rectangles up to 64 × 64 cells).
    bool saveSvg(const QString &fileName, QString *error = nullptr) const;

    /// The smallest cell in which every number is written and every row and column keeps its
    /// whole token name (at the widget's font).
    qreal readableCellSize() const;
    /// The widget's size when its cells are `cell` pixels a side.
    QSize sizeForCellSize(qreal cell) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// The user clicked a row (or pressed Enter or Space on one of its cells).
    void tokenSelected(int token);
    /// The user toggled the fixed 0–1 scale in the context menu.
    void fixedRangeToggled(bool fixed);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    /// How the shown matrix is coloured (mask, relative scale, fixed range).
    HeatmapScale shownScale() const;
    /// Takes the result's picture of this kind if it is on shownScale(), else builds it.
    void updateImage();
    void relayout();
    /// Lays m_mapping out for the widget's own size.
    void updateMapping() const;
    QStringList columnLabels() const;
    /// Tells assistive technology which cell has the focus, when it listens.
    void announceCurrentCell();

    Kind m_kind;
    MatrixModel *m_model;
    std::unique_ptr<HeatmapPainter> m_painter; ///< lays out and paints; caches of its own
    std::shared_ptr<const Scenario> m_scenario = std::make_shared<const Scenario>();
    SharedResult m_result = std::make_shared<const ScenarioResult>();
    bool m_oneHot = false;
    mutable HeatmapMapping m_mapping; ///< for the widget's own rect and font
    mutable QSize m_mappingSize;      ///< the size m_mapping was laid out for
    SharedHeatmapImage m_cells = std::make_shared<const HeatmapImage>(); ///< the cells' colours
    bool m_hasMask = false;
    int m_selectedToken = -1;
    HeatmapCursor m_cursor; ///< the keyboard's cell
    bool m_fixedRange = true;
    QString m_title;
    QString m_caption;
    std::pair<int, int> m_highlighted{-1, -1};

    QAction *m_copyAction;
    QAction *m_saveAction;
    QAction *m_fixedRangeAction;
};

} // namespace attention
