#pragma once

/// Writing a whole file atomically: every save and export of the app goes through here.

#include <QByteArray>
#include <QString>

namespace attention {

/// Writes `bytes` to `fileName` through QSaveFile: the old file, if any, is replaced only when
/// everything was written. On failure returns false, sets `reason` (the system's words) and
/// leaves any old file untouched.
bool writeFileAtomically(const QString &fileName, const QByteArray &bytes,
                         QString *reason = nullptr);

} // namespace attention
