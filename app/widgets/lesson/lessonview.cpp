#include "lessonview.h"

#include "averagingpage.h"
#include "costpage.h"
#include "currentpagestack.h"
#include "headpage.h"
#include "lessontext.h"
#include "maskpage.h"
#include "querykeypage.h"
#include "selfcheckpage.h"
#include "sqrtdpage.h"
#include "trainpage.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

LessonPage *createPage(int step, QWidget *parent)
{
    switch (step) {
    case 1:
        return new AveragingPage(parent);
    case 2:
        return new QueryKeyPage(parent);
    case 3:
        return new MaskPage(parent);
    case 4:
        return new SqrtDPage(parent);
    case 5:
        return new HeadPage(parent);
    case 6:
        return new CostPage(parent);
    case 7:
        return new TrainPage(parent);
    default:
        return new SelfCheckPage(parent);
    }
}

/// `base` scaled by `factor`, whether its size is in points or in pixels.
QFont scaledFont(const QFont &base, qreal factor)
{
    QFont font = base;
    if (base.pointSizeF() > 0)
        font.setPointSizeF(base.pointSizeF() * factor);
    else
        font.setPixelSize(int(std::lround(base.pixelSize() * factor)));
    return font;
}

} // namespace

LessonView::LessonView(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_title(new QLabel(this))
    , m_explanation(new QLabel(this))
    , m_exercises{new QPushButton(this), new QPushButton(this), new QPushButton(this)}
    , m_hint(new QLabel(this))
    , m_previous(new QPushButton(this))
    , m_next(new QPushButton(this))
    , m_resetStep(new QPushButton(this))
    , m_stack(new CurrentPageStack(this))
{
    setUpHeader();
    addStepShortcuts();
    createPages();
    buildLayout();
    connectSignals();

    applyFonts();
    retranslateUi();
    setCurrentStep(1);
}

void LessonView::setUpHeader()
{
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("QLabel { color: #8a4b00; font-weight: bold; }"));
    for (QPushButton *button : m_exercises)
        button->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
}

void LessonView::addStepShortcuts()
{
    // Alt+Left and Alt+Right, as in a browser; actions rather than the buttons' own shortcuts,
    // which their texts' mnemonics (Alt+B, Alt+N) replace. Only while the lesson is shown.
    auto *previous = new QAction(this);
    previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    previous->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(previous, &QAction::triggered, this, [this] { setCurrentStep(m_step - 1); });
    auto *next = new QAction(this);
    next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    next->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(next, &QAction::triggered, this, [this] { setCurrentStep(m_step + 1); });
    addActions({previous, next});
}

void LessonView::createPages()
{
    m_list->setSpacing(3);
    for (int step = 1; step <= stepCount; ++step) {
        m_list->addItem(QString());
        LessonPage *page = createPage(step, m_stack);
        m_stack->addWidget(page);
        m_pages.append(page);
        m_startedExercise.append(noExercise);
        connect(page, &LessonPage::busyChanged, this, [this, page](bool busy) {
            if (page == currentPage())
                Q_EMIT busyChanged(busy);
        });
    }
}

void LessonView::buildLayout()
{
    auto *navigation = new QHBoxLayout;
    navigation->addWidget(m_title, 1);
    navigation->addWidget(m_resetStep);
    navigation->addSpacing(12);
    navigation->addWidget(m_previous);
    navigation->addWidget(m_next);

    auto *exercise = new QHBoxLayout;
    for (QPushButton *button : m_exercises)
        exercise->addWidget(button);
    exercise->addWidget(m_hint, 1);
    exercise->addStretch(0); // keeps the button narrow while the hint is hidden

    auto *right = new QVBoxLayout;
    right->addLayout(navigation);
    right->addWidget(m_explanation);
    right->addLayout(exercise);
    right->addWidget(m_stack, 1);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_list);
    layout->addLayout(right, 1);
}

void LessonView::connectSignals()
{
    connect(m_list, &QListWidget::currentRowChanged, this,
            [this](int row) { setCurrentStep(row + 1); });
    connect(m_previous, &QPushButton::clicked, this, [this] { setCurrentStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setCurrentStep(m_step + 1); });
    for (int index = 0; index < maxExercises; ++index)
        connect(m_exercises[std::size_t(index)], &QPushButton::clicked, this,
                [this, index] { startExercise(index); });
    connect(m_resetStep, &QPushButton::clicked, this, [this] {
        currentPage()->startOver(); // one step of Edit → Undo
        m_startedExercise[m_step - 1] = noExercise;
        updateHeader();
    });
}

LessonView::~LessonView() = default;

void LessonView::setCurrentStep(int step)
{
    if (step < 1 || step > stepCount)
        return;
    const bool wasBusy = isBusy();
    if (step != m_step) {
        m_step = step;
        m_stack->setCurrentIndex(step - 1);
        if (m_list->currentRow() != step - 1) {
            const QSignalBlocker blocker(m_list);
            m_list->setCurrentRow(step - 1);
        }
        updateHeader();
        Q_EMIT currentStepChanged(step);
    }
    if (isBusy() != wasBusy)
        Q_EMIT busyChanged(isBusy());
}

LessonPage *LessonView::page(int step) const
{
    return step >= 1 && step <= stepCount ? m_pages.at(step - 1) : nullptr;
}

TrainPage *LessonView::trainPage() const
{
    return static_cast<TrainPage *>(page(trainStep));
}

void LessonView::startExercise(int index)
{
    LessonPage *page = currentPage();
    if (index < 0 || index >= page->exerciseCount())
        return;
    page->startExercise(index);
    m_startedExercise[m_step - 1] = index;
    updateHeader();
}

bool LessonView::exerciseStarted(int step, int index) const
{
    return startedExercise(step) == index && index != noExercise;
}

int LessonView::startedExercise(int step) const
{
    return step >= 1 && step <= stepCount ? m_startedExercise.at(step - 1) : noExercise;
}

QString LessonView::exercisesKey(int index)
{
    // "exercises" for each step's first exercise (as saved before a step had two).
    return index == 0 ? QStringLiteral("exercises") : QStringLiteral("exercises_%1").arg(index + 1);
}

QJsonObject LessonView::saveState() const
{
    QJsonObject pages;
    std::array<QJsonArray, maxExercises> exercises;
    for (int step = 1; step <= stepCount; ++step) {
        pages.insert(QString::number(step), page(step)->saveState());
        if (startedExercise(step) != noExercise)
            exercises[std::size_t(startedExercise(step))].append(step);
    }
    QJsonObject state{{QStringLiteral("step"), m_step}, {QStringLiteral("pages"), pages}};
    for (int index = 0; index < maxExercises; ++index)
        state.insert(exercisesKey(index), exercises[std::size_t(index)]);
    return state;
}

void LessonView::restoreState(const QJsonObject &state)
{
    reset();
    const QJsonObject pages = state.value(QStringLiteral("pages")).toObject();
    for (int step = 1; step <= stepCount; ++step) {
        const QJsonValue pageState = pages.value(QString::number(step));
        if (pageState.isObject())
            page(step)->restoreState(pageState.toObject());
    }
    for (int index = 0; index < maxExercises; ++index)
        for (const QJsonValue step : state.value(exercisesKey(index)).toArray()) {
            const int n = step.toInt();
            if (n >= 1 && n <= stepCount && index < page(n)->exerciseCount() &&
                startedExercise(n) == noExercise) {
                m_startedExercise[n - 1] = index;
                page(n)->showStartedExercise(index);
            }
        }
    setCurrentStep(state.value(QStringLiteral("step")).toInt(1));
    updateHeader();
}

void LessonView::reset()
{
    for (int step = 1; step <= stepCount; ++step) {
        page(step)->reset();
        page(step)->undoStack()->clear(); // a page's own history of start-overs too
        m_startedExercise[step - 1] = noExercise;
    }
    setCurrentStep(1);
    updateHeader();
}

bool LessonView::isBusy() const
{
    return m_step >= 1 && currentPage()->isBusy();
}

void LessonView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
    } else if (event->type() == QEvent::FontChange) {
        // The View menu's zoom: the larger texts follow the window's font.
        applyFonts();
        fitStepList();
    }
    QWidget::changeEvent(event);
}

void LessonView::applyFonts()
{
    // Derived from this view's font, which the zoom sets, rather than from the labels' own
    // (which an explicit size fixes).
    QFont titleFont = scaledFont(font(), titleFontScale);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_explanation->setFont(scaledFont(font(), explanationFontScale));
    m_list->setFont(scaledFont(font(), stepListFontScale));
}

void LessonView::fitStepList()
{
    // As wide as the longest step's name, so that the pages have the rest of a small screen.
    const QFontMetrics metrics(m_list->font());
    int widest = 0;
    for (int row = 0; row < m_list->count(); ++row)
        widest = std::max(widest, metrics.horizontalAdvance(m_list->item(row)->text()));
    m_list->setFixedWidth(widest + 2 * (m_list->frameWidth() + m_list->spacing()) +
                          4 * metrics.averageCharWidth());
}

void LessonView::retranslateUi()
{
    for (int step = 1; step <= stepCount; ++step) {
        const QString title = LessonText::step(step).title;
        m_list->item(step - 1)->setText(step < stepCount ? tr("%1. %2").arg(step).arg(title)
                                                         : tr("✓ %1").arg(title));
    }
    m_previous->setText(tr("◀ &Back"));
    m_previous->setToolTip(tr("The previous step (Alt+Left)"));
    m_next->setText(tr("&Next ▶"));
    m_next->setToolTip(tr("The next step (Alt+Right)"));
    m_resetStep->setText(tr("Start the step &over"));
    m_resetStep->setToolTip(tr("Put this step's views back as they were at first"));
    m_list->setToolTip(tr("The steps of the lesson; each one is live: change anything"));
    fitStepList();
    updateHeader();
}

void LessonView::updateHeader()
{
    if (m_step < 1)
        return;
    const StepText text = LessonText::step(m_step);
    m_title->setText(m_step < stepCount
                         ? tr("Step %1 of %2: %3").arg(m_step).arg(stepCount - 1).arg(text.title)
                         : text.title);
    m_explanation->setText(text.explanation);
    const int count = std::min(currentPage()->exerciseCount(), int(text.exercises.size()));
    for (int index = 0; index < maxExercises; ++index) {
        QPushButton *button = m_exercises[std::size_t(index)];
        button->setVisible(index < count);
        button->setText(index < count ? text.exercises.at(index).button : QString());
        button->setToolTip(tr("Set the lesson's exercise up on this page"));
    }
    const int started = startedExercise(m_step);
    const bool hinted = started != noExercise && started < count;
    m_hint->setVisible(hinted);
    m_hint->setText(hinted ? text.exercises.at(started).hint : QString());
    m_previous->setEnabled(m_step > 1);
    m_next->setEnabled(m_step < stepCount);
}

} // namespace attention
