// Tests of PixmapCacheSafeStyle. Header sections look exactly as the Fusion style draws them, one
// by one and in a real header whose sections have their own colours, and repainting such a
// header leaves no memory behind (Fusion's cached pictures did, in Qt 6.4). Title-bar icons are
// Fusion's, made once, and dock widgets shown again and again leave no memory behind either.

#include "heapinuse.h"
#include "pixmapcachesafestyle.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QMainWindow>
#include <QPainter>
#include <QPushButton>
#include <QScopeGuard>
#include <QSlider>
#include <QStandardItemModel>
#include <QStyleFactory>
#include <QStyleOptionHeaderV2>
#include <QTableView>
#include <QTest>
#include <QVBoxLayout>
#include <memory>

using namespace attention;

namespace {

/// The first pixel where `a` and `b` differ, as text; empty when they are the same.
QString firstDifference(const QImage &a, const QImage &b)
{
    if (a.size() != b.size())
        return QStringLiteral("sizes %1×%2 and %3×%4")
            .arg(a.width())
            .arg(a.height())
            .arg(b.width())
            .arg(b.height());
    const QImage x = a.convertToFormat(QImage::Format_ARGB32);
    const QImage y = b.convertToFormat(QImage::Format_ARGB32);
    for (int row = 0; row < x.height(); ++row)
        for (int column = 0; column < x.width(); ++column)
            if (x.pixel(column, row) != y.pixel(column, row))
                return QStringLiteral("pixel (%1, %2): #%3, not #%4")
                    .arg(column)
                    .arg(row)
                    .arg(x.pixel(column, row), 8, 16, QLatin1Char('0'))
                    .arg(y.pixel(column, row), 8, 16, QLatin1Char('0'));
    return QString();
}

/// One header section drawn by `style` on a coloured background, with a margin of 2 pixels
/// around it. Where the section lies matters: a gradient's colours are worked out in the
/// device's coordinates, so sections are also drawn far from the device's origin, as in a window.
QImage drawnSection(const QStyle &style, const QStyleOptionHeaderV2 &option)
{
    const QRect around = option.rect.adjusted(-2, -2, 2, 2);
    QImage image(around.right() + 1, around.bottom() + 1, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(40, 90, 160));
    QPainter painter(&image);
    style.drawControl(QStyle::CE_HeaderSection, &option, &painter);
    painter.end();
    return image.copy(around);
}

/// A table of 3 rows whose 6 column headers have colours of their own, as the vector editor's.
std::unique_ptr<QStandardItemModel> colouredHeaders()
{
    auto model = std::make_unique<QStandardItemModel>(3, 6);
    const QColor colours[] = {Qt::black,   Qt::blue,    Qt::blue,
                              Qt::darkRed, Qt::darkRed, Qt::darkGreen};
    for (int column = 0; column < 6; ++column) {
        model->setHeaderData(column, Qt::Horizontal, QStringLiteral("h%1").arg(column));
        model->setHeaderData(column, Qt::Horizontal, colours[column], Qt::ForegroundRole);
    }
    return model;
}

} // namespace

class TestPixmapCacheSafeStyle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameAsFusion_data();
    void sameAsFusion();
    void sameHeaderAsFusion();
    void repaintsLeaveNothingBehind();
    void otherStylesDrawTheirOwn();
    void titleBarIconsMadeOnce_data();
    void titleBarIconsMadeOnce();
    void dockRestoresLeaveNothingBehind();
    void install();
    void keyboardFocusIsClearlyVisible_data();
    void keyboardFocusIsClearlyVisible();

private:
    std::unique_ptr<QStyle> m_fusion;
    std::unique_ptr<PixmapCacheSafeStyle> m_style;
};

void TestPixmapCacheSafeStyle::initTestCase()
{
    m_fusion.reset(QStyleFactory::create(QStringLiteral("Fusion")));
    QVERIFY(m_fusion);
    m_style =
        std::make_unique<PixmapCacheSafeStyle>(QStyleFactory::create(QStringLiteral("Fusion")));
}

void TestPixmapCacheSafeStyle::sameAsFusion_data()
{
    QTest::addColumn<QPalette>("palette");
    const QPalette standard = m_fusion->standardPalette();
    QTest::newRow("Fusion's palette") << standard;
    QPalette coloured = standard;
    coloured.setColor(QPalette::ButtonText, Qt::darkRed); // as a header's ForegroundRole does
    QTest::newRow("coloured text") << coloured;
    QPalette tinted = standard;
    tinted.setColor(QPalette::Button, QColor(200, 225, 250));
    tinted.setColor(QPalette::Window, QColor(90, 60, 40));
    QTest::newRow("tinted button, dark window") << tinted;
    QPalette dark = standard;
    dark.setColor(QPalette::Button, QColor(30, 30, 30));
    dark.setColor(QPalette::Window, QColor(20, 20, 20));
    QTest::newRow("dark") << dark;
    QPalette gradient = standard;
    QLinearGradient stops(0, 0, 0, 1);
    stops.setColorAt(0, Qt::white);
    stops.setColorAt(1, QColor(180, 200, 120));
    gradient.setBrush(QPalette::Window, stops);
    QTest::newRow("gradient window") << gradient;
    QPalette textured = standard;
    QPixmap texture(4, 4);
    texture.fill(QColor(120, 130, 140));
    textured.setBrush(QPalette::Window, QBrush(texture));
    QTest::newRow("textured window") << textured;
}

void TestPixmapCacheSafeStyle::sameAsFusion()
{
    QFETCH(QPalette, palette);
    const QSize sizes[] = {{1, 1}, {2, 3}, {37, 23}, {96, 25}, {120, 30}, {64, 200}};
    const int tops[] = {2, 331, 694, 717, 1021};
    const QStyleOptionHeader::SectionPosition positions[] = {
        QStyleOptionHeader::Beginning, QStyleOptionHeader::Middle, QStyleOptionHeader::End,
        QStyleOptionHeader::OnlyOneSection};
    for (const QSize size : sizes)
        for (const int top : tops)
            for (const Qt::Orientation orientation : {Qt::Horizontal, Qt::Vertical})
                for (const QStyleOptionHeader::SectionPosition position : positions)
                    for (const bool dragTarget : {false, true}) {
                        QStyleOptionHeaderV2 option;
                        option.rect = QRect(QPoint(3, top), size);
                        option.palette = palette;
                        option.state = QStyle::State_Enabled | QStyle::State_Raised;
                        option.orientation = orientation;
                        option.position = position;
                        option.isSectionDragTarget = dragTarget;
                        const QString difference = firstDifference(drawnSection(*m_style, option),
                                                                   drawnSection(*m_fusion, option));
                        QVERIFY2(difference.isEmpty(),
                                 qPrintable(QStringLiteral("%1×%2 at y = %3, orientation %4, "
                                                           "position %5, drag target %6: %7")
                                                .arg(size.width())
                                                .arg(size.height())
                                                .arg(top)
                                                .arg(int(orientation))
                                                .arg(int(position))
                                                .arg(dragTarget)
                                                .arg(difference)));
                    }
}

void TestPixmapCacheSafeStyle::sameHeaderAsFusion()
{
    const std::unique_ptr<QStandardItemModel> model = colouredHeaders();
    QTableView view;
    view.setModel(model.get());
    view.resize(640, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (QHeaderView *header : {view.horizontalHeader(), view.verticalHeader()}) {
        header->setStyle(m_fusion.get());
        const QImage fusion = header->grab().toImage();
        header->setStyle(m_style.get());
        const QImage ours = header->grab().toImage();
        QVERIFY(!ours.isNull());
        const QString difference = firstDifference(ours, fusion);
        QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("orientation %1: %2")
                                                      .arg(int(header->orientation()))
                                                      .arg(difference)));
    }
}

void TestPixmapCacheSafeStyle::repaintsLeaveNothingBehind()
{
    if (test::heapInUseKiB() == 0)
        QSKIP("no count of the heap in use on this platform");
    const std::unique_ptr<QStandardItemModel> model = colouredHeaders();
    QTableView view;
    view.setModel(model.get());
    view.horizontalHeader()->setStyle(m_style.get());
    view.resize(640, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QWidget *sections = view.horizontalHeader()->viewport();
    // Each repaint paints the six sections with palettes changed for their colours (new
    // cacheKey()s). With Fusion's own sections the heap grows by 10 MiB here (release build):
    // its pixmap cache fills up with pictures never used again, and keeps the key of every
    // picture it pushed out.
    const auto repaint = [sections](int times) {
        for (int i = 0; i < times; ++i)
            sections->repaint();
    };
    repaint(100); // glyphs and the back buffer
    const qint64 before = test::heapInUseKiB();
    repaint(2000);
    const qint64 after = test::heapInUseKiB();
    QVERIFY2(after - before < 256,
             qPrintable(QStringLiteral("the heap grew from %1 to %2 KiB").arg(before).arg(after)));
}

void TestPixmapCacheSafeStyle::otherStylesDrawTheirOwn()
{
    // Over another style the sections are that style's, not Fusion's.
    PixmapCacheSafeStyle overWindows(QStyleFactory::create(QStringLiteral("Windows")));
    const std::unique_ptr<QStyle> windows(QStyleFactory::create(QStringLiteral("Windows")));
    QVERIFY(windows);
    QStyleOptionHeaderV2 option;
    option.rect = QRect(0, 0, 80, 24);
    option.palette = windows->standardPalette();
    option.state = QStyle::State_Enabled | QStyle::State_Raised;
    option.position = QStyleOptionHeader::Middle;
    QCOMPARE(firstDifference(drawnSection(overWindows, option), drawnSection(*windows, option)),
             QString());
    QVERIFY(!firstDifference(drawnSection(overWindows, option), drawnSection(*m_fusion, option))
                 .isEmpty());
}

void TestPixmapCacheSafeStyle::titleBarIconsMadeOnce_data()
{
    QTest::addColumn<QStyle::StandardPixmap>("icon");
    QTest::newRow("float") << QStyle::SP_TitleBarNormalButton;
    QTest::newRow("minimise") << QStyle::SP_TitleBarMinButton;
    QTest::newRow("close") << QStyle::SP_TitleBarCloseButton;
    QTest::newRow("close dock") << QStyle::SP_DockWidgetCloseButton;
}

void TestPixmapCacheSafeStyle::titleBarIconsMadeOnce()
{
    QFETCH(QStyle::StandardPixmap, icon);
    const QIcon first = m_style->standardIcon(icon);
    QCOMPARE(m_style->standardIcon(icon).cacheKey(), first.cacheKey());
    QVERIFY(m_fusion->standardIcon(icon).cacheKey() != m_fusion->standardIcon(icon).cacheKey());
    for (const int size : {10, 16, 32})
        for (const QIcon::Mode mode : {QIcon::Normal, QIcon::Active, QIcon::Disabled}) {
            const QImage ours = first.pixmap(size, mode).toImage();
            QVERIFY(!ours.isNull());
            QCOMPARE(
                firstDifference(ours, m_fusion->standardIcon(icon).pixmap(size, mode).toImage()),
                QString());
        }
}

void TestPixmapCacheSafeStyle::dockRestoresLeaveNothingBehind()
{
    if (test::heapInUseKiB() == 0)
        QSKIP("no count of the heap in use on this platform");
    // The offscreen platform says so each time a dock is shown.
    static const QtMessageHandler previous = qInstallMessageHandler(
        [](QtMsgType type, const QMessageLogContext &context, const QString &message) {
            if (!message.contains(QLatin1String("propagateSizeHints")))
                previous(type, context, message);
        });
    const auto restoreHandler = qScopeGuard([] { qInstallMessageHandler(previous); });

    // As the main window leaves and enters the workbench: docks hidden, then their state
    // restored, which makes each dock ask the style for its buttons' icons again.
    QMainWindow window;
    window.setCentralWidget(new QWidget);
    const Qt::DockWidgetArea areas[] = {Qt::RightDockWidgetArea, Qt::RightDockWidgetArea,
                                        Qt::BottomDockWidgetArea, Qt::BottomDockWidgetArea,
                                        Qt::BottomDockWidgetArea};
    QList<QDockWidget *> docks;
    for (const Qt::DockWidgetArea area : areas) {
        auto *dock = new QDockWidget(QStringLiteral("dock %1").arg(docks.size()), &window);
        dock->setObjectName(QStringLiteral("dock%1").arg(docks.size()));
        dock->setStyle(m_style.get());
        dock->setWidget(new QWidget);
        window.addDockWidget(area, dock);
        docks.append(dock);
    }
    window.resize(800, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto leaveAndReturn = [&](int times) {
        for (int i = 0; i < times; ++i) {
            const QByteArray state = window.saveState();
            for (QDockWidget *dock : docks)
                dock->hide();
            QCoreApplication::processEvents();
            QVERIFY(window.restoreState(state));
            QCoreApplication::processEvents();
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        }
    };
    leaveAndReturn(20);
    const qint64 before = test::heapInUseKiB();
    // With Fusion's own icons the heap grows by 3.5 MiB here (release build): the pixmap cache
    // fills up with the new icons' pictures, and keeps the keys of those it pushes out.
    leaveAndReturn(300);
    const qint64 after = test::heapInUseKiB();
    QVERIFY2(after - before < 128,
             qPrintable(QStringLiteral("the heap grew from %1 to %2 KiB").arg(before).arg(after)));
}

void TestPixmapCacheSafeStyle::install()
{
    const QString before = QApplication::style()->name();
    PixmapCacheSafeStyle::install();
    const auto *installed = qobject_cast<PixmapCacheSafeStyle *>(QApplication::style());
    QVERIFY(installed);
    QCOMPARE(installed->baseStyle()->name(), before); // the style in use, wrapped
    PixmapCacheSafeStyle::install();                  // once is enough
    QCOMPARE(QApplication::style(), installed);
}

void TestPixmapCacheSafeStyle::keyboardFocusIsClearlyVisible_data()
{
    QTest::addColumn<QString>("kind");
    for (const char *kind : {"button", "slider", "combo box", "check box"})
        QTest::newRow(kind) << QString::fromLatin1(kind);
}

void TestPixmapCacheSafeStyle::keyboardFocusIsClearlyVisible()
{
    // Tabbed to, a widget shows a frame of focusFrameWidth pixels in the highlight colour; Fusion
    // showed a thin light line (a projector loses it). Measured as the pixels of the highlight
    // colour the focus adds, per pixel of the widget's perimeter: about 3 here, at most 1 in
    // Fusion.
    QFETCH(QString, kind);
    const auto addedByFocus = [&kind](QStyle *style) {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        QWidget *widget = nullptr;
        if (kind == QLatin1String("button"))
            widget = new QPushButton(QStringLiteral("Train"));
        else if (kind == QLatin1String("slider"))
            widget = new QSlider(Qt::Horizontal); // at 0: no part of its groove is highlighted
        else if (kind == QLatin1String("combo box"))
            widget = new QComboBox;
        else
            widget = new QCheckBox(QStringLiteral("causal mask"));
        if (auto *combo = qobject_cast<QComboBox *>(widget))
            combo->addItem(QStringLiteral("sky"));
        widget->setStyle(style);
        layout->addWidget(widget);
        layout->addWidget(new QPushButton(QStringLiteral("other")));
        window.show();
        window.activateWindow();
        if (!QTest::qWaitForWindowActive(&window))
            return -1.0;
        const QColor highlight = widget->palette().color(QPalette::Active, QPalette::Highlight);
        const auto highlighted = [&highlight](const QImage &image) {
            int count = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    count += std::abs(c.red() - highlight.red()) +
                                         std::abs(c.green() - highlight.green()) +
                                         std::abs(c.blue() - highlight.blue()) <
                                     60
                                 ? 1
                                 : 0;
                }
            return count;
        };
        // Tabbed to from the other button (Shift+Tab), as a user moves the focus.
        QWidget *other = window.findChildren<QPushButton *>().constLast();
        other->setFocus(Qt::OtherFocusReason);
        const int without = highlighted(widget->grab().toImage());
        QTest::keyClick(other, Qt::Key_Backtab, Qt::ShiftModifier);
        if (!widget->hasFocus())
            return -1.0;
        const int with = highlighted(widget->grab().toImage());
        widget->grab().save(QStringLiteral("/tmp/focus-%1-%2.png").arg(kind).arg(quintptr(style)));
        return double(with - without) / (2.0 * (widget->width() + widget->height()));
    };
    const double ours = addedByFocus(m_style.get());
    const double fusion = addedByFocus(m_fusion.get());
    qInfo("highlight pixels added by the focus per pixel of perimeter: %.2f (Fusion %.2f)", ours,
          fusion);
    QVERIFY2(ours >= 1.5 && ours > 2 * fusion, qPrintable(QString::number(ours)));
}

QTEST_MAIN(TestPixmapCacheSafeStyle)
#include "tst_pixmapcachesafestyle.moc"
