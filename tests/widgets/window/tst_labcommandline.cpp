// The attention-lab program's command line, run as a user would: the real binary in a process.

#include <QHash>
#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs attention-lab; without `display` neither QT_QPA_PLATFORM nor DISPLAY is set, like a
/// terminal without a graphical session. A run that takes longer than `timeoutMs` fails.
Run runLab(const QStringList &arguments, bool display, int timeoutMs = 60000)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    if (display)
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    else
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ATTENTION_LAB), arguments);
    Run run;
    if (!process.waitForFinished(timeoutMs))
        return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

/// The standard deviation of the luminance (0 to 255) over a 160 × 100 downscaled image.
double luminanceSpread(const QImage &image)
{
    const QImage small = image.scaled(160, 100, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                             .convertToFormat(QImage::Format_Grayscale8);
    double sum = 0.0;
    double squares = 0.0;
    for (int y = 0; y < small.height(); ++y)
        for (int x = 0; x < small.width(); ++x) {
            const double v = small.constScanLine(y)[x];
            sum += v;
            squares += v * v;
        }
    const double n = double(small.width()) * double(small.height());
    const double mean = sum / n;
    return std::sqrt(std::max(0.0, squares / n - mean * mean));
}

/// The top of the highlighted (selection blue) row in the step list, in the window's left
/// eighth; −1 when no row is highlighted.
int highlightTop(const QImage &image)
{
    const int x = image.width() / 10;
    for (int y = 0; y < image.height() / 2; ++y) {
        const QRgb pixel = image.pixel(x, y);
        if (qBlue(pixel) > 150 && qBlue(pixel) - qRed(pixel) > 80)
            return y;
    }
    return -1;
}

/// The lines of text in the step list (white, in the window's left tenth) above `bottom`: bands
/// of pixel rows with some dark pixel, separated by rows without; −1 when there is no list.
int textLinesAbove(const QImage &image, int bottom)
{
    const int x0 = image.width() * 15 / 1000;
    const int x1 = image.width() / 10; // the list is as wide as its longest step
    int top = 0;                       // the list's first white row, below the grey menu bar
    while (top < bottom && image.pixel(image.width() / 10, top) != qRgb(255, 255, 255))
        ++top;
    if (top == bottom)
        return -1;
    int lines = 0;
    bool inLine = false;
    for (int y = top; y < bottom; ++y) {
        bool dark = false;
        for (int x = x0; x < x1 && !dark; ++x)
            dark = qGray(image.pixel(x, y)) < 160;
        if (dark && !inLine)
            ++lines;
        inLine = dark;
    }
    return lines;
}

/// Where the lesson page's title is drawn: the top band of the page, right of the step list.
QRect titleRegion(const QSize &size)
{
    return QRect(size.width() * 15 / 100, size.height() * 3 / 100, size.width() * 55 / 100,
                 size.height() * 4 / 100);
}

/// The mean absolute difference of the grey levels (0 to 255) of two images within `region`.
double regionDifference(const QImage &a, const QImage &b, const QRect &region)
{
    double total = 0.0;
    for (int y = region.top(); y <= region.bottom(); ++y)
        for (int x = region.left(); x <= region.right(); ++x)
            total += std::abs(qGray(a.pixel(x, y)) - qGray(b.pixel(x, y)));
    return total / (double(region.width()) * double(region.height()));
}

} // namespace

class TestLabCommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textNeedsNoDisplay_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--version") << QStringLiteral("--version") << QStringLiteral("Eigen 3.");
        QTest::newRow("--help") << QStringLiteral("--help") << QStringLiteral("--screenshot");
    }
    void textNeedsNoDisplay()
    {
        QFETCH(QString, option);
        QFETCH(QString, expected);
        const Run run = runLab({option}, false);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(expected), qPrintable(run.out));
    }

    void versionNamesQt()
    {
        const Run run = runLab({QStringLiteral("--version")}, false);
        QVERIFY(run.out.startsWith(QStringLiteral("attention-lab ")));
        QVERIFY(run.out.contains(QStringLiteral("Qt ") + QLatin1String(qVersion())));
    }

    void versionNamesLicense()
    {
        const Run run = runLab({QStringLiteral("--version")}, false);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("MIT License")), qPrintable(run.out));
    }

    void badCommandLineExitsTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown preset")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("nosuch")};
        QTest::newRow("unknown language")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("fr")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")};
        QTest::newRow("step 0") << QStringList{QStringLiteral("--step"), QStringLiteral("0")};
        QTest::newRow("step 9") << QStringList{QStringLiteral("--step"), QStringLiteral("9")};
        QTest::newRow("step x") << QStringList{QStringLiteral("--step"), QStringLiteral("x")};
    }
    void badCommandLineExitsTwo()
    {
        QFETCH(QStringList, arguments);
        const Run run = runLab(arguments, true);
        QCOMPARE(run.exitCode, 2);
        const QStringList lines = run.err.trimmed().split(QLatin1Char('\n'));
        QVERIFY2(lines.last().startsWith(QStringLiteral("attention-lab: ")), qPrintable(run.err));
    }

    void stepScreenshot_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("language");
        QTest::newRow("step 1, en") << QStringLiteral("1") << QStringLiteral("en");
        QTest::newRow("step 3, zh_CN") << QStringLiteral("3") << QStringLiteral("zh_CN");
        QTest::newRow("self-check, en") << QStringLiteral("8") << QStringLiteral("en");
    }

    void stepScreenshot()
    {
        QFETCH(QString, step);
        QFETCH(QString, language);
        QTemporaryDir dir;
        const QString fileName = dir.filePath(QStringLiteral("step.png"));
        const Run run = runLab({QStringLiteral("--step"), step, QStringLiteral("--lang"), language,
                                QStringLiteral("--screenshot"), fileName},
                               true);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QImageReader(fileName).size(), QSize(1600, 1000));
        const QImage image(fileName);
        QVERIFY(!image.isNull());
        // Not blank: a window of text and colour, not one flat fill (a blank one spreads 0, the
        // sparse self-check page about 11).
        const double spread = luminanceSpread(image);
        QVERIFY2(spread > 6.0, qPrintable(QString::number(spread)));
        m_shots.insert(QString::fromLatin1(QTest::currentDataTag()),
                       image.convertToFormat(QImage::Format_RGB32));
    }

    void trainedStepScreenshot()
    {
        // Step 7's exercise trains the default model first (seeded), so the picture shows heads
        // that learned: the grid's cells differ from the flat causal triangle of a fresh model.
        QTemporaryDir dir;
        const QString trained = dir.filePath(QStringLiteral("trained.png"));
        const QString fresh = dir.filePath(QStringLiteral("fresh.png"));
        // 1000 steps of two layers: about 10 s in release, minutes under the sanitizers, which
        // then show the run going after the 20 s the picture waits here.
        const Run first =
            runLab({QStringLiteral("--step"), QStringLiteral("7"), QStringLiteral("--exercise"),
                    QStringLiteral("--screenshot"), trained, QStringLiteral("--screenshot-wait"),
                    QStringLiteral("20")},
                   true, 600000);
        QCOMPARE(first.exitCode, 0);
        const Run second = runLab(
            {QStringLiteral("--step"), QStringLiteral("7"), QStringLiteral("--screenshot"), fresh},
            true);
        QCOMPARE(second.exitCode, 0);
        const QImage a(trained);
        const QImage b(fresh);
        QCOMPARE(a.size(), QSize(1600, 1000));
        QVERIFY(luminanceSpread(a) > 6.0);
        // A build too slow to finish the run in the screenshot's wait (the sanitizers': about
        // 4 steps/s) takes the picture mid-run and says so: the loss chart shows the run going.
        if (first.err.contains(QStringLiteral("still computing"))) {
            const QRect chart(490, 160, 690, 450);
            QVERIFY2(regionDifference(a, b, chart) > 0.5,
                     qPrintable(QString::number(regionDifference(a, b, chart))));
            qInfo("the picture shows the run going: %s", qPrintable(first.err.trimmed()));
            return;
        }
        // The right half holds the chart and the heads: a run draws curves and changes the heads.
        // (Measured in a release build: 3.5; before any step, 0.)
        const QRect right(a.width() / 2, a.height() / 6, a.width() / 2, a.height() / 3);
        QVERIFY2(regionDifference(a, b, right) > 2.0,
                 qPrintable(QString::number(regionDifference(a, b, right))));
    }
    void screenshotsShowTheStepAndLanguage()
    {
        // Step 3 in English too, to set beside the Chinese one.
        QTemporaryDir dir;
        const QString fileName = dir.filePath(QStringLiteral("step.png"));
        const Run run =
            runLab({QStringLiteral("--step"), QStringLiteral("3"), QStringLiteral("--lang"),
                    QStringLiteral("en"), QStringLiteral("--screenshot"), fileName},
                   true);
        QCOMPARE(run.exitCode, 0);
        m_shots.insert(QStringLiteral("step 3, en"),
                       QImage(fileName).convertToFormat(QImage::Format_RGB32));
        const QImage one = m_shots.value(QStringLiteral("step 1, en"));
        const QImage three = m_shots.value(QStringLiteral("step 3, en"));
        const QImage threeZh = m_shots.value(QStringLiteral("step 3, zh_CN"));
        const QImage eight = m_shots.value(QStringLiteral("self-check, en"));
        for (const QImage &image : {one, three, threeZh, eight})
            QCOMPARE(image.size(), QSize(1600, 1000));

        // The right step: the step list on the left highlights one row, lower for a later step,
        // with as many lines of text above it in the list as there are steps before it, whatever
        // the language's line height.
        const int top1 = highlightTop(one);
        const int top3 = highlightTop(three);
        const int top3zh = highlightTop(threeZh);
        const int top8 = highlightTop(eight);
        QVERIFY2(top1 > 0 && top3 > top1 && top8 > top3 && top3zh > top1,
                 qPrintable(QStringLiteral("highlights at %1, %2, %3, %4 (Chinese)")
                                .arg(top1)
                                .arg(top3)
                                .arg(top8)
                                .arg(top3zh)));
        QCOMPARE(textLinesAbove(one, top1), 0);
        QCOMPARE(textLinesAbove(three, top3), 2);
        QCOMPARE(textLinesAbove(threeZh, top3zh), 2);
        QCOMPARE(textLinesAbove(eight, top8), 7);

        // The page's title (top, right of the list) differs from step to step, and from language
        // to language: another step or the English title in the Chinese screenshot would not.
        const QRect title = titleRegion(one.size());
        QVERIFY2(regionDifference(one, three, title) > 2.0,
                 qPrintable(QString::number(regionDifference(one, three, title))));
        QVERIFY2(regionDifference(three, eight, title) > 2.0,
                 qPrintable(QString::number(regionDifference(three, eight, title))));
        QVERIFY2(regionDifference(three, threeZh, title) > 2.0,
                 qPrintable(QString::number(regionDifference(three, threeZh, title))));
        // That the Chinese is drawn in Chinese glyphs, not in boxes, tst_cjkglyphs checks.
    }

private:
    QHash<QString, QImage> m_shots; ///< the screenshots of stepScreenshot, by data row
};

// A QGuiApplication: the test reads images.
QTEST_MAIN(TestLabCommandLine)
#include "tst_labcommandline.moc"
