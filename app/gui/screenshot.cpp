#include "screenshot.h"

#include "lessonview.h"
#include "mainwindow.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>
#include <chrono>
#include <cstdio>

namespace attention {

namespace {

/// Runs the event loop until `lesson` is no longer busy, or `waitSeconds` have passed.
void waitUntilIdle(LessonView *lesson, int waitSeconds)
{
    QEventLoop loop;
    QObject::connect(lesson, &LessonView::busyChanged, &loop, [&loop](bool busy) {
        if (!busy)
            loop.quit();
    });
    QTimer::singleShot(std::chrono::seconds(waitSeconds), &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

bool saveScreenshot(MainWindow &window, const QString &fileName, int waitSeconds)
{
    window.setFixedSize(screenshotSize);
    window.show();
    QCoreApplication::processEvents();
    if (window.mode() == MainWindow::Mode::Workbench)
        window.applyDefaultLayout();
    QCoreApplication::processEvents();
    // A large scenario is computed on a worker, and so are some lesson pages: the picture is
    // taken once the views are final.
    window.document()->waitForResult();
    QCoreApplication::processEvents();
    if (window.lesson()->isBusy()) {
        waitUntilIdle(window.lesson(), waitSeconds);
        QCoreApplication::processEvents();
        if (window.lesson()->isBusy())
            std::fputs(qPrintable(QCoreApplication::translate(
                                      "main", "attention-lab: the page was still computing after "
                                              "%1 s; the picture shows it unfinished\n")
                                      .arg(waitSeconds)),
                       stderr);
    }
    return window.grab().save(fileName, "PNG");
}

} // namespace attention
