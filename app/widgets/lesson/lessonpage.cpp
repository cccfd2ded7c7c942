#include "lessonpage.h"

#include "scenariodocument.h"

#include <QEvent>
#include <QUndoCommand>
#include <QUndoStack>

namespace attention {

namespace {

/// Start the step over, as a swap of the page's whole saved state.
class StartOverCommand : public QUndoCommand
{
public:
    explicit StartOverCommand(LessonPage *page)
        : QUndoCommand(LessonPage::tr("Start the step over"))
        , m_page(page)
        , m_before(page->saveState())
    {}

    void redo() override
    {
        if (m_after.isEmpty()) { // the first time: reset and remember what it gave
            m_page->reset();
            m_after = m_page->saveState();
        } else {
            m_page->restoreState(m_after);
        }
    }
    void undo() override { m_page->restoreState(m_before); }

private:
    LessonPage *m_page;
    QJsonObject m_before;
    QJsonObject m_after;
};

} // namespace

LessonPage::LessonPage(QWidget *parent)
    : QWidget(parent)
    , m_history(new QUndoStack(this))
{
    m_history->setUndoLimit(ScenarioDocument::undoLimit); // bounded like every history
}

LessonPage::~LessonPage() = default;

void LessonPage::startOver()
{
    undoStack()->push(new StartOverCommand(this));
}

void LessonPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::FontChange)
        applyFonts();
    QWidget::changeEvent(event);
}

} // namespace attention
