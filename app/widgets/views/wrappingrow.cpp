#include "wrappingrow.h"

#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QResizeEvent>

namespace attention {

namespace {

/// Pixels between two widgets of a group, and on each side of a separating line.
constexpr int spacing = 8;

QFrame *separatorLine(QWidget *parent)
{
    auto *line = new QFrame(parent);
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}

/// Empties `layout`, and the row layouts in it, without deleting any widget.
void clearRows(QLayout *layout)
{
    while (QLayoutItem *item = layout->takeAt(0)) {
        if (QLayout *row = item->layout()) {
            clearRows(row);
            delete row;
        } else {
            delete item;
        }
    }
}

} // namespace

WrappingRow::WrappingRow(QWidget *parent)
    : QWidget(parent)
    , m_rows(new QVBoxLayout(this))
{
    m_rows->setContentsMargins(0, 0, 0, 0);
    m_rows->setSpacing(spacing / 2);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

QWidget *WrappingRow::addGroup(const QList<QPair<QWidget *, int>> &widgets, int stretch)
{
    auto *group = new QWidget(this);
    auto *layout = new QHBoxLayout(group);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(spacing);
    for (const auto &[widget, widgetStretch] : widgets)
        layout->addWidget(widget, widgetStretch);
    group->installEventFilter(this); // shown or hidden: the rows change
    m_groups.append({group, m_groups.isEmpty() ? nullptr : separatorLine(this), stretch});
    arrange(width(), true);
    return group;
}

int WrappingRow::rowCount() const
{
    return m_rows->count();
}

QSize WrappingRow::minimumSizeHint() const
{
    // As narrow as the widest group, each then on a row of its own; as high as the rows shown.
    QSize size = QWidget::minimumSizeHint();
    int widest = 0;
    for (const Group &group : m_groups)
        if (!group.widget->isHidden())
            widest = std::max(widest, group.widget->minimumSizeHint().width());
    size.setWidth(widest);
    return size;
}

QList<bool> WrappingRow::rowStarts(int width) const
{
    QList<bool> starts;
    int used = 0;
    bool first = true;
    for (const Group &group : m_groups) {
        if (group.widget->isHidden()) {
            starts.append(false);
            continue;
        }
        const int need = group.widget->minimumSizeHint().width();
        const int gap = first ? 0 : 3 * spacing + group.separator->sizeHint().width();
        const bool start = first || used + gap + need > width;
        starts.append(start);
        used = start ? need : used + gap + need;
        first = false;
    }
    return starts;
}

void WrappingRow::arrange(int width, bool force)
{
    const QList<bool> starts = rowStarts(width);
    if (!force && starts == m_starts)
        return;
    m_starts = starts;
    clearRows(m_rows);
    QHBoxLayout *row = nullptr;
    bool stretches = false; // whether the row has a group that takes the room left
    const auto finishRow = [&] {
        if (row && !stretches)
            row->addStretch(1);
    };
    for (int i = 0; i < m_groups.size(); ++i) {
        const Group &group = m_groups[i];
        const bool shown = !group.widget->isHidden();
        const bool separated = shown && !starts[i];
        if (group.separator)
            group.separator->setVisible(separated);
        if (!shown)
            continue;
        if (starts[i]) {
            finishRow();
            row = new QHBoxLayout;
            row->setSpacing(spacing);
            m_rows->addLayout(row);
            stretches = false;
        } else {
            row->addSpacing(spacing);
            row->addWidget(group.separator);
            row->addSpacing(spacing);
        }
        row->addWidget(group.widget, group.stretch);
        stretches = stretches || group.stretch > 0;
    }
    finishRow();
    updateGeometry();
}

bool WrappingRow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent)
        arrange(width(), true);
    else if (event->type() == QEvent::LayoutRequest) // a group's widths changed
        arrange(width());
    return QWidget::eventFilter(watched, event);
}

void WrappingRow::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange(event->size().width());
}

void WrappingRow::changeEvent(QEvent *event)
{
    // Other texts or another font: other widths.
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        arrange(width(), true);
    QWidget::changeEvent(event);
}

} // namespace attention
