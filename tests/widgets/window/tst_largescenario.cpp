// File → Open of a 200 MB scenario of 50,000,001 tokens in the window: refused with the reader's
// message, holding no more than twice the file's size at the peak (issue 40 measured 4.6 GB).

#include "mainwindow.h"
#include "pixmapcachesafestyle.h"
#include "residentmemory.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace attention;

class TestLargeScenario : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void openRefusesInBoundedMemory();
};

void TestLargeScenario::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_largescenario"));
    PixmapCacheSafeStyle::install();
    QSettings().clear();
}

void TestLargeScenario::openRefusesInBoundedMemory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("large.json"));
    {
        QFile file(fileName);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(R"({"format": "attention-lab-scenario", "version": 1, "tokens": [)") >
                0);
        QByteArray chunk;
        for (int i = 0; i < 1'000'000; ++i)
            chunk += "\"a\",";
        for (int i = 0; i < 50; ++i)
            QVERIFY(file.write(chunk) == chunk.size());
        QVERIFY(file.write("\"a\"], \"queries\": [[1]], \"keys\": [[1]]}\n") > 0);
    }
    const qint64 size = QFileInfo(fileName).size();
    QVERIFY(size > 200'000'000);

    MainWindow window(MainWindow::Settings::Ignore);
    window.setLanguage(QStringLiteral("en"));
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const Scenario before = window.document()->scenario();
    if (!test::resetPeakResident())
        QSKIP("the peak resident memory cannot be reset here (/proc/self/clear_refs)");
    const qint64 resident = test::statusBytes("VmRSS");
    QVERIFY(!window.openFile(fileName));
    const qint64 growth = test::statusBytes("VmHWM") - resident;
    qInfo("file %lld MB, peak resident growth %lld MB, peak %lld MB", size / 1'000'000,
          growth / 1'000'000, test::statusBytes("VmHWM") / 1'000'000);
    QCOMPARE(window.lastError(), QDir::toNativeSeparators(fileName) +
                                     QStringLiteral(": tokens: 50000001 tokens; a scenario needs "
                                                    "1 to 4096"));
    QCOMPARE(window.document()->scenario(), before);
    QVERIFY2(growth < 2 * size, qPrintable(QStringLiteral("%1 MB").arg(growth / 1'000'000)));
    if (auto *box = window.findChild<QMessageBox *>(QStringLiteral("errorMessage")))
        box->close();
}

QTEST_MAIN(TestLargeScenario)
#include "tst_largescenario.moc"
