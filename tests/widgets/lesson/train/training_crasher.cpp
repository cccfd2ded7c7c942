// A helper of tst_trainingcrash, not a test: the main window on lesson step 7 as a learner meets
// it (its settings and data in the test HOME the caller gives).
//
// Usage: training_crasher train PROBE   edits the probe line, presses Train, and prints
//                                       "best STEPS" each time the best weights reach their file
//                                       (the steps the file holds); trains until it is killed.
//        training_crasher report        prints what the window shows at its start:
//                                       "model STEPS" and "probe TEXT".

#include "lessonview.h"
#include "mainwindow.h"
#include "modelfile.h"
#include "presstrain.h"
#include "traincontrols.h"
#include "trainpage.h"

#include <QApplication>
#include <QLineEdit>
#include <QStandardPaths>
#include <cstdio>

using namespace attention;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_trainingcrash"));
    const QStringList args = QCoreApplication::arguments();
    const QString mode = args.value(1);
    if (mode != QLatin1String("train") && mode != QLatin1String("report"))
        return 2;

    MainWindow window; // reads and writes the settings as the app does
    window.show();
    window.showLessonStep(7);
    TrainPage *page = window.lesson()->trainPage();
    TrainingSession *session = page->session();
    if (mode == QLatin1String("report")) {
        std::printf("model %d\nprobe %s\n", session->stepsDone(),
                    page->probeEdit()->text().toUtf8().constData());
        return 0;
    }

    page->probeEdit()->setText(args.value(2));
    Q_EMIT page->probeEdit()->editingFinished(); // as when the learner presses Enter
    const QString bestFile = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                             QStringLiteral("/models/last.safetensors");
    // Connected after the window's own handler, which keeps the lesson's state first.
    QObject::connect(session, &TrainingSession::bestFileWritten, [bestFile] {
        const ModelReadResult read = loadModel(bestFile);
        std::printf("best %lld\n",
                    read.ok() ? static_cast<long long>(read.model.metadata.steps) : -1LL);
        std::fflush(stdout);
    });
    presstrain::pressTrain(*page); // the sanitizers' slow steps can make the default run heavy
    return QCoreApplication::exec();
}
