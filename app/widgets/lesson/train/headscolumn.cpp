#include "headscolumn.h"

#include "historyview.h"
#include "trainingsession.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>

namespace attention {

namespace {

constexpr int probeDelayMs = 400;

} // namespace

HeadsColumn::HeadsColumn(const TrainingSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_probeLabel(new QLabel)
    , m_probeNote(new QLabel)
    , m_probe(new QLineEdit)
    , m_historyView(new HistoryView(session))
    , m_probeTimer(new QTimer(this))
{
    m_probeTimer->setSingleShot(true);
    m_probeTimer->setInterval(probeDelayMs);
    m_probe->setMaxLength(256);
    m_probeNote->setWordWrap(true);
    m_probeNote->setVisible(false);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_probeLabel, 0, 0);
    layout->addWidget(m_probe, 0, 1);
    layout->addWidget(m_probeNote, 1, 0, 1, 2);
    layout->addWidget(m_historyView, 2, 0, 1, 2);
    layout->setRowStretch(2, 1);
    const auto edited = [this] {
        m_probeTimer->stop();
        Q_EMIT probeEdited(m_probe->text());
    };
    connect(m_probe, &QLineEdit::textEdited, m_probeTimer, qOverload<>(&QTimer::start));
    connect(m_probe, &QLineEdit::editingFinished, this, edited);
    connect(m_probeTimer, &QTimer::timeout, this, edited);
    retranslateUi();
}

void HeadsColumn::showProbe(const QString &probe)
{
    m_probeTimer->stop();
    if (m_probe->text() == probe)
        return;
    m_probe->setText(probe);
    m_probe->setCursorPosition(0); // a line set for the learner is read from its start
}

void HeadsColumn::updateProbeNote()
{
    // The characters of the probe line the shown model has no id for: it reads each as id 0.
    QStringList unknown;
    const QStringList characters = m_session->probeCharacters();
    const std::vector<int> ids = m_session->probeIds();
    for (int i = 0; i < characters.size(); ++i)
        if (ids[std::size_t(i)] == 0 && !unknown.contains(characters[i]))
            unknown.append(characters[i]);
    m_probeNote->setVisible(!unknown.isEmpty() && m_session->model());
    m_probeNote->setText(tr("The model does not know %1: it reads each as one “rare” character.")
                             .arg(unknown.join(QStringLiteral(" "))));
}

void HeadsColumn::retranslateUi()
{
    m_probeLabel->setText(tr("Probe line"));
    m_probe->setToolTip(tr("The heads' weights are shown on this line (at most the context's "
                           "length). Editing it restarts the history at the current step."));
    updateProbeNote();
    m_historyView->retranslateUi();
}

} // namespace attention
