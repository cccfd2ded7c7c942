#include "modelactions.h"

#include "dialogfolder.h"
#include "recentfiles.h"
#include "trainpage.h"

#include <QAction>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace attention {

ModelActions::ModelActions(TrainPage *page, std::function<void()> showPage, QMainWindow *window)
    : QObject(window)
    , m_page(page)
    , m_showPage(std::move(showPage))
    , m_window(window)
    , m_open(new QAction(this))
    , m_save(new QAction(this))
    , m_recentMenu(new QMenu(window))
{
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, &ModelActions::openModel);
    connect(m_recent, &RecentFiles::changed, this, &ModelActions::settingsChanged);
    connect(m_open, &QAction::triggered, this, [this] {
        const QString name = QFileDialog::getOpenFileName(
            m_window, tr("Open Model"), dialogfolder::start(), TrainPage::modelFileFilter());
        dialogfolder::use(name);
        if (!name.isEmpty())
            openModel(name);
    });
    connect(m_save, &QAction::triggered, this, [this] {
        const std::optional<SavedWeights> which = askWhichWeights();
        if (!which)
            return;
        const QString name = QFileDialog::getSaveFileName(
            m_window, tr("Save Model: %1").arg(weightsName(*which)),
            dialogfolder::suggestion(QStringLiteral("model.safetensors")),
            TrainPage::modelFileFilter());
        dialogfolder::use(name);
        if (!name.isEmpty())
            saveModel(name, *which);
    });
    // The page's own buttons are these actions, and every model file is remembered.
    connect(m_page, &TrainPage::openModelRequested, m_open, &QAction::trigger);
    connect(m_page, &TrainPage::saveModelRequested, m_save, &QAction::trigger);
    connect(m_page, &TrainPage::modelFileUsed, m_recent, &RecentFiles::add);
}

void ModelActions::addToMenu(QMenu *fileMenu, QAction *before)
{
    fileMenu->insertAction(before, m_open);
    fileMenu->insertMenu(before, m_recentMenu);
    fileMenu->insertAction(before, m_save);
    fileMenu->insertSeparator(before);
}

void ModelActions::retranslateUi()
{
    m_open->setText(tr("Open &Model…"));
    m_open->setStatusTip(tr("Open a trained tiny model (safetensors) in lesson step 7"));
    m_recentMenu->setTitle(tr("Open Recent Mode&ls"));
    m_save->setText(tr("Save Mo&del…"));
    m_save->setStatusTip(
        tr("Save the best or the latest weights of lesson step 7's model (safetensors)"));
    m_recent->retranslateUi();
}

bool ModelActions::openModel(const QString &fileName)
{
    if (!m_page->openModel(fileName)) {
        if (!m_page->lastError().isEmpty()) // empty: the learner kept the run that is not saved
            showError(tr("Cannot Open Model"), m_page->lastError());
        return false;
    }
    m_showPage(); // where the opened model is shown
    m_window->statusBar()->showMessage(tr("Opened the model %1").arg(fileName), 4000);
    return true;
}

bool ModelActions::saveModel(const QString &fileName, SavedWeights which)
{
    if (!m_page->saveModel(fileName, which)) {
        showError(tr("Cannot Save Model"), m_page->lastError());
        return false;
    }
    m_window->statusBar()->showMessage(tr("Saved %1 as %2").arg(weightsName(which), fileName),
                                       4000);
    return true;
}

QString ModelActions::weightsName(SavedWeights which) const
{
    const TrainingSession &session = *m_page->session();
    const int latest = session.model() ? session.model()->step : 0;
    if (which == SavedWeights::Best && session.bestModel())
        return tr("the best weights (step %1)").arg(session.bestModel()->step);
    return tr("the latest weights (step %1)").arg(latest);
}

std::optional<SavedWeights> ModelActions::askWhichWeights()
{
    const TrainingSession &session = *m_page->session();
    if (!session.model() || !session.bestModel() ||
        session.bestModel()->step == session.model()->step)
        return SavedWeights::Best; // one model: nothing to choose
    QMessageBox box(QMessageBox::Question, tr("Save Model"),
                    tr("The model is at step %1, but its validation loss was lowest at step %2. "
                       "Which weights do you want to save?")
                        .arg(session.model()->step)
                        .arg(session.bestModel()->step),
                    QMessageBox::Cancel, m_window);
    QPushButton *best =
        box.addButton(tr("Best (step %1)").arg(session.bestModel()->step), QMessageBox::AcceptRole);
    QPushButton *latest =
        box.addButton(tr("Latest (step %1)").arg(session.model()->step), QMessageBox::AcceptRole);
    box.setDefaultButton(best);
    box.exec();
    if (box.clickedButton() == best)
        return SavedWeights::Best;
    if (box.clickedButton() == latest)
        return SavedWeights::Latest;
    return std::nullopt;
}

QStringList ModelActions::recentModels() const
{
    return m_recent->files();
}

void ModelActions::restore(const QStringList &recentModels)
{
    m_recent->setFiles(recentModels);
}

void ModelActions::showError(const QString &title, const QString &message)
{
    if (m_window->isVisible())
        QMessageBox::warning(m_window, title, message);
}

} // namespace attention
