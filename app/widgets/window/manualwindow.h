#pragma once

/// Help → User manual: the documents of docs/ (Markdown) in a window of the app, opening on the
/// lesson (docs/lesson.md), with their links between documents and their pictures working.
///
/// The documents are read where they are: the copy installed with the programs
/// (share/doc/attention-lab/docs beside bin/, /usr/share/doc/attention-lab/docs for the Debian
/// package), else, run from a build, the source tree's docs/. A window that finds neither says
/// where the manual would be. Links to a web address open in the desktop's browser.

#include <QString>
#include <QStringList>
#include <QWidget>

class QTextBrowser;
class QToolButton;
class QLabel;

namespace attention {

/// The folder that holds the manual's documents (lesson.md and the others), or empty when
/// neither the installed copy nor the source tree's is there.
QString manualDirectory();
/// Where the manual is looked for, for the words of a window that did not find it: the installed
/// folder, then the source tree's.
QStringList manualSearchPath();

class ManualWindow : public QWidget
{
    Q_OBJECT

public:
    /// A top-level window that stays with `parent` (it closes with it); it opens the manual's
    /// first page at once.
    explicit ManualWindow(QWidget *parent = nullptr);

    /// Back to the lesson, the manual's first page.
    void showContents();
    QTextBrowser *browser() const { return m_browser; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    QTextBrowser *m_browser = nullptr;
    QToolButton *m_back = nullptr;
    QToolButton *m_forward = nullptr;
    QToolButton *m_contents = nullptr;
    QLabel *m_missing = nullptr;
    QString m_directory;
};

} // namespace attention
