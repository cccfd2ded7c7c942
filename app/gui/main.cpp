// attention-lab [SCENARIO.json] [--preset NAME] [--step N] [--lang en|zh_CN]
//               [--exercise] [--screenshot FILE.png]
//
// Exit codes: 0 success, 2 bad command line, 3 invalid scenario file (with --screenshot; in the
// window, the reader's message is shown instead), 1 the screenshot could not be written.

#include "language.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "presets.h"

#include <Eigen/Core>
#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QSettings>
#include <QTimer>
#include <cstdio>
#include <optional>

namespace {

constexpr int badCommandLine = 2;
constexpr int invalidFile = 3;
const QSize screenshotSize(1600, 1000);
constexpr int screenshotWaitMs = 120000; // the longest a lesson page may compute before the shot

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

} // namespace

int main(int argc, char *argv[])
{
    // Help and version text must work over ssh or in a terminal without a display.
    if (onlyAsksForText(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
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
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Attention Lab: learn how attention in Transformers works by touching every "
                "number."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption presetOption(
        QStringLiteral("preset"),
        QCoreApplication::translate("main", "Start with the built-in preset NAME (%1).")
            .arg(attention::presetNames().join(QStringLiteral(", "))),
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
    const QCommandLineOption stepOption(
        QStringLiteral("step"),
        QCoreApplication::translate("main",
                                    "Open the lesson at step N (1–6; 7 is the self-check)."),
        QStringLiteral("N"));
    const QCommandLineOption exerciseOption(
        QStringLiteral("exercise"),
        QCoreApplication::translate(
            "main", "With --step 2, 5 or 6: set that step's exercise up (step 6 times it)."));
    parser.addOption(presetOption);
    parser.addOption(stepOption);
    parser.addOption(exerciseOption);
    parser.addOption(languageOption);
    parser.addOption(screenshotOption);
    parser.addPositionalArgument(QStringLiteral("SCENARIO.json"),
                                 QCoreApplication::translate("main", "A scenario file to open."),
                                 QStringLiteral("[SCENARIO.json]"));

    if (!parser.parse(QCoreApplication::arguments())) {
        QString error = parser.errorText();
        if (error.endsWith(QLatin1Char('.')))
            error.chop(1);
        return commandLineError(error);
    }
    if (parser.isSet(helpOption))
        parser.showHelp(0);
    if (parser.isSet(versionOption)) {
        std::printf("attention-lab %s\nQt %s (built with %s), Eigen %d.%d.%d\n",
                    ATTENTION_LAB_VERSION, qVersion(), QT_VERSION_STR, EIGEN_WORLD_VERSION,
                    EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION);
        std::printf("%s\n", qPrintable(QCoreApplication::translate(
                                "main", "Licensed under the MIT License.")));
        return 0;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return commandLineError(
            QCoreApplication::translate("main", "only one scenario file can be opened"));
    const QString presetName = parser.value(presetOption);
    if (parser.isSet(presetOption) && !attention::preset(presetName))
        return commandLineError(
            QCoreApplication::translate("main", "unknown preset “%1”; the "
                                                "presets are: %2")
                .arg(presetName, attention::presetNames().join(QStringLiteral(", "))));
    if (!files.isEmpty() && parser.isSet(presetOption))
        return commandLineError(
            QCoreApplication::translate("main", "give a scenario file or --preset, not both"));
    int step = 0;
    if (parser.isSet(stepOption)) {
        bool ok = false;
        step = parser.value(stepOption).toInt(&ok);
        if (!ok || step < 1 || step > attention::LessonView::stepCount)
            return commandLineError(
                QCoreApplication::translate("main", "--step must be a number from 1 to %1, not "
                                                    "“%2”")
                    .arg(attention::LessonView::stepCount)
                    .arg(parser.value(stepOption)));
    }
    if (parser.isSet(exerciseOption) && step != 2 && step != 5 && step != 6)
        return commandLineError(
            QCoreApplication::translate("main", "--exercise needs --step 2, 5 or 6"));
    const bool screenshot = parser.isSet(screenshotOption);
    if (screenshot && parser.value(screenshotOption).isEmpty())
        return commandLineError(
            QCoreApplication::translate("main", "--screenshot needs a file name"));

    QString language = parser.value(languageOption);
    if (parser.isSet(languageOption) && !attention::Language::available().contains(language))
        return commandLineError(
            QCoreApplication::translate("main", "unknown language “%1”; use en or zh_CN")
                .arg(language));
    if (language.isEmpty() && !screenshot)
        language = QSettings().value(QStringLiteral("language")).toString();
    if (!attention::Language::available().contains(language))
        language = attention::Language::systemLanguage();

    commandLineLanguage.reset();
    using attention::MainWindow;
    MainWindow window(screenshot ? MainWindow::Settings::Ignore : MainWindow::Settings::Use);
    window.setLanguage(language);
    // The preset is made after the language is set, so its dimension names are in that language.
    window.document()->reset(
        *attention::preset(parser.isSet(presetOption) ? presetName : QStringLiteral("lesson")));
    // A scenario asked for is shown in the workbench; a step in the lesson; else what was last.
    if (!files.isEmpty() || parser.isSet(presetOption) || (screenshot && step == 0))
        window.setMode(MainWindow::Mode::Workbench);
    if (step > 0)
        window.showLessonStep(step);
    if (parser.isSet(exerciseOption))
        window.lesson()->startExercise();

    if (screenshot) {
        if (!files.isEmpty()) {
            QString error;
            if (!window.loadFile(files.first(), &error)) {
                printError(error);
                return invalidFile;
            }
        }
        window.setFixedSize(screenshotSize);
        window.show();
        QCoreApplication::processEvents();
        if (window.mode() == MainWindow::Mode::Workbench)
            window.applyDefaultLayout();
        QCoreApplication::processEvents();
        // A lesson page that computes in the background is shot once its views are final.
        if (window.lesson()->isBusy()) {
            QEventLoop loop;
            QObject::connect(window.lesson(), &attention::LessonView::busyChanged, &loop,
                             [&loop](bool busy) {
                                 if (!busy)
                                     loop.quit();
                             });
            QTimer::singleShot(screenshotWaitMs, &loop, &QEventLoop::quit);
            loop.exec();
            QCoreApplication::processEvents();
        }
        const QString fileName = parser.value(screenshotOption);
        if (!window.grab().save(fileName, "PNG")) {
            printError(QCoreApplication::translate("main", "cannot write %1").arg(fileName));
            return 1;
        }
        return 0;
    }

    window.show();
    window.offerRecovery(); // a scenario autosaved by an instance that crashed
    if (!files.isEmpty())
        window.openFile(files.first());
    return QApplication::exec();
}
