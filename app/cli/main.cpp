// attention-cli: the lesson, scenario weights, the √d statistics and the timing exercise in a
// terminal. main() sets up the interface language and hands the arguments to the command named
// first; the commands live in lesson.cpp, scenariocommands.cpp and measurecommands.cpp.

#include "commandline.h"
#include "commands.h"
#include "language.h"
#include "output.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstdio>
#include <new>

namespace {

using namespace attention::cli;

QString globalHelp()
{
    QString text = Cli::tr("Usage: attention-cli COMMAND [options]\n"
                           "Attention in Transformers, number by number, in a terminal.\n\n"
                           "Commands:\n");
    int width = 0;
    for (const Command &command : commands())
        width = std::max(width, displayWidth(QLatin1String(command.name)));
    for (const Command &command : commands())
        text += QStringLiteral("  ") + padRight(QLatin1String(command.name), width + 2) +
                Cli::tr(command.summary) + QLatin1Char('\n');
    text += Cli::tr("\nOptions:\n"
                    "  -h, --help  Show this help; COMMAND --help shows a command's options.\n"
                    "  --version   Show the version and exit.\n\n"
                    "Exit codes: 0 success, 2 bad command line, 3 invalid input file.\n");
    return text;
}

int dispatch(const QStringList &arguments, attention::Language &language)
{
    const QString first = arguments.value(1);
    if (first.isEmpty())
        throw Failure{ExitUsage, Cli::tr("no command given; %1").arg(helpHint())};
    if (first == QLatin1String("-h") || first == QLatin1String("--help")) {
        printText(globalHelp());
        return ExitSuccess;
    }
    if (first == QLatin1String("--version")) {
        printText(versionText());
        return ExitSuccess;
    }
    for (const Command &command : commands())
        if (first == QLatin1String(command.name))
            return command.run(arguments.mid(1), language);
    const QString what = first.startsWith(QLatin1Char('-')) ? Cli::tr("unknown option %1; %2")
                                                            : Cli::tr("unknown command \"%1\"; %2");
    throw Failure{ExitUsage, what.arg(first, helpHint())};
}

} // namespace

namespace attention::cli {

const std::vector<Command> &commands()
{
    static const std::vector<Command> list = {
        {"lesson", QT_TRANSLATE_NOOP("Cli", "Print the lesson, section by section"), runLesson},
        {"presets", QT_TRANSLATE_NOOP("Cli", "List the built-in presets"), runPresets},
        {"preset", QT_TRANSLATE_NOOP("Cli", "Print a preset as a scenario file"), runPreset},
        {"weights", QT_TRANSLATE_NOOP("Cli", "Scores, weights and output of a scenario"),
         runWeights},
        {"sqrtd", QT_TRANSLATE_NOOP("Cli", "Why scores are divided by √d: the statistics"),
         runSqrtD},
        {"bench", QT_TRANSLATE_NOOP("Cli", "Time attention for growing T"), runBench},
        {"corpus", QT_TRANSLATE_NOOP("Cli", "The tiny model's training text and its vocabulary"),
         runCorpus},
        {"train", QT_TRANSLATE_NOOP("Cli", "Train the tiny character Transformer"), runTrain},
        {"eval",
         QT_TRANSLATE_NOOP("Cli", "A trained model's loss, attention and guesses on a text"),
         runEval},
        {"grad", QT_TRANSLATE_NOOP("Cli", "The gradient of eval's loss, as a weights file"),
         runGrad},
        {"sample", QT_TRANSLATE_NOOP("Cli", "Text written by a trained model"), runSample},
        {"heads", QT_TRANSLATE_NOOP("Cli", "What each head of a trained model does and is worth"),
         runHeads},
    };
    return list;
}

} // namespace attention::cli

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("attention-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTENTION_LAB_VERSION));
    attention::Language language;
    language.setLanguage(attention::Language::systemLanguage());

    try {
        const int code = dispatch(QCoreApplication::arguments(), language);
        if (std::fflush(stdout) != 0)
            throw Failure{ExitFailure, Cli::tr("could not write the output")};
        return code;
    } catch (const Failure &failure) {
        printError(failure.message);
        return failure.code;
    } catch (const std::bad_alloc &) {
        printError(Cli::tr("out of memory"));
        return ExitFailure;
    }
}
