#pragma once

/// The main window's menu bar: File (FileActions and ModelActions' entries), Edit (UndoActions'
/// Undo and Redo, Copy Weights Image), View (the mode, full screen, WindowZoom's steps, the
/// weights' colour scale, the panels), Presets, Language and Help (the user manual, About), and
/// the Lesson | Workbench buttons at its right end; their texts in both languages.
///
/// It does what only the menus concern (full screen, the manual's window, the About box) and asks
/// the window for the
/// rest through its signals; the window tells it what it shows (setWorkbenchShown) and which
/// language is on (setLanguageChecked).

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QActionGroup;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace attention {

class FileActions;
class ManualWindow;
class ModelActions;
class UndoActions;
class WindowZoom;

class WindowMenus : public QObject
{
    Q_OBJECT

public:
    /// The parts whose actions the menus show.
    struct Parts
    {
        FileActions *files;
        ModelActions *models;
        UndoActions *undo;
        WindowZoom *zoom;
        QList<QDockWidget *> docks; ///< View → Panels, in this order
    };

    /// Creates the actions and fills `window`'s menu bar.
    WindowMenus(const Parts &parts, QMainWindow *window);

    void retranslateUi();
    /// The workbench is shown (or the lesson): checks its mode action, and enables what only
    /// the workbench has (the panels, export, copying and colouring the weights).
    void setWorkbenchShown(bool workbench);
    void setLanguageChecked(const QString &language);
    /// Follows the window's state (full screen may also be left by the window manager).
    void setFullScreenChecked(bool fullScreen);

    QMenu *fileMenu() const { return m_fileMenu; }
    QMenu *editMenu() const { return m_editMenu; }
    QMenu *viewMenu() const { return m_viewMenu; }
    QMenu *presetsMenu() const { return m_presetsMenu; }
    QMenu *languageMenu() const { return m_languageMenu; }
    QMenu *helpMenu() const { return m_helpMenu; }
    QAction *lessonModeAction() const { return m_lessonMode; }
    QAction *workbenchModeAction() const { return m_workbenchMode; }
    /// View → Fixed 0–1 Weight Colours (checkable; the window connects it to the heatmap).
    QAction *fixedRangeAction() const { return m_fixedRange; }
    /// Help → User Manual (F1): opens the manual's window, or brings it to the front.
    QAction *manualAction() const { return m_manual; }
    /// The manual's window once it was opened, else null.
    ManualWindow *manualWindow() const;
    /// What Help → About shows: the version, Qt's and Eigen's, the CPU path of the kernels, where
    /// the manual is, the licence.
    static QString aboutText();

Q_SIGNALS:
    void lessonRequested();
    void workbenchRequested();
    void presetRequested(const QString &name);
    void languageRequested(const QString &language);
    void copyImageRequested();

private:
    void createActions();
    void createViewActions();
    void createMenus();
    void createViewMenu();
    void createModeButtons();
    void retranslateViewMenu();
    void about();
    void openManual();

    Parts m_parts;
    QMainWindow *m_window;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_editMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_docksMenu = nullptr;
    QMenu *m_presetsMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_copyImage = nullptr;
    QAction *m_fullScreen = nullptr;
    QAction *m_fixedRange = nullptr;
    QAction *m_manual = nullptr;
    QPointer<ManualWindow> m_manualWindow;
    QAction *m_about = nullptr;
    QAction *m_aboutQt = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QActionGroup *m_modeGroup = nullptr;
    QAction *m_lessonMode = nullptr;
    QAction *m_workbenchMode = nullptr;
    QList<QAction *> m_presetActions;
};

} // namespace attention
