#include "windowmenus.h"

#include "costmeasurement.h"
#include "fileactions.h"
#include "language.h"
#include "manualwindow.h"
#include "modelactions.h"
#include "presets.h"
#include "undoactions.h"
#include "windowzoom.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolButton>

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

WindowMenus::WindowMenus(const Parts &parts, QMainWindow *window)
    : QObject(window)
    , m_parts(parts)
    , m_window(window)
{
    createActions();
    createMenus();
    createModeButtons();
}

// Actions -------------------------------------------------------------------------------------

void WindowMenus::createActions()
{
    m_copyImage = new QAction(this);
    m_copyImage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyImage, &QAction::triggered, this, &WindowMenus::copyImageRequested);
    createViewActions();

    m_manual = new QAction(this);
    m_manual->setObjectName(QStringLiteral("userManual"));
    m_manual->setShortcut(QKeySequence::HelpContents);
    connect(m_manual, &QAction::triggered, this, &WindowMenus::openManual);
    m_about = new QAction(this);
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, &WindowMenus::about);
    m_aboutQt = new QAction(this);
    m_aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);

    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    for (const QString &language : Language::available()) {
        auto *action = new QAction(Language::nativeName(language), m_languageGroup);
        action->setCheckable(true);
        action->setData(language);
        connect(action, &QAction::triggered, this,
                [this, language] { Q_EMIT languageRequested(language); });
    }

    for (const QString &name : presetNames()) {
        auto *action = new QAction(this);
        action->setData(name);
        connect(action, &QAction::triggered, this, [this, name] { Q_EMIT presetRequested(name); });
        m_presetActions.append(action);
    }
}

void WindowMenus::createViewActions()
{
    m_modeGroup = new QActionGroup(this);
    m_lessonMode = new QAction(m_modeGroup);
    m_lessonMode->setCheckable(true);
    m_lessonMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(m_lessonMode, &QAction::triggered, this, &WindowMenus::lessonRequested);
    m_workbenchMode = new QAction(m_modeGroup);
    m_workbenchMode->setCheckable(true);
    m_workbenchMode->setChecked(true);
    m_workbenchMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m_workbenchMode, &QAction::triggered, this, &WindowMenus::workbenchRequested);

    m_fullScreen = new QAction(this);
    m_fullScreen->setCheckable(true);
    m_fullScreen->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence::FullScreen});
    connect(m_fullScreen, &QAction::toggled, this, [this](bool fullScreen) {
        if (fullScreen)
            m_window->showFullScreen();
        else
            m_window->showNormal();
    });
    m_fixedRange = new QAction(this);
    m_fixedRange->setCheckable(true);
}

// Menus ---------------------------------------------------------------------------------------

void WindowMenus::createMenus()
{
    QMenuBar *bar = m_window->menuBar();
    m_fileMenu = bar->addMenu(QString());
    m_parts.files->addToMenu(m_fileMenu);
    m_parts.models->addToMenu(m_fileMenu, m_parts.files->exportMenu()->menuAction());

    m_editMenu = bar->addMenu(QString());
    m_editMenu->addAction(m_parts.undo->undoAction());
    m_editMenu->addAction(m_parts.undo->redoAction());
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_copyImage);

    createViewMenu();

    m_presetsMenu = bar->addMenu(QString());
    for (QAction *action : std::as_const(m_presetActions))
        m_presetsMenu->addAction(action);

    m_languageMenu = bar->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());

    m_helpMenu = bar->addMenu(QString());
    m_helpMenu->addAction(m_manual);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_about);
    m_helpMenu->addAction(m_aboutQt);
}

void WindowMenus::createViewMenu()
{
    m_viewMenu = m_window->menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_lessonMode);
    m_viewMenu->addAction(m_workbenchMode);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_fullScreen);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_parts.zoom->zoomInAction());
    m_viewMenu->addAction(m_parts.zoom->zoomOutAction());
    m_viewMenu->addAction(m_parts.zoom->resetAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_fixedRange);
    m_viewMenu->addSeparator();
    m_docksMenu = m_viewMenu->addMenu(QString());
    for (QDockWidget *dock : std::as_const(m_parts.docks))
        m_docksMenu->addAction(dock->toggleViewAction());
}

void WindowMenus::createModeButtons()
{
    // Lesson | Workbench, always in reach at the right end of the menu bar.
    QMenuBar *bar = m_window->menuBar();
    auto *modes = new QWidget(bar);
    auto *modesLayout = new QHBoxLayout(modes);
    modesLayout->setContentsMargins(0, 0, 6, 0);
    modesLayout->setSpacing(2);
    for (QAction *action : {m_lessonMode, m_workbenchMode}) {
        auto *button = new QToolButton(modes);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAutoRaise(true);
        modesLayout->addWidget(button);
    }
    bar->setCornerWidget(modes, Qt::TopRightCorner);
}

// State ---------------------------------------------------------------------------------------

void WindowMenus::setWorkbenchShown(bool workbench)
{
    (workbench ? m_workbenchMode : m_lessonMode)->setChecked(true);
    m_docksMenu->setEnabled(workbench);
    m_parts.files->exportMenu()->setEnabled(workbench);
    m_copyImage->setEnabled(workbench);
    m_fixedRange->setEnabled(workbench);
}

void WindowMenus::setLanguageChecked(const QString &language)
{
    for (QAction *action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == language);
}

void WindowMenus::setFullScreenChecked(bool fullScreen)
{
    const QSignalBlocker blocker(m_fullScreen);
    m_fullScreen->setChecked(fullScreen);
}

// Texts ---------------------------------------------------------------------------------------

void WindowMenus::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_parts.files->retranslateUi();
    m_parts.models->retranslateUi();

    m_editMenu->setTitle(tr("&Edit"));
    m_parts.undo->retranslateUi();
    m_copyImage->setText(tr("&Copy Weights Image"));
    m_copyImage->setStatusTip(tr("Copy the weights heatmap to the clipboard as an image"));

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
    m_manual->setText(tr("&User Manual"));
    m_manual->setStatusTip(
        tr("Read the lesson, the workbench and the other documents in a window"));
    m_about->setText(tr("&About Attention Lab"));
    m_about->setStatusTip(tr("Version, Qt and Eigen versions, the CPU path, where the manual is"));
    m_aboutQt->setText(tr("About &Qt"));
}

void WindowMenus::retranslateViewMenu()
{
    m_viewMenu->setTitle(tr("&View"));
    m_lessonMode->setText(tr("&Lesson"));
    m_lessonMode->setStatusTip(tr("Follow the lesson step by step"));
    m_lessonMode->setToolTip(tr("The guided lesson, step by step (Ctrl+1)"));
    m_workbenchMode->setText(tr("&Workbench"));
    m_workbenchMode->setStatusTip(tr("Edit a scenario freely: every heatmap and panel"));
    m_workbenchMode->setToolTip(tr("Edit any scenario freely (Ctrl+2)"));
    m_fullScreen->setText(tr("&Full Screen"));
    m_fullScreen->setStatusTip(tr("Fill the screen, for presenting"));
    m_parts.zoom->retranslateUi();
    m_fixedRange->setText(tr("Fixed 0–1 &Weight Colours"));
    m_fixedRange->setStatusTip(
        tr("Colour weights from 0 to 1 always, so sharpening is easy to compare; off: from the "
           "smallest to the largest weight shown"));
    m_docksMenu->setTitle(tr("&Panels"));
}

QString WindowMenus::aboutText()
{
    const QString manual = manualDirectory();
    return tr("<h3>Attention Lab %1</h3>"
              "<p>Learn how attention in Transformers works by touching every number: queries, "
              "keys, scores, softmax, the causal mask and the output.</p>"
              "<p>Built with Qt %2 (running on Qt %3) and Eigen %4.</p>")
               .arg(versionString(), QStringLiteral(QT_VERSION_STR),
                    QString::fromLatin1(qVersion()), eigenVersion()) +
           tr("<p>%1 kernels for this CPU.</p>").arg(kernelInstructionSet()) +
           (manual.isEmpty() ? tr("<p>The user manual was not found: it is installed in %1.</p>")
                                   .arg(manualSearchPath().value(0).toHtmlEscaped())
                             : tr("<p>The user manual (Help → User Manual) is in %1.</p>")
                                   .arg(QDir::toNativeSeparators(manual).toHtmlEscaped())) +
           tr("<p>Licensed under the MIT License.</p>");
}

void WindowMenus::about()
{
    QMessageBox::about(m_window, tr("About Attention Lab"), aboutText());
}

ManualWindow *WindowMenus::manualWindow() const
{
    return m_manualWindow;
}

void WindowMenus::openManual()
{
    if (!m_manualWindow)
        m_manualWindow = new ManualWindow(m_window);
    m_manualWindow->show();
    m_manualWindow->raise();
    m_manualWindow->activateWindow();
}

} // namespace attention
