// Step 7's knock-out matrix and its verdict, from reports whose figures are set here: the cells
// show each head's figures as the report has them, a ratio that fell below half is marked, and
// the verdict names the induction head and the head of the layer before that it needs, with
// both figures, only where the role line names induction and the knock-out takes it below 3×.

#include "knockouttable.h"
#include "numberformat.h"

#include <QLabel>
#include <QTableWidget>
#include <QTest>

using namespace attention;

namespace {

/// A head whose only role with rows is induction, at `ratio` (or none when ratio is below 3×).
tiny::HeadRoles inductionHead(double ratio)
{
    tiny::HeadRoles roles;
    roles.measures[std::size_t(tiny::Role::Induction)] = {ratio * 0.05, 0.05, 200};
    roles.measures[std::size_t(tiny::Role::PreviousChar)] = {0.1, 0.05, 200}; // 2×
    return roles;
}

/// A report of two layers of two heads: layer 2's induction ratios `layer2`, and with head
/// (1, h) off those of `after[h]`.
HeadsWorth worthOf(std::array<double, 2> layer2, std::array<std::array<double, 2>, 2> after)
{
    HeadsWorth worth;
    tiny::HeadsReport &r = worth.report;
    r.valLoss = 2.0;
    r.iclScore = -0.8;
    r.roles = {{inductionHead(1.0), inductionHead(1.0)},
               {inductionHead(layer2[0]), inductionHead(layer2[1])}};
    r.knockouts.assign(2, std::vector<tiny::HeadKnockout>(2));
    for (int h = 0; h < 2; ++h) {
        r.knockouts[0][std::size_t(h)] = {
            0.1 * (h + 1), 0.2 * (h + 1), {after[std::size_t(h)][0], after[std::size_t(h)][1]}};
        r.knockouts[1][std::size_t(h)] = {0.3, 0.4, {}};
    }
    return worth;
}

} // namespace

class TestKnockoutTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cellsAreTheReportsFigures();
    void verdictNamesTheHeadItNeeds();
    void noVerdictWithoutAnInductionHead();
};

void TestKnockoutTable::cellsAreTheReportsFigures()
{
    KnockoutTable table;
    const HeadsWorth worth = worthOf({8.0, 1.5}, {{{7.5, 1.4}, {0.6, 1.5}}});
    table.showWorth(&worth);
    const QTableWidget *t = table.table();
    QCOMPARE(t->rowCount(), 5);
    QCOMPARE(t->columnCount(), 4);
    QCOMPARE(t->item(0, 1)->text(), NumberFormat::loss(-0.8)); // the score with every head on
    QCOMPARE(t->horizontalHeaderItem(3)->text(), QStringLiteral("2.2 ×"));
    QCOMPARE(t->item(0, 2)->text(), NumberFormat::ratio(8.0) + QStringLiteral("×"));
    QCOMPARE(t->verticalHeaderItem(2)->text(), QStringLiteral("1.2 off"));
    QCOMPARE(t->item(2, 0)->text(), NumberFormat::lossChange(0.2));
    QCOMPARE(t->item(2, 1)->text(), NumberFormat::lossChange(0.4));
    QCOMPARE(t->item(2, 2)->text(), NumberFormat::ratio(0.6) + QStringLiteral("×"));
    // 2.1 fell from 8× to 0.6× with 1.2 off: marked; 7.5× with 1.1 off is not, nor 2.2 (no role).
    QVERIFY(t->item(2, 2)->background().style() != Qt::NoBrush);
    QCOMPARE(t->item(1, 2)->background().style(), Qt::NoBrush);
    QCOMPARE(t->item(2, 3)->background().style(), Qt::NoBrush);
    QCOMPARE(t->item(3, 2)->text(), QStringLiteral("–")); // layer 2 has no next layer
    table.showWorth(nullptr);
    QCOMPARE(t->rowCount(), 0);
    QVERIFY(table.verdictText().isEmpty());
}

void TestKnockoutTable::verdictNamesTheHeadItNeeds()
{
    KnockoutTable table;
    HeadsWorth worth = worthOf({8.0, 1.5}, {{{7.5, 1.4}, {0.6, 1.5}}});
    table.showWorth(&worth);
    QCOMPARE(table.verdictText(),
             QStringLiteral("Head 2.1 is the induction head (8.0×). With head 1.2 off it falls to "
                            "0.6×: it reads what 1.2 writes, the two heads form the circuit."));
    QCOMPARE(table.verdict()->text(), table.verdictText());
    // No single knock-out takes it below 3×: the verdict says so, with the most it falls.
    worth = worthOf({8.0, 1.5}, {{{7.5, 1.4}, {3.2, 1.5}}});
    table.showWorth(&worth);
    QCOMPARE(table.verdictText(),
             QStringLiteral("Head 2.1 is the induction head (8.0×). No single head of the layer "
                            "before takes it below 3.0×: with head 1.2 off, the most, it is "
                            "still 3.2×."));
}

void TestKnockoutTable::noVerdictWithoutAnInductionHead()
{
    KnockoutTable table;
    // 2.2 reads the earlier copy at 2.5×, below the 3× that names a role.
    HeadsWorth worth = worthOf({1.2, 2.5}, {{{1.2, 2.4}, {1.1, 0.9}}});
    table.showWorth(&worth);
    QCOMPARE(table.verdictText(),
             QStringLiteral("No head of layer 2 and up plays the induction role yet (the most on "
                            "the character after the earlier copy, 2.2, 2.5×; a role from "
                            "3.0×)."));
    // A head at 4× on induction whose role line names another role (5× on the previous
    // character) is not called an induction head.
    worth.report.roles[1][1].measures[std::size_t(tiny::Role::PreviousChar)] = {0.25, 0.05, 200};
    worth.report.roles[1][1].measures[std::size_t(tiny::Role::Induction)] = {0.2, 0.05, 200};
    table.showWorth(&worth);
    QVERIFY2(table.verdictText().startsWith(QStringLiteral("No head of layer 2")),
             qPrintable(table.verdictText()));
}

QTEST_MAIN(TestKnockoutTable)
#include "tst_knockouttable.moc"
