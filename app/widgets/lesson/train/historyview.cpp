#include "historyview.h"

#include "headgrid.h"

#include <QGridLayout>
#include <QLabel>
#include <QSlider>
#include <algorithm>
#include <cstdlib>

namespace attention {

HistoryView::HistoryView(const TrainingSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_grid(new HeadGrid)
    , m_label(new QLabel)
    , m_note(new QLabel)
    , m_slider(new QSlider(Qt::Horizontal))
{
    m_slider->setRange(0, 0);
    m_note->setWordWrap(true);
    m_note->setVisible(false);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_grid, 0, 0, 1, 2);
    layout->addWidget(m_label, 1, 0);
    layout->addWidget(m_slider, 1, 1);
    layout->addWidget(m_note, 2, 0, 1, 2);
    layout->setRowStretch(0, 1);
    connect(m_slider, &QSlider::valueChanged, this, &HistoryView::showSnapshot);
    retranslateUi();
}

void HistoryView::historyAppended()
{
    const int last = int(m_session->history().size()) - 1;
    {
        const QSignalBlocker blocker(m_slider);
        // One snapshot (an opened model): nothing to replay, and the handle at the right end,
        // where the latest step stands, not at the left under "step 12000" (a range of one
        // position draws it at the left, so the disabled slider's starts one before).
        m_slider->setRange(last > 0 ? 0 : -1, std::max(0, last));
        m_slider->setValue(m_followLatest ? std::max(0, last) : std::min(m_shown, last));
        m_slider->setEnabled(last > 0);
    }
    showSnapshot(m_slider->value());
}

void HistoryView::historyReset()
{
    // Thinned: stay at the step shown (or the nearest one kept); cleared: the one snapshot.
    const auto &history = m_session->history();
    if (!m_followLatest && m_shownStep >= 0 && !history.empty()) {
        const auto distance = [this](const SharedSnapshot &s) {
            return std::abs(s->step - m_shownStep);
        };
        const auto nearest =
            std::min_element(history.begin(), history.end(), [&](const auto &a, const auto &b) {
                return distance(a) < distance(b);
            });
        m_shown = int(nearest - history.begin());
        m_followLatest = m_shown == int(history.size()) - 1;
    } else {
        m_followLatest = true;
    }
    historyAppended();
}

void HistoryView::showSnapshot(int index)
{
    const auto &history = m_session->history();
    if (history.empty()) {
        m_shown = -1;
        m_grid->setSnapshot(nullptr, {});
        m_label->setText(tr("step –"));
        m_note->setVisible(false);
        return;
    }
    // A probe edit restarts the history at the step of the edit: said, not silent.
    const int first = history.front()->step;
    m_note->setVisible(first > 0 && m_session->state() != TrainingSession::State::Opened);
    m_note->setText(tr("The history starts at step %1: the steps before it were recorded "
                       "with another probe line.")
                        .arg(first));
    index = std::clamp(index, 0, int(history.size()) - 1);
    m_followLatest = index == int(history.size()) - 1;
    if (m_slider->value() != index) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(index);
    }
    m_shown = index;
    // The latest model with heads switched off is shown without them (the history records the
    // run as it trained, every head on).
    const SharedSnapshot off = m_followLatest ? m_session->headsOffSnapshot() : nullptr;
    const SharedSnapshot &snapshot = off ? off : history[std::size_t(index)];
    m_shownStep = history[std::size_t(index)]->step;
    m_grid->setSnapshot(snapshot, m_session->probeCharacters());
    QStringList offNames;
    for (const tiny::HeadIndex &head :
         off ? m_session->headsOff() : decltype(m_session->headsOff()){})
        offNames.append(QStringLiteral("%1.%2").arg(head.first + 1).arg(head.second + 1));
    m_label->setText(offNames.isEmpty() ? tr("step %1").arg(m_shownStep)
                                        : tr("step %1, switched off: %2")
                                              .arg(m_shownStep)
                                              .arg(offNames.join(QStringLiteral(", "))));
    Q_EMIT snapshotShown(m_followLatest, history.back()->step);
}

void HistoryView::retranslateUi()
{
    m_slider->setToolTip(tr("Replays the heads as they were during training."));
    showSnapshot(m_shown);
}

} // namespace attention
