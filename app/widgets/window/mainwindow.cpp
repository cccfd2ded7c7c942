// MainWindow: its views and parts, how they are connected, the mode, the selected query, the d
// slider, and the settings it applies and collects. The parts (files, menus, undo, zoom,
// settings, crash recovery) are classes of their own; see mainwindow.h.

#include "mainwindow.h"

#include "compareview.h"
#include "controlspanel.h"
#include "currentpagestack.h"
#include "heatmapwidget.h"
#include "language.h"
#include "lessonpage.h"
#include "lessonview.h"
#include "matrixmodel.h"
#include "modelactions.h"
#include "numberformat.h"
#include "outputview.h"
#include "presets.h"
#include "trainingsession.h"
#include "trainpage.h"
#include "undoactions.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "weightschart.h"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QScreen>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace attention {

namespace {

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

/// The table shows up to this many tokens' rows without scrolling in the default layout.
constexpr int maxTableRowsShown = 8;

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
    , m_settings(settings == Settings::Use)
    , m_document(new ScenarioDocument(this))
    , m_language(new Language(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    createViews();
    createDocks();
    createParts();
    connectParts();
    connectMenus();
    m_summary = new QLabel(this);
    statusBar()->addPermanentWidget(m_summary);
    m_selectedToken = int(m_document->scenario().tokenCount()) - 1;
    retranslateUi();
    scenarioChanged();
    resultChanged();
    setSelectedToken(m_selectedToken);
    resize(firstStartSize(screen()->availableGeometry()));
    readSettings();
}

MainWindow::~MainWindow()
{
    // The undo group first: the stacks it holds die later, with the document and the lesson
    // pages, and their signals must not reach a half-destroyed window.
    delete m_undo;
    // The autosave (which deletes its copy: this is a clean exit) goes before the document it
    // watches, and the document (which silences its undo stack) before the views listening to it.
    delete m_recovery;
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
    // hidden then). Only the one shown counts for the window's minimum size.
    m_lesson = new LessonView(this);
    m_central = new CurrentPageStack(this);
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

void MainWindow::createParts()
{
    m_files = new FileActions(m_document, {m_scores, m_weights, m_output}, this);
    m_models = new ModelActions(
        m_lesson->trainPage(), [this] { showLessonStep(LessonView::trainStep); }, this);
    m_recovery = new CrashRecovery(m_document, m_files, this);
    m_undo = new UndoActions(this);
    m_undo->addStack(m_document->undoStack());
    for (int step = 1; step <= LessonView::stepCount; ++step)
        if (QUndoStack *stack = m_lesson->page(step)->undoStack())
            m_undo->addStack(stack);
    m_undo->setActiveStack(m_document->undoStack());
    m_zoom = new WindowZoom(this);
    m_menus =
        new WindowMenus({m_files,
                         m_models,
                         m_undo,
                         m_zoom,
                         {m_planeDock, m_chartDock, m_editorDock, m_compareDock, m_outputDock}},
                        this);
}

void MainWindow::applyDefaultLayout()
{
    const int w = width();
    const int h = height();
    // The row of panels at the bottom: as high as the compare panel needs to write every weight
    // and name every token (or, in a short window, cells as large as the heatmaps' above), and
    // the table to show every token's row; within a third to a half of the window. The compare
    // panel is as wide as its cells need, within a quarter to 40 % of the window.
    const int middle = h - menuBar()->sizeHint().height() - m_controlsBar->sizeHint().height() -
                       statusBar()->sizeHint().height();
    const int titleBar = m_compareDock->minimumSizeHint().height() -
                         m_compareDock->widget()->minimumSizeHint().height();
    const int rows = std::max(m_compare->heatmap()->model()->rowCount(), 1);
    const int overheads =
        titleBar + m_compare->sizeForCellSize(0).height() + m_weights->sizeForCellSize(0).height();
    const qreal cell =
        std::min(m_compare->heatmap()->readableCellSize(), qreal(middle - overheads) / (2 * rows));
    const QSize compare = m_compare->sizeForCellSize(cell);
    const int bottom = std::clamp(
        titleBar + std::max(compare.height(), m_editor->heightForRows(maxTableRowsShown)),
        int(h * 0.33), int(h * 0.5));
    const int compareWidth = std::clamp(compare.width() + 8, int(w * 0.25), int(w * 0.4));
    const int editorWidth = int((w - compareWidth) * 0.55);

    // The plane and the chart share the column beside the heatmaps, one above the other; where
    // that column is too short for both (a laptop, a projector, a large zoom) they become tabs.
    const int column = middle - bottom;
    const int bothNeed =
        m_planeDock->minimumSizeHint().height() + m_chartDock->minimumSizeHint().height();
    const bool tabs = column < bothNeed * 3 / 2;
    const bool tabbed = tabifiedDockWidgets(m_planeDock).contains(m_chartDock);
    const bool docked = !m_planeDock->isFloating() && !m_chartDock->isFloating() &&
                        dockWidgetArea(m_planeDock) == Qt::RightDockWidgetArea &&
                        dockWidgetArea(m_chartDock) == Qt::RightDockWidgetArea;
    if (docked && tabs && !tabbed) {
        tabifyDockWidget(m_planeDock, m_chartDock);
        m_planeDock->raise();
    } else if (docked && !tabs && tabbed) {
        removeDockWidget(m_chartDock);
        addDockWidget(Qt::RightDockWidgetArea, m_chartDock);
        splitDockWidget(m_planeDock, m_chartDock, Qt::Vertical);
        m_chartDock->show();
    }

    resizeDocks({m_planeDock, m_chartDock}, {int(w * 0.30), int(w * 0.30)}, Qt::Horizontal);
    if (!tabs)
        resizeDocks({m_planeDock, m_chartDock}, {column * 54 / 100, column * 46 / 100},
                    Qt::Vertical);
    resizeDocks({m_editorDock, m_compareDock, m_outputDock},
                {editorWidth, compareWidth, w - compareWidth - editorWidth}, Qt::Horizontal);
    resizeDocks({m_editorDock}, {bottom}, Qt::Vertical);
    m_heatmapSplitter->setSizes({1, 1});
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

    // Controls → document edits (the d slider's through the experiment).
    connectControls(m_controls, m_document);
    connect(m_controls, &ControlsPanel::dimensionRequested, this, &MainWindow::requestDimension);
    connect(m_controls, &ControlsPanel::rerollRequested, this, &MainWindow::reroll);

    // Selecting a query anywhere selects it everywhere.
    connect(m_scores, &HeatmapWidget::tokenSelected, this, &MainWindow::setSelectedToken);
    connect(m_weights, &HeatmapWidget::tokenSelected, this, &MainWindow::setSelectedToken);
    connect(m_output, &OutputView::tokenSelected, this, &MainWindow::setSelectedToken);
    connect(m_compare, &CompareView::tokenSelected, this, &MainWindow::setSelectedToken);
    connect(m_editor, &VectorEditor::tokenSelected, this, &MainWindow::setSelectedToken);
    connect(m_plane, &VectorPlane::tokenSelected, this, &MainWindow::setSelectedToken);

    // The file actions replace or save the scenario, and change the recent files.
    connect(m_files, &FileActions::scenarioReplaced, this, &MainWindow::scenarioReplaced);
    connect(m_files, &FileActions::fileSaved, this, &MainWindow::updateWindowTitle);
    connect(m_files, &FileActions::settingsChanged, this, &MainWindow::writeSettings);
    connect(m_models, &ModelActions::settingsChanged, this, &MainWindow::writeSettings);

    // The lesson: Edit → Undo follows its pages, and its state is kept as it changes.
    connect(m_lesson, &LessonView::currentStepChanged, this, [this] {
        updateActiveUndoStack();
        writeSettings();
    });

    // When step 7 keeps its best weights (every few seconds of a run), the lesson's state too.
    connect(m_lesson->trainPage()->session(), &TrainingSession::bestFileWritten, this,
            &MainWindow::writeSettings);

    // Step 7 hands a learned head to the workbench, as one step of the document's undo history.
    connect(m_lesson->trainPage(), &TrainPage::workbenchRequested, this,
            [this](const Scenario &scenario) {
                setMode(Mode::Workbench);
                m_document->replaceWithRegenerable(scenario, tr("Open a learned head"));
            });

    // A crashed instance's scenario is in: the d slider's experiment is over.
    connect(m_recovery, &CrashRecovery::restored, this, [this] {
        m_experiment.end();
        updateWindowTitle();
    });
}

void MainWindow::connectMenus()
{
    connect(m_menus, &WindowMenus::lessonRequested, this, [this] { setMode(Mode::Lesson); });
    connect(m_menus, &WindowMenus::workbenchRequested, this, [this] { setMode(Mode::Workbench); });
    connect(m_menus, &WindowMenus::presetRequested, this, &MainWindow::loadPreset);
    connect(m_menus, &WindowMenus::languageRequested, this, &MainWindow::setLanguage);
    connect(m_menus, &WindowMenus::copyImageRequested, this, &MainWindow::copyImage);

    // Larger text needs larger panels: the workbench's are laid out again for the new size, so
    // that the compare panel and the table stay readable.
    connect(m_zoom, &WindowZoom::changed, this, [this] {
        if (m_mode == Mode::Workbench && isVisible())
            applyDefaultLayout();
        writeSettings();
    });

    // The weights' colour scale, from the View menu or the heatmap's own context menu.
    QAction *fixedRange = m_menus->fixedRangeAction();
    fixedRange->setChecked(m_weights->fixedRange());
    connect(fixedRange, &QAction::toggled, m_weights, &HeatmapWidget::setFixedRange);
    connect(m_weights, &HeatmapWidget::fixedRangeToggled, fixedRange, &QAction::setChecked);
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
    m_summary->setVisible(workbench);
    m_menus->setWorkbenchShown(workbench);
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
    m_undo->setActiveStack(m_mode == Mode::Workbench ? m_document->undoStack()
                                                     : m_lesson->currentPage()->undoStack());
}

// The document and the views -----------------------------------------------------------------

void MainWindow::scenarioChanged()
{
    const Scenario &scenario = m_document->scenario();
    const int T = int(scenario.tokenCount());
    if (m_selectedToken >= T || m_selectedToken < 0)
        m_selectedToken = T - 1;
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
    setSelectedToken(m_selectedToken);
}

void MainWindow::setSelectedToken(int row)
{
    const int T = int(m_document->scenario().tokenCount());
    if (row < 0 || row >= T)
        return;
    m_selectedToken = row;
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
    // The steps of one d slider drag merge into one undo step, named for where it ended.
    if (const auto change = m_experiment.request(m_document->scenario(), d))
        applyDimensionChange(*change, ScenarioDocument::Step::Continuous);
}

void MainWindow::reroll()
{
    applyDimensionChange(m_experiment.reroll(m_document->scenario()), ScenarioDocument::Step::Own);
}

void MainWindow::applyDimensionChange(const DimensionExperiment::Change &change,
                                      ScenarioDocument::Step step)
{
    if (change.kind == DimensionExperiment::Change::Kind::RestoreHandMade)
        m_document->replace(change.scenario, tr("Restore the hand-made queries and keys"), step);
    else
        m_document->replace(change.scenario,
                            tr("Random queries and keys, d = %1").arg(change.scenario.dimension()),
                            step);
}

// Files ---------------------------------------------------------------------------------------

void MainWindow::scenarioReplaced()
{
    m_experiment.end();
    setMode(Mode::Workbench);
}

bool MainWindow::loadPreset(const QString &name)
{
    const std::optional<Scenario> scenario = preset(name);
    if (!scenario)
        return false;
    setMode(Mode::Workbench); // where the preset is shown
    return m_document->replace(*scenario, tr("Load preset %1").arg(name));
}

void MainWindow::copyImage()
{
    QApplication::clipboard()->setImage(m_weights->toImage(2.0));
    statusBar()->showMessage(tr("The weights heatmap is on the clipboard"), 3000);
}

// Texts and language --------------------------------------------------------------------------

void MainWindow::retranslateUi()
{
    m_menus->retranslateUi();
    m_controlsBar->setWindowTitle(tr("Controls"));
    m_planeDock->setWindowTitle(tr("Vector plane"));
    m_chartDock->setWindowTitle(tr("Weights of the selected query"));
    m_editorDock->setWindowTitle(tr("Queries, keys and values"));
    m_compareDock->setWindowTitle(tr("Compare"));
    m_outputDock->setWindowTitle(tr("Output = weights · values"));
    m_scores->setToolTip(QString());
    updateWindowTitle();
    updateStatusSummary();
}

bool MainWindow::setLanguage(const QString &language)
{
    if (!m_language->setLanguage(language))
        return false;
    m_menus->setLanguageChecked(language);
    writeSettings();
    return true;
}

QString MainWindow::language() const
{
    return m_language->language();
}

// Settings ------------------------------------------------------------------------------------

void MainWindow::readSettings()
{
    m_settings.restore([this](const SavedWindow &saved) { applySettings(saved); });
}

void MainWindow::applySettings(const SavedWindow &saved)
{
    m_files->restore(saved.recentFiles, saved.lastDirectory);
    m_models->restore(saved.recentModels);
    if (saved.zoom != 1.0)
        setZoom(saved.zoom);
    if (!saved.geometry.isEmpty())
        restoreGeometry(saved.geometry);
    if (!saved.state.isEmpty() && restoreState(saved.state))
        m_laidOut = true;
    if (saved.lesson)
        m_lesson->restoreState(*saved.lesson);
    // Step 7 keeps its best weights in the data folder and shows them again at the next start.
    m_lesson->trainPage()->setBestFile(
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
        QStringLiteral("/models/last.safetensors"));
    // A first start opens the lesson; later ones what was shown last.
    setMode(saved.workbench ? Mode::Workbench : Mode::Lesson);
}

void MainWindow::writeSettings() const
{
    if (!m_settings.isWritable())
        return;
    SavedWindow saved;
    m_files->writeTo(saved); // the recent files, the last folder, the open file
    saved.recentModels = m_models->recentModels();
    saved.zoom = zoom();
    saved.language = m_language->language();
    saved.workbench = m_mode == Mode::Workbench;
    saved.lesson = m_lesson->saveState();
    if (isVisible()) {
        saved.geometry = saveGeometry();
        // The workbench's panels, not the lesson's hidden ones.
        saved.state = m_mode == Mode::Lesson ? m_workbenchState : saveState();
    }
    m_settings.write(saved);
}

// Events --------------------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
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
    else if (event->type() == QEvent::WindowStateChange)
        m_menus->setFullScreenChecked(isFullScreen());
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
