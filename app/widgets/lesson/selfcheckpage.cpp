#include "selfcheckpage.h"

#include "lessontext.h"

#include <QEvent>
#include <QFrame>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace attention {

SelfCheckPage::SelfCheckPage(QWidget *parent)
    : LessonPage(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(10);
    const int count = int(LessonText::selfCheck().size());
    for (int i = 0; i < count; ++i) {
        Item item;
        item.question = new QLabel(this);
        item.question->setWordWrap(true);
        QFont font = item.question->font();
        font.setBold(true);
        font.setPointSizeF(font.pointSizeF() * 1.15);
        item.question->setFont(font);
        item.button = new QPushButton(this);
        item.button->setCheckable(true);
        item.answer = new QLabel(this);
        item.answer->setWordWrap(true);
        item.answer->setFrameShape(QFrame::StyledPanel);
        item.answer->setMargin(8);
        item.answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
        item.answer->setVisible(false);
        item.question->setMaximumWidth(960);
        item.answer->setMaximumWidth(960);
        layout->addWidget(item.question);
        layout->addWidget(item.button, 0, Qt::AlignLeft);
        layout->addWidget(item.answer);
        layout->addSpacing(12);
        connect(item.button, &QPushButton::toggled, this,
                [this, i](bool shown) { setAnswerShown(i, shown); });
        m_items.append(item);
    }
    layout->addStretch(1);
    retranslateUi();
}

SelfCheckPage::~SelfCheckPage() = default;

QJsonObject SelfCheckPage::saveState() const
{
    QJsonArray shown;
    for (int i = 0; i < questionCount(); ++i)
        shown.append(isAnswerShown(i));
    return {{QStringLiteral("shown"), shown}};
}

void SelfCheckPage::restoreState(const QJsonObject &state)
{
    reset();
    const QJsonArray shown = state.value(QStringLiteral("shown")).toArray();
    for (int i = 0; i < questionCount() && i < shown.size(); ++i)
        setAnswerShown(i, shown.at(i).toBool());
}

void SelfCheckPage::reset()
{
    for (int i = 0; i < questionCount(); ++i)
        setAnswerShown(i, false);
}

void SelfCheckPage::setAnswerShown(int question, bool shown)
{
    if (question < 0 || question >= questionCount())
        return;
    const Item &item = m_items.at(question);
    // isHidden(), not isVisible(): the page itself may not be shown yet.
    item.answer->setHidden(!shown);
    if (item.button->isChecked() != shown) {
        const QSignalBlocker blocker(item.button);
        item.button->setChecked(shown);
    }
    retranslateUi();
}

bool SelfCheckPage::isAnswerShown(int question) const
{
    return question >= 0 && question < questionCount() && !m_items.at(question).answer->isHidden();
}

void SelfCheckPage::retranslateUi()
{
    const QList<SelfCheckItem> texts = LessonText::selfCheck();
    for (int i = 0; i < questionCount(); ++i) {
        const Item &item = m_items.at(i);
        item.question->setText(tr("%1. %2").arg(i + 1).arg(texts.at(i).question));
        item.answer->setText(texts.at(i).answer);
        item.button->setText(isAnswerShown(i) ? tr("Hide the answer") : tr("Show the answer"));
    }
}

} // namespace attention
