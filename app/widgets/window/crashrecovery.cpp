#include "crashrecovery.h"

#include "autosave.h"
#include "fileactions.h"
#include "scenariodocument.h"

#include <QDir>
#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

namespace attention {

CrashRecovery::CrashRecovery(ScenarioDocument *document, FileActions *files, QMainWindow *window)
    : QObject(window)
    , m_document(document)
    , m_files(files)
    , m_window(window)
    , m_autosave(new Autosave(document, this))
{}

CrashRecovery::~CrashRecovery()
{
    delete m_autosave;
}

bool CrashRecovery::offer()
{
    const std::optional<AutosaveRecovery> recovery = Autosave::pendingRecovery();
    if (!recovery)
        return false;
    const bool restore = m_prompt ? m_prompt(*recovery) : ask(*recovery);
    bool done = false;
    if (restore) {
        if (m_document->reset(recovery->scenario, recovery->fileName)) {
            m_document->undoStack()->resetClean(); // still to be saved
            done = true;
            Q_EMIT restored();
        } else {
            m_files->showError(tr("Cannot Restore Scenario"), m_document->lastError());
        }
    }
    Autosave::discard(*recovery); // the document's own autosave takes over
    return done;
}

bool CrashRecovery::ask(const AutosaveRecovery &recovery)
{
    QMessageBox box(QMessageBox::Question, tr("Restore Unsaved Scenario"),
                    tr("Attention Lab did not close properly last time. Restore the unsaved "
                       "scenario from %1?")
                        .arg(QLocale().toString(recovery.savedAt, QLocale::ShortFormat)),
                    QMessageBox::Discard, m_window);
    if (!recovery.fileName.isEmpty())
        box.setInformativeText(
            tr("It was an edit of %1.").arg(QDir::toNativeSeparators(recovery.fileName)));
    QPushButton *restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
    box.setDefaultButton(restore);
    box.exec();
    return box.clickedButton() == restore;
}

} // namespace attention
