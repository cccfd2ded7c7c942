#pragma once

/// The self-check after the six steps: three questions, each answer revealed on demand.

#include "lessonpage.h"

#include <QList>

class QLabel;
class QPushButton;

namespace attention {

class SelfCheckPage : public LessonPage
{
    Q_OBJECT

public:
    explicit SelfCheckPage(QWidget *parent = nullptr);
    ~SelfCheckPage() override;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    /// Hides every answer.
    void reset() override;

    int questionCount() const { return int(m_items.size()); }
    void setAnswerShown(int question, bool shown);
    bool isAnswerShown(int question) const;
    QPushButton *answerButton(int question) const { return m_items.at(question).button; }
    QLabel *answerLabel(int question) const { return m_items.at(question).answer; }
    QLabel *questionLabel(int question) const { return m_items.at(question).question; }

protected:
private:
    struct Item
    {
        QLabel *question = nullptr;
        QPushButton *button = nullptr;
        QLabel *answer = nullptr;
    };

    void retranslateUi() override;

    QList<Item> m_items;
};

} // namespace attention
