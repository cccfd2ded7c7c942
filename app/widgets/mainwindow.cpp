#include "mainwindow.h"

#include "atomicfile.h"
#include "autosave.h"
#include "compareview.h"
#include "controlspanel.h"
#include "heatmapwidget.h"
#include "language.h"
#include "lessonpage.h"
#include "lessonview.h"
#include "matrixmodel.h"
#include "numberformat.h"
#include "outputview.h"
#include "presets.h"
#include "scenariofile.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "weightschart.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>
#include <array>
#include <cmath>

namespace attention {

namespace {

constexpr std::array<double, 10> zoomFactors = {0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0};
constexpr int normalZoomIndex = 2;
constexpr int maxRecentFiles = 8;

namespace Key {
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString language = QStringLiteral("language");
const QString zoom = QStringLiteral("view/zoom");
const QString recentFiles = QStringLiteral("files/recent");
const QString lastDirectory = QStringLiteral("files/lastDirectory");
const QString mode = QStringLiteral("window/mode");
const QString lesson = QStringLiteral("lesson/state");
} // namespace Key

QString versionString()
{
    return QStringLiteral(ATTENTION_LAB_VERSION);
}

QString eigenVersion()
{
    return QStringLiteral("%1.%2.%3")
        .arg(EIGEN_WORLD_VERSION)
        .arg(EIGEN_MAJOR_VERSION)
        .arg(EIGEN_MINOR_VERSION);
}

/// The bar that holds the controls panel: flat, so repainting it costs one fill.
class ControlsBar : public QToolBar
{
public:
    explicit ControlsBar(QWidget *parent)
        : QToolBar(parent)
    {}

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.fillRect(rect(), palette().color(QPalette::Window));
    }
};

QDockWidget *makeDock(const QString &objectName, QWidget *content, QWidget *parent)
{
    auto *dock = new QDockWidget(parent);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                      QDockWidget::DockWidgetFloatable);
    return dock;
}

} // namespace

MainWindow::MainWindow(Settings settings, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_document(new ScenarioDocument(this))
    , m_autosave(new Autosave(m_document, this))
    , m_language(new Language(this))
    , m_baseFont(QApplication::font())
    , m_zoomIndex(normalZoomIndex)
{
    setObjectName(QStringLiteral("MainWindow"));
    createViews();
    createDocks();
    createActions();
    createMenus();
    connectParts();
    m_summary = new QLabel(this);
    statusBar()->addPermanentWidget(m_summary);
    m_selectedQuery = int(m_document->scenario().tokenCount()) - 1;
    retranslateUi();
    scenarioChanged();
    resultChanged();
    selectQuery(m_selectedQuery);
    resize(1400, 900);
    if (m_settings == Settings::Use)
        readSettings();
}

MainWindow::~MainWindow()
{
    // The undo group first: the stacks it holds die later, with the document and the lesson
    // pages, and their signals must not reach a half-destroyed window.
    delete m_undoGroup;
    // The autosave (which deletes its copy: this is a clean exit) goes before the document it
    // watches, and the document (which silences its undo stack) before the views listening to it.
    delete m_autosave;
    m_document->disconnect(this);
    delete m_document;
}

// Construction -------------------------------------------------------------------------------

void MainWindow::createViews()
{
    // The controls span the whole width above the docks, so that they never squeeze them.
    m_controlsBar = new ControlsBar(this);
    addToolBar(Qt::TopToolBarArea, m_controlsBar);
    m_controlsBar->setObjectName(QStringLiteral("controlsBar"));
    m_controlsBar->setMovable(false);
    m_controlsBar->setFloatable(false);
    m_controls = new ControlsPanel(m_controlsBar);
    m_controls->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_controlsBar->addWidget(m_controls);

    // The two heatmaps are the centre of the window.
    m_heatmapSplitter = new QSplitter(Qt::Horizontal, this);
    m_heatmapSplitter->setObjectName(QStringLiteral("heatmapSplitter"));
    m_heatmapSplitter->setChildrenCollapsible(false);
    m_scores = new HeatmapWidget(HeatmapWidget::Kind::Scores, m_heatmapSplitter);
    m_weights = new HeatmapWidget(HeatmapWidget::Kind::Weights, m_heatmapSplitter);
    m_heatmapSplitter->addWidget(m_scores);
    m_heatmapSplitter->addWidget(m_weights);

    // The lesson takes the centre's place when it is shown (the workbench's bars and panels are
    // hidden then).
    m_lesson = new LessonView(this);
    m_central = new QStackedWidget(this);
    m_central->addWidget(m_heatmapSplitter);
    m_central->addWidget(m_lesson);
    setCentralWidget(m_central);

    m_chart = new WeightsChart(this);
    m_output = new OutputView(this);
    m_compare = new CompareView(this);
    m_editor = new VectorEditor(m_document, this);
    m_plane = new VectorPlane(m_document, this);
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks |
                   QMainWindow::AllowTabbedDocks);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    m_planeDock = makeDock(QStringLiteral("planeDock"), m_plane, this);
    m_chartDock = makeDock(QStringLiteral("chartDock"), m_chart, this);
    m_editorDock = makeDock(QStringLiteral("editorDock"), m_editor, this);
    m_outputDock = makeDock(QStringLiteral("outputDock"), m_output, this);
    m_compareDock = makeDock(QStringLiteral("compareDock"), m_compare, this);
    addDockWidget(Qt::RightDockWidgetArea, m_planeDock);
    addDockWidget(Qt::RightDockWidgetArea, m_chartDock);
    splitDockWidget(m_planeDock, m_chartDock, Qt::Vertical);
    addDockWidget(Qt::BottomDockWidgetArea, m_editorDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_compareDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_outputDock);
    splitDockWidget(m_editorDock, m_compareDock, Qt::Horizontal);
    splitDockWidget(m_compareDock, m_outputDock, Qt::Horizontal);
}

void MainWindow::applyDefaultLayout()
{
    const int w = width();
    const int h = height();
    resizeDocks({m_planeDock, m_chartDock}, {int(w * 0.30), int(w * 0.30)}, Qt::Horizontal);
    resizeDocks({m_planeDock, m_chartDock}, {int(h * 0.30), int(h * 0.26)}, Qt::Vertical);
    resizeDocks({m_editorDock, m_compareDock, m_outputDock},
                {int(w * 0.40), int(w * 0.25), int(w * 0.35)}, Qt::Horizontal);
    resizeDocks({m_editorDock}, {int(h * 0.33)}, Qt::Vertical);
    m_heatmapSplitter->setSizes({1, 1});
}

void MainWindow::createActions()
{
    m_newAction = new QAction(this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newScenario);
    m_openAction = new QAction(this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::open);
    m_saveAction = new QAction(this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    m_saveAsAction = new QAction(this);
    // Not every platform binds Save As (X11 outside KDE and the offscreen one bind nothing).
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (saveAsKeys.isEmpty())
        saveAsKeys = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)};
    m_saveAsAction->setShortcuts(saveAsKeys);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    m_exportScoresPngAction = new QAction(this);
    connect(m_exportScoresPngAction, &QAction::triggered, this,
            [this] { exportHeatmapInteractive(m_scores, QStringLiteral("scores.png"), false); });
    m_exportWeightsPngAction = new QAction(this);
    connect(m_exportWeightsPngAction, &QAction::triggered, this,
            [this] { exportHeatmapInteractive(m_weights, QStringLiteral("weights.png"), false); });
    m_exportScoresSvgAction = new QAction(this);
    connect(m_exportScoresSvgAction, &QAction::triggered, this,
            [this] { exportHeatmapInteractive(m_scores, QStringLiteral("scores.svg"), true); });
    m_exportWeightsSvgAction = new QAction(this);
    connect(m_exportWeightsSvgAction, &QAction::triggered, this,
            [this] { exportHeatmapInteractive(m_weights, QStringLiteral("weights.svg"), true); });
    m_exportScoresCsvAction = new QAction(this);
    connect(m_exportScoresCsvAction, &QAction::triggered, this,
            [this] { exportCsvInteractive(Table::Scores, QStringLiteral("scores.csv")); });
    m_exportWeightsCsvAction = new QAction(this);
    connect(m_exportWeightsCsvAction, &QAction::triggered, this,
            [this] { exportCsvInteractive(Table::Weights, QStringLiteral("weights.csv")); });
    m_exportOutputCsvAction = new QAction(this);
    connect(m_exportOutputCsvAction, &QAction::triggered, this,
            [this] { exportCsvInteractive(Table::Output, QStringLiteral("output.csv")); });
    m_clearRecentAction = new QAction(this);
    connect(m_clearRecentAction, &QAction::triggered, this, [this] {
        m_recentFiles.clear();
        rebuildRecentMenu();
        writeSettings();
    });
    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // Our own undo and redo actions (rather than QUndoGroup::createUndoAction) so that their
    // text follows a language switch. The group's active stack is the shown document's.
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_document->undoStack());
    for (int step = 1; step <= LessonView::stepCount; ++step)
        if (QUndoStack *stack = m_lesson->page(step)->undoStack())
            m_undoGroup->addStack(stack);
    m_undoGroup->setActiveStack(m_document->undoStack());
    m_undoAction = new QAction(this);
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setEnabled(m_undoGroup->canUndo());
    connect(m_undoAction, &QAction::triggered, m_undoGroup, &QUndoGroup::undo);
    connect(m_undoGroup, &QUndoGroup::canUndoChanged, m_undoAction, &QAction::setEnabled);
    connect(m_undoGroup, &QUndoGroup::undoTextChanged, this, &MainWindow::updateUndoTexts);
    m_redoAction = new QAction(this);
    m_redoAction->setShortcut(QKeySequence::Redo);
    m_redoAction->setEnabled(m_undoGroup->canRedo());
    connect(m_redoAction, &QAction::triggered, m_undoGroup, &QUndoGroup::redo);
    connect(m_undoGroup, &QUndoGroup::canRedoChanged, m_redoAction, &QAction::setEnabled);
    connect(m_undoGroup, &QUndoGroup::redoTextChanged, this, &MainWindow::updateUndoTexts);

    m_modeGroup = new QActionGroup(this);
    m_lessonModeAction = new QAction(m_modeGroup);
    m_lessonModeAction->setCheckable(true);
    m_lessonModeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(m_lessonModeAction, &QAction::triggered, this, [this] { setMode(Mode::Lesson); });
    m_workbenchModeAction = new QAction(m_modeGroup);
    m_workbenchModeAction->setCheckable(true);
    m_workbenchModeAction->setChecked(true);
    m_workbenchModeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m_workbenchModeAction, &QAction::triggered, this, [this] { setMode(Mode::Workbench); });
    m_copyImageAction = new QAction(this);
    m_copyImageAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyImageAction, &QAction::triggered, this, &MainWindow::copyImage);

    m_fullScreenAction = new QAction(this);
    m_fullScreenAction->setCheckable(true);
    m_fullScreenAction->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence::FullScreen});
    connect(m_fullScreenAction, &QAction::toggled, this, &MainWindow::toggleFullScreen);
    m_zoomInAction = new QAction(this);
    m_zoomInAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)});
    connect(m_zoomInAction, &QAction::triggered, this, [this] { zoomBy(1); });
    m_zoomOutAction = new QAction(this);
    m_zoomOutAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    connect(m_zoomOutAction, &QAction::triggered, this, [this] { zoomBy(-1); });
    m_zoomResetAction = new QAction(this);
    m_zoomResetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_zoomResetAction, &QAction::triggered, this,
            [this] { setZoom(zoomFactors[normalZoomIndex]); });
    m_fixedRangeAction = new QAction(this);
    m_fixedRangeAction->setCheckable(true);
    m_fixedRangeAction->setChecked(m_weights->fixedRange());

    m_aboutAction = new QAction(this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
    m_aboutQtAction = new QAction(this);
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);

    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    for (const QString &language : Language::available()) {
        auto *action = new QAction(Language::nativeName(language), m_languageGroup);
        action->setCheckable(true);
        action->setData(language);
        connect(action, &QAction::triggered, this, [this, language] { setLanguage(language); });
    }

    for (const QString &name : presetNames()) {
        auto *action = new QAction(this);
        action->setData(name);
        connect(action, &QAction::triggered, this, [this, name] { loadPreset(name); });
        m_presetActions.append(action);
    }
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addSeparator();
    m_exportMenu = m_fileMenu->addMenu(QString());
    m_exportMenu->addAction(m_exportScoresPngAction);
    m_exportMenu->addAction(m_exportWeightsPngAction);
    m_exportMenu->addAction(m_exportScoresSvgAction);
    m_exportMenu->addAction(m_exportWeightsSvgAction);
    m_exportMenu->addSeparator();
    m_exportMenu->addAction(m_exportScoresCsvAction);
    m_exportMenu->addAction(m_exportWeightsCsvAction);
    m_exportMenu->addAction(m_exportOutputCsvAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_copyImageAction);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_lessonModeAction);
    m_viewMenu->addAction(m_workbenchModeAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_fullScreenAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_zoomInAction);
    m_viewMenu->addAction(m_zoomOutAction);
    m_viewMenu->addAction(m_zoomResetAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_fixedRangeAction);
    m_viewMenu->addSeparator();
    m_docksMenu = m_viewMenu->addMenu(QString());
    for (QDockWidget *dock : {m_planeDock, m_chartDock, m_editorDock, m_compareDock, m_outputDock})
        m_docksMenu->addAction(dock->toggleViewAction());

    m_presetsMenu = menuBar()->addMenu(QString());
    for (QAction *action : std::as_const(m_presetActions))
        m_presetsMenu->addAction(action);

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_aboutAction);
    m_helpMenu->addAction(m_aboutQtAction);
    rebuildRecentMenu();

    // Lesson | Workbench, always in reach at the right end of the menu bar.
    auto *modes = new QWidget(menuBar());
    auto *modesLayout = new QHBoxLayout(modes);
    modesLayout->setContentsMargins(0, 0, 6, 0);
    modesLayout->setSpacing(2);
    for (QAction *action : {m_lessonModeAction, m_workbenchModeAction}) {
        auto *button = new QToolButton(modes);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAutoRaise(true);
        modesLayout->addWidget(button);
    }
    menuBar()->setCornerWidget(modes, Qt::TopRightCorner);
}

void MainWindow::connectParts()
{
    // Document → controls (every edit) and views (every result; later than the edit when a
    // large scenario is computed on the worker).
    connect(m_document, &ScenarioDocument::changed, this, &MainWindow::scenarioChanged);
    connect(m_document, &ScenarioDocument::resultChanged, this, &MainWindow::resultChanged);
    connect(m_document, &ScenarioDocument::computingChanged, this,
            &MainWindow::updateStatusSummary);
    connect(m_document, &ScenarioDocument::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_document, &ScenarioDocument::fileNameChanged, this, &MainWindow::updateWindowTitle);

    // Controls → document edits.
    connect(m_controls, &ControlsPanel::scaleEdited, m_document, &ScenarioDocument::setScoreScale);
    connect(m_controls, &ControlsPanel::interactionFinished, m_document,
            &ScenarioDocument::finishInteraction);
    connect(m_controls, &ControlsPanel::divideBySqrtDToggled, m_document,
            &ScenarioDocument::setDivideBySqrtD);
    connect(m_controls, &ControlsPanel::causalToggled, m_document, &ScenarioDocument::setCausal);
    connect(m_controls, &ControlsPanel::dimensionRequested, this, &MainWindow::requestDimension);
    connect(m_controls, &ControlsPanel::rerollRequested, this, &MainWindow::reroll);

    // Selecting a query anywhere selects it everywhere.
    connect(m_scores, &HeatmapWidget::tokenSelected, this, &MainWindow::selectQuery);
    connect(m_weights, &HeatmapWidget::tokenSelected, this, &MainWindow::selectQuery);
    connect(m_output, &OutputView::tokenSelected, this, &MainWindow::selectQuery);
    connect(m_compare, &CompareView::tokenSelected, this, &MainWindow::selectQuery);
    connect(m_editor, &VectorEditor::tokenSelected, this, &MainWindow::selectQuery);
    connect(m_plane, &VectorPlane::tokenSelected, this, &MainWindow::selectQuery);

    // The lesson: Edit → Undo follows its pages, and its state is kept as it changes.
    connect(m_lesson, &LessonView::currentStepChanged, this, [this] {
        updateActiveUndoStack();
        writeSettings();
    });

    // The weights' colour scale, from the View menu or the heatmap's own context menu.
    connect(m_fixedRangeAction, &QAction::toggled, m_weights, &HeatmapWidget::setFixedRange);
    connect(m_weights, &HeatmapWidget::fixedRangeToggled, m_fixedRangeAction, &QAction::setChecked);
}

void MainWindow::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_newAction->setText(tr("&New"));
    m_newAction->setStatusTip(tr("Start again from the lesson's scenario"));
    m_openAction->setText(tr("&Open…"));
    m_openAction->setStatusTip(tr("Open a scenario file (JSON)"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_clearRecentAction->setText(tr("&Clear List"));
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

    m_editMenu->setTitle(tr("&Edit"));
    updateUndoTexts();
    m_undoAction->setStatusTip(tr("Undo the last change"));
    m_redoAction->setStatusTip(tr("Redo the change just undone"));
    m_copyImageAction->setText(tr("&Copy Weights Image"));
    m_copyImageAction->setStatusTip(tr("Copy the weights heatmap to the clipboard as an image"));

    m_viewMenu->setTitle(tr("&View"));
    m_lessonModeAction->setText(tr("&Lesson"));
    m_lessonModeAction->setStatusTip(tr("Follow the lesson step by step"));
    m_lessonModeAction->setToolTip(tr("The guided lesson, step by step (Ctrl+1)"));
    m_workbenchModeAction->setText(tr("&Workbench"));
    m_workbenchModeAction->setStatusTip(tr("Edit a scenario freely: every heatmap and panel"));
    m_workbenchModeAction->setToolTip(tr("Edit any scenario freely (Ctrl+2)"));
    m_fullScreenAction->setText(tr("&Full Screen"));
    m_fullScreenAction->setStatusTip(tr("Fill the screen, for presenting"));
    m_zoomInAction->setText(tr("Zoom &In"));
    m_zoomInAction->setStatusTip(tr("Larger text and cells, for a projector"));
    m_zoomOutAction->setText(tr("Zoom &Out"));
    m_zoomOutAction->setStatusTip(tr("Smaller text and cells"));
    m_zoomResetAction->setText(tr("&Reset Zoom"));
    m_zoomResetAction->setStatusTip(tr("Normal text size"));
    m_fixedRangeAction->setText(tr("Fixed 0–1 &Weight Colours"));
    m_fixedRangeAction->setStatusTip(
        tr("Colour weights from 0 to 1 always, so sharpening is easy to compare; off: from the "
           "smallest to the largest weight shown"));
    m_docksMenu->setTitle(tr("&Panels"));

    m_presetsMenu->setTitle(tr("&Presets"));
    for (QAction *action : std::as_const(m_presetActions)) {
        const QString name = action->data().toString();
        action->setText(presetDescription(name));
        action->setStatusTip(tr("Load the preset “%1” (undoable)").arg(name));
    }
    m_languageMenu->setTitle(tr("&Language"));
    for (QAction *action : m_languageGroup->actions())
        action->setStatusTip(tr("Switch the interface language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About Attention Lab"));
    m_aboutAction->setStatusTip(tr("Version, Qt and Eigen versions"));
    m_aboutQtAction->setText(tr("About &Qt"));

    m_controlsBar->setWindowTitle(tr("Controls"));
    m_planeDock->setWindowTitle(tr("Vector plane"));
    m_chartDock->setWindowTitle(tr("Weights of the selected query"));
    m_editorDock->setWindowTitle(tr("Queries, keys and values"));
    m_compareDock->setWindowTitle(tr("Compare"));
    m_outputDock->setWindowTitle(tr("Output = weights · values"));

    m_scores->setToolTip(QString());
    updateWindowTitle();
    updateStatusSummary();
    rebuildRecentMenu();
}

void MainWindow::updateUndoTexts()
{
    const QString undo = m_undoGroup->undoText();
    const QString redo = m_undoGroup->redoText();
    m_undoAction->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
    m_redoAction->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
}

// The lesson and the workbench ---------------------------------------------------------------

void MainWindow::setMode(Mode mode)
{
    const QList<QDockWidget *> docks = {m_planeDock, m_chartDock, m_editorDock, m_compareDock,
                                        m_outputDock};
    if (mode != m_mode) {
        m_mode = mode;
        if (mode == Mode::Lesson) {
            m_workbenchState = saveState(); // which panels were open, and where
            m_controlsBar->hide();
            for (QDockWidget *dock : docks)
                dock->hide();
            m_central->setCurrentWidget(m_lesson);
        } else {
            m_central->setCurrentWidget(m_heatmapSplitter);
            m_controlsBar->show();
            if (m_workbenchState.isEmpty() || !restoreState(m_workbenchState)) {
                for (QDockWidget *dock : docks)
                    dock->show();
                m_laidOut = false;
            }
            if (!m_laidOut && isVisible()) {
                m_laidOut = true;
                applyDefaultLayout();
            }
        }
    }
    const bool workbench = mode == Mode::Workbench;
    (workbench ? m_workbenchModeAction : m_lessonModeAction)->setChecked(true);
    m_summary->setVisible(workbench);
    m_docksMenu->setEnabled(workbench);
    m_exportMenu->setEnabled(workbench);
    m_copyImageAction->setEnabled(workbench);
    m_fixedRangeAction->setEnabled(workbench);
    updateActiveUndoStack();
    writeSettings();
}

void MainWindow::showLessonStep(int step)
{
    m_lesson->setCurrentStep(step);
    setMode(Mode::Lesson);
}

void MainWindow::updateActiveUndoStack()
{
    m_undoGroup->setActiveStack(m_mode == Mode::Workbench ? m_document->undoStack()
                                                          : m_lesson->currentPage()->undoStack());
    updateUndoTexts();
}

// The document and the views -----------------------------------------------------------------

void MainWindow::scenarioChanged()
{
    const Scenario &scenario = m_document->scenario();
    const int T = int(scenario.tokenCount());
    if (m_selectedQuery >= T || m_selectedQuery < 0)
        m_selectedQuery = T - 1;
    m_controls->setScenario(scenario);
    m_controls->setRandomMode(m_experiment.isRandom(scenario),
                              m_experiment.handMadeDimension(scenario));
    // The comparison starts from the edit itself: at large T its worker runs beside the
    // document's.
    m_compare->setScenario(m_document->sharedScenario());
    updateWindowTitle();
    updateStatusSummary();
}

void MainWindow::resultChanged()
{
    const std::shared_ptr<const Scenario> computed = m_document->computedScenario();
    const SharedResult result = m_document->sharedResult();
    const Scenario &scenario = *computed;
    m_scores->setScenario(computed, result);
    m_weights->setScenario(computed, result);
    m_chart->setScenario(scenario, result);
    m_output->setScenario(computed, result);
    selectQuery(m_selectedQuery);
}

void MainWindow::selectQuery(int row)
{
    const int T = int(m_document->scenario().tokenCount());
    if (row < 0 || row >= T)
        return;
    m_selectedQuery = row;
    m_scores->setSelectedToken(row);
    m_weights->setSelectedToken(row);
    m_chart->setSelectedToken(row);
    m_output->setSelectedToken(row);
    m_compare->setSelectedToken(row);
    m_plane->setSelectedToken(row);
    m_editor->setSelectedToken(row);
}

void MainWindow::updateWindowTitle()
{
    const QString fileName = m_document->fileName();
    QString name = m_document->scenario().title;
    if (!fileName.isEmpty())
        name = QFileInfo(fileName).fileName();
    if (name.isEmpty())
        name = tr("Untitled");
    setWindowTitle(tr("%1[*] — Attention Lab").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateStatusSummary()
{
    if (!m_summary)
        return;
    const Scenario &s = m_document->scenario();
    QStringList parts;
    parts.append(QStringLiteral("T = %1").arg(s.tokenCount()));
    parts.append(QStringLiteral("d = %1").arg(s.dimension()));
    parts.append(tr("scale %1×").arg(NumberFormat::factor(s.scoreScale)));
    parts.append(s.divideBySqrtD ? tr("÷ √d") : tr("no ÷ √d"));
    parts.append(s.causal ? tr("causal") : tr("full attention"));
    if (m_document->isComputing())
        parts.append(tr("computing…"));
    m_summary->setText(parts.join(QStringLiteral("  ·  ")));
    m_summary->setToolTip(tr("Tokens, dimension and the switches of the current scenario"));
}

// The d slider --------------------------------------------------------------------------------

void MainWindow::requestDimension(int d)
{
    if (const auto change = m_experiment.request(m_document->scenario(), d))
        applyDimensionChange(*change);
}

void MainWindow::reroll()
{
    applyDimensionChange(m_experiment.reroll(m_document->scenario()));
}

void MainWindow::applyDimensionChange(const DimensionExperiment::Change &change)
{
    if (change.kind == DimensionExperiment::Change::Kind::RestoreHandMade)
        m_document->replace(change.scenario, tr("Restore the hand-made queries and keys"));
    else
        m_document->replace(change.scenario,
                            tr("Random queries and keys, d = %1").arg(change.scenario.dimension()));
}

// Files ---------------------------------------------------------------------------------------

bool MainWindow::loadFile(const QString &fileName, QString *error)
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
    m_experiment.end();
    addRecentFile(fileName);
    setMode(Mode::Workbench);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(fileName)), 4000);
    return true;
}

bool MainWindow::openFile(const QString &fileName)
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

bool MainWindow::saveFile(const QString &fileName)
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
    if (!error.isEmpty()) {
        showError(tr("Cannot Save Scenario"), error);
        return false;
    }
    m_document->setFileName(fileName);
    m_document->markSaved();
    addRecentFile(fileName);
    updateWindowTitle();
    statusBar()->showMessage(tr("Saved %1").arg(name), 4000);
    return true;
}

bool MainWindow::offerRecovery()
{
    const std::optional<AutosaveRecovery> recovery = Autosave::pendingRecovery();
    if (!recovery)
        return false;
    const bool restore = m_recoveryPrompt ? m_recoveryPrompt(*recovery) : askToRestore(*recovery);
    bool restored = false;
    if (restore) {
        if (m_document->reset(recovery->scenario, recovery->fileName)) {
            m_document->undoStack()->resetClean(); // still to be saved
            m_experiment.end();
            updateWindowTitle();
            restored = true;
        } else {
            showError(tr("Cannot Restore Scenario"), m_document->lastError());
        }
    }
    Autosave::discard(*recovery); // the document's own autosave takes over
    return restored;
}

bool MainWindow::askToRestore(const AutosaveRecovery &recovery)
{
    QMessageBox box(QMessageBox::Question, tr("Restore Unsaved Scenario"),
                    tr("Attention Lab did not close properly last time. Restore the unsaved "
                       "scenario from %1?")
                        .arg(QLocale().toString(recovery.savedAt, QLocale::ShortFormat)),
                    QMessageBox::Discard, this);
    if (!recovery.fileName.isEmpty())
        box.setInformativeText(
            tr("It was an edit of %1.").arg(QDir::toNativeSeparators(recovery.fileName)));
    QPushButton *restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
    box.setDefaultButton(restore);
    box.exec();
    return box.clickedButton() == restore;
}

bool MainWindow::loadPreset(const QString &name)
{
    const std::optional<Scenario> scenario = preset(name);
    if (!scenario)
        return false;
    setMode(Mode::Workbench); // where the preset is shown
    return m_document->replace(*scenario, tr("Load preset %1").arg(name));
}

bool MainWindow::exportHeatmap(HeatmapWidget *heatmap, const QString &fileName)
{
    QString error;
    const bool svg = fileName.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    const bool ok = svg ? heatmap->saveSvg(fileName, &error) : heatmap->savePng(fileName, &error);
    if (!ok) {
        showError(tr("Cannot Export"), error);
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(fileName)), 4000);
    return true;
}

bool MainWindow::exportCsv(Table table, const QString &fileName)
{
    const MatrixModel *model = m_weights->model();
    if (table == Table::Scores)
        model = m_scores->model();
    else if (table == Table::Output)
        model = m_output->outputHeatmap()->model();
    QString reason;
    if (!writeFileAtomically(fileName, model->toCsv(), &reason)) {
        showError(tr("Cannot Export"), tr("Could not write %1: %2").arg(fileName, reason));
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(fileName)), 4000);
    return true;
}

void MainWindow::newScenario()
{
    if (!maybeSave())
        return;
    m_document->reset(*preset(QStringLiteral("lesson")));
    m_experiment.end();
    setMode(Mode::Workbench);
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString fileName = QFileDialog::getOpenFileName(
        this, tr("Open Scenario"), m_lastDirectory, tr("Scenario files (*.json);;All files (*)"));
    if (fileName.isEmpty())
        return;
    m_lastDirectory = QFileInfo(fileName).absolutePath();
    QString error;
    if (!loadFile(fileName, &error))
        showError(tr("Cannot Open Scenario"), error);
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    return saveFile(m_document->fileName());
}

bool MainWindow::saveAs()
{
    QString suggested = m_document->fileName();
    if (suggested.isEmpty())
        suggested = QDir(m_lastDirectory).filePath(QStringLiteral("scenario.json"));
    QString fileName = QFileDialog::getSaveFileName(this, tr("Save Scenario"), suggested,
                                                    tr("Scenario files (*.json)"));
    if (fileName.isEmpty())
        return false;
    if (QFileInfo(fileName).suffix().isEmpty())
        fileName += QStringLiteral(".json");
    m_lastDirectory = QFileInfo(fileName).absolutePath();
    return saveFile(fileName);
}

void MainWindow::exportHeatmapInteractive(HeatmapWidget *heatmap, const QString &suggestedName,
                                          bool svg)
{
    const QString fileName = QFileDialog::getSaveFileName(
        this, tr("Export Heatmap"), QDir(m_lastDirectory).filePath(suggestedName),
        svg ? tr("SVG drawing (*.svg)") : tr("PNG image (*.png)"));
    if (fileName.isEmpty())
        return;
    m_lastDirectory = QFileInfo(fileName).absolutePath();
    exportHeatmap(heatmap, fileName);
}

void MainWindow::exportCsvInteractive(Table table, const QString &suggestedName)
{
    const QString fileName = QFileDialog::getSaveFileName(
        this, tr("Export Table"), QDir(m_lastDirectory).filePath(suggestedName),
        tr("CSV table (*.csv)"));
    if (fileName.isEmpty())
        return;
    m_lastDirectory = QFileInfo(fileName).absolutePath();
    exportCsv(table, fileName);
}

void MainWindow::copyImage()
{
    QApplication::clipboard()->setImage(m_weights->toImage(2.0));
    statusBar()->showMessage(tr("The weights heatmap is on the clipboard"), 3000);
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
                    tr("The scenario has changes that are not saved. Save them first?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
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

void MainWindow::showError(const QString &title, const QString &message)
{
    m_lastError = message;
    // Window-modal and non-blocking, so that scripted use (and tests) can carry on.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorMessage"));
    box->open();
}

// Recent files and settings -------------------------------------------------------------------

void MainWindow::addRecentFile(const QString &fileName)
{
    const QString path = QFileInfo(fileName).absoluteFilePath();
    m_recentFiles.removeAll(path);
    m_recentFiles.prepend(path);
    while (m_recentFiles.size() > maxRecentFiles)
        m_recentFiles.removeLast();
    m_lastDirectory = QFileInfo(path).absolutePath();
    rebuildRecentMenu();
    writeSettings();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    for (int i = 0; i < m_recentFiles.size(); ++i) {
        const QString path = m_recentFiles.at(i);
        QAction *action = m_recentMenu->addAction(
            QStringLiteral("&%1  %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setToolTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    if (!m_recentFiles.isEmpty())
        m_recentMenu->addSeparator();
    m_recentMenu->addAction(m_clearRecentAction);
    m_clearRecentAction->setEnabled(!m_recentFiles.isEmpty());
}

void MainWindow::readSettings()
{
    // What is restored here must not be written back half-restored (zoom, the lesson's pages
    // and the mode each ask to save the settings when they change).
    const QScopedValueRollback<bool> reading(m_readingSettings, true);
    QSettings settings;
    m_recentFiles = settings.value(Key::recentFiles).toStringList();
    m_lastDirectory = settings.value(Key::lastDirectory).toString();
    rebuildRecentMenu();
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
    // A first start opens the lesson; later ones what was shown last.
    setMode(settings.value(Key::mode).toString() == QLatin1String("workbench") ? Mode::Workbench
                                                                               : Mode::Lesson);
}

void MainWindow::writeSettings() const
{
    if (m_settings != Settings::Use || m_readingSettings)
        return;
    QSettings settings;
    settings.setValue(Key::recentFiles, m_recentFiles);
    settings.setValue(Key::lastDirectory, m_lastDirectory);
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

// Language, zoom, full screen, about ----------------------------------------------------------

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

void MainWindow::setZoom(double zoom)
{
    int best = 0;
    for (int i = 0; i < int(zoomFactors.size()); ++i)
        if (std::abs(zoomFactors[i] - zoom) < std::abs(zoomFactors[best] - zoom))
            best = i;
    m_zoomIndex = best;
    QFont font = m_baseFont;
    if (m_baseFont.pointSizeF() > 0)
        font.setPointSizeF(m_baseFont.pointSizeF() * zoomFactors[best]);
    else
        font.setPixelSize(int(std::lround(m_baseFont.pixelSize() * zoomFactors[best])));
    setFont(font);
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

void MainWindow::toggleFullScreen(bool fullScreen)
{
    if (fullScreen)
        showFullScreen();
    else
        showNormal();
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About Attention Lab"),
        tr("<h3>Attention Lab %1</h3>"
           "<p>Learn how attention in Transformers works by touching every number: queries, "
           "keys, scores, softmax, the causal mask and the output.</p>"
           "<p>Built with Qt %2 (running on Qt %3) and Eigen %4.</p>")
                .arg(versionString(), QStringLiteral(QT_VERSION_STR),
                     QString::fromLatin1(qVersion()), eigenVersion()) +
            tr("<p>Licensed under the MIT License.</p>"));
}

// Events --------------------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    event->accept();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::WindowStateChange) {
        const QSignalBlocker blocker(m_fullScreenAction);
        m_fullScreenAction->setChecked(isFullScreen());
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_laidOut && m_mode == Mode::Workbench) { // else when the workbench is first shown
        m_laidOut = true;
        applyDefaultLayout();
    }
}

} // namespace attention
