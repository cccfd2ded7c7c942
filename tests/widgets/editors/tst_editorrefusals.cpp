// Every editor of the app refuses what the document cannot hold — a number that is not finite or
// outside the documented limits (ScenarioLimits), text that is not a number, an empty token —
// with a reason the user can see, and the document stays as it was. Driven like a user: text
// typed into the real editors, Enter pressed, a tip dragged.

#include "controlspanel.h"
#include "presets.h"
#include "scenariodocument.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "vectortablemodel.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>
#include <cmath>

using namespace attention;

namespace {

Scenario lesson()
{
    return *preset(QStringLiteral("lesson"));
}

/// A shown vector editor over its own document.
struct Editor
{
    Editor()
        : editor(&document)
    {
        editor.resize(1000, 420);
        editor.show();
    }

    QModelIndex cell(VectorKind kind, int token, int entry) const
    {
        return editor.model()->index(token, editor.model()->columnOf(kind, entry));
    }

    /// The status line under the table, if it shows `text`.
    QLabel *statusLabel() const
    {
        for (auto *label : editor.findChildren<QLabel *>())
            if (!editor.statusText().isEmpty() && label->text() == editor.statusText())
                return label;
        return nullptr;
    }

    ScenarioDocument document;
    VectorEditor editor;
};

/// Opens the spin box of `index`, types `text` and ends with `key`; true once the editor closed.
bool typeIntoCell(QTableView *view, const QModelIndex &index, const QString &text,
                  Qt::Key key = Qt::Key_Return)
{
    view->setCurrentIndex(index);
    view->edit(index);
    auto *box = qobject_cast<QDoubleSpinBox *>(view->indexWidget(index));
    if (!box)
        return false;
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, key);
    return QTest::qWaitFor([&] { return !view->viewport()->findChild<QDoubleSpinBox *>(); });
}

/// Deletes a spin box's number, types `text` and presses Enter.
void typeIntoBox(QAbstractSpinBox *box, const QString &text)
{
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

} // namespace

class TestEditorRefusals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cellRefuses_data();
    void cellRefuses();
    void cellTakesNumbersInRange_data();
    void cellTakesNumbersInRange();
    void cellRefusesWhenLeft();
    void cellGroupSeparatorFollowsLocale_data();
    void cellGroupSeparatorFollowsLocale();
    void cellRefusalClearedByNextEntry();
    void cellEscapeDropsTypedText();
    void cellModelRefuses_data();
    void cellModelRefuses();
    void nameRefusesEmpty_data();
    void nameRefusesEmpty();
    void dimensionRefuses_data();
    void dimensionRefuses();
    void dimensionTakesWholeNumbersInRange();
    void scaleRefuses_data();
    void scaleRefuses();
    void scaleTakesNumbersInRange_data();
    void scaleTakesNumbersInRange();
    void scaleRefusalInStatusBar();
    void scaleRefusalClearedByNextEntry();
    void planeDragBeyondLimitRefused();
};

void TestEditorRefusals::initTestCase()
{
    QLocale::setDefault(QLocale::c());
}

// The vector editor's number cells ----------------------------------------------------------

void TestEditorRefusals::cellRefuses_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reason"); // a part of the reason shown
    const QString range = QStringLiteral("outside the range -1000000 to 1000000");
    QTest::newRow("2000000") << QStringLiteral("2000000") << range;
    QTest::newRow("just above the limit") << QStringLiteral("1000000.5") << range;
    QTest::newRow("-1e300") << QStringLiteral("-1e300") << range;
    QTest::newRow("1e9") << QStringLiteral("1e9") << range;
    QTest::newRow("20 digits") << QStringLiteral("99999999999999999999") << range;
    QTest::newRow("text") << QStringLiteral("abc") << QStringLiteral("“abc” is not a number");
    QTest::newRow("two signs") << QStringLiteral("--2") << QStringLiteral("“--2” is not a number");
    QTest::newRow("nan") << QStringLiteral("nan") << QStringLiteral("not a finite number");
    QTest::newRow("inf") << QStringLiteral("inf") << QStringLiteral("not a finite number");
    QTest::newRow("-inf") << QStringLiteral("-inf") << QStringLiteral("not a finite number");
    QTest::newRow("nothing") << QString() << QStringLiteral("empty");
    // A group separator is refused, never read as a thousands mark (1,5 would become 15).
    QTest::newRow("1,5") << QStringLiteral("1,5")
                         << QStringLiteral("“1,5” holds a group separator (,)");
    QTest::newRow("1,000.5") << QStringLiteral("1,000.5") << QStringLiteral("group separator");
    // Numbers a double cannot hold are numbers all the same: out of range, or too close to 0.
    QTest::newRow("1e999") << QStringLiteral("1e999") << QStringLiteral("1e999 is ") + range;
    QTest::newRow("-1e999") << QStringLiteral("-1e999") << QStringLiteral("-1e999 is ") + range;
    QTest::newRow("1e-999") << QStringLiteral("1e-999") << QStringLiteral("too close to 0");
}

void TestEditorRefusals::cellRefuses()
{
    QFETCH(QString, typed);
    QFETCH(QString, reason);
    Editor e;
    const QModelIndex cell = e.cell(VectorKind::Query, 4, 1);
    QSignalSpy changed(&e.document, &ScenarioDocument::changed);

    QVERIFY(typeIntoCell(e.editor.view(), cell, typed));

    QCOMPARE(changed.count(), 0);
    QVERIFY(e.document.scenario() == lesson());
    QCOMPARE(e.document.undoStack()->count(), 0);
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), 0.0); // 光's query stays [1, 0]
    // The reason, under the table and visible.
    QVERIFY2(e.editor.statusText().contains(reason), qPrintable(e.editor.statusText()));
    QLabel *status = e.statusLabel();
    QVERIFY(status);
    QVERIFY(status->isVisible());
}

void TestEditorRefusals::cellTakesNumbersInRange_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("expected");
    QTest::newRow("the upper limit") << QStringLiteral("1000000") << 1e6;
    QTest::newRow("the lower limit") << QStringLiteral("-1000000") << -1e6;
    QTest::newRow("exponent") << QStringLiteral("2.5e3") << 2500.0;
    // More decimals than the box shows: rounded to its four.
    QTest::newRow("six decimals") << QStringLiteral("0.123456") << 0.1235;
}

void TestEditorRefusals::cellTakesNumbersInRange()
{
    QFETCH(QString, typed);
    QFETCH(double, expected);
    Editor e;
    QVERIFY(typeIntoCell(e.editor.view(), e.cell(VectorKind::Key, 2, 0), typed));
    QCOMPARE(e.document.scenario().keys(2, 0), expected);
    QCOMPARE(e.document.undoStack()->count(), 1);
    QVERIFY(e.editor.statusText().isEmpty());
    QVERIFY(!e.document.scenario().validate());
}

void TestEditorRefusals::cellRefusesWhenLeft()
{
    // Typed text is committed when the user moves to another cell, and refused the same way.
    Editor e;
    QTableView *view = e.editor.view();
    const QModelIndex cell = e.cell(VectorKind::Value, 1, 1);
    view->setCurrentIndex(cell);
    view->edit(cell);
    auto *box = qobject_cast<QDoubleSpinBox *>(view->indexWidget(cell));
    QVERIFY(box);
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("5e6"));
    view->setCurrentIndex(e.cell(VectorKind::Value, 2, 2)); // closes the editor, committing it
    QVERIFY(QTest::qWaitFor([&] { return !view->viewport()->findChild<QDoubleSpinBox *>(); }));
    QVERIFY(e.document.scenario() == lesson());
    QVERIFY2(e.editor.statusText().contains(QStringLiteral("5e6 is outside the range")),
             qPrintable(e.editor.statusText()));
}

void TestEditorRefusals::cellGroupSeparatorFollowsLocale_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("taken"); // NaN: refused
    const double refused = std::nan("");
    QTest::newRow("English 1,5: refused")
        << QStringLiteral("en_US") << QStringLiteral("1,5") << refused;
    QTest::newRow("English 1.5") << QStringLiteral("en_US") << QStringLiteral("1.5") << 1.5;
    QTest::newRow("Chinese 1,5: refused")
        << QStringLiteral("zh_CN") << QStringLiteral("1,5") << refused;
    // Where the comma is the decimal mark it is read as one, and the point is the group mark.
    QTest::newRow("German 1,5") << QStringLiteral("de_DE") << QStringLiteral("1,5") << 1.5;
    QTest::newRow("German 1.500: refused")
        << QStringLiteral("de_DE") << QStringLiteral("1.500") << refused;
}

void TestEditorRefusals::cellGroupSeparatorFollowsLocale()
{
    QFETCH(QString, locale);
    QFETCH(QString, typed);
    QFETCH(double, taken);
    QLocale::setDefault(QLocale(locale));
    const auto restore = qScopeGuard([] { QLocale::setDefault(QLocale::c()); });
    Editor e;
    QVERIFY(typeIntoCell(e.editor.view(), e.cell(VectorKind::Key, 2, 0), typed));
    if (std::isnan(taken)) {
        QVERIFY(e.document.scenario() == lesson());
        QVERIFY2(e.editor.statusText().contains(QStringLiteral("group separator")),
                 qPrintable(e.editor.statusText()));
    } else {
        QCOMPARE(e.document.scenario().keys(2, 0), taken);
        QVERIFY(e.editor.statusText().isEmpty());
    }
}

void TestEditorRefusals::cellRefusalClearedByNextEntry()
{
    // A refusal's message goes as soon as a later entry is taken, even one that changes nothing.
    Editor e;
    const QModelIndex cell = e.cell(VectorKind::Query, 4, 0);
    QVERIFY(typeIntoCell(e.editor.view(), cell, QStringLiteral("abc")));
    QVERIFY(!e.editor.statusText().isEmpty());
    QVERIFY(e.statusLabel() && e.statusLabel()->isVisible());
    QVERIFY(typeIntoCell(e.editor.view(), cell, QStringLiteral("1"))); // 光's q is [1, 0] already
    QCOMPARE(e.document.undoStack()->count(), 0);
    QVERIFY2(e.editor.statusText().isEmpty(), qPrintable(e.editor.statusText()));
    QTRY_VERIFY(!QToolTip::isVisible()); // hidden after a short fade
    // The same for the dimension box under the table.
    auto *box = e.editor.findChild<QSpinBox *>();
    QVERIFY(box);
    typeIntoBox(box, QStringLiteral("0"));
    QVERIFY(!e.editor.statusText().isEmpty());
    typeIntoBox(box, QStringLiteral("2"));
    QVERIFY2(e.editor.statusText().isEmpty(), qPrintable(e.editor.statusText()));
}

void TestEditorRefusals::cellEscapeDropsTypedText()
{
    // Escape cancels: no change, and no refusal either.
    Editor e;
    QVERIFY(typeIntoCell(e.editor.view(), e.cell(VectorKind::Query, 0, 0), QStringLiteral("abc"),
                         Qt::Key_Escape));
    QVERIFY(e.document.scenario() == lesson());
    QVERIFY(e.editor.statusText().isEmpty());
}

void TestEditorRefusals::cellModelRefuses_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("reason");
    QTest::newRow("2e6") << QVariant(2e6) << QStringLiteral("outside the range");
    QTest::newRow("-1e7") << QVariant(-1e7) << QStringLiteral("outside the range");
    QTest::newRow("infinity") << QVariant(HUGE_VAL) << QStringLiteral("not a finite number");
    QTest::newRow("NaN") << QVariant(std::nan("")) << QStringLiteral("not a finite number");
    QTest::newRow("text") << QVariant(QStringLiteral("x")) << QStringLiteral("not a number");
}

void TestEditorRefusals::cellModelRefuses()
{
    // The model refuses the same values when they come from elsewhere than its spin box (a
    // paste, a script), with the reason in editRefused() and in the editor's status line.
    QFETCH(QVariant, value);
    QFETCH(QString, reason);
    Editor e;
    QSignalSpy refused(e.editor.model(), &VectorTableModel::editRefused);
    QVERIFY(!e.editor.model()->setData(e.cell(VectorKind::Key, 3, 1), value));
    QCOMPARE(refused.count(), 1);
    QVERIFY2(refused.first().at(1).toString().contains(reason),
             qPrintable(refused.first().at(1).toString()));
    QVERIFY(e.document.scenario() == lesson());
    QVERIFY(e.editor.statusText().contains(reason));
}

// Token names -------------------------------------------------------------------------------

void TestEditorRefusals::nameRefusesEmpty_data()
{
    QTest::addColumn<QString>("typed");
    QTest::newRow("empty") << QString();
    QTest::newRow("spaces only") << QStringLiteral("   ");
}

void TestEditorRefusals::nameRefusesEmpty()
{
    QFETCH(QString, typed);
    Editor e;
    QTableView *view = e.editor.view();
    const QModelIndex name = e.editor.model()->index(3, 0);
    view->setCurrentIndex(name);
    view->edit(name);
    auto *line = qobject_cast<QLineEdit *>(view->indexWidget(name));
    QVERIFY(line);
    line->selectAll();
    QTest::keyClick(line, Qt::Key_Backspace);
    QTest::keyClicks(line, typed);
    QTest::keyClick(line, Qt::Key_Return);
    QVERIFY(QTest::qWaitFor([&] { return !view->viewport()->findChild<QLineEdit *>(); }));

    QVERIFY(e.document.scenario() == lesson());
    QCOMPARE(name.data().toString(), QStringLiteral("月"));
    QVERIFY2(e.editor.statusText().contains(QStringLiteral("empty name")),
             qPrintable(e.editor.statusText()));
    QVERIFY(e.statusLabel() && e.statusLabel()->isVisible());
}

// d -----------------------------------------------------------------------------------------

void TestEditorRefusals::dimensionRefuses_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reason");
    QTest::newRow("0") << QStringLiteral("0") << QStringLiteral("0 is outside the range 1 to 4096");
    QTest::newRow("5000") << QStringLiteral("5000")
                          << QStringLiteral("5000 is outside the range 1 to 4096");
    QTest::newRow("-3") << QStringLiteral("-3") << QStringLiteral("outside the range 1 to 4096");
    QTest::newRow("1e9") << QStringLiteral("1e9") << QStringLiteral("outside the range");
    QTest::newRow("2.5") << QStringLiteral("2.5") << QStringLiteral("2.5 is not a whole number");
    QTest::newRow("text") << QStringLiteral("abc") << QStringLiteral("“abc” is not a number");
    QTest::newRow("nothing") << QString() << QStringLiteral("empty");
}

void TestEditorRefusals::dimensionRefuses()
{
    QFETCH(QString, typed);
    QFETCH(QString, reason);
    Editor e;
    auto *box = e.editor.findChild<QSpinBox *>();
    QVERIFY(box);
    typeIntoBox(box, typed);
    QVERIFY(e.document.scenario() == lesson());
    QCOMPARE(e.document.undoStack()->count(), 0);
    QCOMPARE(box->value(), 2);
    QCOMPARE(box->text(), QStringLiteral("2")); // the box shows d again
    QVERIFY2(e.editor.statusText().contains(reason), qPrintable(e.editor.statusText()));
    QVERIFY(e.statusLabel() && e.statusLabel()->isVisible());
}

void TestEditorRefusals::dimensionTakesWholeNumbersInRange()
{
    Editor e;
    auto *box = e.editor.findChild<QSpinBox *>();
    QVERIFY(box);
    typeIntoBox(box, QStringLiteral("4096")); // the largest d
    QCOMPARE(e.document.scenario().dimension(), Index(4096));
    typeIntoBox(box, QStringLiteral("3.0")); // whole, written with a decimal point
    QCOMPARE(e.document.scenario().dimension(), Index(3));
    typeIntoBox(box, QStringLiteral("1"));
    QCOMPARE(e.document.scenario().dimension(), Index(1));
    QVERIFY(e.editor.statusText().isEmpty());
    QCOMPARE(e.document.undoStack()->count(), 3);
}

// The score scale ---------------------------------------------------------------------------

void TestEditorRefusals::scaleRefuses_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reason");
    const QString range = QStringLiteral("outside the range 0 to 1000");
    QTest::newRow("5000") << QStringLiteral("5000") << QStringLiteral("5000 is ") + range;
    QTest::newRow("1000.01") << QStringLiteral("1000.01") << range;
    QTest::newRow("negative") << QStringLiteral("-1") << QStringLiteral("-1 is ") + range;
    QTest::newRow("1e9") << QStringLiteral("1e9") << range;
    QTest::newRow("nan") << QStringLiteral("nan") << QStringLiteral("not a finite number");
    QTest::newRow("text") << QStringLiteral("big") << QStringLiteral("“big” is not a number");
    QTest::newRow("nothing") << QString() << QStringLiteral("empty");
}

void TestEditorRefusals::scaleRefuses()
{
    QFETCH(QString, typed);
    QFETCH(QString, reason);
    ControlsPanel panel;
    panel.setScenario(lesson());
    panel.show();
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy refused(&panel, &ControlsPanel::inputRefused);

    typeIntoBox(panel.scaleSpinBox(), typed);

    QCOMPARE(edited.count(), 0);
    QCOMPARE(refused.count(), 1);
    const QString message = refused.first().first().toString();
    QVERIFY2(message.contains(reason), qPrintable(message));
    QCOMPARE(panel.scaleSpinBox()->value(), 1.0);
    QCOMPARE(panel.scaleSpinBox()->cleanText(), QStringLiteral("1.00")); // shown again
    // Shown at once, as a tooltip at the box.
    QVERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), message);
    QToolTip::hideText();
}

void TestEditorRefusals::scaleTakesNumbersInRange_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("expected");
    QTest::newRow("0") << QStringLiteral("0") << 0.0;
    QTest::newRow("1000") << QStringLiteral("1000") << 1000.0;
    QTest::newRow("2.3456: two decimals") << QStringLiteral("2.3456") << 2.35;
    QTest::newRow("5e2") << QStringLiteral("5e2") << 500.0;
}

void TestEditorRefusals::scaleTakesNumbersInRange()
{
    QFETCH(QString, typed);
    QFETCH(double, expected);
    ControlsPanel panel;
    panel.setScenario(lesson());
    panel.show();
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy refused(&panel, &ControlsPanel::inputRefused);
    typeIntoBox(panel.scaleSpinBox(), typed);
    QCOMPARE(refused.count(), 0);
    QCOMPARE(edited.count(), 1);
    QCOMPARE(edited.first().first().toDouble(), expected);
}

void TestEditorRefusals::scaleRefusalInStatusBar()
{
    QMainWindow window;
    auto *panel = new ControlsPanel(&window);
    window.setCentralWidget(panel);
    panel->setScenario(lesson());
    QStatusBar *statusBar = window.statusBar(); // as MainWindow has one
    window.show();
    typeIntoBox(panel->scaleSpinBox(), QStringLiteral("2000"));
    QVERIFY2(statusBar->currentMessage().contains(QStringLiteral("2000 is outside")),
             qPrintable(statusBar->currentMessage()));
    QToolTip::hideText();
}

void TestEditorRefusals::scaleRefusalClearedByNextEntry()
{
    QMainWindow window;
    auto *panel = new ControlsPanel(&window);
    window.setCentralWidget(panel);
    panel->setScenario(lesson());
    QStatusBar *statusBar = window.statusBar();
    window.show();
    typeIntoBox(panel->scaleSpinBox(), QStringLiteral("2000"));
    QVERIFY(QToolTip::isVisible());
    QVERIFY(!statusBar->currentMessage().isEmpty());
    typeIntoBox(panel->scaleSpinBox(), QStringLiteral("1")); // the scale it has: no change
    QTRY_VERIFY(!QToolTip::isVisible());                     // hidden after a short fade
    QVERIFY2(statusBar->currentMessage().isEmpty(), qPrintable(statusBar->currentMessage()));
}

// The vector plane --------------------------------------------------------------------------

void TestEditorRefusals::planeDragBeyondLimitRefused()
{
    // A key at the largest magnitude: dragging its tip further out asks for more than 1e6.
    ScenarioDocument document;
    Scenario big = lesson();
    big.keys.row(3) << ScenarioLimits::maxMagnitude, 0.0;
    QVERIFY(document.reset(big));
    VectorPlane plane(&document);
    plane.resize(600, 600);
    plane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plane));

    const QPoint from = plane.tipPixel(VectorKind::Key, 3).toPoint();
    const QPoint to = plane.mapping().plotRect().topRight().toPoint();
    QTest::mousePress(&plane, Qt::LeftButton, {}, from);
    QTest::mouseMove(&plane, to);
    QTest::mouseRelease(&plane, Qt::LeftButton, {}, to);

    QVERIFY(document.scenario() == big);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QStringLiteral("1000000")), qPrintable(QToolTip::text()));
    QToolTip::hideText();
}

QTEST_MAIN(TestEditorRefusals)
#include "tst_editorrefusals.moc"
