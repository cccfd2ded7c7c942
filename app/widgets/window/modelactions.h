#pragma once

/// The File menu's entries for step 7's tiny model: Open Model…, Save Model… (the best or the
/// latest weights, as the learner chooses) and Open Recent Model. They act on the lesson's
/// TrainPage (shown first, so the learner sees what was opened) and report a refused or failed file
/// in a message box that names the file and what is wrong.

#include "trainingsession.h"

#include <QObject>
#include <QStringList>
#include <functional>
#include <optional>

class QAction;
class QMainWindow;
class QMenu;

namespace attention {

class RecentFiles;
class TrainPage;

class ModelActions : public QObject
{
    Q_OBJECT

public:
    /// `showPage` brings step 7 to the front.
    ModelActions(TrainPage *page, std::function<void()> showPage, QMainWindow *window);

    /// Puts the entries into `fileMenu` before `before` (with a separator after them).
    void addToMenu(QMenu *fileMenu, QAction *before);
    void retranslateUi();

    /// Opens a model file into step 7; on failure shows why and returns false (nothing changed).
    bool openModel(const QString &fileName);
    /// Saves step 7's best or latest weights; on failure shows why and returns false (any old
    /// file stays). The status bar says which weights were saved.
    bool saveModel(const QString &fileName, SavedWeights which = SavedWeights::Best);
    /// Which weights Save Model… writes: when the best validation loss is not the latest
    /// step's, the learner is asked (nothing: cancelled).
    std::optional<SavedWeights> askWhichWeights();
    /// "the best weights (step 475)" or "the latest weights (step 1000)".
    QString weightsName(SavedWeights which) const;

    QStringList recentModels() const;
    void restore(const QStringList &recentModels);

    QAction *openAction() const { return m_open; }
    QAction *saveAction() const { return m_save; }

Q_SIGNALS:
    /// The recent models changed: the window saves its settings.
    void settingsChanged();

private:
    void showError(const QString &title, const QString &message);

    TrainPage *m_page;
    std::function<void()> m_showPage;
    QMainWindow *m_window;
    QAction *m_open;
    QAction *m_save;
    QMenu *m_recentMenu;
    RecentFiles *m_recent;
};

} // namespace attention
