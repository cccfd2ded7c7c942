#pragma once

/// The accessible interfaces of the app's painted widgets (heatmaps, the vector plane, the
/// charts, step 7's heads), handed to Qt by one factory. Install it once, after the
/// QApplication is made and before the widgets are asked for (main() does; so do the tests
/// that read the widgets through QAccessible).

#include <QString>

QT_BEGIN_NAMESPACE
class QAccessibleInterface;
class QObject;
QT_END_NAMESPACE

namespace attention {

/// The factory: an interface for the widgets above, null for anything else.
QAccessibleInterface *accessibleInterfaceFor(const QString &className, QObject *object);
/// Installs accessibleInterfaceFor() with QAccessible; calling it again does nothing.
void installAccessibleFactory();

} // namespace attention
