// Tests of WindowSettings: every part of SavedWindow read back as written, what an empty part
// leaves alone, nothing read or written when disabled or while the window applies what was read;
// and, through the real window, a saved geometry restored at the next start; the first start's
// size within the screen.

#include "mainwindow.h"
#include "presets.h"
#include "scenariodocument.h"
#include "scenariofile.h"
#include "windowsettings.h"

#include <QApplication>
#include <QJsonArray>
#include <QScreen>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace attention;

class TestWindowSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void everyPartReadsBackAsWritten();
    void emptyPartsLeaveTheSavedOnes();
    void nothingWhenDisabled();
    void noWritingWhileRestoring();
    void windowGeometryRestoredAtNextStart();
    void firstStartFitsTheScreen();
    void openFileReopenedAtNextStart();

private:
    static SavedWindow example();
};

void TestWindowSettings::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_windowsettings"));
}

void TestWindowSettings::init()
{
    QSettings().clear();
}

void TestWindowSettings::cleanupTestCase()
{
    QSettings().clear();
}

SavedWindow TestWindowSettings::example()
{
    SavedWindow saved;
    saved.recentFiles = {QStringLiteral("/tmp/a.json"), QStringLiteral("/tmp/b.json")};
    saved.lastDirectory = QStringLiteral("/tmp/scenarios");
    saved.openFile = QStringLiteral("/tmp/scenarios/poem.json");
    saved.recentModels = {QStringLiteral("/tmp/poems.safetensors")};
    saved.zoom = 1.75;
    saved.language = QStringLiteral("zh_CN");
    saved.workbench = true;
    saved.lesson =
        QJsonObject{{QStringLiteral("step"), 3}, {QStringLiteral("done"), QJsonArray{1, 2}}};
    saved.geometry = QByteArray("\x01\xd9\xd0\xcb geometry", 14);
    saved.state = QByteArrayLiteral("state of the panels");
    return saved;
}

void TestWindowSettings::everyPartReadsBackAsWritten()
{
    const SavedWindow written = example();
    WindowSettings(true).write(written);
    const SavedWindow read = WindowSettings::read();
    QCOMPARE(read.recentFiles, written.recentFiles);
    QCOMPARE(read.lastDirectory, written.lastDirectory);
    QCOMPARE(read.openFile, written.openFile);
    QCOMPARE(read.recentModels, written.recentModels);
    QCOMPARE(read.zoom, written.zoom);
    QCOMPARE(read.language, written.language);
    QCOMPARE(read.workbench, true);
    QVERIFY(read.lesson.has_value());
    QCOMPARE(*read.lesson, *written.lesson);
    QCOMPARE(read.geometry, written.geometry);
    QCOMPARE(read.state, written.state);
    QCOMPARE(WindowSettings::savedLanguage(), QStringLiteral("zh_CN"));

    SavedWindow lesson = written;
    lesson.workbench = false;
    WindowSettings(true).write(lesson);
    QCOMPARE(WindowSettings::read().workbench, false);
}

void TestWindowSettings::emptyPartsLeaveTheSavedOnes()
{
    // A first start: nothing saved, the lesson, normal zoom.
    const SavedWindow first = WindowSettings::read();
    QCOMPARE(first.workbench, false);
    QCOMPARE(first.zoom, 1.0);
    QVERIFY(!first.lesson.has_value());
    QVERIFY(first.geometry.isEmpty());
    QVERIFY(WindowSettings::savedLanguage().isEmpty());

    // A hidden window has no geometry to save, and the language may not be chosen yet: what was
    // saved before stays.
    WindowSettings(true).write(example());
    SavedWindow hidden = example();
    hidden.geometry.clear();
    hidden.state.clear();
    hidden.language.clear();
    hidden.lesson.reset();
    hidden.zoom = 0.8;
    WindowSettings(true).write(hidden);
    const SavedWindow read = WindowSettings::read();
    QCOMPARE(read.geometry, example().geometry);
    QCOMPARE(read.state, example().state);
    QCOMPARE(read.language, example().language);
    QCOMPARE(*read.lesson, *example().lesson);
    QCOMPARE(read.zoom, 0.8);
}

void TestWindowSettings::nothingWhenDisabled()
{
    WindowSettings(true).write(example());
    WindowSettings disabled(false);
    QVERIFY(!disabled.isWritable());
    bool applied = false;
    disabled.restore([&applied](const SavedWindow &) { applied = true; });
    QVERIFY(!applied);
    SavedWindow other = example();
    other.zoom = 3.0;
    other.recentFiles.clear();
    disabled.write(other);
    QCOMPARE(WindowSettings::read().zoom, 1.75);
    QCOMPARE(WindowSettings::read().recentFiles, example().recentFiles);
}

void TestWindowSettings::noWritingWhileRestoring()
{
    WindowSettings(true).write(example());
    WindowSettings settings(true);
    SavedWindow applied;
    settings.restore([&](const SavedWindow &saved) {
        applied = saved;
        QVERIFY(!settings.isWritable());
        SavedWindow halfRestored = saved;
        halfRestored.zoom = 1.0;
        halfRestored.recentFiles.clear();
        settings.write(halfRestored); // as a zoom change would while it is applied
    });
    QCOMPARE(applied.zoom, 1.75);
    QCOMPARE(WindowSettings::read().zoom, 1.75);
    QCOMPARE(WindowSettings::read().recentFiles, example().recentFiles);
    QVERIFY(settings.isWritable());
    SavedWindow changed = example();
    changed.zoom = 2.0;
    settings.write(changed);
    QCOMPARE(WindowSettings::read().zoom, 2.0);
}

void TestWindowSettings::windowGeometryRestoredAtNextStart()
{
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    QSize size;
    {
        MainWindow window(MainWindow::Settings::Use);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // A size of its own, different from the first start's one.
        window.resize(window.minimumSizeHint().expandedTo(available.size() * 3 / 4) +
                      QSize(40, 30));
        size = window.size();
        QVERIFY(size != firstStartSize(available).expandedTo(window.minimumSize()));
        window.close();
    }
    QVERIFY(!WindowSettings::read().geometry.isEmpty());
    MainWindow again(MainWindow::Settings::Use);
    QCOMPARE(again.size(), size);

    // --screenshot's window ignores what was saved: it asks for the first start's size.
    MainWindow ignoring(MainWindow::Settings::Ignore);
    ignoring.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ignoring));
    QCOMPARE(ignoring.size(), firstStartSize(available).expandedTo(ignoring.minimumSize()));
}

void TestWindowSettings::openFileReopenedAtNextStart()
{
    // A file open in the workbench at the end of a run is open again at the next start, not the
    // built-in preset.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("poem.json"));
    Scenario scenario = *preset(QStringLiteral("exercise1"));
    scenario.title = QStringLiteral("reopened");
    QVERIFY(saveScenario(scenario, fileName));
    {
        MainWindow window(MainWindow::Settings::Use);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(fileName));
        window.close();
    }
    QCOMPARE(WindowSettings::read().openFile, fileName);
    {
        MainWindow again(MainWindow::Settings::Use);
        QVERIFY(again.reopenLastFile());
        QCOMPARE(again.document()->fileName(), fileName);
        QCOMPARE(again.document()->scenario(), scenario);
        QVERIFY(!again.document()->isModified());
        // A new scenario from a preset has no file: nothing to reopen next time.
        again.document()->reset(*preset(QStringLiteral("lesson")));
        again.close();
    }
    QVERIFY(WindowSettings::read().openFile.isEmpty());
    MainWindow third(MainWindow::Settings::Use);
    QVERIFY(!third.reopenLastFile());
    // --screenshot's window reads no settings: nothing is reopened.
    QVERIFY(!MainWindow(MainWindow::Settings::Ignore).reopenLastFile());
}

void TestWindowSettings::firstStartFitsTheScreen()
{
    // A large screen: the size the window likes best.
    QCOMPARE(firstStartSize(QRect(0, 0, 1920, 1040)), QSize(1400, 900));
    QCOMPARE(firstStartSize(QRect(1920, 0, 2560, 1400)), QSize(1400, 900));
    // A laptop's 1366×768 less a panel of 28 px, and 1280×720: the window and a frame of 8 px
    // borders and a 40 px title bar fit, as wide and as high as that allows.
    for (const QRect &available : {QRect(0, 28, 1366, 740), QRect(1920, 0, 1280, 720)}) {
        const QSize size = firstStartSize(available);
        QCOMPARE(size.width(), available.width() - 2 * 8);
        QCOMPARE(size.height(), available.height() - 40 - 8);
    }
    // Wide but low, and narrow but high: only the side that lacks room gives way.
    QCOMPARE(firstStartSize(QRect(0, 0, 2560, 800)), QSize(1400, 800 - 48));
    QCOMPARE(firstStartSize(QRect(0, 0, 1200, 1600)), QSize(1200 - 16, 900));
}

QTEST_MAIN(TestWindowSettings)
#include "tst_windowsettings.moc"
