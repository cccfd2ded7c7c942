// What assistive technology reads from the painted views, through Qt's accessibility API as a
// screen reader's bridge would: the workbench's weights heatmap as a table (every cell of a
// scenario whose weights all differ, after another query is chosen with the keyboard, against
// weights computed here by plain loops), its headers, the selected query, the arrow keys moving
// the focused cell; the vector plane's arrows, the charts' bars and step 7's heads.

#include "accessiblefactory.h"
#include "attention.h"
#include "barchartview.h"
#include "headgrid.h"
#include "heatmapwidget.h"
#include "mainwindow.h"
#include "matrixmodel.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "vectorplane.h"
#include "verifynear.h"
#include "weightschart.h"

#include <QAccessible>
#include <QBarSet>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>

using namespace attention;

namespace {

constexpr double displayRounding = 0.005 + 1e-12; // the heatmap shows two decimals

/// The first interface under `root` (itself included), depth first, for which `match` is true.
QAccessibleInterface *find(QAccessibleInterface *root,
                           const std::function<bool(QAccessibleInterface *)> &match)
{
    if (!root || !root->isValid())
        return nullptr;
    if (match(root))
        return root;
    for (int i = 0; i < root->childCount(); ++i)
        if (QAccessibleInterface *found = find(root->child(i), match))
            return found;
    return nullptr;
}

/// The last number in `text` ("光 → 明: 0.30" → 0.30), NaN when there is none.
double lastNumber(const QString &text)
{
    static const QRegularExpression number(QStringLiteral("(−|-)?\\d+(\\.\\d+)?(?!.*\\d)"));
    const QRegularExpressionMatch match = number.match(text);
    if (!match.hasMatch())
        return std::nan("");
    QString digits = match.captured(0);
    digits.replace(QStringLiteral("−"), QStringLiteral("-"));
    return digits.toDouble();
}

/// The weights of `s` by plain loops, apart from the core: each query's dot product with each
/// key, scaled, masked above the diagonal when causal, then a softmax along the row.
Matrix referenceWeights(const Scenario &s)
{
    const Index T = s.tokenCount();
    const Index d = s.queries.cols();
    const double scale = s.scoreScale / (s.divideBySqrtD ? std::sqrt(double(d)) : 1.0);
    const double masked = -std::numeric_limits<double>::infinity();
    Matrix weights(T, T);
    for (Index i = 0; i < T; ++i) {
        double largest = masked;
        for (Index j = 0; j < T; ++j) {
            double dot = 0;
            for (Index k = 0; k < d; ++k)
                dot += s.queries(i, k) * s.keys(j, k);
            weights(i, j) = s.causal && j > i ? masked : scale * dot;
            largest = std::max(largest, weights(i, j));
        }
        double sum = 0;
        for (Index j = 0; j < T; ++j) {
            weights(i, j) = weights(i, j) == masked ? 0.0 : std::exp(weights(i, j) - largest);
            sum += weights(i, j);
        }
        for (Index j = 0; j < T; ++j)
            weights(i, j) /= sum;
    }
    return weights;
}

/// Two weights of one row or one column that differ by no more than `margin` (so that cells
/// mixed up there could pass), described; empty when there are none.
QString closeWeights(const Matrix &w, double margin)
{
    for (Index a = 0; a < w.rows(); ++a)
        for (Index b = 0; b < w.cols(); ++b)
            for (Index c = b + 1; c < w.cols(); ++c) {
                if (std::abs(w(a, b) - w(a, c)) <= margin)
                    return QStringLiteral("row %1: columns %2 and %3").arg(a).arg(b).arg(c);
                if (std::abs(w(b, a) - w(c, a)) <= margin)
                    return QStringLiteral("column %1: rows %2 and %3").arg(a).arg(b).arg(c);
            }
    return {};
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void everyCellAfterSelectingAnotherQuery();
    void headersAndSelectedRow();
    void arrowKeysMoveTheFocusedCell();
    void selectingARowIsAClick();
    void vectorPlaneNamesItsArrows();
    void weightsChartBars();
    void barChartBars();
    void headGridHeads();

private:
    /// The weights table as a screen reader finds it: a Table named "Attention weights" in
    /// the window's tree.
    QAccessibleInterface *weightsTable() const;
    /// Checks cell (row, column) of the table `iface` against `expected`, as shown (rounded).
    void checkCell(QAccessibleInterface *iface, const QStringList &tokens, int row, int column,
                   double expected) const;
    /// Checks that the weights chart's bars are `tokens` with the weights `expected`.
    void checkChartBars(const QStringList &tokens, const RowVector &expected) const;

    std::unique_ptr<MainWindow> m_window;
    Scenario m_lesson;
};

void TestAccessibility::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_accessibility"));
    PixmapCacheSafeStyle::install(); // as attention-lab's main() does
    installAccessibleFactory();      // likewise
    QSettings().clear();
    m_lesson = *preset(QStringLiteral("lesson"));
}

void TestAccessibility::init()
{
    m_window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
    m_window->setLanguage(QStringLiteral("en"));
    m_window->document()->reset(m_lesson);
    m_window->setMode(MainWindow::Mode::Workbench);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestAccessibility::cleanup()
{
    m_window.reset();
}

QAccessibleInterface *TestAccessibility::weightsTable() const
{
    return find(QAccessible::queryAccessibleInterface(m_window.get()),
                [](QAccessibleInterface *iface) {
                    return iface->role() == QAccessible::Table &&
                           iface->text(QAccessible::Name) == QLatin1String("Attention weights") &&
                           !iface->state().invisible;
                });
}

void TestAccessibility::everyCellAfterSelectingAnotherQuery()
{
    QString error;
    QVERIFY2(m_window->loadFile(QStringLiteral(DISTINCT_WEIGHTS_SCENARIO), &error),
             qPrintable(error));
    const Scenario scenario = m_window->document()->scenario();
    const int T = int(scenario.tokenCount());
    const Matrix expected = referenceWeights(scenario);
    // A mix-up of rows or columns shows only where the numbers differ by more than rounding.
    const QString close = closeWeights(expected, 2 * displayRounding);
    QVERIFY2(close.isEmpty(),
             qPrintable(QStringLiteral("equal weights in the scenario, ") + close));

    // Another query than the default (the last), chosen as a keyboard user does: the focus on
    // the heatmap, Up to 前's row, Enter.
    HeatmapWidget *heatmap = m_window->weightsHeatmap();
    QCOMPARE(m_window->selectedToken(), T - 1);
    heatmap->setFocus();
    QTRY_VERIFY(heatmap->hasFocus());
    const int chosen = 1;
    for (int row = T - 1; row > chosen; --row)
        QTest::keyClick(heatmap, Qt::Key_Up);
    QTest::keyClick(heatmap, Qt::Key_Return);
    QCOMPARE(m_window->selectedToken(), chosen);

    QAccessibleInterface *iface = weightsTable();
    QVERIFY2(iface, "no visible table named \"Attention weights\" in the window");
    QCOMPARE(iface->object(), heatmap);
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), T);
    QCOMPARE(table->columnCount(), T);
    QCOMPARE(iface->childCount(), T * T);
    QCOMPARE(table->selectedRows(), QList<int>{chosen});
    QCOMPARE(table->selectedCellCount(), T);
    // Every cell, as a screen reader walks the table: each name carries its value.
    for (int row = 0; row < T; ++row)
        for (int column = 0; column < T; ++column) {
            checkCell(iface, scenario.tokens, row, column, expected(row, column));
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(table->cellAt(row, column)->state().selected, row == chosen);
        }
    // The chart's bars are the chosen query's weights too.
    checkChartBars(scenario.tokens, expected.row(chosen));
}

void TestAccessibility::checkCell(QAccessibleInterface *iface, const QStringList &tokens, int row,
                                  int column, double expected) const
{
    QAccessibleInterface *cell = iface->tableInterface()->cellAt(row, column);
    QVERIFY(cell);
    QCOMPARE(cell->role(), QAccessible::Cell);
    QCOMPARE(cell->parent(), iface);
    const int T = int(tokens.size());
    QCOMPARE(iface->indexOfChild(cell), row * T + column);
    QCOMPARE(iface->child(row * T + column), cell);
    QAccessibleTableCellInterface *cellInfo = cell->tableCellInterface();
    QVERIFY(cellInfo);
    QCOMPARE(cellInfo->rowIndex(), row);
    QCOMPARE(cellInfo->columnIndex(), column);
    const QString name = cell->text(QAccessible::Name);
    const QString head = tokens.at(row) + QStringLiteral(" → ") + tokens.at(column) + u':';
    QVERIFY2(name.startsWith(head), qPrintable(name + QStringLiteral(", expected ") + head));
    const double value = lastNumber(name);
    QVERIFY2(std::abs(value - expected) <= displayRounding,
             qPrintable(QStringLiteral("cell (%1, %2) reads \"%3\", expected %4")
                            .arg(row)
                            .arg(column)
                            .arg(name)
                            .arg(expected, 0, 'f', 4)));
    QCOMPARE(lastNumber(cell->text(QAccessible::Value)), value);
    QVERIFY(!cell->text(QAccessible::Description).isEmpty()); // how it is computed
    QVERIFY(!cell->rect().isEmpty());
    QVERIFY(iface->rect().contains(cell->rect()));
}

void TestAccessibility::headersAndSelectedRow()
{
    QAccessibleInterface *iface = weightsTable();
    QVERIFY(iface);
    QAccessibleTableInterface *table = iface->tableInterface();
    const int T = int(m_lesson.tokenCount());
    for (int i = 0; i < T; ++i) {
        QCOMPARE(table->rowDescription(i), m_lesson.tokens.at(i));
        QCOMPARE(table->columnDescription(i), m_lesson.tokens.at(i));
        QAccessibleTableCellInterface *cell = table->cellAt(i, (i + 1) % T)->tableCellInterface();
        const QList<QAccessibleInterface *> rowHeaders = cell->rowHeaderCells();
        const QList<QAccessibleInterface *> columnHeaders = cell->columnHeaderCells();
        QCOMPARE(rowHeaders.size(), 1);
        QCOMPARE(columnHeaders.size(), 1);
        QCOMPARE(rowHeaders.first()->role(), QAccessible::RowHeader);
        QCOMPARE(rowHeaders.first()->text(QAccessible::Name), m_lesson.tokens.at(i));
        QCOMPARE(columnHeaders.first()->role(), QAccessible::ColumnHeader);
        QCOMPARE(columnHeaders.first()->text(QAccessible::Name), m_lesson.tokens.at((i + 1) % T));
    }
    // The selected query is 光 at the start: its cells, and only those, are selected.
    QCOMPARE(m_window->selectedToken(), T - 1);
    QCOMPARE(table->selectedRows(), QList<int>{T - 1});
    QCOMPARE(table->selectedCellCount(), T);
    for (int row = 0; row < T; ++row)
        for (int column = 0; column < T; ++column)
            QCOMPARE(table->cellAt(row, column)->state().selected, row == T - 1);
    // Another query selected (a click on 明's row) moves the selection.
    HeatmapWidget *heatmap = m_window->weightsHeatmap();
    QTest::mouseClick(heatmap, Qt::LeftButton, {},
                      heatmap->mapping().cellRect(2, 0).center().toPoint());
    QCOMPARE(m_window->selectedToken(), 2);
    QCOMPARE(table->selectedRows(), QList<int>{2});
    QVERIFY(table->cellAt(2, 4)->state().selected);
    QVERIFY(!table->cellAt(4, 4)->state().selected);
}

void TestAccessibility::arrowKeysMoveTheFocusedCell()
{
    HeatmapWidget *heatmap = m_window->weightsHeatmap();
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(heatmap);
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    const int T = int(m_lesson.tokenCount());
    heatmap->setFocus();
    QTRY_VERIFY(heatmap->hasFocus());
    QSignalSpy selected(heatmap, &HeatmapWidget::tokenSelected);

    // Each key moves the focused cell (the one a screen reader asks for after the focus event,
    // which offscreen Qt does not deliver: tests/accessibility/ checks it over AT-SPI) and
    // leaves the selected query alone.
    struct Press
    {
        Qt::Key key;
        int row;
        int column;
    };
    const Press presses[] = {
        {Qt::Key_Right, T - 1, 1}, {Qt::Key_Right, T - 1, 2},   {Qt::Key_Up, T - 2, 2},
        {Qt::Key_Left, T - 2, 1},  {Qt::Key_End, T - 2, T - 1}, {Qt::Key_Home, T - 2, 0},
        {Qt::Key_PageUp, 0, 0},    {Qt::Key_Up, 0, 0},          {Qt::Key_PageDown, T - 1, 0},
        {Qt::Key_Down, T - 1, 0},
    };
    for (const Press &press : presses) {
        QTest::keyClick(heatmap, press.key);
        QCOMPARE(heatmap->currentCell().row, press.row);
        QCOMPARE(heatmap->currentCell().column, press.column);
        QAccessibleInterface *cell = iface->focusChild();
        QVERIFY(cell);
        QCOMPARE(iface->indexOfChild(cell), press.row * T + press.column);
        QVERIFY(cell->state().focused);
        QCOMPARE(cell->tableCellInterface()->rowIndex(), press.row);
        QCOMPARE(cell->tableCellInterface()->columnIndex(), press.column);
    }
    QCOMPARE(selected.count(), 0);
    QCOMPARE(m_window->selectedToken(), T - 1);

    // Enter selects the focused cell's row, as a click does.
    QTest::keyClick(heatmap, Qt::Key_Up);
    QTest::keyClick(heatmap, Qt::Key_Return);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(m_window->selectedToken(), T - 2);
    QCOMPARE(table->selectedRows(), QList<int>{T - 2});
    // Space too.
    QTest::keyClick(heatmap, Qt::Key_Up);
    QTest::keyClick(heatmap, Qt::Key_Space);
    QCOMPARE(m_window->selectedToken(), T - 3);

    // Without the focus no cell is focused, and the arrows go nowhere.
    m_window->vectorPlane()->setFocus();
    QTRY_VERIFY(!heatmap->hasFocus());
    QCOMPARE(iface->focusChild(), nullptr);
    QVERIFY(!table->cellAt(T - 3, 0)->state().focused);
}

void TestAccessibility::selectingARowIsAClick()
{
    QAccessibleInterface *iface = weightsTable();
    QVERIFY(iface);
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QVERIFY(table->selectRow(1));
    QCOMPARE(m_window->selectedToken(), 1);
    QCOMPARE(m_window->vectorPlane()->selectedToken(), 1);
    QCOMPARE(table->selectedRows(), QList<int>{1});
    QVERIFY(!table->selectRow(int(m_lesson.tokenCount())));
}

void TestAccessibility::vectorPlaneNamesItsArrows()
{
    VectorPlane *plane = m_window->vectorPlane();
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(plane);
    QVERIFY(iface);
    QVERIFY(!iface->text(QAccessible::Name).isEmpty());
    QVERIFY2(iface->text(QAccessible::Description).contains(QStringLiteral("Selected query: 光")),
             qPrintable(iface->text(QAccessible::Description)));
    // One child per arrow: every query and key of the lesson, with its numbers.
    const int T = int(m_lesson.tokenCount());
    int queries = 0;
    int keys = 0;
    for (int i = 0; i < iface->childCount(); ++i) {
        QAccessibleInterface *child = iface->child(i);
        const QString name = child->text(QAccessible::Name);
        static const QRegularExpression arrow(
            QStringLiteral("^([qk])\\((.+)\\) = \\[(−?[\\d.]+), (−?[\\d.]+)\\]$"));
        const QRegularExpressionMatch match = arrow.match(name);
        if (!match.hasMatch())
            continue; // a combo box, for d > 2
        QCOMPARE(iface->indexOfChild(child), i);
        const bool query = match.captured(1) == QLatin1String("q");
        const int token = int(m_lesson.tokens.indexOf(match.captured(2)));
        QVERIFY(token >= 0);
        const Matrix &vectors = query ? m_lesson.queries : m_lesson.keys;
        QVERIFY(std::abs(match.captured(3).toDouble() - vectors(token, 0)) < 1e-9);
        QVERIFY(std::abs(match.captured(4).toDouble() - vectors(token, 1)) < 1e-9);
        QCOMPARE(child->state().selected, query && token == T - 1);
        (query ? queries : keys)++;
        if (!query) // each key says what the selected query gives it
            QVERIFY2(child->text(QAccessible::Description).contains(QStringLiteral("光")),
                     qPrintable(child->text(QAccessible::Description)));
    }
    QCOMPARE(queries, T);
    QCOMPARE(keys, T);
}

void TestAccessibility::weightsChartBars()
{
    // The bars are the selected query 光's weights: "明: 0.3017" each.
    checkChartBars(m_lesson.tokens, referenceWeights(m_lesson).row(m_lesson.tokenCount() - 1));
}

void TestAccessibility::checkChartBars(const QStringList &tokens, const RowVector &expected) const
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_window->chart());
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Chart);
    QVERIFY(iface->childCount() > 0);
    int bars = 0;
    for (int i = 0; i < iface->childCount(); ++i) {
        QAccessibleInterface *child = iface->child(i);
        if (child->role() != QAccessible::ListItem)
            continue;
        const QString name = child->text(QAccessible::Name);
        QVERIFY2(bars < tokens.size(), qPrintable(name));
        QCOMPARE(name.section(QStringLiteral(": "), 0, 0), tokens.at(bars));
        QVERIFY2(std::abs(lastNumber(name) - expected(bars)) <= 0.5e-4 + 1e-12,
                 qPrintable(QStringLiteral("bar \"%1\", expected %2")
                                .arg(name)
                                .arg(expected(bars), 0, 'f', 6)));
        ++bars;
    }
    QCOMPARE(bars, int(tokens.size()));
}

void TestAccessibility::barChartBars()
{
    BarChartView view(Qt::darkBlue);
    view.chart()->setTitle(QStringLiteral("next character"));
    const QStringList categories{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    const QList<qreal> values{0.125, 0.5, 0.375};
    view.setBars(categories, values);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(&view);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Chart);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("next character"));
    QList<QAccessibleInterface *> items;
    for (int i = 0; i < iface->childCount(); ++i)
        if (iface->child(i)->role() == QAccessible::ListItem)
            items.append(iface->child(i));
    QCOMPARE(items.size(), categories.size());
    for (int i = 0; i < items.size(); ++i) {
        QCOMPARE(items.at(i)->text(QAccessible::Name).section(QStringLiteral(": "), 0, 0),
                 categories.at(i));
        QCOMPARE(lastNumber(items.at(i)->text(QAccessible::Name)), values.at(i));
    }
    // New bars: the same children say the new values.
    view.setBars(categories, {0.25, 0.25, 0.5});
    QCOMPARE(lastNumber(items.at(2)->text(QAccessible::Name)), 0.5);
}

void TestAccessibility::headGridHeads()
{
    HeadGrid grid;
    AttentionSnapshot snapshot;
    snapshot.step = 40;
    const int layers = 2;
    const int heads = 3;
    const int positions = 3;
    snapshot.heads.resize(layers);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            // Head (l, h) gives position 2 most weight on key (l + h) % 3.
            MatrixF weights = MatrixF::Zero(positions, positions);
            weights(0, 0) = 1;
            weights(1, 0) = weights(1, 1) = 0.5f;
            weights.row(2).setConstant(0.1f);
            weights(2, (l + h) % 3) = 0.8f;
            snapshot.heads[l].push_back(weights);
        }
    grid.setSnapshot(std::make_shared<const AttentionSnapshot>(snapshot),
                     {QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明")});
    grid.setSelectedHead(1, 2);
    grid.setSelectedPosition(2);
    grid.resize(600, 400);
    grid.show();
    QVERIFY(QTest::qWaitForWindowExposed(&grid));

    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(&grid);
    QVERIFY(iface);
    QCOMPARE(iface->childCount(), layers * heads);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            QAccessibleInterface *head = iface->child(l * heads + h);
            QCOMPARE(head->text(QAccessible::Name),
                     QStringLiteral("layer %1, head %2").arg(l + 1).arg(h + 1));
            QCOMPARE(head->state().selected, l == 1 && h == 2);
            // The description names the strongest key of the selected position first.
            const QString strongest =
                QStringList{QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明")}.at(
                    (l + h) % 3);
            const QString description = head->text(QAccessible::Description);
            QVERIFY2(description.contains(QStringLiteral("looks at %1").arg(strongest)),
                     qPrintable(description));
            QVERIFY(description.contains(QStringLiteral("0.80")));
            QVERIFY(!head->rect().isEmpty());
            QCOMPARE(iface->childAt(head->rect().center().x(), head->rect().center().y()), head);
        }
    QVERIFY(iface->text(QAccessible::Description).contains(QStringLiteral("layer 2, head 3")));

    // With the focus, the selected head is the focused child, and the arrow keys move it.
    grid.setFocus();
    QTRY_VERIFY(grid.hasFocus());
    QCOMPARE(iface->focusChild(), iface->child(1 * heads + 2));
    QTest::keyClick(&grid, Qt::Key_Left);
    QCOMPARE(grid.selectedHead(), 1);
    QCOMPARE(iface->focusChild(), iface->child(1 * heads + 1));
    QVERIFY(iface->focusChild()->state().selected);
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
