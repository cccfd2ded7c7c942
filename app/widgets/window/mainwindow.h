#pragma once

/// The main window of Attention Lab, and the one place where the parts are connected.
///
/// How data moves:
///
///   1. The user edits something: drags the scale slider (ControlsPanel), types in the vector
///      editor, drags a tip in the vector plane, picks a preset or opens a file.
///   2. That becomes one call of a ScenarioDocument setter (setScoreScale, setVector, replace,
///      reset…), which validates the new scenario, pushes it on the document's QUndoStack and
///      emits changed() once. Continuous edits merge into one undo step until finishInteraction().
///      The core (attention::attend: scores, mask, softmax, weights · v) runs once per edit, at
///      once for small scenarios and on a worker for large ones; resultChanged() follows with a
///      shared, immutable result.
///   3. On changed(), scenarioChanged() shows the scenario in the controls, the title and the
///      status line (the comparison starts its own pass from it). On resultChanged(),
///      resultChanged() hands the computed scenario and its result to the heatmaps, the chart and
///      the output; each only repaints from what it is given.
///
/// The wiring rule, one way for each kind of part, each written once:
///   - Views that show (heatmaps, chart, output, comparison) never write the document and never
///     talk to each other; this class hands them what to show and connects their signals (a row
///     clicked selects that query everywhere), in pointer-to-member form.
///   - A ControlsPanel's edits reach its document through connectControls() (controlspanel.h),
///     here and on the lesson pages alike; its owner calls setScenario() on changed().
///   - The d slider's requests go through the DimensionExperiment (app/model); this class passes
///     its answers to the document and ends it when a new scenario comes in.
///   - The two editors (the vector editor and the plane) are given the document: they read it
///     and call its setters themselves.
///
/// This class also owns the view state shared by several views (the selected query) and the
/// mode. Its parts, each a class with one job, are wired here:
///   - FileActions (fileactions.h) is the File menu (new, open, save with its read-back check,
///     export, recent files, the question about unsaved changes) and only tells the window what
///     happened; ModelActions (modelactions.h) adds step 7's model files to it.
///   - CrashRecovery (crashrecovery.h) keeps the autosaved copy and offers a crashed one back.
///   - WindowMenus (windowmenus.h) creates the other actions and menus and their texts, and asks
///     the window through signals; UndoActions (undoactions.h) is Edit → Undo and Redo across the
///     workbench's and the lesson pages' undo stacks; WindowZoom (windowzoom.h) the zoom.
///   - WindowSettings (windowsettings.h) reads and writes what is kept between runs (geometry,
///     panels, mode, lesson, language, zoom, recent files) as one SavedWindow; the window applies
///     it and collects it.
///
/// The window shows either the workbench (the above) or the guided lesson (LessonView, in the
/// central widget's place, with the workbench's bars and panels hidden). Each lesson page owns
/// its own document or computation; Edit → Undo follows, through a QUndoGroup, the document of
/// whatever is shown. The lesson's state is stored with the other settings.

#include "crashrecovery.h"
#include "dimensionexperiment.h"
#include "fileactions.h"
#include "scenariodocument.h"
#include "undoactions.h"
#include "windowmenus.h"
#include "windowsettings.h"
#include "windowzoom.h"

#include <QMainWindow>
#include <functional>
#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSplitter;
class QToolBar;

namespace attention {

class CurrentPageStack;
class CompareView;
class ControlsPanel;
class HeatmapWidget;
class Language;
class LessonView;
class ModelActions;
class OutputView;
class VectorEditor;
class VectorPlane;
class WeightsChart;
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// Whether the window reads and writes QSettings (geometry, language, zoom, recent files).
    enum class Settings
    {
        Use,
        Ignore, ///< for --screenshot: the same picture whatever was saved before
    };

    /// What fills the window: the guided lesson, or the workbench of free editing.
    enum class Mode
    {
        Lesson,
        Workbench,
    };

    /// The matrices that can be exported as CSV.
    using Table = FileActions::Table;

    explicit MainWindow(Settings settings = Settings::Use, QWidget *parent = nullptr);
    ~MainWindow() override;

    ScenarioDocument *document() const { return m_document; }

    // Files ----------------------------------------------------------------------------------

    /// Reads `fileName` into the document (clearing the undo history). On an invalid file
    /// returns false, sets `error` to the reader's message and leaves the document unchanged.
    bool loadFile(const QString &fileName, QString *error = nullptr)
    {
        return m_files->loadFile(fileName, error);
    }
    /// Asks about unsaved changes, then loads `fileName`; shows the reader's message on failure.
    bool openFile(const QString &fileName) { return m_files->openFile(fileName); }
    /// Writes the scenario to `fileName` atomically and makes it the document's file. Refuses
    /// (with a message, leaving any old file as it was) a folder, a read-only file and a scenario
    /// that would not read back equal; a written file is read back and compared.
    bool saveFile(const QString &fileName) { return m_files->saveFile(fileName); }
    /// Replaces the scenario by a preset as one undoable step. False for an unknown name.
    bool loadPreset(const QString &name);
    /// Writes a heatmap as PNG (2× its size) or SVG, by the file name's suffix.
    bool exportHeatmap(HeatmapWidget *heatmap, const QString &fileName)
    {
        return m_files->exportHeatmap(heatmap, fileName);
    }
    /// Writes scores, weights or output as CSV (header row of tokens, one row per token).
    bool exportCsv(Table table, const QString &fileName)
    {
        return m_files->exportCsv(table, fileName);
    }
    QStringList recentFiles() const { return m_files->recentFiles(); }
    /// File → Open Model, Save Model and the recent models (lesson step 7).
    ModelActions *modelActions() const { return m_models; }
    /// The message of the last failed file operation (also shown in a message box).
    QString lastError() const { return m_files->lastError(); }

    // Autosave and crash recovery --------------------------------------------------------------

    /// Answers "restore this scenario left by an instance that crashed?" (true: restore).
    using RecoveryPrompt = CrashRecovery::Prompt;
    /// Replaces the message box that offerRecovery() shows (for tests).
    void setRecoveryPrompt(RecoveryPrompt prompt) { m_recovery->setPrompt(std::move(prompt)); }
    /// If an instance that is gone left an autosaved scenario, asks whether to restore it.
    /// Restored, it replaces the document, still modified and with its original file name; either
    /// way the copy is deleted. True when a scenario was restored. Called by main() at start.
    bool offerRecovery() { return m_recovery->offer(); }
    /// Opens the scenario file the workbench showed when the settings were last written (the
    /// last run), if there was one and it still reads; false otherwise (the preset stays).
    bool reopenLastFile()
    {
        return m_settings.isEnabled() && m_files->reopen(WindowSettings::read().openFile);
    }
    /// Copies the modified document to the data folder a few seconds after each edit.
    Autosave *autosave() const { return m_recovery->autosave(); }

    // The lesson and the workbench -------------------------------------------------------------

    /// Shows the lesson (its step list and pages) or the workbench (heatmaps, controls, panels).
    /// Edit → Undo follows what is shown: the workbench's document or the lesson page's own.
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    /// Switches to the lesson at step `step` (1–7, or 8 for the self-check).
    void showLessonStep(int step);
    LessonView *lesson() const { return m_lesson; }

    // View state -----------------------------------------------------------------------------

    /// The query whose row is highlighted and whose weights the chart shows.
    ///
    /// The one rule for the selected token: every view (and lesson page) that highlights it
    /// takes it with setSelectedToken(int) and reports it with selectedToken(); every view in
    /// which the user can pick one emits tokenSelected(int) and nothing else. Views never select
    /// in each other: this window holds the selection and hands it to all of them.
    int selectedToken() const { return m_selectedToken; }
    void setSelectedToken(int row);
    /// "en" or "zh_CN"; switches while the program runs.
    bool setLanguage(const QString &language);
    QString language() const;
    /// Font and cell scale for a projector (1 = normal).
    void setZoom(double zoom) { m_zoom->setZoom(zoom); }
    double zoom() const { return m_zoom->zoom(); }
    /// Lays the docks out for the window's current size (as on first start).
    void applyDefaultLayout();

    // Parts, for tests and benchmarks --------------------------------------------------------

    ControlsPanel *controls() const { return m_controls; }
    HeatmapWidget *scoresHeatmap() const { return m_scores; }
    HeatmapWidget *weightsHeatmap() const { return m_weights; }
    WeightsChart *chart() const { return m_chart; }
    OutputView *outputView() const { return m_output; }
    CompareView *compareView() const { return m_compare; }
    VectorEditor *vectorEditor() const { return m_editor; }
    VectorPlane *vectorPlane() const { return m_plane; }
    QAction *lessonModeAction() const { return m_menus->lessonModeAction(); }
    QAction *workbenchModeAction() const { return m_menus->workbenchModeAction(); }
    QAction *undoAction() const { return m_undo->undoAction(); }
    QAction *redoAction() const { return m_undo->redoAction(); }
    QMenu *fileMenu() const { return m_menus->fileMenu(); }
    QMenu *editMenu() const { return m_menus->editMenu(); }
    QMenu *viewMenu() const { return m_menus->viewMenu(); }
    QMenu *presetsMenu() const { return m_menus->presetsMenu(); }
    QMenu *languageMenu() const { return m_menus->languageMenu(); }
    QMenu *helpMenu() const { return m_menus->helpMenu(); }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createViews();
    void createDocks();
    /// The parts with one job each: files, models, crash recovery, undo, zoom, menus.
    void createParts();
    void connectParts();
    void connectMenus();
    void retranslateUi();
    void updateActiveUndoStack();

    /// The document's scenario changed: the controls, the title and the status line follow.
    void scenarioChanged();
    /// A new result is in: every view shows it (with the scenario it was computed from).
    void resultChanged();
    /// A file or a fresh start replaced the scenario: the d experiment ends, the workbench shows.
    void scenarioReplaced();
    void updateWindowTitle();
    void updateStatusSummary();
    void copyImage();

    // The d slider: the experiment decides, the document is told.
    void requestDimension(int d);
    void reroll();
    void applyDimensionChange(const DimensionExperiment::Change &change,
                              ScenarioDocument::Step step);

    // What is kept between runs: applied at start, collected at each change.
    void readSettings();
    void applySettings(const SavedWindow &saved);
    void writeSettings() const;

    WindowSettings m_settings;
    ScenarioDocument *m_document;
    Language *m_language;
    bool m_laidOut = false;
    int m_selectedToken = -1;

    // The d slider: the hand-made scenario it left, and the random q, k it drew since then.
    DimensionExperiment m_experiment;

    // The lesson, and what the workbench looked like when the lesson replaced it.
    Mode m_mode = Mode::Workbench;
    CurrentPageStack *m_central = nullptr; ///< the workbench's heatmaps or the lesson
    LessonView *m_lesson = nullptr;
    QByteArray m_workbenchState;

    // Views
    QToolBar *m_controlsBar = nullptr;
    ControlsPanel *m_controls = nullptr;
    QSplitter *m_heatmapSplitter = nullptr;
    HeatmapWidget *m_scores = nullptr;
    HeatmapWidget *m_weights = nullptr;
    WeightsChart *m_chart = nullptr;
    OutputView *m_output = nullptr;
    CompareView *m_compare = nullptr;
    VectorEditor *m_editor = nullptr;
    VectorPlane *m_plane = nullptr;
    QDockWidget *m_chartDock = nullptr;
    QDockWidget *m_planeDock = nullptr;
    QDockWidget *m_editorDock = nullptr;
    QDockWidget *m_outputDock = nullptr;
    QDockWidget *m_compareDock = nullptr;
    QLabel *m_summary = nullptr;

    // The parts with one job each
    FileActions *m_files = nullptr;
    ModelActions *m_models = nullptr;
    CrashRecovery *m_recovery = nullptr;
    UndoActions *m_undo = nullptr;
    WindowZoom *m_zoom = nullptr;
    WindowMenus *m_menus = nullptr;
};

} // namespace attention
