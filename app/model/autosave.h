#pragma once

/// Autosave of the open scenario, and the recovery of one left behind by a crash.
///
/// Half a second after the last edit (changed() while the document is modified), and at least
/// every two seconds while edits keep coming (a long drag), the scenario is written atomically to
/// <AppDataLocation>/autosave/<pid>-<start time>.json, with the document's file name beside it in a
/// .name file. The copy is removed when the document becomes clean (saved, reset, undone back to
/// the saved state) and when the Autosave is destroyed: only a crash leaves it behind. Each running
/// instance holds a QLockFile next to its copy, so pendingRecovery() only offers copies whose
/// instance is gone.

#include "scenario.h"

#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

class QTimer;

namespace attention {

class ScenarioDocument;

/// A scenario left behind by an instance that did not exit cleanly.
struct AutosaveRecovery
{
    Scenario scenario;
    QString fileName;  ///< the document's file when it was autosaved; empty for a new one
    QDateTime savedAt; ///< when the copy was written
    QString path;      ///< the autosave file itself
};

class Autosave : public QObject
{
    Q_OBJECT

public:
    /// Watches `document` (which must outlive this object or be its parent's child).
    explicit Autosave(ScenarioDocument *document, QObject *parent = nullptr);
    ~Autosave() override;

    /// Milliseconds between the last edit and the write (500 by default): a crash loses at most
    /// that much of the work.
    void setInterval(int milliseconds);
    int interval() const;
    /// The longest a modified document waits for its copy while edits keep restarting the
    /// interval (2000 ms by default).
    void setMaxDelay(int milliseconds);
    int maxDelay() const;
    /// This instance's autosave file (it exists only while there are unsaved edits).
    QString fileName() const { return m_path; }

    /// The folder of all autosave files.
    static QString directory();
    /// The most recent copy left by an instance that is no longer running, if any.
    static std::optional<AutosaveRecovery> pendingRecovery();
    /// Deletes a recovered copy (after it was restored or declined).
    static void discard(const AutosaveRecovery &recovery);

Q_SIGNALS:
    /// A copy was written to fileName().
    void saved();

private:
    void documentChanged();
    void write();
    void remove();

    ScenarioDocument *m_document;
    QTimer *m_timer;    ///< the quiet interval after the last edit
    QTimer *m_deadline; ///< the longest wait since the first edit not yet copied
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace attention
