// MainWindow, part two: its actions, its menus and their texts (and what the Edit, View and Help
// actions do that is not a document edit). The File menu is FileActions'.
// Construction and the views are in mainwindow.cpp, the settings in mainwindowsettings.cpp.

#include "fileactions.h"
#include "heatmapwidget.h"
#include "isa.h"
#include "language.h"
#include "lessonpage.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "modelactions.h"
#include "presets.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>

namespace attention {

namespace {

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

} // namespace

// Actions -------------------------------------------------------------------------------------

void MainWindow::createActions()
{
    m_files = new FileActions(m_document, {m_scores, m_weights, m_output}, this);
    m_models = new ModelActions(
        m_lesson->trainPage(), [this] { showLessonStep(LessonView::trainStep); }, this);
    createEditActions();
    createViewActions();

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

void MainWindow::createEditActions()
{
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

    m_copyImageAction = new QAction(this);
    m_copyImageAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyImageAction, &QAction::triggered, this, &MainWindow::copyImage);
}

void MainWindow::createViewActions()
{
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
    connect(m_zoomResetAction, &QAction::triggered, this, [this] { setZoom(1.0); });
    m_fixedRangeAction = new QAction(this);
    m_fixedRangeAction->setCheckable(true);
    m_fixedRangeAction->setChecked(m_weights->fixedRange());
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_files->addToMenu(m_fileMenu);
    m_models->addToMenu(m_fileMenu, m_files->exportMenu()->menuAction());

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
    createModeButtons();
}

void MainWindow::createModeButtons()
{
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

void MainWindow::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_files->retranslateUi();
    m_models->retranslateUi();

    m_editMenu->setTitle(tr("&Edit"));
    updateUndoTexts();
    m_undoAction->setStatusTip(tr("Undo the last change"));
    m_redoAction->setStatusTip(tr("Redo the change just undone"));
    m_copyImageAction->setText(tr("&Copy Weights Image"));
    m_copyImageAction->setStatusTip(tr("Copy the weights heatmap to the clipboard as an image"));

    retranslateViewMenu();

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
}

void MainWindow::retranslateViewMenu()
{
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
}

void MainWindow::updateUndoTexts()
{
    const QString undo = m_undoGroup->undoText();
    const QString redo = m_undoGroup->redoText();
    m_undoAction->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
    m_redoAction->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
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
            tr("<p>%1 kernels for this CPU.</p>").arg(QLatin1String(isaName(activeIsa()))) +
            tr("<p>Licensed under the MIT License.</p>"));
}

} // namespace attention
