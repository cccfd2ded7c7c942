#pragma once

/// Where the window's file dialogs start: the folder last used in any of them (the main window
/// keeps it in QSettings between runs), else the Documents folder, else the home folder; never
/// the working directory, which for a program started from a menu is anywhere.

#include <QString>

namespace attention::dialogfolder {

/// The folder a file dialog opens in.
QString start();
/// `fileName` in start(): a save dialog's suggestion.
QString suggestion(const QString &fileName);
/// Remembers the folder of a file chosen in a dialog (or opened otherwise).
void use(const QString &fileName);

/// The folder last used, empty before any; and set from the saved settings.
QString last();
void setLast(const QString &folder);

} // namespace attention::dialogfolder
