#include "manualwindow.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextTable>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace attention {

namespace {

/// The manual's first page, in the manual's folder.
const QString firstPage = QStringLiteral("lesson.md");

bool isDocument(const QUrl &url)
{
    return url.isLocalFile() && url.path().endsWith(QLatin1String(".md"));
}

/// The width of a picture's data (0 when it is none), in whatever form the browser loaded it.
int naturalWidth(const QVariant &resource)
{
    if (resource.canConvert<QImage>() && !resource.value<QImage>().isNull())
        return resource.value<QImage>().width();
    return QImage::fromData(resource.toByteArray()).width();
}

/// Scales down the pictures wider than the page (the screenshots are 1600 pixels wide): to the
/// page's width, or to a column's share of it inside a table, keeping their proportions.
void fitPictures(QTextBrowser *browser)
{
    QTextDocument *document = browser->document();
    const int page = browser->viewport()->width() - 4 * int(document->documentMargin());
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            QTextCursor cursor(document);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            const QTextTable *table = cursor.currentTable();
            const int room = table ? page / table->columns() - 16 : page;
            const int width =
                naturalWidth(document->resource(QTextDocument::ImageResource, QUrl(image.name())));
            if (room <= 0 || width <= room)
                continue;
            image.setWidth(room);
            cursor.setCharFormat(image);
        }
    }
}

} // namespace

QStringList manualSearchPath()
{
    // ATTENTION_LAB_INSTALLED_DOCS is relative to the programs' folder (bin/ → share/doc/…), so
    // it holds for any installation prefix; ATTENTION_LAB_SOURCE_DOCS is the source tree's docs/
    // (CMake sets both for this file).
    const QDir programs(QCoreApplication::applicationDirPath());
    return {QDir::cleanPath(programs.filePath(QStringLiteral(ATTENTION_LAB_INSTALLED_DOCS))),
            QStringLiteral(ATTENTION_LAB_SOURCE_DOCS)};
}

QString manualDirectory()
{
    for (const QString &folder : manualSearchPath())
        if (QFileInfo(QDir(folder).filePath(firstPage)).isFile())
            return folder;
    return {};
}

ManualWindow::ManualWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_directory(manualDirectory())
{
    setObjectName(QStringLiteral("manualWindow"));
    m_back = new QToolButton(this);
    m_forward = new QToolButton(this);
    m_contents = new QToolButton(this);
    m_back->setObjectName(QStringLiteral("back"));
    m_forward->setObjectName(QStringLiteral("forward"));
    m_contents->setObjectName(QStringLiteral("contents"));
    m_browser = new QTextBrowser(this);
    m_missing = new QLabel(this);
    m_missing->setWordWrap(true);
    m_missing->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QHBoxLayout;
    for (QToolButton *button : {m_back, m_forward, m_contents})
        buttons->addWidget(button);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_browser, 1);
    layout->addWidget(m_missing);

    // Links are followed here: a document of the manual as Markdown, anything else (a web address,
    // another file) by the desktop.
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &link) {
        const QUrl target = m_browser->source().resolved(link);
        if (isDocument(target))
            m_browser->setSource(target, QTextDocument::MarkdownResource);
        else if (link.fragment().size() > 0 && link.path().isEmpty())
            m_browser->scrollToAnchor(link.fragment());
        else
            QDesktopServices::openUrl(target);
    });
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this] { fitPictures(m_browser); });
    connect(m_back, &QToolButton::clicked, m_browser, &QTextBrowser::backward);
    connect(m_forward, &QToolButton::clicked, m_browser, &QTextBrowser::forward);
    connect(m_contents, &QToolButton::clicked, this, &ManualWindow::showContents);
    connect(m_browser, &QTextBrowser::backwardAvailable, m_back, &QToolButton::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, m_forward, &QToolButton::setEnabled);
    m_back->setEnabled(false);
    m_forward->setEnabled(false);

    m_browser->setVisible(!m_directory.isEmpty());
    m_missing->setVisible(m_directory.isEmpty());
    for (QToolButton *button : {m_back, m_forward, m_contents})
        button->setVisible(!m_directory.isEmpty());
    retranslateUi();
    resize(900, 720);
    showContents();
}

void ManualWindow::showContents()
{
    if (m_directory.isEmpty())
        return;
    m_browser->setSource(QUrl::fromLocalFile(QDir(m_directory).filePath(firstPage)),
                         QTextDocument::MarkdownResource);
}

void ManualWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ManualWindow::retranslateUi()
{
    setWindowTitle(tr("User Manual — Attention Lab"));
    m_back->setText(tr("Back"));
    m_back->setToolTip(tr("The page read before"));
    m_forward->setText(tr("Forward"));
    m_forward->setToolTip(tr("The page read after this one"));
    m_contents->setText(tr("The Lesson"));
    m_contents->setToolTip(tr("Back to the manual's first page, the lesson"));
    m_missing->setText(
        tr("The manual was not found. It is installed with the programs in %1; in a build "
           "from source it is the folder docs/ of the source tree, %2.")
            .arg(manualSearchPath().value(0), manualSearchPath().value(1)));
}

} // namespace attention
