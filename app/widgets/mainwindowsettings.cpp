// MainWindow, part three: what it keeps between runs (QSettings), the language and the zoom.
// Construction and the views are in mainwindow.cpp, the actions and menus in mainwindowmenus.cpp.

#include "fileactions.h"
#include "language.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "modelactions.h"
#include "trainpage.h"

#include <QAction>
#include <QActionGroup>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopedValueRollback>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <array>
#include <cmath>

namespace attention {

namespace {

constexpr std::array<double, 10> zoomFactors = {0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0};

namespace Key {
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString language = QStringLiteral("language");
const QString zoom = QStringLiteral("view/zoom");
const QString recentFiles = QStringLiteral("files/recent");
const QString lastDirectory = QStringLiteral("files/lastDirectory");
const QString recentModels = QStringLiteral("files/recentModels");
const QString mode = QStringLiteral("window/mode");
const QString lesson = QStringLiteral("lesson/state");
} // namespace Key

} // namespace

// Settings ------------------------------------------------------------------------------------

void MainWindow::readSettings()
{
    // What is restored here must not be written back half-restored (zoom, the lesson's pages
    // and the mode each ask to save the settings when they change).
    const QScopedValueRollback<bool> reading(m_readingSettings, true);
    QSettings settings;
    m_files->restore(settings.value(Key::recentFiles).toStringList(),
                     settings.value(Key::lastDirectory).toString());
    m_models->restore(settings.value(Key::recentModels).toStringList());
    const double zoom = settings.value(Key::zoom, 1.0).toDouble();
    if (zoom != 1.0)
        setZoom(zoom);
    const QByteArray geometry = settings.value(Key::geometry).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = settings.value(Key::state).toByteArray();
    if (!state.isEmpty() && restoreState(state))
        m_laidOut = true;
    const QJsonDocument lesson =
        QJsonDocument::fromJson(settings.value(Key::lesson).toString().toUtf8());
    if (lesson.isObject())
        m_lesson->restoreState(lesson.object());
    // Step 7 keeps its best weights in the data folder and shows them again at the next start.
    m_lesson->trainPage()->setBestFile(
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
        QStringLiteral("/models/last.safetensors"));
    // A first start opens the lesson; later ones what was shown last.
    setMode(settings.value(Key::mode).toString() == QLatin1String("workbench") ? Mode::Workbench
                                                                               : Mode::Lesson);
}

void MainWindow::writeSettings() const
{
    if (m_settings != Settings::Use || m_readingSettings)
        return;
    QSettings settings;
    settings.setValue(Key::recentFiles, m_files->recentFiles());
    settings.setValue(Key::lastDirectory, m_files->lastDirectory());
    settings.setValue(Key::recentModels, m_models->recentModels());
    settings.setValue(Key::zoom, zoom());
    if (!m_language->language().isEmpty())
        settings.setValue(Key::language, m_language->language());
    settings.setValue(Key::mode, m_mode == Mode::Lesson ? QStringLiteral("lesson")
                                                        : QStringLiteral("workbench"));
    settings.setValue(
        Key::lesson,
        QString::fromUtf8(QJsonDocument(m_lesson->saveState()).toJson(QJsonDocument::Compact)));
    if (isVisible()) {
        settings.setValue(Key::geometry, saveGeometry());
        // The workbench's panels, not the lesson's hidden ones.
        const QByteArray state = m_mode == Mode::Lesson ? m_workbenchState : saveState();
        if (!state.isEmpty())
            settings.setValue(Key::state, state);
    }
}

// Language and zoom ---------------------------------------------------------------------------

bool MainWindow::setLanguage(const QString &language)
{
    if (!m_language->setLanguage(language))
        return false;
    for (QAction *action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == language);
    writeSettings();
    return true;
}

QString MainWindow::language() const
{
    return m_language->language();
}

int MainWindow::zoomIndexOf(double zoom)
{
    int best = 0;
    for (int i = 0; i < int(zoomFactors.size()); ++i)
        if (std::abs(zoomFactors[i] - zoom) < std::abs(zoomFactors[best] - zoom))
            best = i;
    return best;
}

void MainWindow::setZoom(double zoom)
{
    const int best = zoomIndexOf(zoom);
    m_zoomIndex = best;
    QFont font = m_baseFont;
    if (m_baseFont.pointSizeF() > 0)
        font.setPointSizeF(m_baseFont.pointSizeF() * zoomFactors[best]);
    else
        font.setPixelSize(int(std::lround(m_baseFont.pixelSize() * zoomFactors[best])));
    setFont(font);
    // Larger text needs larger panels: the workbench's are laid out again for the new size, so
    // that the compare panel and the table stay readable.
    if (m_mode == Mode::Workbench && isVisible())
        applyDefaultLayout();
    m_zoomInAction->setEnabled(best + 1 < int(zoomFactors.size()));
    m_zoomOutAction->setEnabled(best > 0);
    writeSettings();
}

double MainWindow::zoom() const
{
    return zoomFactors[m_zoomIndex];
}

void MainWindow::zoomBy(int steps)
{
    const int index = std::clamp(m_zoomIndex + steps, 0, int(zoomFactors.size()) - 1);
    setZoom(zoomFactors[index]);
    statusBar()->showMessage(tr("Zoom %1%").arg(int(std::lround(zoom() * 100))), 2000);
}

} // namespace attention
