#pragma once

/// The main window's side of Autosave: it keeps the open scenario's copy (Autosave, app/model)
/// and, at start, offers to restore a copy that an instance which crashed left behind.
///
/// The question is a message box unless a test replaces it (setPrompt). A restored scenario
/// replaces the document, still modified and with its original file name; either way the copy
/// is deleted, and the document's own autosave takes over.

#include <QObject>
#include <functional>

class QMainWindow;

namespace attention {

class Autosave;
class FileActions;
class ScenarioDocument;
struct AutosaveRecovery;

class CrashRecovery : public QObject
{
    Q_OBJECT

public:
    /// Answers "restore this scenario left by an instance that crashed?" (true: restore).
    using Prompt = std::function<bool(const AutosaveRecovery &recovery)>;

    /// Autosaves `document`; `files` shows a failed restore; `window` parents the question.
    CrashRecovery(ScenarioDocument *document, FileActions *files, QMainWindow *window);
    /// Deletes the autosave first, which removes its copy: this is a clean exit.
    ~CrashRecovery() override;

    /// Replaces the message box that offer() shows.
    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }
    /// If an instance that is gone left an autosaved scenario, asks whether to restore it. True
    /// when a scenario was restored.
    bool offer();
    Autosave *autosave() const { return m_autosave; }

Q_SIGNALS:
    /// A crashed instance's scenario replaced the document.
    void restored();

private:
    bool ask(const AutosaveRecovery &recovery);

    ScenarioDocument *m_document;
    FileActions *m_files;
    QMainWindow *m_window;
    Autosave *m_autosave;
    Prompt m_prompt;
};

} // namespace attention
