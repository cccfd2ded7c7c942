#include "windowsettings.h"

#include <QJsonDocument>
#include <QScopedValueRollback>
#include <QSettings>

namespace attention {

namespace {

namespace Key {
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString language = QStringLiteral("language");
const QString zoom = QStringLiteral("view/zoom");
const QString recentFiles = QStringLiteral("files/recent");
const QString lastDirectory = QStringLiteral("files/lastDirectory");
const QString openFile = QStringLiteral("files/open");
const QString recentModels = QStringLiteral("files/recentModels");
const QString mode = QStringLiteral("window/mode");
const QString lesson = QStringLiteral("lesson/state");
} // namespace Key

/// The size the window likes best, on a screen with room for it.
constexpr QSize preferredSize(1400, 900);
/// What a window manager may add around the window: its borders and a title bar.
constexpr QSize frameAllowance(2 * 8, 40 + 8);

} // namespace

QSize firstStartSize(const QRect &available)
{
    return preferredSize.boundedTo(available.size() - frameAllowance);
}

SavedWindow WindowSettings::read()
{
    const QSettings settings;
    SavedWindow saved;
    saved.recentFiles = settings.value(Key::recentFiles).toStringList();
    saved.lastDirectory = settings.value(Key::lastDirectory).toString();
    saved.openFile = settings.value(Key::openFile).toString();
    saved.recentModels = settings.value(Key::recentModels).toStringList();
    saved.zoom = settings.value(Key::zoom, 1.0).toDouble();
    saved.language = settings.value(Key::language).toString();
    saved.workbench = settings.value(Key::mode).toString() == QLatin1String("workbench");
    const QJsonDocument lesson =
        QJsonDocument::fromJson(settings.value(Key::lesson).toString().toUtf8());
    if (lesson.isObject())
        saved.lesson = lesson.object();
    saved.geometry = settings.value(Key::geometry).toByteArray();
    saved.state = settings.value(Key::state).toByteArray();
    return saved;
}

QString WindowSettings::savedLanguage()
{
    return QSettings().value(Key::language).toString();
}

void WindowSettings::restore(const std::function<void(const SavedWindow &)> &apply)
{
    if (!m_enabled)
        return;
    const QScopedValueRollback<bool> restoring(m_restoring, true);
    apply(read());
}

void WindowSettings::write(const SavedWindow &saved) const
{
    if (!isWritable())
        return;
    QSettings settings;
    settings.setValue(Key::recentFiles, saved.recentFiles);
    settings.setValue(Key::lastDirectory, saved.lastDirectory);
    settings.setValue(Key::openFile, saved.openFile);
    settings.setValue(Key::recentModels, saved.recentModels);
    settings.setValue(Key::zoom, saved.zoom);
    if (!saved.language.isEmpty())
        settings.setValue(Key::language, saved.language);
    settings.setValue(Key::mode,
                      saved.workbench ? QStringLiteral("workbench") : QStringLiteral("lesson"));
    if (saved.lesson)
        settings.setValue(
            Key::lesson,
            QString::fromUtf8(QJsonDocument(*saved.lesson).toJson(QJsonDocument::Compact)));
    if (!saved.geometry.isEmpty())
        settings.setValue(Key::geometry, saved.geometry);
    if (!saved.state.isEmpty())
        settings.setValue(Key::state, saved.state);
}

} // namespace attention
