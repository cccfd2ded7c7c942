// Tests of VectorEditor, driving the real widget offscreen: typing into cells through the
// spin-box delegate, exercise 1 typed by hand, renaming (an empty name refused visibly), adding
// and removing tokens, changing d, and a spin-box scrub as one undo step.

#include "language.h"
#include "presets.h"
#include "scenariodocument.h"
#include "vectoreditor.h"
#include "vectortablemodel.h"
#include "verifynear.h"

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <cmath>

using namespace attention;

namespace {

constexpr double tolerance = 1e-9;

Scenario lesson()
{
    return *preset(QStringLiteral("lesson"));
}

/// softmax(x) with plain loops: exp(x − max) / Σ.
std::vector<double> softmaxByHand(const std::vector<double> &x)
{
    double max = -HUGE_VAL;
    for (double v : x)
        max = std::max(max, v);
    std::vector<double> result;
    double sum = 0.0;
    for (double v : x) {
        result.push_back(std::exp(v - max));
        sum += result.back();
    }
    for (double &v : result)
        v /= sum;
    return result;
}

/// A shown editor over `document`, with its model under QAbstractItemModelTester.
struct Fixture
{
    explicit Fixture(ScenarioDocument *document)
        : editor(document)
        , tester(editor.model(), QAbstractItemModelTester::FailureReportingMode::QtTest)
    {
        editor.resize(1000, 420);
        editor.show();
    }

    VectorEditor editor;
    QAbstractItemModelTester tester;
};

/// Opens the editor of `index` in `view` and returns it (nullptr if there is none).
template<typename Editor>
Editor *openEditor(QTableView *view, const QModelIndex &index)
{
    view->setCurrentIndex(index);
    view->edit(index);
    return view->viewport()->findChild<Editor *>();
}

/// Types `text` into the number cell `index` through the view's delegate and presses Enter.
bool typeNumber(QTableView *view, const QModelIndex &index, const QString &text)
{
    auto *spinBox = openEditor<QDoubleSpinBox>(view, index);
    if (!spinBox)
        return false;
    spinBox->selectAll();
    QTest::keyClicks(spinBox, text);
    QTest::keyClick(spinBox, Qt::Key_Return);
    // The editor closes (queued), and is deleted later.
    return QTest::qWaitFor([&] { return !view->viewport()->findChild<QDoubleSpinBox *>(); });
}

bool typeName(QTableView *view, const QModelIndex &index, const QString &text)
{
    auto *lineEdit = openEditor<QLineEdit>(view, index);
    if (!lineEdit)
        return false;
    lineEdit->selectAll();
    QTest::keyClick(lineEdit, Qt::Key_Backspace);
    QTest::keyClicks(lineEdit, text);
    QTest::keyClick(lineEdit, Qt::Key_Return);
    return QTest::qWaitFor([&] { return !view->viewport()->findChild<QLineEdit *>(); });
}

QToolButton *buttonFor(QWidget *parent, QAction *action)
{
    for (auto *button : parent->findChildren<QToolButton *>())
        if (button->defaultAction() == action)
            return button;
    return nullptr;
}

} // namespace

class TestVectorEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void typeIntoQueryCell_data();
    void typeIntoQueryCell();
    void exercise1ByTyping();
    void scrubIsOneStep();
    void closingUnchangedKeepsPrecision();
    void renameToken();
    void emptyNameRefused();
    void addAndRemoveToken();
    void lastTokenCannotBeRemoved();
    void changeDimension();
    void toolTipsEverywhere();
    void selectedTokenSignals();
    void tabLeavesTheTable_data();
    void tabLeavesTheTable();
    void switchesLanguage();
};

void TestVectorEditor::initTestCase()
{
    QLocale::setDefault(QLocale::c());
}

void TestVectorEditor::typeIntoQueryCell_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("token");
    QTest::addColumn<int>("entry");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("expected");

    QTest::newRow("q(光)·position = 0.5")
        << int(VectorKind::Query) << 4 << 1 << QStringLiteral("0.5") << 0.5;
    QTest::newRow("k(床)·sky = -1.25")
        << int(VectorKind::Key) << 0 << 0 << QStringLiteral("-1.25") << -1.25;
    QTest::newRow("v(明)₁ = 2") << int(VectorKind::Value) << 2 << 0 << QStringLiteral("2") << 2.0;
}

void TestVectorEditor::typeIntoQueryCell()
{
    QFETCH(int, kind);
    QFETCH(int, token);
    QFETCH(int, entry);
    QFETCH(QString, typed);
    QFETCH(double, expected);
    ScenarioDocument document;
    Fixture f(&document);
    const auto vectorKind = static_cast<VectorKind>(kind);
    const QModelIndex cell =
        f.editor.model()->index(token, f.editor.model()->columnOf(vectorKind, entry));
    QSignalSpy changed(&document, &ScenarioDocument::changed);

    QVERIFY(typeNumber(f.editor.view(), cell, typed));

    const Scenario &s = document.scenario();
    const Matrix vectors = vectorKind == VectorKind::Query ? s.queries
                           : vectorKind == VectorKind::Key ? s.keys
                                                           : s.valueMatrix();
    QCOMPARE(vectors(token, entry), expected);
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(changed.count() >= 1);
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), expected);
    document.undoStack()->undo();
    QCOMPARE(cell.data(Qt::EditRole).toDouble(),
             vectorKind == VectorKind::Query ? lesson().queries(token, entry)
             : vectorKind == VectorKind::Key ? lesson().keys(token, entry)
                                             : lesson().valueEntry(token, entry));
}

void TestVectorEditor::exercise1ByTyping()
{
    // Exercise 1: give 光 the query [0, 1]. Its scores become the keys' position column, so its
    // weights are the softmax of that column.
    ScenarioDocument document;
    Fixture f(&document);
    VectorTableModel *model = f.editor.model();
    QVERIFY(typeNumber(f.editor.view(), model->index(4, model->columnOf(VectorKind::Query, 0)),
                       QStringLiteral("0")));
    QVERIFY(typeNumber(f.editor.view(), model->index(4, model->columnOf(VectorKind::Query, 1)),
                       QStringLiteral("1")));

    const Scenario &s = document.scenario();
    QCOMPARE(s.queries(4, 0), 0.0);
    QCOMPARE(s.queries(4, 1), 1.0);
    std::vector<double> positionColumn;
    for (Index j = 0; j < s.keys.rows(); ++j)
        positionColumn.push_back(lesson().keys(j, 1));
    const std::vector<double> expected = softmaxByHand(positionColumn);
    for (Index j = 0; j < 5; ++j)
        QVERIFY2(std::abs(document.result().weights(4, j) - expected[std::size_t(j)]) <= tolerance,
                 qPrintable(QString::number(document.result().weights(4, j))));
    // 床 and 前 now get the most weight, 月 the least.
    QVERIFY(document.result().weights(4, 1) > document.result().weights(4, 2));
    QVERIFY(document.result().weights(4, 3) < document.result().weights(4, 0));
    // Two cells, two steps; undoing both gives the lesson back.
    QCOMPARE(document.undoStack()->count(), 2);
    document.undoStack()->undo();
    document.undoStack()->undo();
    QVERIFY(document.scenario() == lesson());
}

void TestVectorEditor::scrubIsOneStep()
{
    ScenarioDocument document;
    Fixture f(&document);
    VectorTableModel *model = f.editor.model();
    const QModelIndex cell = model->index(0, model->columnOf(VectorKind::Key, 0)); // k(床)·sky 0.1
    auto *spinBox = openEditor<QDoubleSpinBox>(f.editor.view(), cell);
    QVERIFY(spinBox);
    QSignalSpy changed(&document, &ScenarioDocument::changed);

    // Each arrow key applies at once (the views follow live) …
    QTest::keyClick(spinBox, Qt::Key_Up);
    QCOMPARE(changed.count(), 1);
    VERIFY_NEAR(document.scenario().keys(0, 0), 0.2, tolerance);
    QTest::keyClick(spinBox, Qt::Key_Up);
    QTest::keyClick(spinBox, Qt::Key_Up);
    QCOMPARE(changed.count(), 3);
    VERIFY_NEAR(document.scenario().keys(0, 0), 0.4, tolerance);
    // … and the whole scrub is one undo step once the editor closes.
    QTest::keyClick(spinBox, Qt::Key_Return);
    QVERIFY(QTest::qWaitFor(
        [&] { return !f.editor.view()->viewport()->findChild<QDoubleSpinBox *>(); }));
    QCOMPARE(document.undoStack()->count(), 1);

    // The next edit of the same cell is a step of its own.
    QVERIFY(typeNumber(f.editor.view(), cell, QStringLiteral("0.7")));
    QCOMPARE(document.undoStack()->count(), 2);
    document.undoStack()->undo();
    VERIFY_NEAR(document.scenario().keys(0, 0), 0.4, tolerance);
    document.undoStack()->undo();
    QCOMPARE(document.scenario().keys(0, 0), 0.1);
}

void TestVectorEditor::closingUnchangedKeepsPrecision()
{
    // A value with more decimals than the spin box shows survives opening and closing it.
    ScenarioDocument document;
    Scenario s = lesson();
    s.keys(1, 1) = 0.123456789;
    QVERIFY(document.reset(s));
    Fixture f(&document);
    const QModelIndex cell =
        f.editor.model()->index(1, f.editor.model()->columnOf(VectorKind::Key, 1));
    auto *spinBox = openEditor<QDoubleSpinBox>(f.editor.view(), cell);
    QVERIFY(spinBox);
    QTest::keyClick(spinBox, Qt::Key_Return);
    QVERIFY(QTest::qWaitFor(
        [&] { return !f.editor.view()->viewport()->findChild<QDoubleSpinBox *>(); }));
    QCOMPARE(document.scenario().keys(1, 1), 0.123456789);
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestVectorEditor::renameToken()
{
    ScenarioDocument document;
    Fixture f(&document);
    QVERIFY(typeName(f.editor.view(), f.editor.model()->index(3, 0), QStringLiteral("moon")));
    QCOMPARE(document.scenario().tokens.at(3), QStringLiteral("moon"));
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(f.editor.statusText().isEmpty());
}

void TestVectorEditor::emptyNameRefused()
{
    ScenarioDocument document;
    Fixture f(&document);
    QSignalSpy changed(&document, &ScenarioDocument::changed);
    QVERIFY(typeName(f.editor.view(), f.editor.model()->index(2, 0), QString()));

    QCOMPARE(changed.count(), 0);
    QVERIFY(document.scenario() == lesson());
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(f.editor.model()->index(2, 0).data().toString(), QStringLiteral("明"));
    // The reason is shown under the table.
    QVERIFY(!f.editor.statusText().isEmpty());
    QLabel *status = nullptr;
    for (auto *label : f.editor.findChildren<QLabel *>())
        if (label->text() == f.editor.statusText())
            status = label;
    QVERIFY(status);
    QVERIFY(status->isVisible());

    // A good edit clears it.
    QVERIFY(typeName(f.editor.view(), f.editor.model()->index(2, 0), QStringLiteral("bright")));
    QVERIFY(f.editor.statusText().isEmpty());
    QVERIFY(!status->isVisible());
}

void TestVectorEditor::addAndRemoveToken()
{
    ScenarioDocument document;
    Fixture f(&document);
    VectorTableModel *model = f.editor.model();
    f.editor.setSelectedToken(1);
    QToolButton *add = buttonFor(&f.editor, f.editor.addTokenAction());
    QToolButton *remove = buttonFor(&f.editor, f.editor.removeTokenAction());
    QVERIFY(add && remove);

    // Add: a new row after 前, with zero query and key, and its name open for typing.
    QTest::mouseClick(add, Qt::LeftButton);
    const Scenario &s = document.scenario();
    QCOMPARE(s.tokenCount(), Index(6));
    QCOMPARE(model->rowCount(), 6);
    QCOMPARE(s.queries.row(2).norm(), 0.0);
    QCOMPARE(s.keys.row(2).norm(), 0.0);
    QCOMPARE(s.tokens.at(3), QStringLiteral("明"));
    QCOMPARE(f.editor.selectedToken(), 2);
    auto *nameEditor = f.editor.view()->viewport()->findChild<QLineEdit *>();
    QVERIFY(nameEditor);
    nameEditor->selectAll();
    // keyClicks() only types Latin-1; a CJK character arrives as the text of a key press.
    QTest::sendKeyEvent(QTest::Press, nameEditor, Qt::Key_unknown, QStringLiteral("夜"),
                        Qt::NoModifier);
    QTest::keyClick(nameEditor, Qt::Key_Return);
    QTRY_COMPARE(document.scenario().tokens.at(2), QStringLiteral("夜"));
    QCOMPARE(document.undoStack()->count(), 2); // add, rename

    // Remove the current row: the lesson's tokens again.
    QVERIFY(
        QTest::qWaitFor([&] { return !f.editor.view()->viewport()->findChild<QLineEdit *>(); }));
    QCOMPARE(f.editor.selectedToken(), 2);
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(document.scenario().tokens, lesson().tokens);
    QVERIFY(document.scenario() == lesson());
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(document.undoStack()->count(), 3);
}

void TestVectorEditor::lastTokenCannotBeRemoved()
{
    ScenarioDocument document;
    Scenario one = lesson();
    one.tokens = QStringList{QStringLiteral("光")};
    one.queries = one.queries.bottomRows(1).eval();
    one.keys = one.keys.bottomRows(1).eval();
    one.values = Matrix::Identity(1, 1);
    QVERIFY(document.reset(one));
    Fixture f(&document);
    f.editor.setSelectedToken(0);
    QVERIFY(!f.editor.removeTokenAction()->isEnabled());
    f.editor.removeTokenAction()->trigger();
    QCOMPARE(document.scenario().tokenCount(), Index(1));
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestVectorEditor::changeDimension()
{
    ScenarioDocument document;
    Fixture f(&document);
    auto *spinBox = f.editor.findChild<QSpinBox *>();
    QVERIFY(spinBox);
    QCOMPARE(spinBox->value(), 2);
    QCOMPARE(spinBox->minimum(), 1);
    QCOMPARE(spinBox->maximum(), 4096);

    spinBox->selectAll();
    QTest::keyClicks(spinBox, QStringLiteral("3"));
    QCOMPARE(document.scenario().dimension(), Index(2)); // typing waits for Enter
    QTest::keyClick(spinBox, Qt::Key_Return);

    const Scenario &s = document.scenario();
    QCOMPARE(s.dimension(), Index(3));
    QCOMPARE(s.queries.col(2).norm(), 0.0); // new dimensions start at 0
    QCOMPARE(s.keys.col(2).norm(), 0.0);
    QVERIFY(s.queries.leftCols(2) == lesson().queries);
    QCOMPARE(f.editor.model()->columnCount(), 1 + 3 + 3 + 5);
    QCOMPARE(document.undoStack()->count(), 1);

    // The arrow key lowers d by one, dropping the new dimension.
    QTest::keyClick(spinBox, Qt::Key_Down);
    QCOMPARE(document.scenario().dimension(), Index(2));
    QCOMPARE(document.undoStack()->count(), 2);

    // Undo updates the spin box.
    document.undoStack()->undo();
    QCOMPARE(spinBox->value(), 3);
    document.undoStack()->undo();
    QCOMPARE(spinBox->value(), 2);
    QVERIFY(document.scenario() == lesson());
}

void TestVectorEditor::toolTipsEverywhere()
{
    ScenarioDocument document;
    Fixture f(&document);
    for (auto *button : f.editor.findChildren<QToolButton *>())
        QVERIFY2(!button->toolTip().isEmpty(), qPrintable(button->text()));
    for (auto *spinBox : f.editor.findChildren<QSpinBox *>())
        QVERIFY(!spinBox->toolTip().isEmpty());
    QVERIFY(!f.editor.view()->toolTip().isEmpty());
    QVERIFY(!f.editor.addTokenAction()->text().isEmpty());
    QVERIFY(!f.editor.removeTokenAction()->text().isEmpty());
}

void TestVectorEditor::selectedTokenSignals()
{
    ScenarioDocument document;
    Fixture f(&document);
    QSignalSpy selected(&f.editor, &VectorEditor::tokenSelected);
    // Programmatic: no signal.
    f.editor.setSelectedToken(3);
    QCOMPARE(f.editor.selectedToken(), 3);
    QCOMPARE(selected.count(), 0);
    // The user clicks a cell of another row.
    QTableView *view = f.editor.view();
    const QRect cell = view->visualRect(f.editor.model()->index(1, 2));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().at(0).toInt(), 1);
}

void TestVectorEditor::tabLeavesTheTable_data()
{
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::newRow("Tab") << Qt::KeyboardModifiers();
    QTest::newRow("Ctrl+Tab") << Qt::KeyboardModifiers(Qt::ControlModifier);
}

void TestVectorEditor::tabLeavesTheTable()
{
    // The table is one tab stop: Tab goes on to the next control, the arrows move inside.
    QFETCH(Qt::KeyboardModifiers, modifiers);
    ScenarioDocument document;
    Fixture f(&document);
    QVERIFY(QTest::qWaitForWindowActive(&f.editor));
    QTableView *view = f.editor.view();
    f.editor.setSelectedToken(4);
    view->setFocus();
    QVERIFY(QTest::qWaitFor([view] { return view->hasFocus(); }));
    const QModelIndex before = view->currentIndex();
    QTest::keyClick(view, Qt::Key_Right);
    QCOMPARE(view->currentIndex().row(), before.row());
    QCOMPARE(view->currentIndex().column(), before.column() + 1);
    QTest::keyClick(view, Qt::Key_Tab, modifiers);
    QVERIFY2(!view->hasFocus(), "Tab stayed in the table");
    QCOMPARE(view->currentIndex().row(), 4); // and left the current cell where it was
    QCOMPARE(view->currentIndex().column(), before.column() + 1);
}

void TestVectorEditor::switchesLanguage()
{
    ScenarioDocument document;
    Fixture f(&document);
    const QString englishHeader = f.editor.model()->headerData(0, Qt::Horizontal).toString();
    Language language;
    QVERIFY(language.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is posted
    QCOMPARE(f.editor.addTokenAction()->text(), QStringLiteral("添加词元"));
    QCOMPARE(f.editor.model()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("词元"));
    QVERIFY(language.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(f.editor.addTokenAction()->text(), QStringLiteral("Add token"));
    QCOMPARE(f.editor.model()->headerData(0, Qt::Horizontal).toString(), englishHeader);
}

QTEST_MAIN(TestVectorEditor)
#include "tst_vectoreditor.moc"
