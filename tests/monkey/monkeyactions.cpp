// The monkey's actions: what each does to the main window, as a user would do it (see
// tst_monkey.cpp).

#include "compareview.h"
#include "controlspanel.h"
#include "costpage.h"
#include "headgrid.h"
#include "heatmapwidget.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "maskpage.h"
#include "matrixmodel.h"
#include "nextcharpanel.h"
#include "planesubset.h"
#include "presets.h"
#include "querykeypage.h"
#include "random.h"
#include "scenariodocument.h"
#include "traincontrols.h"
#include "trainpage.h"
#include "tst_monkey.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "vectortablemodel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStyleOptionButton>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <cmath>
#include <tuple>

namespace attention::test {

namespace {

/// Clicks a check box where a user would: on its indicator.
void clickCheckBox(QCheckBox *box)
{
    QStyleOptionButton option;
    option.initFrom(box);
    option.text = box->text();
    const QRect indicator =
        box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
    QTest::mouseClick(box, Qt::LeftButton, {}, indicator.center());
}

/// Text a monkey types into a number: mostly good numbers, often ones the document cannot hold.
const QStringList strangeNumbers = {
    QStringLiteral("2000000"),
    QStringLiteral("1e9"),
    QStringLiteral("-1e300"),
    QStringLiteral("1000000"),
    QStringLiteral("-1000000"),
    QStringLiteral("999999.9999"),
    QStringLiteral("1000000.01"),
    QStringLiteral("abc"),
    QString(),
    QStringLiteral("-"),
    QStringLiteral("nan"),
    QStringLiteral("inf"),
    QStringLiteral("-inf"),
    QStringLiteral("1e"),
    QStringLiteral("0x10"),
    QStringLiteral("0.123456789"),
    QStringLiteral("1,5"),
    QStringLiteral("--2"),
    QStringLiteral("99999999999999999999"),
};

} // namespace

QString TestMonkey::goodNumber(double range)
{
    const double x = (2.0 * m_random->uniform() - 1.0) * range;
    return QString::number(std::round(x * 100.0) / 100.0, 'f', 2);
}

QString TestMonkey::numberText(double range)
{
    if (chance(0.65)) {
        m_typedValid = true;
        return goodNumber(range);
    }
    return strangeNumbers.at(below(int(strangeNumbers.size())));
}

bool TestMonkey::act(Action action)
{
    ControlsPanel *controls = m_window->controls();
    switch (action) {
    case Action::ScaleSlider:
        controls->scaleSlider()->setValue(below(ControlsPanel::scaleSteps + 1));
        break;
    case Action::ScaleDrag: {
        QSlider *slider = controls->scaleSlider();
        slider->setSliderDown(true);
        for (int i = 1 + below(6); i > 0; --i)
            slider->setSliderPosition(below(ControlsPanel::scaleSteps + 1));
        slider->setSliderDown(false);
        break;
    }
    case Action::ScaleTyped:
        scaleTyped();
        break;
    case Action::ScaleStep: {
        static constexpr std::array<Qt::Key, 4> keys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp,
                                                        Qt::Key_PageDown};
        for (int i = 1 + below(4); i > 0; --i)
            QTest::keyClick(controls->scaleSpinBox(), keys.at(std::size_t(below(4))));
        QTest::keyClick(controls->scaleSpinBox(), Qt::Key_Return);
        break;
    }
    case Action::SqrtD:
        clickCheckBox(controls->sqrtDCheckBox());
        break;
    case Action::Causal:
        clickCheckBox(controls->causalCheckBox());
        break;
    case Action::Dimension:
        controls->dimensionSlider()->setValue(below(ControlsPanel::maxDimensionExponent + 1));
        break;
    case Action::Reroll:
        QTest::mouseClick(controls->rerollButton(), Qt::LeftButton);
        break;
    case Action::CellTyped:
        return cellTyped(false);
    case Action::CellScrub:
        return cellTyped(true);
    case Action::NameTyped:
        return nameTyped(below(int(m_window->document()->scenario().tokenCount())));
    case Action::DTyped:
        return dimensionTyped(false);
    case Action::DStep:
        return dimensionTyped(true);
    case Action::PlaneDrag:
        planeDrag();
        break;
    case Action::PlaneAxes:
        planeAxes();
        break;
    case Action::AddToken: {
        VectorEditor *editor = m_window->vectorEditor();
        editor->addTokenAction()->trigger();
        // The new row's name editor is open: type a name, cancel, or leave it open.
        auto *nameEditor = editor->view()->viewport()->findChild<QLineEdit *>();
        if (nameEditor && chance(0.8)) {
            if (chance(0.7)) {
                nameEditor->selectAll();
                QTest::keyClicks(nameEditor, QStringLiteral("t%1").arg(below(1000)));
                QTest::keyClick(nameEditor, Qt::Key_Return);
            } else {
                QTest::keyClick(nameEditor, Qt::Key_Escape);
            }
        }
        break;
    }
    case Action::RemoveToken:
        removeToken();
        break;
    case Action::Undo:
        for (int i = 1 + below(3); i > 0; --i)
            m_window->undoAction()->trigger();
        break;
    case Action::Redo:
        for (int i = 1 + below(3); i > 0; --i)
            m_window->redoAction()->trigger();
        break;
    case Action::Preset:
        triggerMenuAction(m_window->presetsMenu(),
                          below(int(m_window->presetsMenu()->actions().size())));
        break;
    case Action::Language: {
        const QList<QAction *> languages = m_window->languageMenu()->actions();
        m_languageIndex = (m_languageIndex + 1) % int(languages.size());
        languages.at(m_languageIndex)->trigger();
        break;
    }
    case Action::HeatmapClick:
        heatmapClick(false);
        break;
    case Action::HeatmapKey:
        heatmapClick(true);
        break;
    case Action::EditorClick:
        editorClick();
        break;
    case Action::Zoom:
        zoom();
        break;
    case Action::CompareFlip: { // another switch than the one shown
        QComboBox *flip = m_window->compareView()->flipComboBox();
        if (flip->count() > 1)
            flip->setCurrentIndex((flip->currentIndex() + 1 + below(flip->count() - 1)) %
                                  flip->count());
        break;
    }
    case Action::LessonVisit:
        lessonVisit();
        break;
    }
    return true;
}

void TestMonkey::lessonVisit()
{
    // Steps 4 and 6 start background work when shown or run; leaving them must be safe.
    m_visitEffect = false;
    const int step = 1 + below(LessonView::stepCount);
    m_window->showLessonStep(step);
    LessonView *lesson = m_window->lesson();
    if (below(2) == 0)
        lesson->setCurrentStep(1 + below(LessonView::stepCount));
    // One edit on the page, then Edit → Undo, which must undo it and leave the workbench alone.
    const int workbenchIndex = m_window->document()->undoStack()->index();
    if (auto *page = qobject_cast<QueryKeyPage *>(lesson->currentPage())) {
        const ScenarioDocument *document = page->document();
        const double scale = document->scenario().scoreScale;
        const int index = document->undoStack()->index();
        QSlider *slider = page->controls()->scaleSlider(); // to another position
        const int positions = slider->maximum() + 1;
        slider->setValue((slider->value() + 1 + below(positions - 1)) % positions);
        page->document()->finishInteraction();
        m_visitEffect =
            document->scenario().scoreScale != scale && document->undoStack()->index() == index + 1;
        m_window->undoAction()->trigger();
        QCOMPARE(document->scenario().scoreScale, scale);
    } else if (auto *page = qobject_cast<MaskPage *>(lesson->currentPage())) {
        const Matrix queries = page->document()->scenario().queries;
        page->reroll();
        m_visitEffect = !(page->document()->scenario().queries == queries);
        m_window->undoAction()->trigger();
        QVERIFY(page->document()->scenario().queries == queries);
    } else if (auto *page = qobject_cast<TrainPage *>(lesson->currentPage())) {
        trainVisit(page);
    } else {
        if (below(2) == 0) {
            lesson->startExercise();
            if (auto *cost = qobject_cast<CostPage *>(lesson->currentPage()))
                cost->cancel(); // the kernels' times are not what is tested here
        }
        // A page with nothing to edit: the visit shows it.
        m_visitEffect = lesson->isVisible() && lesson->currentPage()->isVisible();
    }
    QCOMPARE(m_window->document()->undoStack()->index(), workbenchIndex);
    m_window->workbenchModeAction()->trigger();
}

void TestMonkey::trainVisit(TrainPage *page)
{
    TrainingSession *session = page->session();
    if (session->setup().corpus != QLatin1String(corpora::copyTask)) {
        TrainingSetup setup;
        setup.corpus = QString::fromLatin1(corpora::copyTask);
        setup.config.context = 8;
        setup.config.dModel = 8;
        setup.config.heads = 2;
        setup.settings.steps = 40;
        setup.settings.batch = 4;
        setup.settings.threads = 1;
        page->controls()->setSetup(setup);
        QTest::mouseClick(page->controls()->resetButton(), Qt::LeftButton);
        QCOMPARE(session->state(), TrainingSession::State::Ready);
    }
    // What the visit can change: the run, the snapshot shown, the head, the temperature, the probe.
    const auto state = [page, session] {
        return std::make_tuple(session->stepsDone(), session->isRunning(), page->shownSnapshot(),
                               page->headGrid()->selectedHead(),
                               page->nextCharPanel()->temperatureSlider()->value(),
                               page->probeEdit()->text());
    };
    const auto before = state();
    switch (below(6)) {
    case 0:
        QTest::mouseClick(page->controls()->trainButton(), Qt::LeftButton);
        break;
    case 1:
        QTest::mouseClick(page->controls()->stepButton(), Qt::LeftButton);
        session->waitUntilIdle(10000);
        break;
    case 2:
        page->historySlider()->setValue(below(page->historySlider()->maximum() + 1));
        QCOMPARE(page->headGrid()->snapshot().step,
                 session->history()[std::size_t(page->shownSnapshot())]->step);
        break;
    case 3:
        page->headGrid()->setSelectedHead(below(2), below(3)); // an invalid head is ignored
        QVERIFY(page->headGrid()->selectedHead() < 2);
        break;
    case 4:
        page->nextCharPanel()->temperatureSlider()->setValue(below(NextCharPanel::sliderSteps + 1));
        break;
    default:
        page->setProbe(QStringLiteral("abcd床前明月光").left(below(12)));
        QCOMPARE(session->history().size(), std::size_t(1));
        break;
    }
    m_visitEffect = state() != before;
    QVERIFY(int(session->history().size()) <= TrainingSession::maxSnapshots);
    if (!session->isRunning())
        QCOMPARE(int(session->trainLosses().size()), session->stepsDone());
}

void TestMonkey::scaleTyped()
{
    QDoubleSpinBox *box = m_window->controls()->scaleSpinBox();
    QString text;
    // A scale of 0 to 20 is valid; numberText's good numbers may be negative or past the range.
    if (chance(0.6)) {
        text = QString::number(std::round(m_random->uniform() * 2000.0) / 100.0, 'f', 2);
        m_typedValid = true;
    } else {
        text =
            chance(0.5) ? numberText(2000.0) : strangeNumbers.at(below(int(strangeNumbers.size())));
        m_typedValid = false;
    }
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

bool TestMonkey::cellTyped(bool scrub)
{
    VectorEditor *editor = m_window->vectorEditor();
    QTableView *view = editor->view();
    const VectorTableModel *model = editor->model();
    if (model->rowCount() == 0 || model->columnCount() < 2)
        return false;
    // Mostly the first columns (the ones on screen), sometimes any.
    const int columns = chance(0.8) ? std::min(model->columnCount(), 12) : model->columnCount();
    const QModelIndex index = model->index(below(model->rowCount()), 1 + below(columns - 1));
    view->setCurrentIndex(index); // closes an editor left open on another cell
    if (!view->indexWidget(index))
        view->edit(index);
    auto *box = qobject_cast<QDoubleSpinBox *>(view->indexWidget(index));
    if (!box)
        return false;
    if (scrub) {
        static constexpr std::array<Qt::Key, 4> keys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp,
                                                        Qt::Key_PageDown};
        for (int i = 1 + below(5); i > 0; --i)
            QTest::keyClick(box, keys.at(std::size_t(below(4))));
    } else {
        box->selectAll();
        QTest::keyClick(box, Qt::Key_Backspace);
        QTest::keyClicks(box, numberText(chance(0.9) ? 3.0 : 1e6));
    }
    // Enter commits, Escape cancels, Tab commits and opens the next cell.
    const int how = below(10);
    QTest::keyClick(box, how < 7 ? Qt::Key_Return : how < 9 ? Qt::Key_Escape : Qt::Key_Tab);
    return true;
}

bool TestMonkey::nameTyped(int row)
{
    VectorEditor *editor = m_window->vectorEditor();
    QTableView *view = editor->view();
    const QModelIndex index = editor->model()->index(row, 0);
    view->setCurrentIndex(index); // closes an editor left open on another cell
    if (!view->indexWidget(index))
        view->edit(index);
    auto *line = qobject_cast<QLineEdit *>(view->indexWidget(index));
    if (!line)
        return false;
    line->selectAll();
    QTest::keyClick(line, Qt::Key_Backspace);
    switch (below(5)) {
    case 0: // nothing: refused
        break;
    case 1:
        QTest::keyClicks(line, QStringLiteral("   "));
        break;
    case 2: // a CJK character arrives as the text of a key press
        QTest::sendKeyEvent(QTest::Press, line, Qt::Key_unknown, QStringLiteral("夜"),
                            Qt::NoModifier);
        break;
    default:
        QTest::keyClicks(line, QStringLiteral("w%1").arg(below(100)));
        break;
    }
    QTest::keyClick(line, chance(0.9) ? Qt::Key_Return : Qt::Key_Escape);
    return true;
}

bool TestMonkey::dimensionTyped(bool step)
{
    auto *box = m_window->vectorEditor()->findChild<QSpinBox *>();
    if (!box)
        return false;
    if (step) {
        QTest::keyClick(box, chance(0.5) ? Qt::Key_Up : Qt::Key_Down);
        return true;
    }
    static const QStringList unusual = {
        QStringLiteral("0"),   QStringLiteral("-3"),  QStringLiteral("5000"),
        QStringLiteral("abc"), QStringLiteral("2.5"), QString(),
        QStringLiteral("64"),  QStringLiteral("256"), QStringLiteral("1e3"),
    };
    m_typedValid = chance(0.8);
    typeDimension(m_typedValid   ? QString::number(1 + below(8))
                  : chance(0.97) ? unusual.at(below(int(unusual.size())))
                                 : QStringLiteral("4096"));
    return true;
}

void TestMonkey::typeDimension(const QString &text)
{
    auto *box = m_window->vectorEditor()->findChild<QSpinBox *>();
    if (!box)
        return;
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

void TestMonkey::planeDrag()
{
    VectorPlane *plane = m_window->vectorPlane();
    // One of the tips the plane draws (past PlaneSubset::fullLimit tokens, a subset).
    const PlaneSubset shown = plane->shownSubset();
    const VectorKind kind = chance(0.5) ? VectorKind::Query : VectorKind::Key;
    const QList<int> &drawn = kind == VectorKind::Query ? shown.queries : shown.keys;
    const QPointF tip =
        drawn.isEmpty() ? QPointF() : plane->tipPixel(kind, drawn.at(below(int(drawn.size()))));
    // Sometimes a press where there is no tip.
    const QPoint from = tip.isNull() || chance(0.1)
                            ? QPoint(below(plane->width()), below(plane->height()))
                            : tip.toPoint();
    const Qt::KeyboardModifiers modifiers = chance(0.2) ? Qt::ShiftModifier : Qt::NoModifier;
    QTest::mousePress(plane, Qt::LeftButton, modifiers, from);
    QPoint to = from;
    for (int i = 1 + below(4); i > 0; --i) {
        // Within the plane, and now and then beyond its edges.
        to = QPoint(below(plane->width() * 14 / 10) - plane->width() / 5,
                    below(plane->height() * 14 / 10) - plane->height() / 5);
        QMouseEvent move(QEvent::MouseMove, to, plane->mapToGlobal(to), Qt::NoButton,
                         Qt::LeftButton, modifiers);
        QCoreApplication::sendEvent(plane, &move);
    }
    QTest::mouseRelease(plane, Qt::LeftButton, modifiers, to);
}

void TestMonkey::planeAxes()
{
    const QList<QComboBox *> boxes = m_window->vectorPlane()->findChildren<QComboBox *>();
    if (boxes.isEmpty())
        return;
    // Another dimension than the one shown, on either axis, chosen with the keyboard as a user
    // would (the plane follows QComboBox::activated, which setCurrentIndex() does not emit).
    QComboBox *box = boxes.at(below(int(boxes.size())));
    if (box->count() < 2)
        return;
    const bool down =
        box->currentIndex() == 0 || (box->currentIndex() < box->count() - 1 && chance(0.5));
    QTest::keyClick(box, down ? Qt::Key_Down : Qt::Key_Up);
}

void TestMonkey::removeToken()
{
    VectorEditor *editor = m_window->vectorEditor();
    editor->setSelectedToken(below(editor->model()->rowCount()));
    editor->removeTokenAction()->trigger();
}

void TestMonkey::heatmapClick(bool key)
{
    HeatmapWidget *heatmap = chance(0.5) ? m_window->scoresHeatmap() : m_window->weightsHeatmap();
    if (key) { // the arrows move the current cell, Enter selects its row
        static constexpr std::array<Qt::Key, 8> moves = {
            Qt::Key_Up,   Qt::Key_Down, Qt::Key_Left,   Qt::Key_Right,
            Qt::Key_Home, Qt::Key_End,  Qt::Key_PageUp, Qt::Key_PageDown};
        QTest::keyClick(heatmap, moves.at(below(int(moves.size()))));
        QTest::keyClick(heatmap, chance(0.5) ? Qt::Key_Return : Qt::Key_Space);
        return;
    }
    const int rows = heatmap->model()->rowCount();
    if (rows == 0)
        return;
    const QPoint cell = heatmap->mapping().cellRect(below(rows), below(rows)).center().toPoint();
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, cell);
}

void TestMonkey::editorClick()
{
    // A click where the table shows a cell other than the current one (the table may be scrolled
    // sideways at large d, and empty below the last token).
    QTableView *view = m_window->vectorEditor()->view();
    QWidget *viewport = view->viewport();
    for (int attempt = 0; attempt < 8; ++attempt) {
        const QPoint at(below(viewport->width()), below(viewport->height()));
        const QModelIndex index = view->indexAt(at);
        if (index.isValid() && index != view->currentIndex()) {
            QTest::mouseClick(viewport, Qt::LeftButton, {}, at);
            return;
        }
    }
}

void TestMonkey::zoom()
{
    // Zoom in, zoom out and reset are the View menu's actions with these shortcuts.
    const std::array<QKeySequence, 3> shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_Equal),
                                                   QKeySequence(Qt::CTRL | Qt::Key_Minus),
                                                   QKeySequence(Qt::CTRL | Qt::Key_0)};
    const QKeySequence wanted = shortcuts.at(std::size_t(below(3)));
    for (QAction *action : m_window->viewMenu()->actions())
        if (action->shortcuts().contains(wanted))
            action->trigger();
}

void TestMonkey::triggerMenuAction(QMenu *menu, int index)
{
    const QList<QAction *> list = menu->actions();
    if (index >= 0 && index < list.size())
        list.at(index)->trigger();
}

} // namespace attention::test
