#pragma once

/// Edits numbers with a QDoubleSpinBox; any other cell (a token's name) with the standard editor.
///
/// A cell whose Qt::EditRole is a double gets a spin box over ±ScenarioLimits::maxMagnitude with
/// 4 decimals and step 0.1. Typed text is committed on Enter or when focus leaves; the arrow keys
/// and the wheel commit at every step, so the views follow a scrub live. The editor owner calls
/// ScenarioDocument::finishInteraction() on closeEditor(), which makes one scrub one undo step.
/// Typed text that is not a number in range (2000000, "1e9", "abc") is refused: the cell keeps
/// its value and inputRefused() says why (a NumberSpinBox); typed text that is taken emits
/// inputTaken(). Escape drops what was typed.

#include <QStyledItemDelegate>

namespace attention {

class SpinBoxDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    /// Decimals the spin box shows and edits.
    static constexpr int decimals = 4;

    explicit SpinBoxDelegate(QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;
    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const override;

Q_SIGNALS:
    /// What was typed into the editor of `index` was refused for `reason`.
    void inputRefused(const QModelIndex &index, const QString &reason);
    /// What was typed into an editor was taken as a number (a refusal shown before is stale).
    void inputTaken();

protected:
    bool eventFilter(QObject *object, QEvent *event) override;
};

} // namespace attention
