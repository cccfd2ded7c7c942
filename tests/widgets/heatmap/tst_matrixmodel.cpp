// MatrixModel: the table behind every heatmap, checked with QAbstractItemModelTester.

#include "matrixmodel.h"
#include "numberformat.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <limits>

using namespace attention;

class TestMatrixModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsMatrixWithTokenHeaders();
    void sameShapeEmitsDataChanged();
    void newShapeResets();
    void newLabelsEmitHeaderDataChanged();
    void formatValue_data();
    void formatValue();
    void csvHasHeaderAndOneRowPerToken();
    void csvQuotesLabels();
};

namespace {
const double inf = std::numeric_limits<double>::infinity();
}

void TestMatrixModel::showsMatrixWithTokenHeaders()
{
    MatrixModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Matrix m(2, 3);
    m << 0.5, -inf, 0.25, 1.0, 2.0, -1.5;
    model.setMatrix(m, {QStringLiteral("床"), QStringLiteral("前")},
                    {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Vertical).toString(), QStringLiteral("前"));
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("c"));
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("0.50"));
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("−∞"));
    QCOMPARE(model.index(1, 2).data().toString(), QStringLiteral("−1.50"));
    QCOMPARE(model.index(0, 1).data(MatrixModel::ValueRole).toDouble(), -inf);
    QCOMPARE(model.index(1, 1).data(MatrixModel::ValueRole).toDouble(), 2.0);
    QVERIFY(!model.index(2, 0).isValid());
    QVERIFY(!model.headerData(3, Qt::Horizontal).isValid());
}

void TestMatrixModel::sameShapeEmitsDataChanged()
{
    MatrixModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QStringList labels = {QStringLiteral("x"), QStringLiteral("y")};
    model.setMatrix(Matrix::Zero(2, 2), labels, labels);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setMatrix(Matrix::Identity(2, 2), labels, labels);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.first().at(0).toModelIndex(), model.index(0, 0));
    QCOMPARE(changed.first().at(1).toModelIndex(), model.index(1, 1));
    QCOMPARE(model.index(1, 1).data(MatrixModel::ValueRole).toDouble(), 1.0);
}

void TestMatrixModel::newShapeResets()
{
    MatrixModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMatrix(Matrix::Zero(2, 2), {QStringLiteral("a"), QStringLiteral("b")},
                    {QStringLiteral("a"), QStringLiteral("b")});
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    const QStringList three = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    model.setMatrix(Matrix::Ones(3, 3), three, three);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(2, 2).data(MatrixModel::ValueRole).toDouble(), 1.0);
}

void TestMatrixModel::newLabelsEmitHeaderDataChanged()
{
    MatrixModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMatrix(Matrix::Zero(2, 2), {QStringLiteral("a"), QStringLiteral("b")},
                    {QStringLiteral("a"), QStringLiteral("b")});
    QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
    model.setMatrix(Matrix::Zero(2, 2), {QStringLiteral("a"), QStringLiteral("z")},
                    {QStringLiteral("a"), QStringLiteral("b")});
    QCOMPARE(headers.count(), 1);
    QCOMPARE(headers.first().at(0).value<Qt::Orientation>(), Qt::Vertical);
    QCOMPARE(model.headerData(1, Qt::Vertical).toString(), QStringLiteral("z"));
}

void TestMatrixModel::formatValue_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("expected");
    QTest::newRow("half") << 0.5 << 2 << QStringLiteral("0.50");
    QTest::newRow("rounds") << 0.2951 << 2 << QStringLiteral("0.30");
    QTest::newRow("negative: real minus") << -1.25 << 2 << QStringLiteral("−1.25");
    QTest::newRow("negative zero") << -0.001 << 2 << QStringLiteral("0.00");
    QTest::newRow("minus infinity") << -inf << 2 << QStringLiteral("−∞");
    QTest::newRow("three decimals") << 1.0 / 3.0 << 3 << QStringLiteral("0.333");
}

void TestMatrixModel::formatValue()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::fixed(value, decimals), expected);
}

void TestMatrixModel::csvHasHeaderAndOneRowPerToken()
{
    MatrixModel model;
    Matrix m(2, 2);
    m << 0.1, -inf, 1.0 / 3.0, 2.0 / 3.0;
    model.setMatrix(m, {QStringLiteral("床"), QStringLiteral("前")},
                    {QStringLiteral("床"), QStringLiteral("前")});
    const QStringList lines =
        QString::fromUtf8(model.toCsv()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines.at(0), QStringLiteral(",床,前"));
    const QStringList row1 = lines.at(1).split(QLatin1Char(','));
    QCOMPARE(row1.at(0), QStringLiteral("床"));
    QCOMPARE(row1.at(1).toDouble(), 0.1);
    QCOMPARE(row1.at(2), QStringLiteral("-inf"));
    const QStringList row2 = lines.at(2).split(QLatin1Char(','));
    // Full precision: the numbers read back exactly.
    QCOMPARE(row2.at(1).toDouble(), 1.0 / 3.0);
    QCOMPARE(row2.at(2).toDouble(), 2.0 / 3.0);
}

void TestMatrixModel::csvQuotesLabels()
{
    MatrixModel model;
    model.setMatrix(Matrix::Zero(1, 1), {QStringLiteral("a,b")}, {QStringLiteral("say \"hi\"")});
    const QStringList lines =
        QString::fromUtf8(model.toCsv()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.at(0), QStringLiteral(",\"say \"\"hi\"\"\""));
    QCOMPARE(lines.at(1), QStringLiteral("\"a,b\",0"));
}

QTEST_GUILESS_MAIN(TestMatrixModel)
#include "tst_matrixmodel.moc"
