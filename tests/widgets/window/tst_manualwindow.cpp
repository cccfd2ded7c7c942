// Help → User Manual on the real main window, offscreen: the menu's action opens the manual's
// window on docs/lesson.md (rendered as Markdown, its pictures loaded), a click on a link to
// another document opens that document and Back returns; the window is opened once however often
// the action is triggered, and speaks Chinese with the app. Help → About names the version, the CPU
// path of the kernels and the manual's folder. ATTENTION_MANUAL_PNG=FILE saves the window showing
// the lesson, to be looked at.

#include "costmeasurement.h"
#include "mainwindow.h"
#include "manualwindow.h"
#include "pixmapcachesafestyle.h"
#include "windowmenus.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QPixmap>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <memory>

using namespace attention;

namespace {

/// The first heading of a Markdown file, without its marks.
QString firstHeading(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.startsWith(QLatin1String("# ")))
            return line.mid(2);
    }
    return {};
}

/// The names of the pictures a document shows, in order.
QStringList imageNames(const QTextDocument *document)
{
    QStringList names;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isImageFormat())
                names.append(it.fragment().charFormat().toImageFormat().name());
    return names;
}

/// The picture a document's resource holds, whatever form the browser loaded it in.
QImage imageOf(const QVariant &resource)
{
    if (resource.canConvert<QImage>() && !resource.value<QImage>().isNull())
        return resource.value<QImage>();
    if (resource.canConvert<QPixmap>() && !resource.value<QPixmap>().isNull())
        return resource.value<QPixmap>().toImage();
    return QImage::fromData(resource.toByteArray());
}

/// The document position of the first link to `href`, or −1.
int linkPosition(const QTextDocument *document, const QString &href)
{
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().anchorHref() == href)
                return it.fragment().position();
    return -1;
}

} // namespace

class TestManualWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void menuOpensTheLesson();
    void picturesAreLoaded();
    void linkOpensAnotherDocument();
    void oneWindowHoweverOftenOpened();
    void speaksChinese();
    void aboutNamesVersionCpuPathAndManual();

private:
    /// Help → User Manual, as the menu holds it.
    QAction *manualAction() const;
    ManualWindow *openManual();

    std::unique_ptr<MainWindow> m_window;
};

void TestManualWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_manualwindow"));
    PixmapCacheSafeStyle::install(); // as attention-lab's main() does
    QSettings().clear();
}

void TestManualWindow::init()
{
    m_window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
    m_window->setLanguage(QStringLiteral("en"));
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestManualWindow::cleanup()
{
    m_window.reset();
}

QAction *TestManualWindow::manualAction() const
{
    for (QAction *action : m_window->helpMenu()->actions())
        if (action->objectName() == QLatin1String("userManual"))
            return action;
    return nullptr;
}

ManualWindow *TestManualWindow::openManual()
{
    QAction *action = manualAction();
    if (!action || !action->isEnabled())
        return nullptr;
    action->trigger();
    auto *manual = m_window->findChild<ManualWindow *>();
    if (manual && !QTest::qWaitForWindowExposed(manual))
        return nullptr;
    return manual;
}

void TestManualWindow::menuOpensTheLesson()
{
    ManualWindow *manual = openManual();
    QVERIFY(manual);
    QVERIFY(manual->isVisible());
    QVERIFY(manual->isWindow());
    QTextBrowser *browser = manual->browser();
    QCOMPARE(browser->source().fileName(), QStringLiteral("lesson.md"));
    QCOMPARE(QDir(browser->source().adjusted(QUrl::RemoveFilename).toLocalFile()),
             QDir(manualDirectory()));

    const QString heading = firstHeading(QStringLiteral(LESSON_MD));
    QCOMPARE(heading, QStringLiteral("The lesson, step by step"));
    const QString text = browser->toPlainText();
    QVERIFY2(text.contains(heading), qPrintable(text.left(200)));
    QVERIFY(
        text.contains(QStringLiteral("Exercise 4: the head that looks back at the last comma")));
    // Rendered as Markdown, not shown as its source: no heading marks, no link syntax.
    QVERIFY(!text.contains(QStringLiteral("# The lesson")));
    QVERIFY(!text.contains(QStringLiteral("](workbench.md)")));

    // To look at: ATTENTION_MANUAL_PNG=FILE saves the window as it shows the lesson.
    const QString picture = qEnvironmentVariable("ATTENTION_MANUAL_PNG");
    if (!picture.isEmpty())
        QVERIFY(manual->grab().save(picture));
}

void TestManualWindow::picturesAreLoaded()
{
    ManualWindow *manual = openManual();
    QVERIFY(manual);
    const QTextDocument *document = manual->browser()->document();
    QStringList names = imageNames(document);
    // The gallery: every picture the Markdown source names, read from the file itself.
    QFile source(QStringLiteral(LESSON_MD));
    QVERIFY(source.open(QIODevice::ReadOnly));
    QStringList linked;
    const QRegularExpression picture(QStringLiteral(R"(!\[[^\]]*\]\(([^)]+)\))"));
    for (const QRegularExpressionMatch &match :
         picture.globalMatch(QString::fromUtf8(source.readAll())))
        linked.append(match.captured(1));
    QVERIFY(linked.size() >= 12); // the lesson preset, every step, both languages
    linked.sort();
    names.sort();
    QCOMPARE(names, linked);
    QVERIFY(names.contains(QStringLiteral("../resources/screenshots/step7-zh_CN.png")));
    for (const QString &name : names) {
        const QImage image = imageOf(document->resource(QTextDocument::ImageResource, QUrl(name)));
        QVERIFY2(!image.isNull(), qPrintable(name));
        QVERIFY2(image.width() > 600, qPrintable(name)); // a whole window, not a placeholder
    }
    // Pictures wider than the page are scaled to it: no horizontal scrolling.
    QTRY_VERIFY(!manual->browser()->horizontalScrollBar()->isVisible());
}

void TestManualWindow::linkOpensAnotherDocument()
{
    ManualWindow *manual = openManual();
    QVERIFY(manual);
    QTextBrowser *browser = manual->browser();
    const int position = linkPosition(browser->document(), QStringLiteral("workbench.md"));
    QVERIFY(position >= 0);

    // Click the link where it is drawn, as a reader does.
    QTextCursor cursor(browser->document());
    cursor.setPosition(position + 1);
    browser->setTextCursor(cursor);
    browser->ensureCursorVisible();
    const QPoint onLink = browser->cursorRect(cursor).center();
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, onLink);

    QTRY_COMPARE(browser->source().fileName(), QStringLiteral("workbench.md"));
    QVERIFY(browser->toPlainText().contains(QStringLiteral("Four things to try")));
    QVERIFY(!browser->toPlainText().contains(QStringLiteral("The lesson, step by step")));

    // Back returns to the lesson.
    auto *back = manual->findChild<QToolButton *>(QStringLiteral("back"));
    QVERIFY(back);
    QVERIFY(back->isEnabled());
    QTest::mouseClick(back, Qt::LeftButton);
    QTRY_COMPARE(browser->source().fileName(), QStringLiteral("lesson.md"));
    QVERIFY(browser->toPlainText().contains(QStringLiteral("The lesson, step by step")));
}

void TestManualWindow::oneWindowHoweverOftenOpened()
{
    ManualWindow *first = openManual();
    QVERIFY(first);
    first->close();
    QVERIFY(!first->isVisible());
    ManualWindow *second = openManual();
    QCOMPARE(second, first);
    QVERIFY(second->isVisible());
    QCOMPARE(m_window->findChildren<ManualWindow *>().size(), 1);
}

void TestManualWindow::speaksChinese()
{
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QAction *action = manualAction();
    QVERIFY(action);
    // QApplication posts LanguageChange to the windows: wait for it.
    QTRY_COMPARE(action->text(), QStringLiteral("用户手册(&U)"));
    ManualWindow *manual = openManual();
    QVERIFY(manual);
    QCOMPARE(manual->windowTitle(), QStringLiteral("用户手册 — 注意力实验室"));
    auto *contents = manual->findChild<QToolButton *>(QStringLiteral("contents"));
    QVERIFY(contents);
    QCOMPARE(contents->text(), QStringLiteral("课程"));

    m_window->setLanguage(QStringLiteral("en"));
    QTRY_COMPARE(manual->windowTitle(), QStringLiteral("User Manual — Attention Lab"));
    QCOMPARE(contents->text(), QStringLiteral("The Lesson"));
}

void TestManualWindow::aboutNamesVersionCpuPathAndManual()
{
    const QString about = WindowMenus::aboutText();
    QVERIFY2(about.contains(QStringLiteral("Attention Lab " ATTENTION_LAB_VERSION)),
             qPrintable(about));
    QVERIFY(!kernelInstructionSet().isEmpty());
    QVERIFY2(about.contains(kernelInstructionSet() + QStringLiteral(" kernels")),
             qPrintable(about));
    QVERIFY(!manualDirectory().isEmpty());
    QVERIFY2(about.contains(QDir::toNativeSeparators(manualDirectory())), qPrintable(about));
    QVERIFY(about.contains(QStringLiteral("MIT")));
}

QTEST_MAIN(TestManualWindow)
#include "tst_manualwindow.moc"
