#pragma once

/// attention-lab --screenshot: lays the main window out at a fixed size, waits for a lesson page
/// that computes in the background, and saves the window as a PNG.

#include <QSize>

class QString;

namespace attention {

class MainWindow;

/// The size every screenshot is laid out at.
inline constexpr QSize screenshotSize(1600, 1000);
/// By default, the longest a lesson page may compute before the shot is taken anyway (a slow
/// build may not finish step 7's run in that time: the picture then shows it unfinished, and says
/// so); --screenshot-wait sets another, up to maxScreenshotWaitSeconds.
constexpr int screenshotWaitSeconds = 120;
constexpr int maxScreenshotWaitSeconds = 3600;

/// Shows `window` at screenshotSize, waits until its views are final and saves it as `fileName`.
/// When the lesson page still computes after `waitSeconds`, the picture is taken as it is and
/// standard error says so ("… still computing …"). Returns false (with nothing written) when
/// the file cannot be written.
bool saveScreenshot(MainWindow &window, const QString &fileName,
                    int waitSeconds = screenshotWaitSeconds);

} // namespace attention
