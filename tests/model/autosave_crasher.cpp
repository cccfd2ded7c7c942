// A helper of tst_autosave, not a test: opens a document, edits it, waits until the autosave is
// written, prints "autosaved" and then hangs until tst_autosave kills it (or aborts by itself
// with --abort), so that no destructor gets the chance to clean up.
//
// Usage: autosave_crasher FILE_NAME SCALE [--abort]

#include "autosave.h"
#include "scenariodocument.h"

#include <QCoreApplication>
#include <QStandardPaths>
#include <QTimer>
#include <cstdio>
#include <cstdlib>

using namespace attention;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_autosave"));
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 3)
        return 2;

    ScenarioDocument document;
    document.reset(document.scenario(), args.at(1));
    Autosave autosave(&document);
    autosave.setInterval(50);
    const bool abortItself = args.contains(QStringLiteral("--abort"));
    QObject::connect(&autosave, &Autosave::saved, [abortItself] {
        std::printf("autosaved\n");
        std::fflush(stdout);
        if (abortItself)
            std::abort();
    });
    if (!document.setScoreScale(args.at(2).toDouble()) || !document.setCausal(true))
        return 3;
    return QCoreApplication::exec();
}
