// The whole window, driven like a user would: sliders, check boxes, clicks, menus, files.
// Expected numbers are computed here from the lesson's vectors, not read from the program.

#include "answerbox.h"
#include "autosave.h"
#include "colormap.h"
#include "compareview.h"
#include "controlspanel.h"
#include "focuschain.h"
#include "heatmapwidget.h"
#include "isa.h"
#include "lessonview.h"
#include "mainwindow.h"
#include "matrixmodel.h"
#include "outputview.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "scenariofile.h"
#include "unprivileged.h"
#include "vectoreditor.h"
#include "vectorplane.h"
#include "vectortablemodel.h"
#include "verifynear.h"
#include "weightschart.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStyleOptionButton>
#include <QSvgRenderer>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <cmath>
#include <memory>

using namespace attention;

namespace {

constexpr double eps = 1e-9;

/// The lesson's keys (sky, position).
const double lessonKeys[5][2] = {{0.1, 0.9}, {0.0, 1.0}, {0.9, 0.1}, {1.0, 0.0}, {0.8, 0.2}};

/// softmax(scale · q·k) over the lesson's keys for the query q, written out.
std::vector<double> weightsFor(double q0, double q1, double scale, int visible = 5)
{
    std::vector<double> w(5, 0.0);
    double sum = 0;
    for (int j = 0; j < visible; ++j) {
        w[j] = std::exp(scale * (q0 * lessonKeys[j][0] + q1 * lessonKeys[j][1]));
        sum += w[j];
    }
    for (double &x : w)
        x /= sum;
    return w;
}

std::vector<double> modelRow(const MatrixModel *model, int row)
{
    std::vector<double> values;
    for (int j = 0; j < model->columnCount(); ++j)
        values.push_back(model->index(row, j).data(MatrixModel::ValueRole).toDouble());
    return values;
}

std::vector<double> barValues(const QBarSet *set)
{
    std::vector<double> values;
    for (int j = 0; j < set->count(); ++j)
        values.push_back(set->at(j));
    return values;
}

/// Clicks a check box where a user would: on its indicator.
void clickCheckBox(QCheckBox *box)
{
    QStyleOptionButton option;
    option.initFrom(box);
    option.text = box->text();
    const QRect indicator =
        box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
    QTest::mouseClick(box, Qt::LeftButton, {}, indicator.center());
}

/// The mean absolute difference of two images of the same size, per channel (0 to 255); 255 when
/// the sizes differ.
double meanDifference(const QImage &a, const QImage &b)
{
    if (a.size() != b.size() || a.isNull())
        return 255.0;
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    double total = 0.0;
    for (int row = 0; row < x.height(); ++row) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col)
            total += std::abs(qRed(p[col]) - qRed(q[col])) +
                     std::abs(qGreen(p[col]) - qGreen(q[col])) +
                     std::abs(qBlue(p[col]) - qBlue(q[col]));
    }
    return total / (3.0 * double(x.width()) * double(x.height()));
}

/// An SVG drawn into an image of `size` on white.
QImage renderedSvg(QSvgRenderer &renderer, const QSize &size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    return image;
}

/// Empty when every cell of `image` (a picture of `heatmap` at `scale` pixels per widget pixel)
/// has the viridis colour of its weight, sampled near the cell's corner, away from its number.
QString cellColourProblem(const QImage &image, const HeatmapWidget &heatmap, double scale,
                          const Matrix &weights)
{
    for (int i = 0; i < int(weights.rows()); ++i)
        for (int j = 0; j < int(weights.cols()); ++j) {
            const QRectF cell = heatmap.mapping().cellRect(i, j);
            const QPoint at = ((cell.topLeft() + QPointF(3.0, 3.0)) * scale).toPoint();
            if (!image.rect().contains(at))
                return QStringLiteral("cell (%1, %2) is outside the picture").arg(i).arg(j);
            const QRgb got = image.pixel(at);
            const QRgb want = Colormap::viridis(weights(i, j));
            if (std::abs(qRed(got) - qRed(want)) > 3 || std::abs(qGreen(got) - qGreen(want)) > 3 ||
                std::abs(qBlue(got) - qBlue(want)) > 3)
                return QStringLiteral("cell (%1, %2) is %3, the colour of %4 is %5")
                    .arg(i)
                    .arg(j)
                    .arg(QColor(got).name(), QString::number(weights(i, j)), QColor(want).name());
        }
    return {};
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void startsWithLessonAndGuangSelected();
    void scaleSliderToFive();
    void sliderDragIsOneUndoStep();
    void causalMaskCheckBox();
    void clickingARowSelectsTheQuery();
    void editorTypesExerciseOne();
    void planeDragMovesWeights();
    void dimensionSliderAndBack();
    void dimensionDragIsLiveAndOneStep();
    void compareFlipsOneSwitch();
    void languageSwitchRetitlesMenus();
    void malformedFileLeavesDocument_data();
    void malformedFileLeavesDocument();
    void saveAndReopen();
    void unsavedChangesAreAskedAbout();
    void crashedScenarioIsOffered_data();
    void crashedScenarioIsOffered();
    void saveRefusesFoldersAndReadOnlyFiles();
    void exportsPngSvgCsv();
    void presetsMenuLoadsPresets();
    void zoomScalesFonts();
    void zoomScalesLessonFonts();
    void settingsRemembered();
    void aboutNamesVersionsAndLicense();
    void fileActionsHaveDistinctShortcuts();
    void everyFocusStopShows();
    void rowChangeRepaintsOnlyTheSelection();

private:
    void testModels();

    std::unique_ptr<MainWindow> m_window;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    PixmapCacheSafeStyle::install(); // as attention-lab's main() does
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::init()
{
    m_window = std::make_unique<MainWindow>(MainWindow::Settings::Ignore);
    m_window->setLanguage(QStringLiteral("en"));
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    testModels();
}

void TestMainWindow::cleanup()
{
    m_testers.clear();
    if (m_window)
        m_window->document()->markSaved(); // no question on close
    m_window.reset();
}

void TestMainWindow::testModels()
{
    for (QAbstractItemModel *model : std::initializer_list<QAbstractItemModel *>{
             m_window->scoresHeatmap()->model(), m_window->weightsHeatmap()->model(),
             m_window->outputView()->valuesHeatmap()->model(),
             m_window->outputView()->outputHeatmap()->model(),
             m_window->compareView()->heatmap()->model(), m_window->vectorEditor()->model()})
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::QtTest));
}

void TestMainWindow::startsWithLessonAndGuangSelected()
{
    QCOMPARE(m_window->document()->scenario(), *preset(QStringLiteral("lesson")));
    QCOMPARE(m_window->selectedToken(), 4);
    QCOMPARE(m_window->weightsHeatmap()->selectedToken(), 4);
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), weightsFor(1, 0, 1.0), eps);
    QCOMPARE(m_window->chart()->keyAxis()->categories(),
             QStringList({QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明"),
                          QStringLiteral("月"), QStringLiteral("光")}));
}

void TestMainWindow::scaleSliderToFive()
{
    ScenarioDocument *document = m_window->document();
    QSlider *slider = m_window->controls()->scaleSlider();
    const int undoSteps = document->undoStack()->count();

    slider->setValue(ControlsPanel::positionOfScale(5.0));
    QCOMPARE(document->scenario().scoreScale, 5.0);
    QCOMPARE(m_window->controls()->scaleSpinBox()->value(), 5.0);
    const std::vector<double> sharp = weightsFor(1, 0, 5.0);
    // The lesson prints these, rounded: 0.01 0.00 0.30 0.50 0.18.
    const std::vector<double> printed = {0.01, 0.00, 0.30, 0.50, 0.18};
    VERIFY_ALL_NEAR(sharp, printed, 0.005);
    const MatrixModel *weights = m_window->weightsHeatmap()->model();
    VERIFY_ALL_NEAR(modelRow(weights, 4), sharp, eps);
    QCOMPARE(weights->index(4, 3).data().toString(), QStringLiteral("0.50"));
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), sharp, eps);
    // Scores: 5 × q·k.
    const MatrixModel *scores = m_window->scoresHeatmap()->model();
    VERIFY_ALL_NEAR(modelRow(scores, 4), (std::vector<double>{0.5, 0.0, 4.5, 5.0, 4.0}), eps);
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);

    // One key step is one more undoable step.
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageUp);
    QVERIFY(document->scenario().scoreScale > 5.0);
    QCOMPARE(document->undoStack()->count(), undoSteps + 2);

    // Undo both, redo one: 5× again, everywhere.
    m_window->undoAction()->trigger();
    QCOMPARE(document->scenario().scoreScale, 5.0);
    m_window->undoAction()->trigger();
    QCOMPARE(document->scenario().scoreScale, 1.0);
    VERIFY_ALL_NEAR(modelRow(weights, 4), weightsFor(1, 0, 1.0), eps);
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), weightsFor(1, 0, 1.0), eps);
    QCOMPARE(slider->value(), ControlsPanel::positionOfScale(1.0));
    m_window->redoAction()->trigger();
    QCOMPARE(document->scenario().scoreScale, 5.0);
    VERIFY_ALL_NEAR(modelRow(weights, 4), sharp, eps);
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), sharp, eps);
    QCOMPARE(slider->value(), ControlsPanel::positionOfScale(5.0));
}

void TestMainWindow::sliderDragIsOneUndoStep()
{
    ScenarioDocument *document = m_window->document();
    QSlider *slider = m_window->controls()->scaleSlider();
    const int undoSteps = document->undoStack()->count();
    QSignalSpy changed(document, &ScenarioDocument::changed);
    slider->setSliderDown(true);
    for (int p = 500; p <= 800; p += 20)
        slider->setSliderPosition(p);
    slider->setSliderDown(false);
    QVERIFY(changed.count() >= 10); // live: the views followed every step
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    const double dragged = document->scenario().scoreScale;
    QCOMPARE(dragged, ControlsPanel::scaleAtPosition(800));
    m_window->undoAction()->trigger();
    QCOMPARE(document->scenario().scoreScale, 1.0);
    m_window->redoAction()->trigger();
    QCOMPARE(document->scenario().scoreScale, dragged);
}

void TestMainWindow::causalMaskCheckBox()
{
    ScenarioDocument *document = m_window->document();
    QCheckBox *causal = m_window->controls()->causalCheckBox();
    const MatrixModel *weights = m_window->weightsHeatmap()->model();
    const MatrixModel *scores = m_window->scoresHeatmap()->model();
    const Matrix full = weights->table().toMatrix();

    clickCheckBox(causal);
    QVERIFY(causal->isChecked());
    QVERIFY(document->scenario().causal);
    for (int i = 0; i < 5; ++i) {
        double sum = 0;
        for (int j = 0; j < 5; ++j) {
            const double w = weights->index(i, j).data(MatrixModel::ValueRole).toDouble();
            sum += w;
            if (j > i) {
                QCOMPARE(w, 0.0);
                QCOMPARE(scores->index(i, j).data().toString(), QStringLiteral("−∞"));
            } else {
                QVERIFY(w > 0.0);
            }
        }
        VERIFY_NEAR(sum, 1.0, eps);
    }
    // 光 is the last token: it sees everything, so its row does not change.
    VERIFY_ALL_NEAR(modelRow(weights, 4), weightsFor(1, 0, 1.0), eps);
    // 明 (row 2, q = [1, 0]) sees 床 前 明 only.
    VERIFY_ALL_NEAR(modelRow(weights, 2), weightsFor(1, 0, 1.0, 3), eps);

    clickCheckBox(causal);
    QVERIFY(!causal->isChecked());
    QVERIFY(!document->scenario().causal);
    QCOMPARE(weights->table().toMatrix(), full);

    m_window->undoAction()->trigger();
    QVERIFY(document->scenario().causal);
    QVERIFY(causal->isChecked());
    QCOMPARE(weights->index(0, 4).data(MatrixModel::ValueRole).toDouble(), 0.0);
    m_window->undoAction()->trigger();
    QVERIFY(!causal->isChecked());
    QCOMPARE(weights->table().toMatrix(), full);
    m_window->redoAction()->trigger();
    QVERIFY(causal->isChecked());
    QCOMPARE(weights->index(0, 4).data(MatrixModel::ValueRole).toDouble(), 0.0);
}

void TestMainWindow::clickingARowSelectsTheQuery()
{
    HeatmapWidget *heatmap = m_window->weightsHeatmap();
    const QPoint cell = heatmap->mapping().cellRect(2, 1).center().toPoint();
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, cell);
    QCOMPARE(m_window->selectedToken(), 2);
    QCOMPARE(m_window->scoresHeatmap()->selectedToken(), 2);
    QCOMPARE(m_window->chart()->selectedToken(), 2);
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), modelRow(heatmap->model(), 2), eps);
    QCOMPARE(m_window->vectorPlane()->selectedToken(), 2);
    QCOMPARE(m_window->vectorEditor()->selectedToken(), 2);
    // The arrow keys move the current cell (from the clicked one); Enter selects its row.
    QTest::keyClick(heatmap, Qt::Key_Down);
    QCOMPARE(m_window->selectedToken(), 2);
    QTest::keyClick(heatmap, Qt::Key_Enter);
    QCOMPARE(m_window->selectedToken(), 3);
}

void TestMainWindow::editorTypesExerciseOne()
{
    ScenarioDocument *document = m_window->document();
    VectorEditor *editor = m_window->vectorEditor();
    QTableView *view = editor->view();
    const VectorTableModel *model = editor->model();
    const int undoSteps = document->undoStack()->count();

    // 光's query: [1, 0] → [0, 1], typed into the table.
    const auto type = [&](int column, const QString &digits) {
        const QModelIndex index = model->index(4, column);
        view->setCurrentIndex(index);
        view->edit(index);
        auto *spinBox = view->viewport()->findChild<QDoubleSpinBox *>();
        QVERIFY(spinBox);
        spinBox->selectAll();
        QTest::keyClicks(spinBox, digits);
        QTest::keyClick(spinBox, Qt::Key_Return);
        // The editor closes (queued) and is deleted later.
        QVERIFY(QTest::qWaitFor([&] { return !view->viewport()->findChild<QDoubleSpinBox *>(); }));
    };
    type(model->columnOf(VectorKind::Query, 0), QStringLiteral("0"));
    type(model->columnOf(VectorKind::Query, 1), QStringLiteral("1"));

    QCOMPARE(document->scenario().queries.row(4), (RowVector(2) << 0.0, 1.0).finished());
    QCOMPARE(
        document->scenario(), *[] {
            Scenario s = *preset(QStringLiteral("exercise1"));
            s.title = preset(QStringLiteral("lesson"))->title;
            return std::optional<Scenario>(s);
        }());
    // Exercise 1's row: the weight moves from 明/月 to 床/前.
    const std::vector<double> expected = weightsFor(0, 1, 1.0);
    QVERIFY(expected[0] > expected[3] && expected[1] > expected[2]);
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), expected, eps);
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), expected, eps);
    QCOMPARE(document->undoStack()->count(), undoSteps + 2);

    m_window->undoAction()->trigger();
    m_window->undoAction()->trigger();
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), weightsFor(1, 0, 1.0), eps);
    m_window->redoAction()->trigger();
    m_window->redoAction()->trigger();
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), expected, eps);
}

void TestMainWindow::planeDragMovesWeights()
{
    ScenarioDocument *document = m_window->document();
    VectorPlane *plane = m_window->vectorPlane();
    const int undoSteps = document->undoStack()->count();
    const QPoint from = plane->tipPixel(VectorKind::Query, 4).toPoint();
    const QPoint to = plane->mapping().toPixel(QPointF(0.0, 1.0)).toPoint();
    QTest::mousePress(plane, Qt::LeftButton, {}, from);
    // Half way, the weights already follow.
    const QPoint half = (from + to) / 2;
    QTest::mouseMove(plane, half);
    const RowVector midway = document->scenario().queries.row(4);
    QVERIFY(midway(1) > 0.2);
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4),
                    weightsFor(midway(0), midway(1), 1.0), eps);
    QTest::mouseMove(plane, to);
    QTest::mouseRelease(plane, Qt::LeftButton, {}, to);
    const RowVector q = document->scenario().queries.row(4);
    QVERIFY2(std::abs(q(0)) < 0.05 && std::abs(q(1) - 1.0) < 0.05,
             qPrintable(QStringLiteral("%1 %2").arg(q(0)).arg(q(1))));
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), weightsFor(q(0), q(1), 1.0),
                    eps);
    VERIFY_ALL_NEAR(barValues(m_window->chart()->barSet()), weightsFor(q(0), q(1), 1.0), eps);
    // The whole drag is one step.
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    m_window->undoAction()->trigger();
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), weightsFor(1, 0, 1.0), eps);
    m_window->redoAction()->trigger();
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), weightsFor(q(0), q(1), 1.0),
                    eps);
}

void TestMainWindow::dimensionSliderAndBack()
{
    ScenarioDocument *document = m_window->document();
    QSlider *dimension = m_window->controls()->dimensionSlider();
    const Scenario lesson = document->scenario();
    clickCheckBox(m_window->controls()->sqrtDCheckBox());

    dimension->setValue(ControlsPanel::positionOfDimension(64));
    QCOMPARE(document->scenario().dimension(), Index(64));
    QCOMPARE(document->scenario().tokens, lesson.tokens);
    QVERIFY(document->scenario().divideBySqrtD); // the switches stay
    QVERIFY(m_window->controls()->rerollButton()->isEnabled());
    const Scenario expected = [&] {
        Scenario s = randomScenario(lesson.tokens, 64, 1);
        return s;
    }();
    QCOMPARE(document->scenario().queries, expected.queries);
    QCOMPARE(document->scenario().keys, expected.keys);

    // Re-roll: new numbers, same d.
    QTest::mouseClick(m_window->controls()->rerollButton(), Qt::LeftButton);
    QCOMPARE(document->scenario().dimension(), Index(64));
    QVERIFY(document->scenario().queries != expected.queries);

    // Larger d: the weights heatmap has the new weights.
    dimension->setValue(ControlsPanel::positionOfDimension(1024));
    QCOMPARE(document->scenario().dimension(), Index(1024));
    QCOMPARE(m_window->weightsHeatmap()->model()->table().toMatrix(), document->result().weights);

    // Back to d = 2: the hand-made vectors return, with √d still on.
    dimension->setValue(ControlsPanel::positionOfDimension(2));
    Scenario back = lesson;
    back.divideBySqrtD = true;
    QCOMPARE(document->scenario(), back);
    QVERIFY(!m_window->controls()->rerollButton()->isEnabled());

    // Every move was one undoable step.
    m_window->undoAction()->trigger();
    QCOMPARE(document->scenario().dimension(), Index(1024));
}

void TestMainWindow::dimensionDragIsLiveAndOneStep()
{
    ScenarioDocument *document = m_window->document();
    QSlider *dimension = m_window->controls()->dimensionSlider();
    const Scenario start = document->scenario();
    const int steps = document->undoStack()->count();
    // A drag through d = 4, 16, 64: the views follow every position, not only the release.
    dimension->setSliderDown(true);
    for (const int d : {4, 16, 64}) {
        dimension->setSliderPosition(ControlsPanel::positionOfDimension(d));
        QCOMPARE(document->scenario().dimension(), Index(d));
        QCOMPARE(m_window->weightsHeatmap()->model()->table().toMatrix(),
                 document->result().weights);
        QCOMPARE(m_window->vectorEditor()->model()->columnCount(), 1 + 2 * d + 5);
    }
    dimension->setSliderDown(false);
    // The whole drag is one step, named for where it ended; undo goes back to the start.
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Random queries and keys, d = 64"));
    m_window->undoAction()->trigger();
    QCOMPARE(document->scenario(), start);
    // The next drag is a step of its own.
    m_window->redoAction()->trigger();
    dimension->setSliderDown(true);
    dimension->setSliderPosition(ControlsPanel::positionOfDimension(256));
    dimension->setSliderDown(false);
    QCOMPARE(document->undoStack()->count(), steps + 2);
}

void TestMainWindow::compareFlipsOneSwitch()
{
    CompareView *compare = m_window->compareView();
    const MatrixModel *model = compare->heatmap()->model();
    // Default: the causal mask flipped, so with the lesson (full) the comparison is causal.
    QCOMPARE(model->index(0, 4).data(MatrixModel::ValueRole).toDouble(), 0.0);
    VERIFY_ALL_NEAR(modelRow(model, 2), weightsFor(1, 0, 1.0, 3), eps);
    compare->flipComboBox()->setCurrentIndex(int(Flip::UnitScale));
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    VERIFY_ALL_NEAR(modelRow(model, 4), weightsFor(1, 0, 1.0), eps);
    VERIFY_ALL_NEAR(modelRow(m_window->weightsHeatmap()->model(), 4), weightsFor(1, 0, 5.0), eps);
}

void TestMainWindow::languageSwitchRetitlesMenus()
{
    const QList<QMenu *> menus = {m_window->fileMenu(),     m_window->editMenu(),
                                  m_window->viewMenu(),     m_window->presetsMenu(),
                                  m_window->languageMenu(), m_window->helpMenu()};
    const QStringList english = {QStringLiteral("&File"),     QStringLiteral("&Edit"),
                                 QStringLiteral("&View"),     QStringLiteral("&Presets"),
                                 QStringLiteral("&Language"), QStringLiteral("&Help")};
    for (int i = 0; i < menus.size(); ++i)
        QCOMPARE(menus.at(i)->title(), english.at(i));

    QAction *chinese = nullptr;
    for (QAction *action : m_window->languageMenu()->actions())
        if (action->data().toString() == QLatin1String("zh_CN"))
            chinese = action;
    QVERIFY(chinese);
    chinese->trigger();
    QCOMPARE(m_window->language(), QStringLiteral("zh_CN"));
    const auto hasHan = [](const QString &s) {
        for (QChar c : s)
            if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff)
                return true;
        return false;
    };
    // QApplication posts LanguageChange to the windows: wait for it.
    for (int i = 0; i < menus.size(); ++i) {
        QTRY_VERIFY2(menus.at(i)->title() != english.at(i), qPrintable(english.at(i)));
        QVERIFY2(hasHan(menus.at(i)->title()), qPrintable(menus.at(i)->title()));
    }
    QVERIFY(hasHan(m_window->controls()->causalCheckBox()->text()));
    QVERIFY(hasHan(m_window->undoAction()->text()));
    QVERIFY(hasHan(m_window->weightsHeatmap()->cellExplanation(4, 3)));
    QVERIFY(hasHan(m_window->chart()->chart()->title()));
    QVERIFY(chinese->isChecked());

    m_window->setLanguage(QStringLiteral("en"));
    for (int i = 0; i < menus.size(); ++i)
        QTRY_COMPARE(menus.at(i)->title(), english.at(i));
    QVERIFY(!hasHan(m_window->controls()->causalCheckBox()->text()));
}

void TestMainWindow::malformedFileLeavesDocument_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("not JSON") << QByteArray("{ \"format\": ") << QString();
    const QByteArray good = scenarioToJson(*preset(QStringLiteral("exercise1")));
    QByteArray wrongNumber = good;
    wrongNumber.replace("\"score_scale\": 1", "\"score_scale\": \"big\"");
    QTest::newRow("scale is text") << wrongNumber << QStringLiteral("score_scale");
    QByteArray unknown = good;
    unknown.replace("\"causal\"", "\"casual\"");
    QTest::newRow("misspelt field") << unknown << QStringLiteral("casual");
    QTest::newRow("empty file") << QByteArray() << QString();
}

void TestMainWindow::malformedFileLeavesDocument()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, mentions);
    ScenarioDocument *document = m_window->document();
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    document->markSaved();
    const Scenario before = document->scenario();
    const int undoSteps = document->undoStack()->count();
    const QString fileName = m_dir.filePath(QStringLiteral("bad.json"));
    QFile file(fileName);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
    file.close();

    QVERIFY(!m_window->openFile(fileName));
    QCOMPARE(document->scenario(), before);
    QCOMPARE(document->undoStack()->count(), undoSteps);
    QVERIFY(document->fileName().isEmpty());
    QVERIFY(m_window->lastError().contains(QStringLiteral("bad.json")));
    if (!mentions.isEmpty())
        QVERIFY2(m_window->lastError().contains(mentions), qPrintable(m_window->lastError()));
    auto *box = m_window->findChild<QMessageBox *>(QStringLiteral("errorMessage"));
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QCOMPARE(box->text(), m_window->lastError());
    box->close();
}

void TestMainWindow::saveAndReopen()
{
    ScenarioDocument *document = m_window->document();
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    clickCheckBox(m_window->controls()->causalCheckBox());
    document->setVector(VectorKind::Query, 4, (RowVector(2) << 0.25, 0.75).finished());
    document->finishInteraction();
    QVERIFY(document->isModified());
    QVERIFY(m_window->isWindowModified());
    const Scenario saved = document->scenario();

    const QString fileName = m_dir.filePath(QStringLiteral("saved.json"));
    QVERIFY(m_window->saveFile(fileName));
    QVERIFY(!document->isModified());
    QVERIFY(!m_window->isWindowModified());
    QCOMPARE(document->fileName(), fileName);
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("saved.json")));
    QCOMPARE(m_window->recentFiles().value(0), QFileInfo(fileName).absoluteFilePath());

    // Change it, then open the file again: exactly what was saved.
    m_window->loadPreset(QStringLiteral("average"));
    QVERIFY(document->scenario() != saved);
    document->markSaved();
    QVERIFY(m_window->openFile(fileName));
    QCOMPARE(document->scenario(), saved);
    QCOMPARE(document->undoStack()->count(), 0);
    QCOMPARE(m_window->weightsHeatmap()->model()->table().toMatrix(), saved.compute().weights);
    // And the file reads back the same without the window.
    const ScenarioReadResult read = loadScenario(fileName);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.scenario, saved);
}

void TestMainWindow::unsavedChangesAreAskedAbout()
{
    ScenarioDocument *document = m_window->document();
    const QString fileName = m_dir.filePath(QStringLiteral("other.json"));
    QVERIFY(saveScenario(*preset(QStringLiteral("average")), fileName));
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    const Scenario edited = document->scenario();

    answerbox::answerNext(QMessageBox::Cancel);
    QVERIFY(!m_window->openFile(fileName));
    QCOMPARE(document->scenario(), edited);
    QVERIFY(document->isModified());

    answerbox::answerNext(QMessageBox::Discard);
    QVERIFY(m_window->openFile(fileName));
    QCOMPARE(document->scenario(), *preset(QStringLiteral("average")));

    // Closing with changes asks too; Cancel keeps the window open.
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    answerbox::answerNext(QMessageBox::Cancel);
    QVERIFY(!m_window->close());
    QVERIFY(m_window->isVisible());
}

void TestMainWindow::crashedScenarioIsOffered_data()
{
    QTest::addColumn<bool>("restore");
    QTest::addColumn<bool>("realMessageBox");
    QTest::newRow("restore") << true << false;
    QTest::newRow("discard, asked by a message box") << false << true;
}

void TestMainWindow::crashedScenarioIsOffered()
{
    QFETCH(bool, restore);
    QFETCH(bool, realMessageBox);
    ScenarioDocument *document = m_window->document();
    const Scenario before = document->scenario();

    // Nothing left behind: nothing asked.
    int asked = 0;
    AutosaveRecovery offered;
    m_window->setRecoveryPrompt([&](const AutosaveRecovery &recovery) {
        ++asked;
        offered = recovery;
        return restore;
    });
    QDir autosaves(Autosave::directory());
    for (const QString &file : autosaves.entryList({QStringLiteral("*.json")}, QDir::Files))
        QVERIFY(autosaves.remove(file));
    QVERIFY(!m_window->offerRecovery());
    QCOMPARE(asked, 0);

    // What an instance that crashed leaves: its copy and the name of its file, and no lock.
    Scenario edited = *preset(QStringLiteral("exercise1"));
    edited.scoreScale = 3.0;
    edited.causal = true;
    const QString original = m_dir.filePath(QStringLiteral("crashed.json"));
    QVERIFY(QDir().mkpath(Autosave::directory()));
    const QString copy = QDir(Autosave::directory()).filePath(QStringLiteral("1-1.json"));
    QVERIFY(saveScenario(edited, copy));
    QFile name(QDir(Autosave::directory()).filePath(QStringLiteral("1-1.name")));
    QVERIFY(name.open(QIODevice::WriteOnly));
    name.write(original.toUtf8());
    name.close();

    if (realMessageBox) {
        m_window->setRecoveryPrompt({});
        answerbox::answerNext(QMessageBox::Discard);
    }
    QCOMPARE(m_window->offerRecovery(), restore);
    if (!realMessageBox) {
        QCOMPARE(asked, 1);
        QCOMPARE(offered.scenario, edited);
        QCOMPARE(offered.fileName, original);
    }
    QVERIFY(!QFile::exists(copy)); // asked once only
    QVERIFY(!Autosave::pendingRecovery());
    if (!restore) {
        QCOMPARE(document->scenario(), before);
        QVERIFY(!document->isModified());
        return;
    }
    QCOMPARE(document->scenario(), edited);
    QCOMPARE(m_window->weightsHeatmap()->model()->table().toMatrix(), edited.compute().weights);
    QCOMPARE(document->fileName(), original);
    QVERIFY(document->isModified()); // still to be saved
    QVERIFY(m_window->isWindowModified());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("crashed.json")));
    // And the window's own autosave copies it again.
    m_window->autosave()->setInterval(20);
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    QTRY_VERIFY(QFile::exists(m_window->autosave()->fileName()));
    QCOMPARE(loadScenario(m_window->autosave()->fileName()).scenario, document->scenario());
}

void TestMainWindow::saveRefusesFoldersAndReadOnlyFiles()
{
    ScenarioDocument *document = m_window->document();
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(5.0));
    QVERIFY(document->isModified());

    // A folder.
    const QString folder = m_dir.filePath(QStringLiteral("folder.json"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(!m_window->saveFile(folder));
    QVERIFY(m_window->lastError().contains(QStringLiteral("folder")));
    QVERIFY(QFileInfo(folder).isDir());
    QVERIFY(document->isModified());
    QVERIFY(document->fileName().isEmpty());

    // A writable file is written and reads back the same.
    const QString good = m_dir.filePath(QStringLiteral("good.json"));
    QVERIFY(m_window->saveFile(good));
    QCOMPARE(loadScenario(good).scenario, document->scenario());
    QVERIFY(!document->isModified());
    m_window->controls()->scaleSlider()->setValue(ControlsPanel::positionOfScale(2.0));
    QVERIFY(document->isModified());

    // A read-only file stays as it was. Root writes read-only files: as root, the saving is done
    // as nobody, the file's owner (readable by everyone, writable by no one).
    const QString readOnly = m_dir.filePath(QStringLiteral("readonly.json"));
    QVERIFY(saveScenario(*preset(QStringLiteral("average")), readOnly));
    QVERIFY(QFile::setPermissions(readOnly, QFile::ReadOwner | QFile::ReadUser | QFile::ReadGroup |
                                                QFile::ReadOther));
    QVERIFY(Unprivileged::makeReachable(m_dir.path()));
    QVERIFY(Unprivileged::giveToNobody(readOnly));
    bool saved = true;
    {
        const Unprivileged guard;
        if (!guard.ok())
            QSKIP(guard.whyNot());
        QVERIFY(!QFileInfo(readOnly).isWritable());
        saved = m_window->saveFile(readOnly);
    }
    QVERIFY(!saved);
    QVERIFY(m_window->lastError().contains(QStringLiteral("read-only")));
    QCOMPARE(loadScenario(readOnly).scenario, *preset(QStringLiteral("average")));
    QVERIFY(document->isModified());
}

void TestMainWindow::exportsPngSvgCsv()
{
    HeatmapWidget *weights = m_window->weightsHeatmap();
    const QString png = m_dir.filePath(QStringLiteral("weights.png"));
    QVERIFY(m_window->exportHeatmap(weights, png));
    QCOMPARE(QImage(png).size(), weights->size() * 2);
    // The content: every cell in the weight's colour (on the fixed 0–1 scale), and the whole
    // picture like the heatmap on screen.
    const QImage pngImage = QImage(png).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(cellColourProblem(pngImage, *weights, 2.0, m_window->document()->result().weights),
             QString());
    const QImage onScreen = weights->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const double pngDifference = meanDifference(
        pngImage.scaled(onScreen.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation),
        onScreen);
    QVERIFY2(pngDifference < 8.0, qPrintable(QString::number(pngDifference)));

    const QString svg = m_dir.filePath(QStringLiteral("scores.svg"));
    QVERIFY(m_window->exportHeatmap(m_window->scoresHeatmap(), svg));
    {
        // Drawn again from the file, the drawing looks like the scores heatmap on screen.
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        const QImage shown =
            m_window->scoresHeatmap()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage drawn = renderedSvg(renderer, shown.size());
        const double difference = meanDifference(drawn, shown);
        QVERIFY2(difference < 8.0, qPrintable(QString::number(difference)));
        // And the weights as SVG: their cells in the weights' colours.
        const QString weightsSvg = m_dir.filePath(QStringLiteral("weights.svg"));
        QVERIFY(m_window->exportHeatmap(weights, weightsSvg));
        QSvgRenderer weightsRenderer(weightsSvg);
        QVERIFY(weightsRenderer.isValid());
        QCOMPARE(cellColourProblem(renderedSvg(weightsRenderer, weights->size()), *weights, 1.0,
                                   m_window->document()->result().weights),
                 QString());
    }
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svgFile);
    QString root;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && root.isEmpty())
            root = xml.name().toString();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(root, QStringLiteral("svg"));

    clickCheckBox(m_window->controls()->causalCheckBox());
    const Scenario &s = m_window->document()->scenario();
    const ScenarioResult &r = m_window->document()->result();
    const Matrix scores = attentionScores(s.queries, s.keys, s.scoreOptions());
    for (const auto &[table, matrix, name] :
         {std::tuple{MainWindow::Table::Scores, &scores, "scores.csv"},
          std::tuple{MainWindow::Table::Weights, &r.weights, "weights.csv"},
          std::tuple{MainWindow::Table::Output, &r.outputMatrix(), "output.csv"}}) {
        const QString csv = m_dir.filePath(QLatin1String(name));
        QVERIFY(m_window->exportCsv(table, csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), int(s.tokenCount()) + 1);
        QCOMPARE(lines.first(), QLatin1Char(',') + s.tokens.join(QLatin1Char(',')));
        for (int i = 0; i < s.tokenCount(); ++i) {
            const QStringList fields = lines.at(i + 1).split(QLatin1Char(','));
            QCOMPARE(fields.first(), s.tokens.at(i));
            for (int j = 0; j < matrix->cols(); ++j) {
                const QString field = fields.at(j + 1);
                const double value = (*matrix)(i, j);
                if (std::isinf(value))
                    QCOMPARE(field, QStringLiteral("-inf"));
                else
                    QCOMPARE(field.toDouble(), value);
            }
        }
    }
}

void TestMainWindow::presetsMenuLoadsPresets()
{
    const QList<QAction *> actions = m_window->presetsMenu()->actions();
    QCOMPARE(actions.size(), presetNames().size());
    for (QAction *action : actions) {
        const QString name = action->data().toString();
        action->trigger();
        QCOMPARE(m_window->document()->scenario(), *preset(name));
        QCOMPARE(action->text(), presetDescription(name));
    }
    // Each is an undoable step.
    m_window->undoAction()->trigger();
    QCOMPARE(m_window->document()->scenario(), *preset(presetNames().at(presetNames().size() - 2)));
}

void TestMainWindow::zoomScalesFonts()
{
    const qreal normal = m_window->weightsHeatmap()->font().pointSizeF();
    const qreal normalCell = m_window->weightsHeatmap()->sizeHint().width();
    m_window->setZoom(2.0);
    QCOMPARE(m_window->zoom(), 2.0);
    VERIFY_NEAR(m_window->weightsHeatmap()->font().pointSizeF(), 2 * normal, 0.01);
    QVERIFY(m_window->weightsHeatmap()->sizeHint().width() > normalCell);
    m_window->setZoom(1.0);
    VERIFY_NEAR(m_window->weightsHeatmap()->font().pointSizeF(), normal, 0.01);
}

void TestMainWindow::zoomScalesLessonFonts()
{
    // The lesson's title, explanation and step list have fonts of their own, larger than the
    // window's: the zoom scales them by its factor too.
    LessonView *lesson = m_window->lesson();
    const QList<QWidget *> texts = {lesson->titleLabel(), lesson->explanationLabel(),
                                    lesson->stepList()};
    QList<qreal> normal;
    for (const QWidget *text : texts)
        normal.append(text->font().pointSizeF());
    const int listWidth = lesson->stepList()->minimumWidth();
    m_window->setZoom(1.5);
    for (int i = 0; i < texts.size(); ++i)
        QVERIFY2(std::abs(texts[i]->font().pointSizeF() - 1.5 * normal[i]) < 0.05,
                 texts[i]->metaObject()->className());
    QVERIFY(lesson->stepList()->minimumWidth() > listWidth); // still as wide as its longest step
    QVERIFY(lesson->titleLabel()->font().bold());
    m_window->setZoom(1.0);
    for (int i = 0; i < texts.size(); ++i)
        VERIFY_NEAR(texts[i]->font().pointSizeF(), normal[i], 0.05);
}

void TestMainWindow::settingsRemembered()
{
    QSettings().clear();
    const QString fileName = m_dir.filePath(QStringLiteral("remembered.json"));
    QVERIFY(saveScenario(*preset(QStringLiteral("exercise1")), fileName));
    {
        MainWindow window(MainWindow::Settings::Use);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(fileName));
        window.setZoom(1.5);
        window.setLanguage(QStringLiteral("en"));
        window.close();
    }
    MainWindow again(MainWindow::Settings::Use);
    QCOMPARE(again.recentFiles().value(0), QFileInfo(fileName).absoluteFilePath());
    QCOMPARE(again.zoom(), 1.5);
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("en"));
    QSettings().clear();
}

void TestMainWindow::aboutNamesVersionsAndLicense()
{
    QAction *about = nullptr;
    for (QAction *action : m_window->helpMenu()->actions())
        if (action->menuRole() == QAction::AboutRole)
            about = action;
    QVERIFY(about);
    // Help → About is a modal box: read it and close it from the event loop it runs.
    QString text;
    QTimer::singleShot(0, qApp, [&text] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        text = box->text();
        box->accept();
    });
    about->trigger();
    QVERIFY2(text.contains(QStringLiteral(ATTENTION_LAB_VERSION)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Qt ") + QLatin1String(qVersion())), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Eigen 3.")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("MIT License")), qPrintable(text));
    // The kernels' path chosen for this CPU (or forced by ATTENTION_LAB_ISA), as --version says.
    const QString kernels = QLatin1String(isaName(activeIsa())) + QStringLiteral(" kernels");
    QVERIFY2(text.contains(kernels), qPrintable(text));
}

void TestMainWindow::fileActionsHaveDistinctShortcuts()
{
    // Every file action has keys, Save As too, and no two actions of the window share a key.
    QHash<QString, QString> owner; // key → action text
    for (QAction *action : m_window->findChildren<QAction *>()) {
        for (const QKeySequence &key : action->shortcuts()) {
            const QString name = key.toString(QKeySequence::PortableText);
            QVERIFY2(!owner.contains(name) || owner.value(name) == action->text(),
                     qPrintable(name + QStringLiteral(": ") + owner.value(name) +
                                QStringLiteral(" and ") + action->text()));
            owner.insert(name, action->text());
        }
    }
    for (const char *key : {"Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S"})
        QVERIFY2(owner.contains(QLatin1String(key)), key);
    QCOMPARE(owner.value(QStringLiteral("Ctrl+Shift+S")), QStringLiteral("Save &As…"));
}

void TestMainWindow::everyFocusStopShows()
{
    // Round the workbench with Tab from the score-scale slider: every stop shows that it has the
    // focus (the charts and the plane paint themselves, so they draw a mark of their own).
    m_window->setMode(MainWindow::Mode::Workbench);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QSlider *first = m_window->controls()->scaleSlider();
    first->setFocus(Qt::TabFocusReason);
    QVERIFY(first->hasFocus());
    const QList<QWidget *> chain = focuschain::walk(first);
    QVERIFY2(QApplication::focusWidget() == first, "Tab did not come back to the scale slider");
    // The chart, the table and the heatmaps are on it.
    QVERIFY(chain.contains(m_window->chart()));
    QVERIFY(chain.contains(m_window->vectorEditor()->view()));
    QVERIFY(chain.contains(m_window->weightsHeatmap()));
    const QStringList invisible = focuschain::withoutFocusMark(chain);
    QVERIFY2(invisible.isEmpty(), qPrintable(QStringLiteral("no focus shown on: ") +
                                             invisible.join(QStringLiteral("; "))));
}

namespace {

/// What was repainted of each watched widget.
class PaintRecorder : public QObject
{
public:
    void watch(QWidget *widget)
    {
        widget->installEventFilter(this);
        m_painted[widget] = QRegion();
    }
    QRegion painted(QWidget *widget) const { return m_painted.value(widget); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            m_painted[watched] += static_cast<QPaintEvent *>(event)->region();
        return false;
    }

private:
    QHash<QObject *, QRegion> m_painted;
};

/// Lets the window repaint what is pending.
void settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(10);
    }
}

} // namespace

void TestMainWindow::rowChangeRepaintsOnlyTheSelection()
{
    // Moving down the table selects the next query everywhere, and does only that: nothing is
    // recomputed, what does not show the selection is not repainted, and the heatmaps repaint
    // the two rows that changed, not the whole grid.
    ScenarioDocument *document = m_window->document();
    QStringList names;
    for (int i = 0; i < 16; ++i)
        names.append(QStringLiteral("t%1").arg(i + 1));
    QVERIFY(document->reset(randomScenario(names, 2, 1)));
    document->waitForResult();
    m_window->setMode(MainWindow::Mode::Workbench);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTableView *view = m_window->vectorEditor()->view();
    view->setFocus();
    view->setCurrentIndex(view->model()->index(2, 1));
    QCOMPARE(m_window->selectedToken(), 2);
    settle();

    PaintRecorder recorder;
    const QList<HeatmapWidget *> heatmaps = {m_window->scoresHeatmap(), m_window->weightsHeatmap(),
                                             m_window->outputView()->outputHeatmap()};
    for (HeatmapWidget *heatmap : heatmaps)
        recorder.watch(heatmap);
    recorder.watch(m_window->controls());
    QSignalSpy changed(document, &ScenarioDocument::changed);
    QSignalSpy computed(document, &ScenarioDocument::resultChanged);
    QTest::keyClick(view, Qt::Key_Down);
    settle();

    QCOMPARE(m_window->selectedToken(), 3);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(computed.count(), 0);
    QVERIFY(recorder.painted(m_window->controls()).isEmpty());
    for (HeatmapWidget *heatmap : heatmaps) {
        QCOMPARE(heatmap->selectedToken(), 3);
        const QRegion painted = recorder.painted(heatmap);
        const HeatmapMapping &mapping = heatmap->mapping();
        QVERIFY(painted.contains(mapping.rowRect(2).center().toPoint()));
        QVERIFY(painted.contains(mapping.rowRect(3).center().toPoint()));
        QVERIFY2(!painted.intersects(mapping.rowRect(12).toAlignedRect()),
                 "a row far from the selection was repainted");
        // What is on screen is what the heatmap draws afresh: no outline or bold label left.
        const QPoint at = heatmap->mapTo(m_window.get(), QPoint(0, 0));
        const QImage shown =
            m_window->screen()
                ->grabWindow(m_window->winId(), at.x(), at.y(), heatmap->width(), heatmap->height())
                .toImage()
                .convertToFormat(QImage::Format_RGB32);
        QCOMPARE(shown, heatmap->grab().toImage().convertToFormat(QImage::Format_RGB32));
    }
    document->markSaved();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
