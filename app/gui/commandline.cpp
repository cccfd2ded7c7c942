#include "commandline.h"

#include "language.h"
#include "lessontext.h"
#include "lessonview.h"
#include "presets.h"
#include "screenshot.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <algorithm>

namespace attention {

namespace {

LabCommandLine failure(const QString &error)
{
    LabCommandLine commandLine;
    commandLine.request = LabCommandLine::Request::Error;
    commandLine.error = error;
    return commandLine;
}

/// attention-lab's options, as addLabOptions() declared them.
struct LabOptions
{
    QCommandLineOption help;
    QCommandLineOption version;
    QCommandLineOption preset;
    QCommandLineOption step;
    QCommandLineOption exercise;
    QCommandLineOption exerciseIndex;
    QCommandLineOption language;
    QCommandLineOption screenshot;
    QCommandLineOption screenshotWait;
};

/// Gives `parser` its description, attention-lab's options and the scenario file argument.
LabOptions addLabOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Attention Lab: learn how attention in Transformers works by touching every "
                "number."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption presetOption(
        QStringLiteral("preset"),
        QCoreApplication::translate("main", "Start with the built-in preset NAME (%1).")
            .arg(presetNames().join(QStringLiteral(", "))),
        QStringLiteral("NAME"));
    const QCommandLineOption languageOption(
        QStringLiteral("lang"),
        QCoreApplication::translate(
            "main", "Interface language: en or zh_CN (default: the last one used, else the "
                    "system's)."),
        QStringLiteral("LANG"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "main", "Lay the window out at %1 × %2 pixels, save it as FILE.png and exit.")
            .arg(screenshotSize.width())
            .arg(screenshotSize.height()),
        QStringLiteral("FILE.png"));
    const QCommandLineOption screenshotWaitOption(
        QStringLiteral("screenshot-wait"),
        QCoreApplication::translate("main", "With --screenshot: how long to wait for a lesson page "
                                            "that computes, 0 to %1 seconds (default %2); then "
                                            "the picture shows it unfinished.")
            .arg(maxScreenshotWaitSeconds)
            .arg(screenshotWaitSeconds),
        QStringLiteral("SECONDS"));
    const QCommandLineOption stepOption(
        QStringLiteral("step"),
        QCoreApplication::translate("main",
                                    "Open the lesson at step N (1–7; 8 is the self-check)."),
        QStringLiteral("N"));
    const QCommandLineOption exerciseOption(
        QStringLiteral("exercise"),
        QCoreApplication::translate(
            "main", "With --step 2, 5, 6 or 7: set that step's exercise up (step 6 times it, "
                    "step 7 trains the model first)."));
    parser.addOption(presetOption);
    parser.addOption(stepOption);
    const QCommandLineOption exerciseIndexOption(
        QStringLiteral("exercise-index"),
        QCoreApplication::translate("main", "With --step 7: which of the step's exercises to set "
                                            "up, 1, 2 or 3 (default 1); implies --exercise."),
        QStringLiteral("N"));
    parser.addOption(exerciseOption);
    parser.addOption(exerciseIndexOption);
    parser.addOption(languageOption);
    parser.addOption(screenshotOption);
    parser.addOption(screenshotWaitOption);
    parser.addPositionalArgument(QStringLiteral("SCENARIO.json"),
                                 QCoreApplication::translate("main", "A scenario file to open."),
                                 QStringLiteral("[SCENARIO.json]"));
    return {helpOption,     versionOption,    presetOption,
            stepOption,     exerciseOption,   exerciseIndexOption,
            languageOption, screenshotOption, screenshotWaitOption};
}

/// Reads --screenshot and --screenshot-wait into `commandLine`; what is wrong, or nothing.
QString readScreenshotOptions(const QCommandLineParser &parser, const LabOptions &options,
                              LabCommandLine *commandLine)
{
    commandLine->screenshot = parser.value(options.screenshot);
    if (parser.isSet(options.screenshot) && commandLine->screenshot.isEmpty())
        return QCoreApplication::translate("main", "--screenshot needs a file name");
    if (!parser.isSet(options.screenshotWait))
        return {};
    bool ok = false;
    commandLine->screenshotWait = parser.value(options.screenshotWait).toInt(&ok);
    if (!ok || commandLine->screenshotWait < 0 ||
        commandLine->screenshotWait > maxScreenshotWaitSeconds)
        return QCoreApplication::translate("main", "--screenshot-wait must be a number of seconds "
                                                   "from 0 to %1, not “%2”")
            .arg(maxScreenshotWaitSeconds)
            .arg(parser.value(options.screenshotWait));
    if (!commandLine->takesScreenshot())
        return QCoreApplication::translate("main", "--screenshot-wait needs --screenshot");
    return {};
}

/// Reads a run's options from a parsed `parser`, checking them rule by rule.
LabCommandLine readRunOptions(const QCommandLineParser &parser, const LabOptions &options)
{
    LabCommandLine commandLine;
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return failure(QCoreApplication::translate("main", "only one scenario file can be opened"));
    commandLine.hasPreset = parser.isSet(options.preset);
    commandLine.preset = parser.value(options.preset);
    if (commandLine.hasPreset && !preset(commandLine.preset))
        return failure(QCoreApplication::translate("main", "unknown preset “%1”; the "
                                                           "presets are: %2")
                           .arg(commandLine.preset, presetNames().join(QStringLiteral(", "))));
    if (!files.isEmpty() && commandLine.hasPreset)
        return failure(
            QCoreApplication::translate("main", "give a scenario file or --preset, not both"));
    if (!files.isEmpty())
        commandLine.file = files.first();

    if (parser.isSet(options.step)) {
        bool ok = false;
        commandLine.step = parser.value(options.step).toInt(&ok);
        if (!ok || commandLine.step < 1 || commandLine.step > LessonView::stepCount)
            return failure(QCoreApplication::translate("main", "--step must be a number from 1 "
                                                               "to %1, not “%2”")
                               .arg(LessonView::stepCount)
                               .arg(parser.value(options.step)));
    }
    commandLine.exercise = parser.isSet(options.exercise) || parser.isSet(options.exerciseIndex);
    const int step = commandLine.step;
    if (parser.isSet(options.exerciseIndex)) {
        bool ok = false;
        const int index = parser.value(options.exerciseIndex).toInt(&ok);
        const int count = step >= 1 ? int(LessonText::step(step).exercises.size()) : 0;
        if (!ok || index < 1 || index > std::max(1, count))
            return failure(QCoreApplication::translate("main", "--exercise-index must be a number "
                                                               "from 1 to %1, not “%2”")
                               .arg(std::max(1, count))
                               .arg(parser.value(options.exerciseIndex)));
        commandLine.exerciseIndex = index - 1;
    }
    if (commandLine.exercise && step != 2 && step != 5 && step != 6 && step != 7)
        return failure(QCoreApplication::translate("main", "--exercise needs --step 2, 5, 6 or 7"));
    if (const QString error = readScreenshotOptions(parser, options, &commandLine);
        !error.isEmpty())
        return failure(error);

    commandLine.language = parser.value(options.language);
    if (parser.isSet(options.language) && !Language::available().contains(commandLine.language))
        return failure(QCoreApplication::translate("main", "unknown language “%1”; use en or zh_CN")
                           .arg(commandLine.language));
    return commandLine;
}

} // namespace

LabCommandLine parseLabCommandLine(QCommandLineParser &parser, const QStringList &arguments)
{
    const LabOptions options = addLabOptions(parser);
    if (!parser.parse(arguments)) {
        QString error = parser.errorText();
        if (error.endsWith(QLatin1Char('.')))
            error.chop(1);
        return failure(error);
    }
    LabCommandLine commandLine;
    if (parser.isSet(options.help)) {
        commandLine.request = LabCommandLine::Request::Help;
        return commandLine;
    }
    if (parser.isSet(options.version)) {
        commandLine.request = LabCommandLine::Request::Version;
        return commandLine;
    }
    return readRunOptions(parser, options);
}

} // namespace attention
