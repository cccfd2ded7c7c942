// Chinese text is drawn with Chinese glyphs, not with the empty boxes a font without them shows:
// the Chinese characters of the lesson's title, painted in the title's font as the app sets it,
// are set beside the same characters in a font known to lack them (DejaVu Sans, no fallback:
// boxes) and in the fonts known to have them (Noto Sans CJK, from fonts-noto-cjk, in whichever
// regional cut fontconfig prefers). They must look like the second, not the first.

#include "lessonview.h"
#include "mainwindow.h"
#include "pixmapcachesafestyle.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <algorithm>
#include <cstdlib>

using namespace attention;

namespace {

const QString latinOnlyFamily = QStringLiteral("DejaVu Sans"); // fonts-dejavu-core
const QStringList chineseFamilies = {
    QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans CJK TC"),
    QStringLiteral("Noto Sans CJK HK"), QStringLiteral("Noto Sans CJK JP"),
    QStringLiteral("Noto Sans CJK KR")}; // fonts-noto-cjk

/// `font` narrowed to `family`, with no fallback to other fonts for missing characters.
QFont only(QFont font, const QString &family)
{
    font.setFamilies({family});
    font.setStyleStrategy(QFont::NoFontMerging);
    return font;
}

/// `text` painted in `font`, black on white in grey levels, on one baseline whatever the font (so
/// that equal glyphs give equal pictures).
QImage paint(const QString &text, const QFont &font, const QSize &size, int baseline)
{
    QImage image(size, QImage::Format_Grayscale8);
    image.fill(255);
    QPainter painter(&image);
    painter.setFont(font);
    painter.setPen(Qt::black);
    painter.drawText(QPoint(4, baseline), text);
    return image;
}

/// The mean absolute difference of the grey levels (0 to 255) of two images of one size.
double meanDifference(const QImage &a, const QImage &b)
{
    double total = 0.0;
    for (int y = 0; y < a.height(); ++y) {
        const uchar *rowA = a.constScanLine(y);
        const uchar *rowB = b.constScanLine(y);
        for (int x = 0; x < a.width(); ++x)
            total += std::abs(int(rowA[x]) - int(rowB[x]));
    }
    return total / (double(a.width()) * double(a.height()));
}

} // namespace

class TestCjkGlyphs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_cjkglyphs"));
        PixmapCacheSafeStyle::install(); // as attention-lab's main() does
        QSettings().clear();
    }

    void chineseTitleHasChineseGlyphs()
    {
        const QStringList families = QFontDatabase::families();
        QVERIFY2(families.contains(latinOnlyFamily), "fonts-dejavu-core is not installed");
        for (const QString &family : chineseFamilies)
            QVERIFY2(families.contains(family), "fonts-noto-cjk is not installed");

        MainWindow window(MainWindow::Settings::Ignore);
        QVERIFY(window.setLanguage(QStringLiteral("zh_CN")));
        window.resize(1600, 1000);
        window.showLessonStep(3);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        const QFont font = window.lesson()->titleLabel()->font();
        QString han; // the title's Chinese characters, all one em wide in a CJK font
        for (QChar c : window.lesson()->titleLabel()->text())
            if (c.script() == QChar::Script_Han)
                han += c;
        QVERIFY2(han.size() >= 4, qPrintable(window.lesson()->titleLabel()->text()));

        const QFontMetrics metrics(font);
        const QSize size(metrics.height() * (int(han.size()) + 2), 2 * metrics.height());
        const int baseline = metrics.height() / 2 + metrics.ascent();
        const QImage app = paint(han, font, size, baseline);
        // DejaVu Sans really has no glyph for these characters: it draws boxes.
        const QFont boxes = only(font, latinOnlyFamily);
        QVERIFY(!QFontMetrics(boxes).inFont(han.at(0)));
        const double toBoxes = meanDifference(app, paint(han, boxes, size, baseline));
        double toChinese = 255.0;
        for (const QString &family : chineseFamilies) {
            QVERIFY(QFontMetrics(only(font, family)).inFont(han.at(0)));
            toChinese = std::min(
                toChinese, meanDifference(app, paint(han, only(font, family), size, baseline)));
        }
        qInfo("\"%s\": mean grey difference %.3f to the boxes, %.3f to the closest Noto Sans CJK",
              qPrintable(han), toBoxes, toChinese);
        // Boxes differ from glyphs wherever a character is drawn; the font the app's fallback
        // found draws exactly the same glyphs.
        QVERIFY2(toBoxes > 2.0, qPrintable(QString::number(toBoxes)));
        QVERIFY2(toChinese < toBoxes / 20, qPrintable(QString::number(toChinese)));
        window.document()->markSaved();
    }
};

QTEST_MAIN(TestCjkGlyphs)
#include "tst_cjkglyphs.moc"
