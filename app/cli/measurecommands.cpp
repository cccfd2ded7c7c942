// The measuring commands: sqrtd (the √d statistics) and bench (the timing exercise).

#include "bench.h"
#include "commandline.h"
#include "commands.h"
#include "numberformat.h"
#include "output.h"
#include "sqrtd.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace attention::cli {

namespace {

// Limits that keep every run finite in time and memory (help texts and docs/cli.md quote them).
constexpr Index maxSqrtDDimension = 4096;
constexpr Index maxSqrtDTokens = 4096;
constexpr Index maxTrials = 1'000'000;
constexpr Index maxBenchLength = 16384;
constexpr Index maxBenchDimension = 4096;
constexpr Index maxThreads = 256;
constexpr Index maxRepeat = 1000;
// Each option alone is bounded, but together they could still ask for hours of work: cap the
// multiply-adds of a whole √d run (trials · T² · d) and of one timed attention pass (4 · T² · d).
constexpr double maxSqrtDWork = 1e11;
constexpr double maxBenchWork = 1.1e12; // 4 · 16384² · 1024

QStringList formatChoices()
{
    return {QStringLiteral("table"), QStringLiteral("json")};
}

/// The bench's progress on stderr, only when a person is watching it there.
BenchProgress terminalProgress()
{
    if (!isatty(fileno(stderr)))
        return {};
    return [](int done, int total) {
        std::fprintf(stderr, "\r%s",
                     qUtf8Printable(Cli::tr("timing: run %1 of %2").arg(done).arg(total)));
        if (done == total)
            std::fputs("\r\033[K", stderr); // clear the line again
        std::fflush(stderr);
        return true;
    };
}

} // namespace

namespace {

void addSqrtDOptions(CommandLine &line, const SqrtDOptions &defaults)
{
    line.addOption({QStringLiteral("d"),
                    Cli::tr("Comma-separated dimensions, each 1 to %1 (default 16,64,256,1024).")
                        .arg(maxSqrtDDimension),
                    QStringLiteral("d,…")});
    line.addOption(
        {QStringLiteral("T"),
         Cli::tr("Tokens per trial, 1 to %1 (default %2).").arg(maxSqrtDTokens).arg(defaults.T),
         QStringLiteral("T")});
    line.addOption(
        {QStringLiteral("trials"),
         Cli::tr("Trials per d, 1 to %1 (default %2).").arg(maxTrials).arg(defaults.trials),
         QStringLiteral("N")});
    line.addOption({QStringLiteral("seed"), Cli::tr("Random seed (default %1).").arg(defaults.seed),
                    QStringLiteral("S")});
    line.addOption(
        {QStringLiteral("causal"), Cli::tr("Measure only the scores a causal mask keeps.")});
    line.addOption({QStringLiteral("format"), Cli::tr("Output format: table (default) or json."),
                    QStringLiteral("table|json")});
}

/// The parsed options (the command line fails with a message on a bad one).
SqrtDOptions readSqrtDOptions(CommandLine &line, const SqrtDOptions &defaults,
                              const std::vector<Index> &dims)
{
    SqrtDOptions options;
    options.T = line.integer(QStringLiteral("T"), 1, maxSqrtDTokens, defaults.T);
    options.trials =
        static_cast<int>(line.integer(QStringLiteral("trials"), 1, maxTrials, defaults.trials));
    options.seed = line.unsignedInteger(QStringLiteral("seed"), defaults.seed);
    const double largestD = static_cast<double>(*std::max_element(dims.begin(), dims.end()));
    const double work = options.trials * static_cast<double>(options.T * options.T) * largestD;
    if (work > maxSqrtDWork)
        line.fail(Cli::tr("--trials × --T² × --d is %1, more than %2; make one of them smaller")
                      .arg(NumberFormat::operations(work), NumberFormat::operations(maxSqrtDWork)));
    options.causal = line.isSet(QStringLiteral("causal"));
    return options;
}

void printSqrtDJson(const SqrtDOptions &options, const std::vector<SqrtDRow> &rows)
{
    QList<QByteArray> jsonRows;
    for (const SqrtDRow &row : rows)
        jsonRows.append(jsonInline(
            {{QStringLiteral("d"), QByteArray::number(row.d)},
             {QStringLiteral("std"), NumberFormat::json(row.stdDev)},
             {QStringLiteral("max_weight_unscaled"), NumberFormat::json(row.maxWeightUnscaled)},
             {QStringLiteral("max_weight_scaled"), NumberFormat::json(row.maxWeightScaled)}}));
    printBytes(jsonDocument({{QStringLiteral("T"), QByteArray::number(options.T)},
                             {QStringLiteral("trials"), QByteArray::number(options.trials)},
                             {QStringLiteral("seed"), QByteArray::number(options.seed)},
                             {QStringLiteral("causal"), options.causal ? "true" : "false"},
                             {QStringLiteral("rows"), jsonLines(jsonRows)}}));
}

void printSqrtDTable(const SqrtDOptions &options, const std::vector<SqrtDRow> &rows)
{
    printText(Cli::tr("T = %1, %2 trials, seed %3, %4\n")
                  .arg(options.T)
                  .arg(options.trials)
                  .arg(options.seed)
                  .arg(options.causal ? Cli::tr("causal") : Cli::tr("no mask")));
    TextTable table(0);
    table.addRow({Cli::tr("d"), Cli::tr("std of q·k"), Cli::tr("√d"),
                  Cli::tr("max weight, unscaled"), Cli::tr("max weight, ÷√d")});
    for (const SqrtDRow &row : rows)
        table.addRow({QString::number(row.d), NumberFormat::value(row.stdDev),
                      NumberFormat::value(std::sqrt(static_cast<double>(row.d))),
                      NumberFormat::weight(row.maxWeightUnscaled),
                      NumberFormat::weight(row.maxWeightScaled)});
    printText(table.toString());
}

} // namespace

int runSqrtD(const QStringList &arguments, Language &)
{
    const SqrtDOptions defaults;
    CommandLine line(
        QStringLiteral("sqrtd"),
        Cli::tr("Why scores are divided by √d. For each d, many trials draw T queries and "
                "T keys with N(0, 1) entries and measure the standard deviation of their "
                "dot products (about √d) and the mean of each row's largest softmax "
                "weight, unscaled and with the scores divided by √d. The same seed gives "
                "the same figures on every machine."));
    addSqrtDOptions(line, defaults);
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments(); // refuses any
    const std::vector<Index> dims =
        line.integerList(QStringLiteral("d"), 1, maxSqrtDDimension, {16, 64, 256, 1024});
    const SqrtDOptions options = readSqrtDOptions(line, defaults, dims);
    const QString format =
        line.choice(QStringLiteral("format"), formatChoices(), QStringLiteral("table"));

    // Each trial's products are tiny (T × d by d × T): spreading them over OpenMP threads costs
    // far more in wake-ups than it saves, most of all on a busy machine.
    Eigen::setNbThreads(1);
    std::vector<SqrtDRow> rows;
    for (Index d : dims)
        rows.push_back(measureSqrtD(d, options));
    if (format == QLatin1String("json"))
        printSqrtDJson(options, rows);
    else
        printSqrtDTable(options, rows);
    return ExitSuccess;
}

namespace {

QStringList benchKernelChoices()
{
    QStringList choices;
    for (Kernel kernel : allKernels())
        choices.append(QLatin1String(kernelName(kernel)));
    choices.append(QStringLiteral("all"));
    return choices;
}

void addBenchOptions(CommandLine &line, const BenchOptions &defaults)
{
    const QStringList kernelChoices = benchKernelChoices();
    line.addOption(
        {QStringLiteral("T"),
         Cli::tr("Comma-separated sequence lengths, each 1 to %1 (default 1000,2000,4000).")
             .arg(maxBenchLength),
         QStringLiteral("T,…")});
    line.addOption({QStringLiteral("d"),
                    Cli::tr("Width of q, k and v, 1 to %1 (default %2).")
                        .arg(maxBenchDimension)
                        .arg(defaults.d),
                    QStringLiteral("d")});
    line.addOption(
        {QStringLiteral("kernel"),
         Cli::tr("Kernel to time: %1 (default all).").arg(kernelChoices.join(QStringLiteral(", "))),
         kernelChoices.join(QLatin1Char('|'))});
    line.addOption({QStringLiteral("causal"), Cli::tr("Apply the causal mask.")});
    line.addOption({QStringLiteral("threads"),
                    Cli::tr("Threads, 1 to %1 (default: every core).").arg(maxThreads),
                    QStringLiteral("N")});
    line.addOption({QStringLiteral("repeat"),
                    Cli::tr("Timed runs per kernel and T after one warm-up, 1 to %1 (default %2).")
                        .arg(maxRepeat)
                        .arg(defaults.repeat),
                    QStringLiteral("R")});
    line.addOption({QStringLiteral("format"), Cli::tr("Output format: table (default) or json."),
                    QStringLiteral("table|json")});
}

/// The parsed options (the command line fails with a message on a bad one).
BenchOptions readBenchOptions(CommandLine &line, const BenchOptions &defaults)
{
    BenchOptions options;
    options.lengths = line.integerList(QStringLiteral("T"), 1, maxBenchLength, defaults.lengths);
    options.d = line.integer(QStringLiteral("d"), 1, maxBenchDimension, defaults.d);
    const double longest =
        static_cast<double>(*std::max_element(options.lengths.begin(), options.lengths.end()));
    const double work = 4.0 * longest * longest * static_cast<double>(options.d);
    if (work > maxBenchWork)
        line.fail(Cli::tr("4 × --T² × --d is %1, more than %2; make --T or --d smaller")
                      .arg(NumberFormat::operations(work), NumberFormat::operations(maxBenchWork)));
    const QString kernel =
        line.choice(QStringLiteral("kernel"), benchKernelChoices(), QStringLiteral("all"));
    if (kernel != QLatin1String("all"))
        options.kernels = {*kernelFromName(kernel.toStdString())};
    options.causal = line.isSet(QStringLiteral("causal"));
    options.threads = static_cast<int>(line.integer(QStringLiteral("threads"), 1, maxThreads, 0));
    options.repeat =
        static_cast<int>(line.integer(QStringLiteral("repeat"), 1, maxRepeat, defaults.repeat));
    return options;
}

void printBenchJson(const BenchOptions &options, const std::vector<BenchResult> &results,
                    double gemm, int threads)
{
    QList<QByteArray> jsonResults;
    for (const BenchResult &r : results)
        jsonResults.append(jsonInline(
            {{QStringLiteral("kernel"), jsonValue(QLatin1String(kernelName(r.kernel)))},
             {QStringLiteral("T"), QByteArray::number(r.T)},
             {QStringLiteral("median_ms"), NumberFormat::json(r.medianMs)},
             {QStringLiteral("gflops"), NumberFormat::json(r.gflops)},
             {QStringLiteral("growth"),
              r.growth ? NumberFormat::json(*r.growth) : QByteArrayLiteral("null")},
             {QStringLiteral("extra_bytes"), QByteArray::number(quint64(r.extraBytes))}}));
    printBytes(jsonDocument({{QStringLiteral("d"), QByteArray::number(options.d)},
                             {QStringLiteral("threads"), QByteArray::number(threads)},
                             {QStringLiteral("causal"), options.causal ? "true" : "false"},
                             {QStringLiteral("gemm_gflops"), NumberFormat::json(gemm)},
                             {QStringLiteral("results"), jsonLines(jsonResults)}}));
}

void printBenchTable(const BenchOptions &options, const std::vector<BenchResult> &results,
                     double gemm, int threads)
{
    printText(Cli::tr("d = %1, %2, %3; a %4×%4 matrix product runs at %5 GFLOP/s here\n")
                  .arg(options.d)
                  .arg(Cli::tr("%n thread(s)", nullptr, threads))
                  .arg(options.causal ? Cli::tr("causal") : Cli::tr("no mask"))
                  .arg(1024)
                  .arg(NumberFormat::rate(gemm)));
    TextTable table;
    table.addRow({Cli::tr("kernel"), Cli::tr("T"), Cli::tr("median ms"), Cli::tr("GFLOP/s"),
                  Cli::tr("growth"), Cli::tr("extra memory")});
    for (const BenchResult &r : results)
        table.addRow({QLatin1String(kernelName(r.kernel)), QString::number(r.T),
                      NumberFormat::milliseconds(r.medianMs), NumberFormat::rate(r.gflops),
                      r.growth ? QStringLiteral("×%1").arg(NumberFormat::ratio(*r.growth))
                               : QStringLiteral("—"),
                      NumberFormat::memory(qint64(r.extraBytes))});
    printText(table.toString());
}

} // namespace

int runBench(const QStringList &arguments, Language &)
{
    const BenchOptions defaults;
    CommandLine line(
        QStringLiteral("bench"),
        Cli::tr("Times attention (float32, like PyTorch's default) for each kernel and "
                "T: the median time, the rate in GFLOP/s (4·T²·d operations), the growth "
                "from the previous T (about 4 when T doubles) and the memory the kernel "
                "needs beyond its inputs and output. gemm_gflops is a matrix product "
                "timed in the same program, for scale."));
    addBenchOptions(line, defaults);
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments(); // refuses any
    const BenchOptions options = readBenchOptions(line, defaults);
    const QString format =
        line.choice(QStringLiteral("format"), formatChoices(), QStringLiteral("table"));

    const std::vector<BenchResult> results = attention::runBench(options, terminalProgress());
    const double gemm = measureGemmGflops(1024, options.threads, std::min(options.repeat, 5));
    if (format == QLatin1String("json"))
        printBenchJson(options, results, gemm, threadCount());
    else
        printBenchTable(options, results, gemm, threadCount());
    return ExitSuccess;
}

} // namespace attention::cli
