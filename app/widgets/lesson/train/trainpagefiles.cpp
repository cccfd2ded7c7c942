// TrainPage's model files: the best weights kept while training, Save and Open, and the
// long-trained model that ships with the app. The rest of the page is in trainpage.cpp.

#include "datafiles.h"
#include "modelfile.h"
#include "traincontrols.h"
#include "trainpage.h"

#include <QDir>
#include <QFileInfo>

namespace attention {

void TrainPage::setBestFile(const QString &fileName)
{
    if (!fileName.isEmpty())
        QDir().mkpath(QFileInfo(fileName).absolutePath());
    m_session->setBestFile(fileName);
    if (fileName.isEmpty() || !QFileInfo::exists(fileName) || m_session->stepsDone() > 0)
        return;
    if (const ModelReadResult read = loadModel(fileName); read.ok())
        showOpenedModel(read.model);
}

bool TrainPage::saveModel(const QString &fileName, SavedWeights which)
{
    if (!m_session->model()) {
        m_lastError = tr("There is no model to save yet: train one first.");
        return false;
    }
    if (!attention::saveModel(m_session->modelFile(which), fileName, &m_lastError))
        return false;
    Q_EMIT modelFileUsed(fileName);
    return true;
}

bool TrainPage::openModel(const QString &fileName)
{
    const ModelReadResult read = loadModel(fileName);
    if (!read.ok()) {
        m_lastError = read.error;
        return false;
    }
    showOpenedModel(read.model);
    Q_EMIT modelFileUsed(fileName);
    return true;
}

void TrainPage::showOpenedModel(const ModelFile &model)
{
    // The form shows the model's shape and, when it is one of the list, its corpus, which the
    // session then reads (unless it has it already): the heads are measured on the validation
    // text the model was trained for. A corpus that cannot be read (全唐诗 not built) leaves
    // the one loaded before, in the session and in the form.
    const bool empty = m_session->state() == TrainingSession::State::Empty;
    const QString loaded = empty ? defaultSetup().corpus : m_session->setup().corpus;
    m_controls->showModelShape(model.config, model.metadata.corpusName);
    TrainingSetup wanted = m_controls->setup();
    if ((empty || wanted.corpus != loaded) && m_session->setUp(wanted).has_value()) {
        wanted.corpus = loaded;
        m_controls->setSetup(wanted);
        ensureSetUp();
    }
    m_session->openModel(model);
    m_controls->showModelShape(model.config, model.metadata.corpusName);
}

} // namespace attention
