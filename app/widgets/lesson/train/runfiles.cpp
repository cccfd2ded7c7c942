#include "runfiles.h"

#include "modelfile.h"
#include "numberformat.h"
#include "traincontrols.h"
#include "trainpage.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>

namespace attention {

RunFiles::RunFiles(TrainingSession *session, TrainControls *controls, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_controls(controls)
    , m_dialogParent(dialogParent)
{}

void RunFiles::setBestFile(const QString &fileName)
{
    if (!fileName.isEmpty())
        QDir().mkpath(QFileInfo(fileName).absolutePath());
    m_session->setBestFile(fileName);
    if (fileName.isEmpty() || !QFileInfo::exists(fileName) || m_session->stepsDone() > 0)
        return;
    if (const ModelReadResult read = loadModel(fileName); read.ok())
        show(read.model, QFileInfo(fileName).lastModified());
}

bool RunFiles::save(const QString &fileName, SavedWeights which)
{
    m_lastError.clear();
    if (!m_session->model()) {
        m_lastError = TrainPage::tr("There is no model to save yet: train one first.");
        return false;
    }
    if (!attention::saveModel(m_session->modelFile(which), fileName, &m_lastError))
        return false;
    m_session->markSaved(which);
    Q_EMIT modelFileUsed(fileName);
    return true;
}

bool RunFiles::open(const QString &fileName)
{
    m_lastError.clear();
    const ModelReadResult read = loadModel(fileName);
    if (!read.ok()) {
        m_lastError = read.error;
        return false;
    }
    if (!confirmReplacingRun())
        return false;
    show(read.model);
    Q_EMIT modelFileUsed(fileName);
    return true;
}

bool RunFiles::confirmReplacingRun()
{
    if (!m_session->hasUnsavedRun())
        return true;
    m_session->pause(); // the run waits for the answer
    const int best = m_session->bestStep();
    const QString run = best >= 0
                            ? tr("The run trained %1 steps; its best validation loss, %2, came at "
                                 "step %3. Its weights are not saved.")
                                  .arg(m_session->stepsDone())
                                  .arg(NumberFormat::loss(m_session->bestLoss()))
                                  .arg(best)
                            : tr("The run trained %1 steps. Its weights are not saved.")
                                  .arg(m_session->stepsDone());
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Run"), run,
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_dialogParent);
    box.setInformativeText(tr("Save the model before it is replaced?"));
    box.setObjectName(QLatin1String(unsavedRunQuestionName));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        Q_EMIT saveRequested(); // the window asks for the file and saves, or the learner cancels
        return !m_session->hasUnsavedRun();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

void RunFiles::show(const ModelFile &model, std::optional<QDateTime> restoredFrom)
{
    // The form shows the model's shape and, when it is one of the list, its corpus, which the
    // session then reads (unless it has it already): the heads are measured on the validation
    // text the model was trained for. A corpus that cannot be read (全唐诗 not built) leaves
    // the one loaded before, in the session and in the form.
    const bool empty = m_session->state() == TrainingSession::State::Empty;
    const QString loaded = empty ? TrainPage::defaultSetup().corpus : m_session->setup().corpus;
    m_controls->showModelShape(model.config, model.metadata.corpusName);
    TrainingSetup wanted = m_controls->setup();
    if ((empty || wanted.corpus != loaded) && m_session->setUp(wanted).has_value()) {
        wanted.corpus = loaded;
        m_controls->setSetup(wanted);
        if (m_session->state() == TrainingSession::State::Empty)
            m_session->setUp(wanted);
    }
    m_session->openModel(model, restoredFrom);
    m_controls->showModelShape(model.config, model.metadata.corpusName);
}

} // namespace attention
