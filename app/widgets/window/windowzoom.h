#pragma once

/// The zoom of the main window, for a projector: a few steps from 80 % to 300 % of the
/// application's font, and View → Zoom In, Zoom Out and Reset Zoom, which step through them.
///
/// It sets the window's font (so every view's text and cells grow with it) and emits changed();
/// the window lays its panels out again and saves its settings.

#include <QFont>
#include <QObject>

class QAction;
class QMainWindow;

namespace attention {

class WindowZoom : public QObject
{
    Q_OBJECT

public:
    /// Zooms `window`'s font, starting from the application's font at 1.
    explicit WindowZoom(QMainWindow *window);

    /// Sets the step nearest to `zoom` (1 = normal).
    void setZoom(double zoom);
    double zoom() const;
    /// Goes `steps` steps up (or down), within the range, and says so in the status bar.
    void zoomBy(int steps);

    QAction *zoomInAction() const { return m_zoomIn; }
    QAction *zoomOutAction() const { return m_zoomOut; }
    QAction *resetAction() const { return m_reset; }
    void retranslateUi();

Q_SIGNALS:
    /// The window's font changed (after setZoom(), even to the same step).
    void changed();

private:
    /// The zoom step nearest to `zoom`, as an index into the steps.
    static int stepIndexOf(double zoom);

    QMainWindow *m_window;
    QFont m_baseFont;
    int m_index;
    QAction *m_zoomIn;
    QAction *m_zoomOut;
    QAction *m_reset;
};

} // namespace attention
