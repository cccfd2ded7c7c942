// The commands about scenarios: presets, preset and weights.

#include "commandline.h"
#include "commands.h"
#include "csv.h"
#include "numberformat.h"
#include "output.h"
#include "presets.h"
#include "scenariofile.h"

#include <QCoreApplication>

namespace attention::cli {

namespace {

/// The preset called `name`; an unknown name is a bad command line that lists the valid ones.
Scenario presetOrFail(const CommandLine &line, const QString &name)
{
    std::optional<Scenario> scenario = preset(name);
    if (!scenario)
        line.fail(Cli::tr("unknown preset \"%1\" (the presets are %2)")
                      .arg(name, presetNames().join(QStringLiteral(", "))));
    return *scenario;
}

/// The scenario in the file `fileName`; one that cannot be read is bad input, named by its error.
Scenario scenarioOrFail(const QString &fileName)
{
    ScenarioReadResult read = loadScenario(fileName);
    if (!read.ok())
        throw Failure{ExitBadInput, read.error};
    return std::move(read.scenario);
}

/// Weights as CSV: three tables (scores, weights, output), each headed by a row that names it and
/// its columns, separated by an empty line. Masked scores are written -inf.
QString weightsCsv(const Scenario &scenario, const ScenarioResult &result)
{
    QStringList valueColumns = scenario.tokens;
    if (!scenario.hasOneHotValues()) {
        valueColumns.clear();
        for (Index c = 0; c < scenario.valueDimension(); ++c)
            valueColumns.append(QStringLiteral("v%1").arg(c + 1));
    }
    const QStringList &tokens = scenario.tokens;
    return csvTable(QStringLiteral("scores"), tokens, tokens, result.scores().toMatrix()) +
           QLatin1Char('\n') + csvTable(QStringLiteral("weights"), tokens, tokens, result.weights) +
           QLatin1Char('\n') +
           csvTable(QStringLiteral("output"), valueColumns, tokens, result.outputMatrix());
}

QByteArray weightsJson(const Scenario &scenario, const ScenarioResult &result)
{
    return jsonDocument({{QStringLiteral("tokens"), jsonStrings(scenario.tokens)},
                         {QStringLiteral("scores"), jsonMatrix(result.scores().toMatrix())},
                         {QStringLiteral("weights"), jsonMatrix(result.weights)},
                         {QStringLiteral("output"), jsonMatrix(result.outputMatrix())}});
}

} // namespace

int runPresets(const QStringList &arguments, Language &)
{
    CommandLine line(QStringLiteral("presets"),
                     Cli::tr("Lists the built-in presets, one name a line. "
                             "Print one with: attention-cli preset NAME"));
    if (!line.parse(arguments))
        return ExitSuccess;
    line.positionalArguments(); // refuses any
    printText(presetNames().join(QLatin1Char('\n')) + QLatin1Char('\n'));
    return ExitSuccess;
}

int runPreset(const QStringList &arguments, Language &)
{
    CommandLine line(
        QStringLiteral("preset"),
        Cli::tr("Prints a built-in preset as a scenario file (JSON), ready to edit and "
                "load.\nPresets: %1")
            .arg(presetNames().join(QStringLiteral(", "))));
    line.addPositional(QStringLiteral("NAME"), Cli::tr("The preset's name."),
                       QStringLiteral("NAME"));
    if (!line.parse(arguments))
        return ExitSuccess;
    const QStringList names = line.positionalArguments(1);
    if (names.isEmpty())
        line.fail(Cli::tr("missing the preset's name (the presets are %1)")
                      .arg(presetNames().join(QStringLiteral(", "))));
    printBytes(scenarioToJson(presetOrFail(line, names.constFirst())));
    return ExitSuccess;
}

int runWeights(const QStringList &arguments, Language &)
{
    CommandLine line(
        QStringLiteral("weights"),
        Cli::tr("Computes the scores, weights and output of a scenario, given as a file "
                "or a preset. The options override the scenario's own settings.\n"
                "JSON: {\"tokens\", \"scores\", \"weights\", \"output\"}, a masked score "
                "is null. CSV: three tables headed scores, weights and output."));
    line.addPositional(QStringLiteral("SCENARIO.json"), Cli::tr("A scenario file."),
                       QStringLiteral("[SCENARIO.json]"));
    line.addOption({QStringLiteral("preset"),
                    Cli::tr("Use the built-in preset NAME instead of a file."),
                    QStringLiteral("NAME")});
    line.addOption({QStringLiteral("scale"),
                    Cli::tr("Multiply every dot product by X (%1 to %2).")
                        .arg(NumberFormat::shortest(ScenarioLimits::minScale, QLocale()),
                             NumberFormat::shortest(ScenarioLimits::maxScale, QLocale())),
                    QStringLiteral("X")});
    line.addOption({QStringLiteral("causal"), Cli::tr("Hide later tokens (causal mask).")});
    line.addOption({QStringLiteral("no-causal"), Cli::tr("Let every token see every token.")});
    line.addOption({QStringLiteral("sqrt-d"), Cli::tr("Divide the scores by √d.")});
    line.addOption({QStringLiteral("no-sqrt-d"), Cli::tr("Do not divide the scores by √d.")});
    line.addOption({QStringLiteral("format"), Cli::tr("Output format: json (default) or csv."),
                    QStringLiteral("json|csv")});
    if (!line.parse(arguments))
        return ExitSuccess;

    // Check the whole command line before reading anything.
    const QStringList files = line.positionalArguments(1);
    const bool fromPreset = line.isSet(QStringLiteral("preset"));
    if (fromPreset && !files.isEmpty())
        line.fail(Cli::tr("give a scenario file or --preset, not both"));
    if (!fromPreset && files.isEmpty())
        line.fail(Cli::tr("give a scenario file or --preset NAME"));
    const double scale = line.number(QStringLiteral("scale"), ScenarioLimits::minScale,
                                     ScenarioLimits::maxScale, -1.0);
    const std::optional<bool> causal =
        line.toggle(QStringLiteral("causal"), QStringLiteral("no-causal"));
    const std::optional<bool> sqrtD =
        line.toggle(QStringLiteral("sqrt-d"), QStringLiteral("no-sqrt-d"));
    const QString format =
        line.choice(QStringLiteral("format"), {QStringLiteral("json"), QStringLiteral("csv")},
                    QStringLiteral("json"));

    Scenario scenario = fromPreset ? presetOrFail(line, line.value(QStringLiteral("preset")))
                                   : scenarioOrFail(files.constFirst());
    if (line.isSet(QStringLiteral("scale")))
        scenario.scoreScale = scale;
    scenario.causal = causal.value_or(scenario.causal);
    scenario.divideBySqrtD = sqrtD.value_or(scenario.divideBySqrtD);

    const ScenarioResult result = scenario.compute();
    if (format == QLatin1String("csv"))
        printText(weightsCsv(scenario, result));
    else
        printBytes(weightsJson(scenario, result));
    return ExitSuccess;
}

} // namespace attention::cli
