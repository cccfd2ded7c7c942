// Where the file dialogs start: the folder last used, else Documents, else home; never the
// working directory (issue 40: they opened in the working directory).

#include "dialogfolder.h"
#include "mainwindow.h"
#include "pixmapcachesafestyle.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace attention;

class TestDialogFolder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void neverTheWorkingDirectory();
    void theFolderLastUsed();
    void openDialogStartsThere();

private:
    QTemporaryDir m_workingDirectory;
};

void TestDialogFolder::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_dialogfolder"));
    PixmapCacheSafeStyle::install();
    QSettings().clear();
    // Started from somewhere that is neither home nor Documents.
    QVERIFY(m_workingDirectory.isValid());
    QVERIFY(QDir::setCurrent(m_workingDirectory.path()));
}

void TestDialogFolder::init()
{
    dialogfolder::setLast({});
}

void TestDialogFolder::neverTheWorkingDirectory()
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString expected = QDir(documents).exists() ? documents : QDir::homePath();
    QCOMPARE(dialogfolder::start(), expected);
    QVERIFY(dialogfolder::start() != QDir::currentPath());
    QCOMPARE(dialogfolder::suggestion(QStringLiteral("scenario.json")),
             QDir(expected).filePath(QStringLiteral("scenario.json")));
}

void TestDialogFolder::theFolderLastUsed()
{
    QTemporaryDir used;
    QVERIFY(used.isValid());
    dialogfolder::use(used.filePath(QStringLiteral("poem.json")));
    QCOMPARE(dialogfolder::start(), used.path());
    QCOMPARE(dialogfolder::last(), used.path());
    QCOMPARE(dialogfolder::suggestion(QStringLiteral("model.safetensors")),
             used.filePath(QStringLiteral("model.safetensors")));
    // A folder removed since: the start falls back, not to the working directory.
    dialogfolder::setLast(used.filePath(QStringLiteral("gone")));
    QVERIFY(dialogfolder::start() != QDir::currentPath());
    QVERIFY(QDir(dialogfolder::start()).exists());
}

void TestDialogFolder::openDialogStartsThere()
{
    // File → Open in the window: the dialog shows the folder last used.
    QTemporaryDir used;
    QVERIFY(used.isValid());
    dialogfolder::use(used.filePath(QStringLiteral("poem.json")));
    MainWindow window(MainWindow::Settings::Ignore);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction *open = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->shortcut() == QKeySequence(QKeySequence::Open))
            open = action;
    QVERIFY(open);
    QString shown;
    QTimer::singleShot(0, this, [&shown] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        shown = dialog->directory().absolutePath();
        dialog->reject();
    });
    open->trigger();
    QCOMPARE(shown, QDir(used.path()).absolutePath());
}

QTEST_MAIN(TestDialogFolder)
#include "tst_dialogfolder.moc"
