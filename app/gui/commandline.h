#pragma once

/// The command line of attention-lab, read into a plain struct before any window exists:
///
///   attention-lab [SCENARIO.json] [--preset NAME] [--step N] [--lang en|zh_CN]
///                 [--exercise] [--exercise-index N] [--screenshot FILE.png]
///                 [--screenshot-wait SECONDS]
///
/// parseLabCommandLine() checks every rule that needs no window or settings (one file at most,
/// a known preset, a step in range, --exercise only with steps 2, 5, 6 and 7, a known language,
/// a screenshot's wait in range);
/// main() then acts on the result.

#include "screenshot.h"

#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace attention {

struct LabCommandLine
{
    /// What the command line asks for.
    enum class Request
    {
        Run,     ///< open the window (or take a screenshot of it)
        Help,    ///< --help: the caller shows the parser's help text
        Version, ///< --version
        Error,   ///< a bad command line: `error` says why
    };
    Request request = Request::Run;
    /// Why the command line is bad (translated, without "see --help"); empty otherwise.
    QString error;

    QString file; ///< the scenario file to open; empty if none
    bool hasPreset = false;
    QString preset; ///< with hasPreset: a known preset name
    int step = 0;   ///< the lesson step to open, 1…LessonView::stepCount; 0 if none
    bool exercise = false;
    int exerciseIndex = 0; ///< which of the step's exercises (0-based) --exercise sets up
    QString screenshot;    ///< the PNG to write; empty when no screenshot is asked for
    int screenshotWait = screenshotWaitSeconds; ///< seconds a screenshot waits for a computing page
    QString language; ///< --lang as given (a known language); empty if not given

    bool takesScreenshot() const { return !screenshot.isEmpty(); }
};

/// Adds attention-lab's options to `parser` and reads `arguments` (the program name first).
/// The parser stays usable afterwards, for showHelp().
LabCommandLine parseLabCommandLine(QCommandLineParser &parser, const QStringList &arguments);

} // namespace attention
