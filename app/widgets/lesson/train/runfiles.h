#pragma once

/// Step 7's model files: the best weights kept in a file while a run goes on (and shown again at
/// the next start, saying from when), Save and Open, and the question before a run whose weights
/// are not saved would be replaced (Save / Discard / Cancel), so that nothing trained is lost
/// without the learner's word.

#include "trainingsession.h"

#include <QObject>
#include <QString>

class QWidget;

namespace attention {

class TrainControls;

class RunFiles : public QObject
{
    Q_OBJECT

public:
    /// The object name of the question before an unsaved run is replaced (tests answer it).
    static constexpr const char *unsavedRunQuestionName = "unsavedRunQuestion";

    /// Acts on `session` and shows an opened model's shape and corpus in `controls`; questions
    /// and their dialogs belong to `dialogParent`.
    RunFiles(TrainingSession *session, TrainControls *controls, QWidget *dialogParent);

    /// Keeps the best weights of every run in `fileName`, and shows the model in it now if there
    /// is one and nothing was trained yet (the previous session's, said to be restored).
    void setBestFile(const QString &fileName);
    /// Writes the best weights (the latest before any validation) or the latest as a model file.
    bool save(const QString &fileName, SavedWeights which);
    /// Shows the model of a file after asking, when a run that is not saved would be replaced.
    /// False when the file is refused (lastError() says why, nothing changes) or the learner
    /// cancelled (lastError() is empty).
    bool open(const QString &fileName);
    /// Asks before the current run is replaced when its weights are not saved: Save (the window
    /// asks for the file: saveRequested()), Discard or Cancel. True when it may be replaced.
    bool confirmReplacingRun();
    QString lastError() const { return m_lastError; }

Q_SIGNALS:
    /// A model file was saved or opened (for the recent models).
    void modelFileUsed(const QString &fileName);
    /// The learner chose Save before a run is replaced: the window asks for the file and saves.
    void saveRequested();

private:
    /// Shows a model read from a file: in the session, and its shape in the form.
    void show(const ModelFile &model, std::optional<QDateTime> restoredFrom = std::nullopt);

    TrainingSession *m_session;
    TrainControls *m_controls;
    QWidget *m_dialogParent;
    QString m_lastError;
};

} // namespace attention
