#include "spinboxdelegate.h"

#include "numberspinbox.h"
#include "scenario.h"

#include <QKeyEvent>
#include <QPersistentModelIndex>
#include <cmath>

namespace attention {

namespace {

bool isNumberCell(const QModelIndex &index)
{
    return index.data(Qt::EditRole).metaType().id() == QMetaType::Double;
}

/// `value` rounded to what a spin box with `decimals` decimals can show.
double roundedTo(double value, int decimals)
{
    const double factor = std::pow(10.0, decimals);
    return std::round(value * factor) / factor;
}

} // namespace

SpinBoxDelegate::SpinBoxDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

QWidget *SpinBoxDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                       const QModelIndex &index) const
{
    if (!isNumberCell(index))
        return QStyledItemDelegate::createEditor(parent, option, index);

    auto *editor = new NumberSpinBox(parent);
    editor->setFrame(false);
    editor->setRange(-ScenarioLimits::maxMagnitude, ScenarioLimits::maxMagnitude);
    editor->setDecimals(decimals);
    editor->setSingleStep(0.1);
    editor->setAccelerated(true);
    editor->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // Typed digits wait for Enter; arrow keys and the wheel commit at once (a live scrub).
    editor->setKeyboardTracking(false);
    editor->setToolTip(index.data(Qt::ToolTipRole).toString());
    connect(editor, &QDoubleSpinBox::valueChanged, this,
            [this, editor] { Q_EMIT const_cast<SpinBoxDelegate *>(this)->commitData(editor); });
    connect(editor, &NumberSpinBox::refused, this,
            [this, cell = QPersistentModelIndex(index)](const QString &, const QString &reason) {
                Q_EMIT const_cast<SpinBoxDelegate *>(this)->inputRefused(cell, reason);
            });
    connect(editor, &NumberSpinBox::taken, this,
            [this] { Q_EMIT const_cast<SpinBoxDelegate *>(this)->inputTaken(); });
    return editor;
}

void SpinBoxDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *spinBox = qobject_cast<QDoubleSpinBox *>(editor);
    if (!spinBox) {
        QStyledItemDelegate::setEditorData(editor, index);
        return;
    }
    const double value = index.data(Qt::EditRole).toDouble();
    // The model is not written back from here: the value is already the model's.
    const QSignalBlocker blocker(spinBox);
    if (roundedTo(value, spinBox->decimals()) != spinBox->value())
        spinBox->setValue(value);
}

void SpinBoxDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                   const QModelIndex &index) const
{
    auto *spinBox = qobject_cast<NumberSpinBox *>(editor);
    if (!spinBox) {
        QStyledItemDelegate::setModelData(editor, model, index);
        return;
    }
    spinBox->resolveTypedText(); // text it cannot hold is refused here, with a reason
    spinBox->interpretText();
    const double value = spinBox->value();
    // A spin box shows 4 decimals: closing it unchanged must not round the model's value.
    const double current = index.data(Qt::EditRole).toDouble();
    if (value == roundedTo(current, spinBox->decimals()))
        return;
    model->setData(index, value, Qt::EditRole);
}

bool SpinBoxDelegate::eventFilter(QObject *object, QEvent *event)
{
    // Escape closes the editor without committing: drop what was typed, so that losing the focus
    // on the way out neither takes nor refuses it.
    if (event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape)
        if (auto *spinBox = qobject_cast<NumberSpinBox *>(object))
            spinBox->setValue(spinBox->value());
    return QStyledItemDelegate::eventFilter(object, event);
}

void SpinBoxDelegate::updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                                           const QModelIndex &) const
{
    editor->setGeometry(option.rect);
}

} // namespace attention
