// The lesson command: the lesson program's output, section by section, in our own words.
//
// The random figures are seeded, so they are the same on every machine:
//   section 1  x (5, 4)                       Random(1)
//   section 3  q, k (5, 8)                    randomScenario(…, 8, seed 3): q, then k
//   section 4  the √d trials                  SqrtDOptions's default seed 1
//   section 5  x (5, 16), then W_q, W_k, W_v   drawRandomHead(), as the random-head preset
//   section 6  the timed q, k, v              BenchOptions's default seed 1

#include "bench.h"
#include "commandline.h"
#include "commands.h"
#include "head.h"
#include "language.h"
#include "numberformat.h"
#include "output.h"
#include "presets.h"
#include "sqrtd.h"

#include <QCoreApplication>
#include <cmath>

namespace attention::cli {

namespace {

/// The translation context of the lesson's words.
struct Lesson
{
    Q_DECLARE_TR_FUNCTIONS(Lesson)
};

constexpr int sectionCount = 6;

void printHeader(int number, const QString &title)
{
    printText(QStringLiteral("== %1. %2\n").arg(number).arg(title));
}

/// A remark under a section, wrapped and indented by two spaces.
void printNote(const QString &text)
{
    const QStringList lines = wrapText(text, 94).split(QLatin1Char('\n'));
    for (const QString &line : lines)
        printText(QStringLiteral("  ") + line + QLatin1Char('\n'));
}

/// A (T, T) matrix with two decimals, rows and columns labelled by token.
QString tokenGrid(const QStringList &tokens, const Matrix &m)
{
    TextTable table;
    table.addRow(QStringList{QString()} + tokens);
    for (Index r = 0; r < m.rows(); ++r) {
        QStringList row{tokens.at(static_cast<int>(r))};
        for (Index c = 0; c < m.cols(); ++c)
            row.append(NumberFormat::value(m(r, c)));
        table.addRow(row);
    }
    return table.toString(4);
}

/// {'床': 0.12, '前': 0.11, …}: one value per token, two decimals.
QString tokenDict(const QStringList &tokens, const RowVector &values)
{
    QStringList items;
    for (int i = 0; i < tokens.size(); ++i)
        items.append(QStringLiteral("'%1': %2").arg(tokens.at(i), NumberFormat::value(values(i))));
    return QLatin1Char('{') + items.join(QStringLiteral(", ")) + QLatin1Char('}');
}

/// "(5, 16)"
QString shape(const Matrix &m)
{
    return NumberFormat::shape(m.rows(), m.cols());
}

/// "[1, 0]"
QString vectorText(const RowVector &v)
{
    QStringList items;
    for (Index i = 0; i < v.size(); ++i)
        items.append(QString::number(v(i), 'g', 6));
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

/// Lines "  label  text" with the labels padded to one width.
QString labelled(const QList<std::pair<QString, QString>> &lines)
{
    int width = 0;
    for (const auto &[label, text] : lines)
        width = std::max(width, displayWidth(label));
    QString out;
    for (const auto &[label, text] : lines)
        out += QStringLiteral("  ") + padRight(label, width + 1) + text + QLatin1Char('\n');
    return out;
}

void averagingSection()
{
    printHeader(
        1, Lesson::tr("Averaging: one matrix product gives each position the mean of itself and "
                      "everything before it"));
    const QStringList tokens = preset(QStringLiteral("lesson"))->tokens;
    const Index T = tokens.size();
    const Matrix weights = averagingWeights(T); // (T, T), row i: 1/(i+1) over 0…i
    printText(tokenGrid(tokens, weights));

    Random rng(1);
    const Matrix x = rng.normalMatrix(T, 4); // (T, 4)
    const Matrix out = weights * x;          // (T, 4)
    const RowVector mean = x.topRows(3).colwise().mean();
    const bool same = (out.row(2) - mean).cwiseAbs().maxCoeff() < 1e-12;
    printNote(
        Lesson::tr("Row 3 of weights · x ('%1') equals the mean of the first three rows of x: %2")
            .arg(tokens.at(2), same ? QStringLiteral("True") : QStringLiteral("False")));
}

void scoresSection()
{
    const Scenario lesson = *preset(QStringLiteral("lesson"));
    const QStringList &tokens = lesson.tokens;
    const int last = static_cast<int>(tokens.size()) - 1; // 光
    const RowVector query = lesson.queries.row(last);     // (1, 2): the lesson's [1, 0]
    printHeader(2, Lesson::tr("Scores are dot products: %1's query %2 is looking for the sky")
                       .arg(tokens.at(last), vectorText(query)));

    const RowVector scores = query * lesson.keys.transpose(); // (1, T)
    const RowVector sharp = 5.0 * scores;
    printText(labelled({
        {Lesson::tr("scores q·k:"), tokenDict(tokens, scores)},
        {Lesson::tr("weights after softmax:"), tokenDict(tokens, softmax(scores))},
        {Lesson::tr("weights of the scores × 5:"), tokenDict(tokens, softmax(sharp))},
    }));
    Index favourite = 0;
    const double largest = softmax(sharp).maxCoeff(&favourite);
    printNote(Lesson::tr("Larger scores make softmax pick a favourite: at × 5, %1 takes %2 of the "
                         "weight.")
                  .arg(tokens.at(static_cast<int>(favourite)), NumberFormat::weight(largest)));
}

void causalSection()
{
    printHeader(
        3, Lesson::tr("The causal mask: no looking ahead, scores above the diagonal become −∞ and "
                      "their weights 0"));
    const QStringList tokens = preset(QStringLiteral("lesson"))->tokens;
    Scenario s = randomScenario(tokens, 8, 3); // q, k (5, 8), seeded
    s.divideBySqrtD = true;
    s.causal = true;
    printNote(
        Lesson::tr("random q, k %1 with seed 3, scores divided by √8:").arg(shape(s.queries)));
    printText(tokenGrid(tokens, s.compute().weights));
}

void sqrtDSection()
{
    printHeader(
        4, Lesson::tr("Why divide by √d: the wider the vectors, the larger the dot products, and "
                      "softmax turns all-or-nothing"));
    const SqrtDOptions options; // T = 5, 2000 trials, seed 1
    printNote(Lesson::tr("%1 trials of %2 random queries and keys, seed %3:")
                  .arg(options.trials)
                  .arg(options.T)
                  .arg(options.seed));
    TextTable table(0);
    table.addRow({Lesson::tr("d"), Lesson::tr("std of q·k"), Lesson::tr("√d"),
                  Lesson::tr("largest weight, unscaled"), Lesson::tr("divided by √d")});
    for (Index d : {16, 64, 256, 1024}) {
        const SqrtDRow row = measureSqrtD(d, options);
        table.addRow({QString::number(d), NumberFormat::value(row.stdDev),
                      NumberFormat::value(std::sqrt(static_cast<double>(d))),
                      NumberFormat::weight(row.maxWeightUnscaled),
                      NumberFormat::weight(row.maxWeightScaled)});
    }
    printText(table.toString(4));
    printNote(
        Lesson::tr("The spread of q·k grows like √d; dividing by √d brings it back to about 1 and "
                   "keeps the weights spread out."));
}

void headSection()
{
    printHeader(
        5, Lesson::tr(
               "One attention head: one input, three weight matrices, and out come q, k and v"));
    const RandomHead drawn = drawRandomHead(); // the random-head preset's: seed 5, (5, 16), (16, 8)
    const Matrix &x = drawn.x;
    const HeadResult result = forward(drawn.head, x, true);
    const Matrix reference = referenceAttention(result.q, result.k, result.v, true);

    // The same head in float32, the way PyTorch computes by default.
    MatrixF out32;
    runKernel(Kernel::Materialized, result.q.cast<float>(), result.k.cast<float>(),
              result.v.cast<float>(), out32, true);

    printNote(Lesson::tr("input %1 → q, k, v each %2 → output %3")
                  .arg(shape(x), shape(result.q), shape(result.attention.output)));
    printNote(
        Lesson::tr("largest difference to an independent reference: %1 (double), %2 (float32)")
            .arg(NumberFormat::difference(maxAbsDifference(result.attention.output, reference)),
                 NumberFormat::difference(maxAbsDifference(out32.cast<double>(), reference))));
}

void costSection()
{
    printHeader(
        6, Lesson::tr("The cost: T tokens make a T×T table of scores, so doubling T makes four "
                      "times the work"));
    // Full attention on one thread, so nothing but T changes from row to row; the tiled kernel
    // keeps the table in cache-sized blocks, so the times grow with the work, not with cache
    // misses.
    BenchOptions options;
    options.lengths = {1000, 2000, 4000};
    options.d = 8; // the head of section 5
    options.kernels = {Kernel::Tiled};
    options.threads = 1;
    options.repeat = 3;
    printNote(
        Lesson::tr("float32, d = %1 like the head above, the %2 kernel on one thread, median of %3 "
                   "runs:")
            .arg(options.d)
            .arg(QLatin1String(kernelName(options.kernels.front())))
            .arg(options.repeat));
    TextTable table(0);
    table.addRow(
        {Lesson::tr("T"), Lesson::tr("time"), Lesson::tr("growth"), Lesson::tr("T×T table")});
    for (const BenchResult &r : runBench(options)) {
        table.addRow({QString::number(r.T),
                      Lesson::tr("%1 ms").arg(NumberFormat::milliseconds(r.medianMs)),
                      r.growth ? QStringLiteral("×%1").arg(NumberFormat::ratio(*r.growth))
                               : QStringLiteral("—"),
                      NumberFormat::memory(qint64(scoreTableBytes(r.T)))});
    }
    printText(table.toString(4));
    printNote(
        Lesson::tr("Twice the tokens, four times the scores: the time grows about 4× per doubling, "
                   "and so would the memory of a stored table (this kernel computes it block by "
                   "block and never stores it whole)."));
}

} // namespace

int runLesson(const QStringList &arguments, Language &language)
{
    CommandLine line(
        QStringLiteral("lesson"),
        Lesson::tr(
            "Prints the lesson's program output, section by section: 1 averaging, 2 scores and "
            "softmax, 3 the causal mask, 4 dividing by √d, 5 one attention head, 6 the cost.\n"
            "Random figures are seeded and the same on every machine: x in section 1 with seed 1, "
            "q and k in section 3 with seed 3, the √d trials with seed 1, the head in section 5 "
            "with seed 5 (the random-head preset), the timed matrices with seed 1."));
    line.addOption({QStringLiteral("section"),
                    Lesson::tr("Print only section N, 1 to %1.").arg(sectionCount),
                    QStringLiteral("N")});
    line.addOption({QStringLiteral("lang"),
                    Lesson::tr("Language: %1 (default: the system's).")
                        .arg(Language::available().join(QStringLiteral(", "))),
                    Language::available().join(QLatin1Char('|'))});
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments(); // refuses any
    const Index only = line.integer(QStringLiteral("section"), 1, sectionCount, 0);
    language.setLanguage(
        line.choice(QStringLiteral("lang"), Language::available(), language.language()));

    const std::vector<void (*)()> sections = {averagingSection, scoresSection, causalSection,
                                              sqrtDSection,     headSection,   costSection};
    for (int i = 0; i < sectionCount; ++i) {
        if (only == 0 || only == i + 1) {
            if (only == 0 && i > 0)
                printText(QStringLiteral("\n"));
            sections[static_cast<std::size_t>(i)]();
            std::fflush(stdout); // show each section as soon as it is done
        }
    }
    return ExitSuccess;
}

} // namespace attention::cli
