#include "currentpagestack.h"

#include <QStackedLayout>

namespace attention {

namespace {

/// A QStackedLayout that measures its current widget only.
class CurrentPageLayout : public QStackedLayout
{
public:
    using QStackedLayout::QStackedLayout;

    QSize sizeHint() const override
    {
        const QWidget *page = currentWidget();
        return page ? page->sizeHint().expandedTo(pageMinimum(page)) : QSize(0, 0);
    }

    QSize minimumSize() const override
    {
        const QWidget *page = currentWidget();
        return page ? pageMinimum(page) : QSize(0, 0);
    }

    bool hasHeightForWidth() const override
    {
        const QWidget *page = currentWidget();
        return page && page->hasHeightForWidth();
    }

    int heightForWidth(int width) const override
    {
        const QWidget *page = currentWidget();
        if (!page || !page->hasHeightForWidth())
            return -1;
        return std::max(page->heightForWidth(width), pageMinimum(page).height());
    }

private:
    /// The smallest size a layout may give `page`: its minimum size hint unless its policy
    /// ignores it, or the minimum size set on it (as QLayout itself reads them).
    static QSize pageMinimum(const QWidget *page)
    {
        QSize minimum = page->minimumSizeHint().expandedTo(QSize(0, 0));
        const QSizePolicy policy = page->sizePolicy();
        if (policy.horizontalPolicy() == QSizePolicy::Ignored)
            minimum.setWidth(0);
        if (policy.verticalPolicy() == QSizePolicy::Ignored)
            minimum.setHeight(0);
        if (page->minimumWidth() > 0)
            minimum.setWidth(page->minimumWidth());
        if (page->minimumHeight() > 0)
            minimum.setHeight(page->minimumHeight());
        return minimum;
    }
};

} // namespace

CurrentPageStack::CurrentPageStack(QWidget *parent)
    : QWidget(parent)
    , m_layout(new CurrentPageLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    connect(m_layout, &QStackedLayout::currentChanged, this, [this](int index) {
        // Another page, other sizes: the layouts above ask again.
        m_layout->invalidate();
        updateGeometry();
        Q_EMIT currentChanged(index);
    });
}

int CurrentPageStack::addWidget(QWidget *page)
{
    return m_layout->addWidget(page);
}

int CurrentPageStack::count() const
{
    return m_layout->count();
}

int CurrentPageStack::currentIndex() const
{
    return m_layout->currentIndex();
}

QWidget *CurrentPageStack::currentWidget() const
{
    return m_layout->currentWidget();
}

void CurrentPageStack::setCurrentIndex(int index)
{
    m_layout->setCurrentIndex(index);
}

void CurrentPageStack::setCurrentWidget(QWidget *page)
{
    m_layout->setCurrentWidget(page);
}

} // namespace attention
