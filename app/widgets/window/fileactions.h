#pragma once

/// The File menu of the main window and what its entries do: new, open, open recent, save, save
/// as, export (heatmaps as PNG or SVG, tables as CSV) and quit, with the question about unsaved
/// changes before the scenario is replaced or the window closed.
///
/// Saving is careful: a folder, a read-only file and a scenario that would not read back equal
/// are refused before anything is written; the file is written atomically (any old file stays
/// intact on failure) and read back and compared. Every failure is shown in a window-modal,
/// non-blocking message box and kept as lastError().
///
/// The window owns one FileActions and tells it about nothing: it listens. scenarioReplaced()
/// says a file or a fresh start replaced the document (the window ends the d slider's experiment
/// and shows the workbench); fileSaved() that the title may change; settingsChanged() that the
/// recent files changed and the settings should be written.

#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QMainWindow;
class QMenu;

namespace attention {

class HeatmapWidget;
class OutputView;
class RecentFiles;
class ScenarioDocument;
struct SavedWindow;

class FileActions : public QObject
{
    Q_OBJECT

public:
    /// The matrices that can be exported as CSV.
    enum class Table
    {
        Scores,
        Weights,
        Output,
    };

    /// The views whose pictures and numbers File → Export writes.
    struct ExportSources
    {
        HeatmapWidget *scores;
        HeatmapWidget *weights;
        OutputView *output;
    };

    /// `window` is the parent of every dialog and message, and shows the status messages.
    FileActions(ScenarioDocument *document, const ExportSources &sources, QMainWindow *window);
    ~FileActions() override;

    /// Adds the actions, Open Recent and Export to `fileMenu`.
    void addToMenu(QMenu *fileMenu);
    QMenu *exportMenu() const { return m_exportMenu; }
    void retranslateUi();

    /// Reads `fileName` into the document (clearing the undo history). On an invalid file
    /// returns false, sets `error` to the reader's message and leaves the document unchanged.
    bool loadFile(const QString &fileName, QString *error = nullptr);
    /// Asks about unsaved changes, then loads `fileName`; shows the reader's message on failure.
    bool openFile(const QString &fileName);
    /// Writes the scenario to `fileName` atomically and makes it the document's file (see above).
    bool saveFile(const QString &fileName);
    /// Writes a heatmap as PNG (2× its size) or SVG, by the file name's suffix.
    bool exportHeatmap(HeatmapWidget *heatmap, const QString &fileName);
    /// Writes scores, weights or output as CSV (header row of tokens, one row per token).
    bool exportCsv(Table table, const QString &fileName);
    /// With unsaved changes, asks whether to save them first. False: the user cancelled (or the
    /// save failed), so nothing may replace the scenario.
    bool maybeSave();

    QStringList recentFiles() const;
    /// The folder the file dialogs start in (that of the last file opened, saved or exported).
    QString lastDirectory() const;
    /// Restores the recent files and the last folder from the settings.
    void restore(const QStringList &recentFiles, const QString &lastDirectory);
    /// Puts the recent files, the last folder and the document's file into `saved`.
    void writeTo(SavedWindow &saved) const;
    /// Opens `fileName` quietly, if it is a file that reads (a file moved or broken since the
    /// last run is no reason for a message at the start); false otherwise.
    bool reopen(const QString &fileName);

    /// Shows `message` in a window-modal message box that does not block, and keeps it.
    void showError(const QString &title, const QString &message);
    /// The message of the last failed file operation (also shown in a message box).
    QString lastError() const { return m_lastError; }

Q_SIGNALS:
    /// A file or a fresh start replaced the document's scenario.
    void scenarioReplaced();
    /// The scenario was written to its file.
    void fileSaved();
    /// The recent files changed.
    void settingsChanged();

private:
    void createActions();
    void newScenario();
    void open();
    bool save();
    bool saveAs();
    /// Why the scenario cannot be saved to `fileName` (refused, failed or not read back), or
    /// nothing when it was saved.
    QString writeScenario(const QString &fileName) const;
    void exportHeatmapInteractive(HeatmapWidget *heatmap, const QString &suggestedName, bool svg);
    void exportCsvInteractive(Table table, const QString &suggestedName);
    /// Asks for a file to write, starting in the last folder; empty when cancelled.
    QString askSaveFileName(const QString &title, const QString &suggestedName,
                            const QString &filter);
    void addRecentFile(const QString &fileName);
    void showStatus(const QString &message);

    ScenarioDocument *m_document;
    ExportSources m_sources;
    QMainWindow *m_window;
    RecentFiles *m_recent;
    QString m_lastError;

    QMenu *m_recentMenu;
    QMenu *m_exportMenu;
    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_exportScoresPngAction = nullptr;
    QAction *m_exportWeightsPngAction = nullptr;
    QAction *m_exportScoresSvgAction = nullptr;
    QAction *m_exportWeightsSvgAction = nullptr;
    QAction *m_exportScoresCsvAction = nullptr;
    QAction *m_exportWeightsCsvAction = nullptr;
    QAction *m_exportOutputCsvAction = nullptr;
    QAction *m_quitAction = nullptr;
};

} // namespace attention
