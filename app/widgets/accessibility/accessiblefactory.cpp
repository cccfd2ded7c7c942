#include "accessiblefactory.h"

#include "chartaccessible.h"
#include "headgrid.h"
#include "headgridaccessible.h"
#include "heatmapaccessible.h"
#include "heatmapwidget.h"
#include "vectorplane.h"
#include "vectorplaneaccessible.h"

#include <QAccessible>
#include <QChartView>

namespace attention {

QAccessibleInterface *accessibleInterfaceFor(const QString &, QObject *object)
{
    // Qt asks with the most derived class first, so the object itself is enough to decide.
    if (auto *heatmap = qobject_cast<HeatmapWidget *>(object))
        return new HeatmapAccessible(heatmap);
    if (auto *plane = qobject_cast<VectorPlane *>(object))
        return new VectorPlaneAccessible(plane);
    if (auto *grid = qobject_cast<HeadGrid *>(object))
        return new HeadGridAccessible(grid);
    if (auto *chart = qobject_cast<QChartView *>(object))
        return new ChartAccessible(chart);
    return nullptr;
}

void installAccessibleFactory()
{
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    QAccessible::installFactory(&accessibleInterfaceFor);
}

} // namespace attention
