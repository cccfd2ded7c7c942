#include "headgridaccessible.h"

#include "headgrid.h"
#include "numberformat.h"

#include <algorithm>
#include <numeric>

namespace attention {

namespace {

/// How many of a row's weights a head's description names.
constexpr int namedWeights = 3;

} // namespace

HeadGridAccessible::HeadGridAccessible(HeadGrid *grid)
    : AccessibleItemsWidget(grid, QAccessible::List, QAccessible::ListItem)
{}

HeadGrid *HeadGridAccessible::grid() const
{
    return static_cast<HeadGrid *>(widget());
}

QString HeadGridAccessible::text(QAccessible::Text t) const
{
    const QString own = AccessibleItemsWidget::text(t);
    if (!own.isEmpty() || !isValid())
        return own;
    if (t == QAccessible::Name)
        return tr("Attention heads");
    if (t == QAccessible::Description && grid()->layers() > 0)
        return tr("%1 of %2 at training step %3; selected: layer %4, head %5")
            .arg(tr("%n layer(s)", nullptr, grid()->layers()),
                 tr("%n head(s)", nullptr, grid()->heads()))
            .arg(grid()->snapshot().step)
            .arg(grid()->selectedLayer() + 1)
            .arg(grid()->selectedHead() + 1);
    return own;
}

QAccessibleInterface *HeadGridAccessible::focusChild() const
{
    if (!isValid() || !grid()->hasFocus() || itemCount() == 0)
        return nullptr;
    return item(grid()->selectedLayer() * grid()->heads() + grid()->selectedHead());
}

int HeadGridAccessible::itemCount() const
{
    return isValid() ? grid()->layers() * grid()->heads() : 0;
}

QString HeadGridAccessible::itemText(int item, QAccessible::Text t) const
{
    const int heads = grid()->heads();
    const int layer = item / heads;
    const int head = item % heads;
    if (t == QAccessible::Name) {
        const QString name = tr("layer %1, head %2").arg(layer + 1).arg(head + 1);
        const QString role = grid()->roleMark(layer, head);
        return role.isEmpty() ? name : tr("%1, reads %2").arg(name, role);
    }
    const int position = grid()->selectedPosition();
    const MatrixF &weights = grid()->snapshot().heads.at(layer).at(head);
    if (t != QAccessible::Description || position < 0 || position >= weights.rows())
        return {};
    // The keys the selected position sees (the causal mask hides the later ones), strongest
    // first.
    const int seen = std::min<int>(position + 1, int(weights.cols()));
    QList<int> keys(seen);
    std::iota(keys.begin(), keys.end(), 0);
    std::stable_sort(keys.begin(), keys.end(),
                     [&](int a, int b) { return weights(position, a) > weights(position, b); });
    QStringList named;
    for (int i = 0; i < std::min<int>(namedWeights, seen); ++i)
        named.append(tr("%1 (position %2) %3")
                         .arg(grid()->characterAt(keys.at(i)))
                         .arg(keys.at(i) + 1)
                         .arg(NumberFormat::fixed(double(weights(position, keys.at(i))), 2)));
    return tr("position %1 (%2) looks at %3")
        .arg(position + 1)
        .arg(grid()->characterAt(position), named.join(QStringLiteral(", ")));
}

QRect HeadGridAccessible::itemRect(int item) const
{
    const int heads = grid()->heads();
    const QRectF cells = grid()->cellsRect(item / heads, item % heads);
    if (cells.isEmpty())
        return rect();
    return QRect(grid()->mapToGlobal(cells.topLeft().toPoint()), cells.size().toSize());
}

bool HeadGridAccessible::isItemSelected(int item) const
{
    const int heads = grid()->heads();
    return item / heads == grid()->selectedLayer() && item % heads == grid()->selectedHead();
}

} // namespace attention
