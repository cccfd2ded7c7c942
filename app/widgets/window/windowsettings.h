#pragma once

/// What the main window keeps between runs, and where: one QSettings key for each part (geometry,
/// panels, mode, lesson, language, zoom, recent files and models, the last folder, the open file).
///
/// SavedWindow is the whole of it as a value. WindowSettings reads and writes it, or does
/// nothing when the window ignores the settings (--screenshot). While the window applies what
/// was read, writing is off: zoom, the lesson's pages and the mode each ask to save the settings
/// when they change, and must not write them back half-restored.

#include <QByteArray>
#include <QJsonObject>
#include <QRect>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace attention {

struct SavedWindow
{
    QStringList recentFiles;
    QString lastDirectory; ///< where the file dialogs start
    /// The scenario file the workbench showed, opened again at the next start; empty: none (a
    /// preset, or a scenario never saved).
    QString openFile;
    QStringList recentModels;
    double zoom = 1.0;
    QString language;                  ///< empty: not saved (none is written)
    bool workbench = false;            ///< else the lesson, as on a first start
    std::optional<QJsonObject> lesson; ///< LessonView::saveState(); none when not an object
    QByteArray geometry; ///< QWidget::saveGeometry(); empty: not saved (none is written)
    QByteArray state;    ///< QMainWindow::saveState() of the workbench; empty: as geometry
};

/// The size the window asks for when no geometry was saved: 1400×900 where the screen's
/// `available` area has room for it and a window manager's frame, else what that area leaves.
/// (A saved geometry is fitted to the screen by QWidget::restoreGeometry().)
QSize firstStartSize(const QRect &available);

class WindowSettings
{
public:
    /// `enabled` false: read and write nothing (the same window whatever was saved before).
    explicit WindowSettings(bool enabled)
        : m_enabled(enabled)
    {}

    bool isEnabled() const { return m_enabled; }
    /// False when disabled, and while restore() applies what it read.
    bool isWritable() const { return m_enabled && !m_restoring; }

    /// Reads the settings and hands them to `apply`, with writing off meanwhile. Does nothing
    /// when disabled.
    void restore(const std::function<void(const SavedWindow &)> &apply);
    /// Writes `saved` when writable.
    void write(const SavedWindow &saved) const;

    /// The settings as they are stored now (what restore() hands over).
    static SavedWindow read();
    /// The language saved last; empty when none was.
    static QString savedLanguage();

private:
    bool m_enabled;
    bool m_restoring = false;
};

} // namespace attention
