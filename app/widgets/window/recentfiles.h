#pragma once

/// The files opened or saved last, newest first, and the File → Open Recent menu that lists them
/// ("&1  name", the full path as tip) with "Clear List" at its end.
///
/// The list holds absolute paths, each once, at most maxCount of them. Choosing an entry emits
/// openRequested(); adding or clearing emits changed(), for the owner to save its settings.

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;

namespace attention {

class RecentFiles : public QObject
{
    Q_OBJECT

public:
    static constexpr int maxCount = 8;

    /// Fills `menu` (which the caller places and titles) and keeps it up to date.
    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

    QStringList files() const { return m_files; }
    /// Replaces the list (from the settings) without emitting changed().
    void setFiles(const QStringList &files);
    /// Puts `fileName`'s absolute path first and drops the oldest beyond maxCount.
    void add(const QString &fileName);
    void clear();
    /// Sets the texts of the menu's own actions.
    void retranslateUi();

Q_SIGNALS:
    /// The user chose `path` in the menu.
    void openRequested(const QString &path);
    /// A file was added, or the list cleared.
    void changed();

private:
    void rebuildMenu();

    QMenu *m_menu;
    QAction *m_clearAction;
    QStringList m_files;
};

} // namespace attention
