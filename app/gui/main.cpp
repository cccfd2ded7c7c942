// attention-lab [SCENARIO.json] [--preset NAME] [--step N] [--lang en|zh_CN]
//               [--exercise] [--exercise-index N] [--screenshot FILE.png]
//               [--screenshot-wait SECONDS]
//
// Exit codes: 0 success, 2 bad command line, 3 invalid scenario file (with --screenshot; in the
// window, the reader's message is shown instead), 1 the screenshot could not be written.

#include "accessiblefactory.h"
#include "allocator.h"
#include "commandline.h"
#include "language.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "screenshot.h"
#include "windowsettings.h"

#include <Eigen/Core>
#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>
#include <optional>

namespace {

using attention::LabCommandLine;
using attention::MainWindow;

constexpr int badCommandLine = 2;
constexpr int invalidFile = 3;

void printError(const QString &message)
{
    std::fprintf(stderr, "attention-lab: %s\n", qPrintable(message));
}

int commandLineError(const QString &message)
{
    printError(QCoreApplication::translate("main", "%1 (see --help)").arg(message));
    return badCommandLine;
}

/// True when the command line only asks for text (--help, --version), which needs no display.
bool onlyAsksForText(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "--help" || argument == "-h" || argument == "--help-all" ||
            argument == "--version" || argument == "-v")
            return true;
    }
    return false;
}

void printVersion()
{
    std::printf("attention-lab %s\nQt %s (built with %s), Eigen %d.%d.%d\n", ATTENTION_LAB_VERSION,
                qVersion(), QT_VERSION_STR, EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION,
                EIGEN_MINOR_VERSION);
    std::printf("%s\n",
                qPrintable(QCoreApplication::translate("main", "Licensed under the MIT License.")));
}

/// --lang if given; else the last language used (not for a screenshot, which ignores settings);
/// else the system's.
QString chooseLanguage(const LabCommandLine &commandLine)
{
    QString language = commandLine.language;
    if (language.isEmpty() && !commandLine.takesScreenshot())
        language = attention::WindowSettings::savedLanguage();
    if (!attention::Language::available().contains(language))
        language = attention::Language::systemLanguage();
    return language;
}

/// Sets the window up as the command line asks: language, scenario or preset, mode, step.
void prepareWindow(MainWindow &window, const LabCommandLine &commandLine, const QString &language)
{
    window.setLanguage(language);
    // The preset is made after the language is set, so its dimension names are in that language.
    window.document()->reset(
        *attention::preset(commandLine.hasPreset ? commandLine.preset : QStringLiteral("lesson")));
    // A scenario asked for is shown in the workbench; a step in the lesson; else what was last.
    if (!commandLine.file.isEmpty() || commandLine.hasPreset ||
        (commandLine.takesScreenshot() && commandLine.step == 0))
        window.setMode(MainWindow::Mode::Workbench);
    if (commandLine.step > 0)
        window.showLessonStep(commandLine.step);
    if (commandLine.exercise)
        window.lesson()->startExercise(commandLine.exerciseIndex);
}

/// --screenshot: loads the file (if any) and saves the window; returns the exit code.
int takeScreenshot(MainWindow &window, const LabCommandLine &commandLine)
{
    if (!commandLine.file.isEmpty()) {
        QString error;
        if (!window.loadFile(commandLine.file, &error)) {
            printError(error);
            return invalidFile;
        }
    }
    if (!attention::saveScreenshot(window, commandLine.screenshot, commandLine.screenshotWait)) {
        printError(
            QCoreApplication::translate("main", "cannot write %1").arg(commandLine.screenshot));
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    attention::tuneAllocator(argv); // first: it may start the program again
    // Help and version text must work over ssh or in a terminal without a display.
    if (onlyAsksForText(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    attention::PixmapCacheSafeStyle::install(); // Qt 6.4's Fusion leaks through the pixmap cache
    attention::installAccessibleFactory(); // heatmaps, plane, charts and heads for screen readers
    // The window's matrices are small (T × T with T up to a few hundred): Eigen's OpenMP threads
    // cost more in start-up and spinning than they save, and compete with the GUI thread.
    Eigen::setNbThreads(1);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLab"));
    QCoreApplication::setApplicationName(QStringLiteral("attention-lab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTENTION_LAB_VERSION));

    // The system's language for --help and errors. It goes before the window sets its own, or
    // its translators would still answer every string the window's language leaves untranslated.
    std::optional<attention::Language> commandLineLanguage(std::in_place);
    commandLineLanguage->setLanguage(attention::Language::systemLanguage());

    QCommandLineParser parser;
    const LabCommandLine commandLine =
        attention::parseLabCommandLine(parser, QCoreApplication::arguments());
    switch (commandLine.request) {
    case LabCommandLine::Request::Error:
        return commandLineError(commandLine.error);
    case LabCommandLine::Request::Help:
        parser.showHelp(0);
    case LabCommandLine::Request::Version:
        printVersion();
        return 0;
    case LabCommandLine::Request::Run:
        break;
    }
    const QString language = chooseLanguage(commandLine);

    commandLineLanguage.reset();
    MainWindow window(commandLine.takesScreenshot() ? MainWindow::Settings::Ignore
                                                    : MainWindow::Settings::Use);
    prepareWindow(window, commandLine, language);
    if (commandLine.takesScreenshot())
        return takeScreenshot(window, commandLine);

    window.show();
    // A scenario autosaved by an instance that crashed, else the file asked for, else the file
    // that was open at the end of the last run (a preset asked for stays).
    const bool recovered = window.offerRecovery();
    if (!commandLine.file.isEmpty())
        window.openFile(commandLine.file);
    else if (!recovered && !commandLine.hasPreset)
        window.reopenLastFile();
    return QApplication::exec();
}
