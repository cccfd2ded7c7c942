#include "vectorplaneaccessible.h"

#include "numberformat.h"
#include "vectorplane.h"

namespace attention {

VectorPlaneAccessible::VectorPlaneAccessible(VectorPlane *plane)
    : AccessibleItemsWidget(plane, QAccessible::Graphic, QAccessible::Graphic)
{}

VectorPlane *VectorPlaneAccessible::plane() const
{
    return static_cast<VectorPlane *>(widget());
}

VectorPlaneAccessible::Arrow VectorPlaneAccessible::arrow(int item) const
{
    const PlaneSubset subset = plane()->shownSubset();
    if (item < subset.queries.size())
        return {true, subset.queries.at(item)};
    item -= int(subset.queries.size());
    if (item < subset.keys.size())
        return {false, subset.keys.at(item)};
    return {};
}

int VectorPlaneAccessible::itemCount() const
{
    if (!isValid() || !plane()->document())
        return 0;
    const PlaneSubset subset = plane()->shownSubset();
    return int(subset.queries.size() + subset.keys.size());
}

QString VectorPlaneAccessible::text(QAccessible::Text t) const
{
    const QString own = AccessibleItemsWidget::text(t);
    if (!isValid() || !plane()->document())
        return own;
    if (t == QAccessible::Name && own.isEmpty())
        return tr("Queries and keys on a plane");
    if (t != QAccessible::Description)
        return own;
    // What is drawn now, after the widget's own words (how to use it).
    const Scenario &scenario = plane()->document()->scenario();
    const PlaneSubset subset = plane()->shownSubset();
    const int horizontal = plane()->horizontalDimension();
    const int vertical = plane()->verticalDimension();
    QStringList parts;
    if (!own.isEmpty())
        parts.append(own);
    parts.append(vertical >= 0 ? tr("%1 queries and %2 keys as arrows; horizontal axis %3, "
                                    "vertical axis %4.")
                                     .arg(subset.queries.size())
                                     .arg(subset.keys.size())
                                     .arg(scenario.dimensionName(horizontal),
                                          scenario.dimensionName(vertical))
                               : tr("%1 queries and %2 keys as arrows along %3.")
                                     .arg(subset.queries.size())
                                     .arg(subset.keys.size())
                                     .arg(scenario.dimensionName(horizontal)));
    const int selected = plane()->selectedToken();
    if (selected >= 0 && selected < scenario.tokenCount())
        parts.append(tr("Selected query: %1.").arg(scenario.tokens.at(selected)));
    if (!plane()->caption().isEmpty())
        parts.append(plane()->caption());
    return parts.join(QLatin1Char(' '));
}

QString VectorPlaneAccessible::itemText(int item, QAccessible::Text t) const
{
    const Arrow a = arrow(item);
    const ScenarioDocument *document = plane()->document();
    if (a.token < 0 || !document)
        return {};
    const VectorKind kind = a.query ? VectorKind::Query : VectorKind::Key;
    if (t == QAccessible::Name)
        return plane()->vectorText(kind, a.token);
    if (t != QAccessible::Description)
        return {};
    const Scenario &scenario = document->scenario();
    const Matrix &weights = document->result().weights;
    const int selected = plane()->selectedToken();
    if (a.query)
        return a.token == selected ? tr("query, selected") : tr("query");
    if (selected < 0 || selected >= weights.rows() || a.token >= weights.cols())
        return tr("key");
    return tr("key; weight from %1's query: %2")
        .arg(scenario.tokens.value(selected), NumberFormat::fixed(weights(selected, a.token), 2));
}

QRect VectorPlaneAccessible::itemRect(int item) const
{
    const Arrow a = arrow(item);
    const QPointF tip = plane()->tipPixel(a.query ? VectorKind::Query : VectorKind::Key, a.token);
    if (a.token < 0 || tip.isNull())
        return rect();
    // A small square around the arrow's tip, where a click or a drag takes it.
    const int half = plane()->fontMetrics().height() / 2;
    const QPoint centre = plane()->mapToGlobal(tip.toPoint());
    return QRect(centre - QPoint(half, half), QSize(2 * half, 2 * half));
}

bool VectorPlaneAccessible::isItemSelected(int item) const
{
    const Arrow a = arrow(item);
    return a.query && a.token >= 0 && a.token == plane()->selectedToken();
}

} // namespace attention
