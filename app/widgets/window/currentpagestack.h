#pragma once

/// A stack of pages, one shown at a time, that takes the sizes of the page shown: a hidden page's
/// minimum size (a wide lesson step, say) does not hold the window at its width while another
/// page is shown.
///
/// QStackedWidget asks for the largest minimum size (and height for width) of all its pages, so
/// the workbench would need the widest lesson step's width, and every step the width of the
/// widest. This stack has QStackedWidget's few calls used here, and answers sizeHint(),
/// minimumSizeHint() and heightForWidth() from the current page alone.

#include <QWidget>

class QStackedLayout;

namespace attention {

class CurrentPageStack : public QWidget
{
    Q_OBJECT

public:
    explicit CurrentPageStack(QWidget *parent = nullptr);

    /// Appends `page` (the stack becomes its parent); the first page added is shown.
    int addWidget(QWidget *page);
    int count() const;
    int currentIndex() const;
    QWidget *currentWidget() const;
    void setCurrentIndex(int index);
    void setCurrentWidget(QWidget *page);

Q_SIGNALS:
    void currentChanged(int index);

private:
    QStackedLayout *m_layout;
};

} // namespace attention
