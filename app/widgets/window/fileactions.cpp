#include "fileactions.h"

#include "atomicfile.h"
#include "dialogfolder.h"
#include "heatmapwidget.h"
#include "matrixmodel.h"
#include "outputview.h"
#include "presets.h"
#include "recentfiles.h"
#include "scenariodocument.h"
#include "scenariofile.h"
#include "windowsettings.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace attention {

namespace {

constexpr int statusTimeout = 4000; // ms

} // namespace

FileActions::FileActions(ScenarioDocument *document, const ExportSources &sources,
                         QMainWindow *window)
    : QObject(window)
    , m_document(document)
    , m_sources(sources)
    , m_window(window)
    , m_recentMenu(new QMenu(window))
    , m_exportMenu(new QMenu(window))
{
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, &FileActions::openFile);
    connect(m_recent, &RecentFiles::changed, this, &FileActions::settingsChanged);
    createActions();
}

FileActions::~FileActions() = default;

void FileActions::createActions()
{
    m_newAction = new QAction(this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &FileActions::newScenario);
    m_openAction = new QAction(this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &FileActions::open);
    m_saveAction = new QAction(this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &FileActions::save);
    m_saveAsAction = new QAction(this);
    // Not every platform binds Save As (X11 outside KDE and the offscreen one bind nothing).
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (saveAsKeys.isEmpty())
        saveAsKeys = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)};
    m_saveAsAction->setShortcuts(saveAsKeys);
    connect(m_saveAsAction, &QAction::triggered, this, &FileActions::saveAs);

    const auto heatmapExport = [this](HeatmapWidget *heatmap, const QString &name, bool svg) {
        auto *action = new QAction(this);
        connect(action, &QAction::triggered, this,
                [this, heatmap, name, svg] { exportHeatmapInteractive(heatmap, name, svg); });
        return action;
    };
    m_exportScoresPngAction = heatmapExport(m_sources.scores, QStringLiteral("scores.png"), false);
    m_exportWeightsPngAction =
        heatmapExport(m_sources.weights, QStringLiteral("weights.png"), false);
    m_exportScoresSvgAction = heatmapExport(m_sources.scores, QStringLiteral("scores.svg"), true);
    m_exportWeightsSvgAction =
        heatmapExport(m_sources.weights, QStringLiteral("weights.svg"), true);
    const auto csvExport = [this](Table table, const QString &name) {
        auto *action = new QAction(this);
        connect(action, &QAction::triggered, this,
                [this, table, name] { exportCsvInteractive(table, name); });
        return action;
    };
    m_exportScoresCsvAction = csvExport(Table::Scores, QStringLiteral("scores.csv"));
    m_exportWeightsCsvAction = csvExport(Table::Weights, QStringLiteral("weights.csv"));
    m_exportOutputCsvAction = csvExport(Table::Output, QStringLiteral("output.csv"));

    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, m_window, &QWidget::close);
}

void FileActions::addToMenu(QMenu *fileMenu)
{
    fileMenu->addAction(m_newAction);
    fileMenu->addAction(m_openAction);
    fileMenu->addMenu(m_recentMenu);
    fileMenu->addAction(m_saveAction);
    fileMenu->addAction(m_saveAsAction);
    fileMenu->addSeparator();
    fileMenu->addMenu(m_exportMenu);
    m_exportMenu->addAction(m_exportScoresPngAction);
    m_exportMenu->addAction(m_exportWeightsPngAction);
    m_exportMenu->addAction(m_exportScoresSvgAction);
    m_exportMenu->addAction(m_exportWeightsSvgAction);
    m_exportMenu->addSeparator();
    m_exportMenu->addAction(m_exportScoresCsvAction);
    m_exportMenu->addAction(m_exportWeightsCsvAction);
    m_exportMenu->addAction(m_exportOutputCsvAction);
    fileMenu->addSeparator();
    fileMenu->addAction(m_quitAction);
}

void FileActions::retranslateUi()
{
    m_newAction->setText(tr("&New"));
    m_newAction->setStatusTip(tr("Start again from the lesson's scenario"));
    m_openAction->setText(tr("&Open…"));
    m_openAction->setStatusTip(tr("Open a scenario file (JSON)"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_saveAction->setText(tr("&Save"));
    m_saveAction->setStatusTip(tr("Save the scenario to its file"));
    m_saveAsAction->setText(tr("Save &As…"));
    m_saveAsAction->setStatusTip(tr("Save the scenario to a new file"));
    m_exportMenu->setTitle(tr("&Export"));
    m_exportScoresPngAction->setText(tr("Scores Heatmap as &PNG…"));
    m_exportWeightsPngAction->setText(tr("&Weights Heatmap as PNG…"));
    m_exportScoresSvgAction->setText(tr("Scores Heatmap as &SVG…"));
    m_exportWeightsSvgAction->setText(tr("Weights Heatmap as S&VG…"));
    for (QAction *action : {m_exportScoresPngAction, m_exportWeightsPngAction})
        action->setStatusTip(tr("Save the heatmap as a PNG image at twice the screen resolution"));
    for (QAction *action : {m_exportScoresSvgAction, m_exportWeightsSvgAction})
        action->setStatusTip(tr("Save the heatmap as an SVG drawing for slides"));
    m_exportScoresCsvAction->setText(tr("Scores as &CSV…"));
    m_exportWeightsCsvAction->setText(tr("We&ights as CSV…"));
    m_exportOutputCsvAction->setText(tr("&Output as CSV…"));
    for (QAction *action :
         {m_exportScoresCsvAction, m_exportWeightsCsvAction, m_exportOutputCsvAction})
        action->setStatusTip(tr("Save the numbers as a table, one row per token"));
    m_quitAction->setText(tr("&Quit"));
    m_quitAction->setStatusTip(tr("Close Attention Lab"));
    m_recent->retranslateUi();
}

// Reading and writing -------------------------------------------------------------------------

bool FileActions::loadFile(const QString &fileName, QString *error)
{
    const ScenarioReadResult read = loadScenario(fileName);
    if (!read.ok()) {
        if (error)
            *error = read.error;
        return false;
    }
    if (!m_document->reset(read.scenario, fileName)) {
        if (error)
            *error = m_document->lastError();
        return false;
    }
    addRecentFile(fileName);
    Q_EMIT scenarioReplaced();
    showStatus(tr("Opened %1").arg(QDir::toNativeSeparators(fileName)));
    return true;
}

bool FileActions::openFile(const QString &fileName)
{
    if (!maybeSave())
        return false;
    QString error;
    if (!loadFile(fileName, &error)) {
        showError(tr("Cannot Open Scenario"), error);
        return false;
    }
    return true;
}

bool FileActions::saveFile(const QString &fileName)
{
    const QString error = writeScenario(fileName);
    if (!error.isEmpty()) {
        showError(tr("Cannot Save Scenario"), error);
        return false;
    }
    m_document->setFileName(fileName);
    m_document->markSaved();
    addRecentFile(fileName);
    Q_EMIT fileSaved();
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(fileName)));
    return true;
}

QString FileActions::writeScenario(const QString &fileName) const
{
    const QString name = QDir::toNativeSeparators(fileName);
    const QFileInfo info(fileName);
    const Scenario &scenario = m_document->scenario();
    QString error;
    if (info.isDir())
        error = tr("%1 is a folder, not a file; nothing was written.").arg(name);
    else if (info.exists() && !info.isWritable())
        error = tr("%1 is read-only; it was left as it was.").arg(name);
    else if (const ScenarioReadResult check = parseScenario(scenarioToJson(scenario));
             !check.ok() || check.scenario != scenario)
        error = tr("The scenario would not read back the same from a file (%1), so %2 was not "
                   "written.")
                    .arg(check.ok() ? tr("different values") : check.error, name);
    else if (!saveScenario(scenario, fileName, &error)) {
        // error says why; any old file is intact
    } else if (const ScenarioReadResult written = loadScenario(fileName);
               !written.ok() || written.scenario != scenario)
        error = tr("%1 was written but does not read back the same scenario (%2); keep the "
                   "window open and save again elsewhere.")
                    .arg(name, written.ok() ? tr("different values") : written.error);
    return error;
}

bool FileActions::exportHeatmap(HeatmapWidget *heatmap, const QString &fileName)
{
    QString error;
    const bool svg = fileName.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    const bool ok = svg ? heatmap->saveSvg(fileName, &error) : heatmap->savePng(fileName, &error);
    if (!ok) {
        showError(tr("Cannot Export"), error);
        return false;
    }
    showStatus(tr("Exported %1").arg(QDir::toNativeSeparators(fileName)));
    return true;
}

bool FileActions::exportCsv(Table table, const QString &fileName)
{
    const MatrixModel *model = m_sources.weights->model();
    if (table == Table::Scores)
        model = m_sources.scores->model();
    else if (table == Table::Output)
        model = m_sources.output->outputHeatmap()->model();
    QString reason;
    if (!writeFileAtomically(fileName, model->toCsv(), &reason)) {
        showError(tr("Cannot Export"), tr("Could not write %1: %2").arg(fileName, reason));
        return false;
    }
    showStatus(tr("Exported %1").arg(QDir::toNativeSeparators(fileName)));
    return true;
}

// The menu's entries --------------------------------------------------------------------------

void FileActions::newScenario()
{
    if (!maybeSave())
        return;
    m_document->reset(*preset(QStringLiteral("lesson")));
    Q_EMIT scenarioReplaced();
}

void FileActions::open()
{
    if (!maybeSave())
        return;
    const QString fileName =
        QFileDialog::getOpenFileName(m_window, tr("Open Scenario"), dialogfolder::start(),
                                     tr("Scenario files (*.json);;All files (*)"));
    if (fileName.isEmpty())
        return;
    dialogfolder::use(fileName);
    QString error;
    if (!loadFile(fileName, &error))
        showError(tr("Cannot Open Scenario"), error);
}

bool FileActions::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    return saveFile(m_document->fileName());
}

bool FileActions::saveAs()
{
    QString suggested = m_document->fileName();
    if (suggested.isEmpty())
        suggested = dialogfolder::suggestion(QStringLiteral("scenario.json"));
    QString fileName =
        askSaveFileName(tr("Save Scenario"), suggested, tr("Scenario files (*.json)"));
    if (fileName.isEmpty())
        return false;
    if (QFileInfo(fileName).suffix().isEmpty())
        fileName += QStringLiteral(".json");
    return saveFile(fileName);
}

void FileActions::exportHeatmapInteractive(HeatmapWidget *heatmap, const QString &suggestedName,
                                           bool svg)
{
    const QString fileName =
        askSaveFileName(tr("Export Heatmap"), dialogfolder::suggestion(suggestedName),
                        svg ? tr("SVG drawing (*.svg)") : tr("PNG image (*.png)"));
    if (!fileName.isEmpty())
        exportHeatmap(heatmap, fileName);
}

void FileActions::exportCsvInteractive(Table table, const QString &suggestedName)
{
    const QString fileName = askSaveFileName(
        tr("Export Table"), dialogfolder::suggestion(suggestedName), tr("CSV table (*.csv)"));
    if (!fileName.isEmpty())
        exportCsv(table, fileName);
}

QString FileActions::askSaveFileName(const QString &title, const QString &suggested,
                                     const QString &filter)
{
    const QString fileName = QFileDialog::getSaveFileName(m_window, title, suggested, filter);
    dialogfolder::use(fileName);
    return fileName;
}

bool FileActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
                    tr("The scenario has changes that are not saved. Save them first?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

// Recent files, messages ----------------------------------------------------------------------

QStringList FileActions::recentFiles() const
{
    return m_recent->files();
}

QString FileActions::lastDirectory() const
{
    return dialogfolder::last();
}

void FileActions::restore(const QStringList &recentFiles, const QString &lastDirectory)
{
    m_recent->setFiles(recentFiles);
    dialogfolder::setLast(lastDirectory);
}

void FileActions::writeTo(SavedWindow &saved) const
{
    saved.recentFiles = recentFiles();
    saved.lastDirectory = lastDirectory();
    saved.openFile = m_document->fileName();
}

bool FileActions::reopen(const QString &fileName)
{
    return !fileName.isEmpty() && QFileInfo(fileName).isFile() && loadFile(fileName, nullptr);
}

void FileActions::addRecentFile(const QString &fileName)
{
    // The folder first: the recent files' changed() has the settings written.
    dialogfolder::use(fileName);
    m_recent->add(fileName);
}

void FileActions::showError(const QString &title, const QString &message)
{
    m_lastError = message;
    // Window-modal and non-blocking, so that scripted use (and tests) can carry on.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorMessage"));
    box->open();
}

void FileActions::showStatus(const QString &message)
{
    m_window->statusBar()->showMessage(message, statusTimeout);
}

} // namespace attention
