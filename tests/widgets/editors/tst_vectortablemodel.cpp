// Tests of VectorTableModel: the layout of rows and columns, the roles, edits through the
// document (one undo step each), refused edits, and resets only when the shape changes. Every
// test runs under QAbstractItemModelTester.

#include "numberformat.h"
#include "presets.h"
#include "scenariodocument.h"
#include "vectortablemodel.h"
#include "verifynear.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace attention;

namespace {

constexpr double tolerance = 1e-12;

Scenario lesson()
{
    return *preset(QStringLiteral("lesson"));
}

} // namespace

class TestVectorTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void shape();
    void headers_data();
    void headers();
    void cells_data();
    void cells();
    void formatNumber_data();
    void formatNumber();
    void toolTips();
    void editEntry_data();
    void editEntry();
    void rename();
    void refusedEdits_data();
    void refusedEdits();
    void shapeChangesReset_data();
    void shapeChangesReset();
    void dimensionNameChangesHeader();
    void undoShowsOldValue();

private:
    std::unique_ptr<ScenarioDocument> m_document;
    std::unique_ptr<VectorTableModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestVectorTableModel::initTestCase()
{
    QLocale::setDefault(QLocale::c());
}

void TestVectorTableModel::init()
{
    m_document = std::make_unique<ScenarioDocument>();
    QVERIFY(m_document->reset(lesson()));
    m_model = std::make_unique<VectorTableModel>(m_document.get());
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestVectorTableModel::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_document.reset();
}

void TestVectorTableModel::shape()
{
    // 5 tokens; name + q (2) + k (2) + one-hot v (5).
    QCOMPARE(m_model->rowCount(), 5);
    QCOMPARE(m_model->columnCount(), 1 + 2 + 2 + 5);
    QCOMPARE(m_model->columnOf(VectorKind::Query, 0), 1);
    QCOMPARE(m_model->columnOf(VectorKind::Query, 1), 2);
    QCOMPARE(m_model->columnOf(VectorKind::Key, 0), 3);
    QCOMPARE(m_model->columnOf(VectorKind::Value, 4), 9);
    QCOMPARE(m_model->columnOf(VectorKind::Key, 2), -1);
    QCOMPARE(m_model->columnAt(4).part, VectorTableModel::Part::Key);
    QCOMPARE(m_model->columnAt(4).entry, Index(1));
    QCOMPARE(m_model->columnAt(0).part, VectorTableModel::Part::Name);
    // No children: a flat table.
    QCOMPARE(m_model->rowCount(m_model->index(0, 0)), 0);
}

void TestVectorTableModel::headers_data()
{
    QTest::addColumn<bool>("named");
    QTest::addColumn<int>("section");
    QTest::addColumn<QString>("expected");

    QTest::newRow("name") << true << 0 << QStringLiteral("Token");
    QTest::newRow("q·sky") << true << 1 << QStringLiteral("q·sky");
    QTest::newRow("q·position") << true << 2 << QStringLiteral("q·position");
    QTest::newRow("k·sky") << true << 3 << QStringLiteral("k·sky");
    QTest::newRow("v₁") << true << 5 << QStringLiteral("v₁");
    QTest::newRow("v₅") << true << 9 << QStringLiteral("v₅");
    QTest::newRow("unnamed q₂") << false << 2 << QStringLiteral("q₂");
    QTest::newRow("unnamed k₁") << false << 3 << QStringLiteral("k₁");
}

void TestVectorTableModel::headers()
{
    QFETCH(bool, named);
    QFETCH(int, section);
    QFETCH(QString, expected);
    if (!named) {
        Scenario s = lesson();
        s.dimensionNames.clear();
        QVERIFY(m_document->reset(s));
    }
    QCOMPARE(m_model->headerData(section, Qt::Horizontal).toString(), expected);
    QVERIFY(!m_model->headerData(section, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    QCOMPARE(m_model->headerData(3, Qt::Vertical).toInt(), 4); // rows are numbered from 1
}

void TestVectorTableModel::cells_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<double>("edit");
    QTest::addColumn<QString>("display");

    // The lesson's numbers, as in presets.cpp's comments.
    QTest::newRow("q(光)·sky") << 4 << 1 << 1.0 << QStringLiteral("1.00");
    QTest::newRow("q(光)·position") << 4 << 2 << 0.0 << QStringLiteral("0.00");
    QTest::newRow("k(明)·sky") << 2 << 3 << 0.9 << QStringLiteral("0.90");
    QTest::newRow("k(床)·position") << 0 << 4 << 0.9 << QStringLiteral("0.90");
    QTest::newRow("v(月) one-hot") << 3 << 8 << 1.0 << QStringLiteral("1.00");
    QTest::newRow("v(月) zero") << 3 << 9 << 0.0 << QStringLiteral("0.00");
}

void TestVectorTableModel::cells()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(double, edit);
    QFETCH(QString, display);
    const QModelIndex index = m_model->index(row, column);
    const QVariant value = index.data(Qt::EditRole);
    QCOMPARE(value.metaType().id(), int(QMetaType::Double));
    VERIFY_NEAR(value.toDouble(), edit, tolerance);
    QCOMPARE(index.data(Qt::DisplayRole).toString(), display);
    QVERIFY(m_model->flags(index).testFlag(Qt::ItemIsEditable));
    QCOMPARE(m_model->index(row, 0).data().toString(), lesson().tokens.at(row));
}

void TestVectorTableModel::formatNumber_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");

    QTest::newRow("one") << 1.0 << QStringLiteral("1.00");
    QTest::newRow("three decimals") << 0.125 << QStringLiteral("0.125");
    QTest::newRow("four decimals") << -0.0625 << QStringLiteral("-0.0625");
    QTest::newRow("rounded to four") << 0.123456 << QStringLiteral("0.1235");
    QTest::newRow("negative") << -2.5 << QStringLiteral("-2.50");
    QTest::newRow("tiny negative is 0") << -0.00001 << QStringLiteral("0.00");
    QTest::newRow("no group separator") << 1000000.0 << QStringLiteral("1000000.00");
}

void TestVectorTableModel::formatNumber()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::entry(value), expected);
    // The locale's decimal point is used.
    QCOMPARE(NumberFormat::entry(0.5, QLocale(QLocale::German)), QStringLiteral("0,50"));
}

void TestVectorTableModel::toolTips()
{
    for (int column = 0; column < m_model->columnCount(); ++column) {
        const QString tip = m_model->index(4, column).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("光")), qPrintable(tip));
    }
    QVERIFY(m_model->index(4, 1).data(Qt::ToolTipRole).toString().contains(QStringLiteral("sky")));
}

void TestVectorTableModel::editEntry_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("entry");
    QTest::addColumn<double>("value");

    QTest::newRow("query") << int(VectorKind::Query) << 4 << 1 << 1.0;
    QTest::newRow("key") << int(VectorKind::Key) << 0 << 0 << -0.75;
    QTest::newRow("value") << int(VectorKind::Value) << 2 << 4 << 3.5;
}

void TestVectorTableModel::editEntry()
{
    QFETCH(int, kind);
    QFETCH(int, row);
    QFETCH(int, entry);
    QFETCH(double, value);
    const auto vectorKind = static_cast<VectorKind>(kind);
    const int column = m_model->columnOf(vectorKind, entry);
    QSignalSpy dataChanged(m_model.get(), &QAbstractItemModel::dataChanged);
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);

    QVERIFY(m_model->setData(m_model->index(row, column), value));

    const Scenario &s = m_document->scenario();
    const Matrix vectors = vectorKind == VectorKind::Query ? s.queries
                           : vectorKind == VectorKind::Key ? s.keys
                                                           : s.valueMatrix();
    QCOMPARE(vectors(row, entry), value);
    QCOMPARE(m_document->undoStack()->count(), 1);
    QCOMPARE(reset.count(), 0);
    QVERIFY(dataChanged.count() >= 1);
    // The signal covers the edited cell.
    const auto topLeft = dataChanged.last().at(0).value<QModelIndex>();
    const auto bottomRight = dataChanged.last().at(1).value<QModelIndex>();
    QVERIFY(topLeft.row() <= row && row <= bottomRight.row());
    QVERIFY(topLeft.column() <= column && column <= bottomRight.column());
    QCOMPARE(m_model->index(row, column).data(Qt::EditRole).toDouble(), value);
}

void TestVectorTableModel::rename()
{
    QVERIFY(m_model->setData(m_model->index(3, 0), QStringLiteral("  moon ")));
    QCOMPARE(m_document->scenario().tokens.at(3), QStringLiteral("moon"));
    QCOMPARE(m_model->index(3, 0).data().toString(), QStringLiteral("moon"));
    QCOMPARE(m_document->undoStack()->count(), 1);
}

void TestVectorTableModel::refusedEdits_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QVariant>("value");

    QTest::newRow("empty name") << 0 << QVariant(QString());
    QTest::newRow("blank name") << 0 << QVariant(QStringLiteral("   "));
    QTest::newRow("not a number") << 1 << QVariant(QStringLiteral("sky"));
    QTest::newRow("too large") << 2 << QVariant(2.0e6);
    QTest::newRow("infinite") << 3 << QVariant(std::numeric_limits<double>::infinity());
}

void TestVectorTableModel::refusedEdits()
{
    QFETCH(int, column);
    QFETCH(QVariant, value);
    const Scenario before = m_document->scenario();
    QSignalSpy refused(m_model.get(), &VectorTableModel::editRefused);
    QSignalSpy changed(m_document.get(), &ScenarioDocument::changed);

    QVERIFY(!m_model->setData(m_model->index(2, column), value));

    QCOMPARE(refused.count(), 1);
    QCOMPARE(refused.first().at(0).value<QModelIndex>(), m_model->index(2, column));
    QVERIFY(!refused.first().at(1).toString().isEmpty());
    QCOMPARE(changed.count(), 0);
    QVERIFY(m_document->scenario() == before);
    QCOMPARE(m_document->undoStack()->count(), 0);
    // Only Qt::EditRole edits.
    QVERIFY(!m_model->setData(m_model->index(2, 1), 0.5, Qt::DisplayRole));
}

void TestVectorTableModel::shapeChangesReset_data()
{
    QTest::addColumn<int>("change");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");

    QTest::newRow("d 2 → 3") << 0 << 5 << 1 + 3 + 3 + 5;
    QTest::newRow("insert token") << 1 << 6 << 1 + 2 + 2 + 6;
    QTest::newRow("remove token") << 2 << 4 << 1 + 2 + 2 + 4;
    QTest::newRow("scale: no reset, no cell changed") << 3 << 5 << 10;
}

void TestVectorTableModel::shapeChangesReset()
{
    QFETCH(int, change);
    QFETCH(int, rows);
    QFETCH(int, columns);
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);
    QSignalSpy dataChanged(m_model.get(), &QAbstractItemModel::dataChanged);
    switch (change) {
    case 0:
        QVERIFY(m_document->setDimension(3));
        break;
    case 1:
        QVERIFY(m_document->insertToken(5, QStringLiteral("夜")));
        break;
    case 2:
        QVERIFY(m_document->removeToken(0));
        break;
    default:
        QVERIFY(m_document->setScoreScale(5.0));
        break;
    }
    const bool shapeChanged = change != 3;
    QCOMPARE(reset.count(), shapeChanged ? 1 : 0);
    QCOMPARE(dataChanged.count(), 0); // the scale shows in no cell: nothing to repaint
    if (change == 3) {                // an entry changes a cell
        QVERIFY(m_document->setEntry(VectorKind::Query, 1, 0, 0.25));
        QCOMPARE(dataChanged.count(), 1);
        QVERIFY(m_document->undoStack()->canUndo());
        m_document->undoStack()->undo();
        QCOMPARE(dataChanged.count(), 2);
        QCOMPARE(m_model->index(1, m_model->columnOf(VectorKind::Query, 0)).data(Qt::EditRole),
                 QVariant(lesson().queries(1, 0)));
    }
    QCOMPARE(m_model->rowCount(), rows);
    QCOMPARE(m_model->columnCount(), columns);
    if (change == 0) // a new dimension starts at 0
        QCOMPARE(m_model->index(4, m_model->columnOf(VectorKind::Query, 2)).data(Qt::EditRole),
                 QVariant(0.0));
    if (change == 1)
        QCOMPARE(m_model->index(5, 0).data().toString(), QStringLiteral("夜"));
}

void TestVectorTableModel::dimensionNameChangesHeader()
{
    QSignalSpy headers(m_model.get(), &QAbstractItemModel::headerDataChanged);
    QVERIFY(m_document->setDimensionName(0, QStringLiteral("colour")));
    QCOMPARE(headers.count(), 1);
    QCOMPARE(headers.first().at(0).value<Qt::Orientation>(), Qt::Horizontal);
    QCOMPARE(m_model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("q·colour"));
    QCOMPARE(m_model->headerData(3, Qt::Horizontal).toString(), QStringLiteral("k·colour"));
}

void TestVectorTableModel::undoShowsOldValue()
{
    const QModelIndex cell = m_model->index(4, m_model->columnOf(VectorKind::Query, 0));
    QVERIFY(m_model->setData(cell, 0.0));
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), 0.0);
    m_document->undoStack()->undo();
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), 1.0);
    m_document->undoStack()->redo();
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), 0.0);
}

QTEST_MAIN(TestVectorTableModel)
#include "tst_vectortablemodel.moc"
