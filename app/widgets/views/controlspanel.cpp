#include "controlspanel.h"

#include "scenariodocument.h"
#include "wrappingrow.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QStatusTipEvent>
#include <QStyleOptionSlider>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace attention {

namespace {

/// A horizontal slider with labelled marks under its groove (1× and 5× on the scale slider).
class MarkedSlider : public QSlider
{
public:
    struct Mark
    {
        int position;
        QString label;
        bool emphasized;
    };

    explicit MarkedSlider(QWidget *parent = nullptr)
        : QSlider(Qt::Horizontal, parent)
    {}

    void setMarks(const QList<Mark> &marks)
    {
        m_marks = marks;
        updateGeometry();
        update();
    }

    /// The emphasized mark whose tick is within `pixels` of where `value` is drawn, if any.
    std::optional<int> emphasizedMarkNear(int value, int pixels) const
    {
        for (const Mark &mark : m_marks)
            if (mark.emphasized && std::abs(pixelOf(mark.position) - pixelOf(value)) <= pixels)
                return mark.position;
        return std::nullopt;
    }

    QSize sizeHint() const override { return withLabels(QSlider::sizeHint()); }
    QSize minimumSizeHint() const override { return withLabels(QSlider::minimumSizeHint()); }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        QSlider::paintEvent(event);
        QPainter painter(this);
        const QFontMetrics metrics(font());
        const int textTop = height() - metrics.height();
        int freeFrom = std::numeric_limits<int>::min(); // labels must not overlap
        for (const Mark &mark : m_marks) {
            const int x = pixelOf(mark.position);
            QFont markFont = font();
            markFont.setBold(mark.emphasized);
            painter.setFont(markFont);
            painter.setPen(palette().color(mark.emphasized ? QPalette::Text : QPalette::Mid));
            painter.drawLine(x, textTop - 4, x, textTop - 1);
            const int width = QFontMetrics(markFont).horizontalAdvance(mark.label);
            const int left = std::clamp(x - width / 2, 0, std::max(0, this->width() - width));
            if (left < freeFrom)
                continue;
            painter.drawText(QRect(left, textTop, width, metrics.height()), Qt::AlignCenter,
                             mark.label);
            freeFrom = left + width + metrics.horizontalAdvance(QLatin1Char(' '));
        }
    }

private:
    /// Where the middle of the handle is drawn at `value`.
    int pixelOf(int value) const
    {
        QStyleOptionSlider option;
        initStyleOption(&option);
        const QRect groove =
            style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
        const QRect handle =
            style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
        return groove.left() + handle.width() / 2 +
               QStyle::sliderPositionFromValue(minimum(), maximum(), value,
                                               groove.width() - handle.width());
    }

    QSize withLabels(QSize size) const
    {
        size.rheight() += fontMetrics().height() + 2;
        return size;
    }

    QList<Mark> m_marks;
};

const double scaleRatio = ControlsPanel::maxSliderScale / ControlsPanel::minSliderScale;

double rawScaleAt(double position)
{
    return ControlsPanel::minSliderScale *
           std::pow(scaleRatio, position / ControlsPanel::scaleSteps);
}

double rawPositionOf(double scale)
{
    return ControlsPanel::scaleSteps * std::log(scale / ControlsPanel::minSliderScale) /
           std::log(scaleRatio);
}

/// The entry of the ascending `marks` after `value` (direction > 0) or before it, clamped to
/// the first and last entry.
template<typename T, std::size_t N>
T nextOf(const std::array<T, N> &marks, double value, int direction)
{
    if (direction > 0) {
        for (const T mark : marks)
            if (double(mark) > value * (1.0 + 1e-9))
                return mark;
        return marks.back();
    }
    for (auto mark = marks.crbegin(); mark != marks.crend(); ++mark)
        if (double(*mark) < value * (1.0 - 1e-9))
            return *mark;
    return marks.front();
}

} // namespace

ControlsPanel::ControlsPanel(QWidget *parent)
    : QWidget(parent)
    , m_scaleLabel(new QLabel(this))
    , m_scaleSlider(new MarkedSlider(this))
    , m_scaleSpin(new NumberSpinBox(this))
    , m_sqrtD(new QCheckBox(this))
    , m_causal(new QCheckBox(this))
    , m_dimensionTitle(new QLabel(this))
    , m_dimensionSlider(new MarkedSlider(this))
    , m_dimensionLabel(new QLabel(this))
    , m_reroll(new QPushButton(this))
{
    // Opaque: a change of a child repaints the panel, not whatever lies behind it.
    setAutoFillBackground(true);

    setUpControls();
    buildLayout();
    connectSignals();

    retranslateUi();
}

void ControlsPanel::setUpControls()
{
    m_scaleSlider->setRange(0, scaleSteps);
    m_scaleSlider->setPageStep(scaleSteps / 20);
    m_scaleSlider->setSingleStep(1);
    QList<MarkedSlider::Mark> scaleMarkList;
    for (const double scale : scaleMarks())
        scaleMarkList.append({positionOfScale(scale), QString::number(scale) + QStringLiteral("×"),
                              scale == 1.0 || scale == 5.0});
    static_cast<MarkedSlider *>(m_scaleSlider)->setMarks(scaleMarkList);
    m_scaleSlider->setMinimumWidth(220);

    m_scaleSpin->setRange(ScenarioLimits::minScale, ScenarioLimits::maxScale);
    m_scaleSpin->setDecimals(2);
    m_scaleSpin->setSingleStep(0.1);
    m_scaleSpin->setSuffix(QStringLiteral("×"));
    m_scaleSpin->setKeyboardTracking(false);
    m_scaleSpin->setAccelerated(true);

    m_dimensionSlider->setRange(0, maxDimensionExponent);
    m_dimensionSlider->setPageStep(1);
    QList<MarkedSlider::Mark> dimensionMarkList;
    for (const int d : dimensionMarks())
        dimensionMarkList.append({positionOfDimension(d), QString::number(d), false});
    static_cast<MarkedSlider *>(m_dimensionSlider)->setMarks(dimensionMarkList);
    m_dimensionSlider->setMinimumWidth(180);
    m_reroll->setEnabled(false);
}

void ControlsPanel::buildLayout()
{
    // One row when the window is wide enough; in a narrow window (or at a large zoom) the
    // switches and the d slider wrap onto rows of their own.
    auto *groups = new WrappingRow(this);
    m_scaleGroup = groups->addGroup({{m_scaleLabel, 0}, {m_scaleSlider, 1}, {m_scaleSpin, 0}}, 3);
    m_switchesGroup = groups->addGroup({{m_sqrtD, 0}, {m_causal, 0}}, 0);
    m_dimensionGroup = groups->addGroup(
        {{m_dimensionTitle, 0}, {m_dimensionSlider, 1}, {m_dimensionLabel, 0}, {m_reroll, 0}}, 2);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(groups);
}

void ControlsPanel::connectSignals()
{
    connect(m_scaleSlider, &QSlider::actionTriggered, this, &ControlsPanel::onScaleSliderAction);
    connect(m_scaleSlider, &QSlider::valueChanged, this, &ControlsPanel::onScaleSliderChanged);
    connect(m_scaleSlider, &QSlider::sliderReleased, this, &ControlsPanel::interactionFinished);
    connect(m_scaleSpin, &QDoubleSpinBox::valueChanged, this, [this](double scale) {
        {
            const QSignalBlocker blocker(m_scaleSlider);
            m_scaleSlider->setValue(positionOfScale(scale));
        }
        Q_EMIT scaleEdited(scale);
    });
    // A scrub with the arrows or the wheel is one undo step, ended when the box is left or Enter
    // is pressed.
    connect(m_scaleSpin, &QDoubleSpinBox::editingFinished, this,
            &ControlsPanel::interactionFinished);
    connect(m_scaleSpin, &NumberSpinBox::refused, this,
            [this](const QString &, const QString &reason) { showRefusal(reason); });
    connect(m_scaleSpin, &NumberSpinBox::taken, this, &ControlsPanel::clearRefusal);
    connect(m_sqrtD, &QCheckBox::toggled, this, &ControlsPanel::divideBySqrtDToggled);
    connect(m_causal, &QCheckBox::toggled, this, &ControlsPanel::causalToggled);
    connect(m_dimensionSlider, &QSlider::actionTriggered, this,
            &ControlsPanel::onDimensionSliderAction);
    connect(m_dimensionSlider, &QSlider::sliderMoved, this, &ControlsPanel::updateDimensionLabel);
    // Live: every position of a drag is shown at once; the drag is one undo step, ended on
    // release. A key or wheel step is a step of its own.
    connect(m_dimensionSlider, &QSlider::valueChanged, this, [this](int position) {
        Q_EMIT dimensionRequested(1 << position);
        if (!m_dimensionSlider->isSliderDown())
            Q_EMIT interactionFinished();
    });
    connect(m_dimensionSlider, &QSlider::sliderReleased, this, &ControlsPanel::interactionFinished);
    connect(m_reroll, &QPushButton::clicked, this, &ControlsPanel::rerollRequested);
}

ControlsPanel::~ControlsPanel() = default;

void ControlsPanel::setSectionVisible(Section section, bool visible)
{
    switch (section) {
    case Section::Scale:
        m_scaleGroup->setVisible(visible);
        break;
    case Section::Switches:
        m_switchesGroup->setVisible(visible);
        break;
    case Section::Dimension:
        m_dimensionGroup->setVisible(visible);
        break;
    }
}

const std::array<double, 23> &ControlsPanel::roundScales()
{
    static const std::array<double, 23> scales = {0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75,
                                                  0.8, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0,
                                                  5.0, 6.0, 8.0,  10., 12., 15., 20.};
    return scales;
}

double ControlsPanel::nextRoundScale(double scale, int direction)
{
    const auto &scales = roundScales();
    if (direction > 0) {
        const auto next = std::upper_bound(scales.cbegin(), scales.cend(), scale + 1e-9);
        return next == scales.cend() ? scales.back() : *next;
    }
    const auto next = std::lower_bound(scales.cbegin(), scales.cend(), scale - 1e-9);
    return next == scales.cbegin() ? scales.front() : *std::prev(next);
}

double ControlsPanel::scaleAtPosition(int position)
{
    for (const double round : roundScales())
        if (std::abs(rawPositionOf(round) - position) < 1.0)
            return round;
    const double raw = rawScaleAt(position);
    const double unit = raw >= 10.0 ? 10.0 : 100.0;
    return std::round(raw * unit) / unit;
}

int ControlsPanel::positionOfScale(double scale)
{
    if (!(scale > minSliderScale))
        return 0;
    return std::clamp(int(std::lround(rawPositionOf(scale))), 0, scaleSteps);
}

int ControlsPanel::positionOfDimension(Index d)
{
    return DimensionExperiment::stepOf(d);
}

const std::array<double, 4> &ControlsPanel::scaleMarks()
{
    static const std::array<double, 4> marks = {minSliderScale, 1.0, 5.0, maxSliderScale};
    return marks;
}

const std::array<int, 7> &ControlsPanel::dimensionMarks()
{
    static const std::array<int, 7> marks = {1, 2, 4, 16, 64, 256, 1 << maxDimensionExponent};
    return marks;
}

double ControlsPanel::nextScaleMark(double scale, int direction)
{
    return nextOf(scaleMarks(), scale, direction);
}

int ControlsPanel::nextDimensionMark(Index d, int direction)
{
    return nextOf(dimensionMarks(), double(d), direction);
}

void ControlsPanel::onScaleSliderAction(int action)
{
    auto *slider = static_cast<MarkedSlider *>(m_scaleSlider);
    switch (action) {
    case QAbstractSlider::SliderSingleStepAdd:
    case QAbstractSlider::SliderSingleStepSub: {
        // An arrow key goes to the next round scale (1×, 1.25×, 1.5×, 2×, …), so the keys land on
        // the marks exactly, not 0.5 % at a time.
        const int direction = action == QAbstractSlider::SliderSingleStepAdd ? 1 : -1;
        slider->setSliderPosition(positionOfScale(nextRoundScale(m_scaleSpin->value(), direction)));
        break;
    }
    case QAbstractSlider::SliderPageStepAdd:
    case QAbstractSlider::SliderPageStepSub: {
        // PageUp and PageDown (and a click on the groove) go to the next mark: 0.1×, 1×, 5×, 20×.
        // Home and End already land on the first and last.
        const int direction = action == QAbstractSlider::SliderPageStepAdd ? 1 : -1;
        slider->setSliderPosition(positionOfScale(nextScaleMark(m_scaleSpin->value(), direction)));
        break;
    }
    case QAbstractSlider::SliderMove:
        // A drag that comes within a few pixels of the 1× or 5× tick lands on it: one pixel is
        // two or three positions, and the lesson's numbers are at exactly 5×.
        if (slider->isSliderDown())
            if (const auto mark = slider->emphasizedMarkNear(slider->sliderPosition(), snapPixels))
                slider->setSliderPosition(*mark);
        break;
    default:
        break;
    }
}

void ControlsPanel::onDimensionSliderAction(int action)
{
    // PageUp and PageDown (and a click on the groove) go to the next marked d; the arrows still
    // step one power of two, Home and End go to d = 1 and 1024.
    if (action != QAbstractSlider::SliderPageStepAdd &&
        action != QAbstractSlider::SliderPageStepSub)
        return;
    const int direction = action == QAbstractSlider::SliderPageStepAdd ? 1 : -1;
    const Index d = Index(1) << m_dimensionSlider->value();
    m_dimensionSlider->setSliderPosition(positionOfDimension(nextDimensionMark(d, direction)));
}

void ControlsPanel::onScaleSliderChanged(int position)
{
    const double scale = scaleAtPosition(position);
    {
        const QSignalBlocker blocker(m_scaleSpin);
        m_scaleSpin->setValue(scale);
    }
    Q_EMIT scaleEdited(scale);
    if (!m_scaleSlider->isSliderDown())
        Q_EMIT interactionFinished(); // a key or wheel step is a step of its own
}

void ControlsPanel::showRefusal(const QString &reason)
{
    const QString message = tr("Scale not changed: %1").arg(reason);
    QToolTip::showText(m_scaleSpin->mapToGlobal(QPoint(0, m_scaleSpin->height())), message,
                       m_scaleSpin);
    // The window shows a status tip in its status bar.
    QStatusTipEvent tip(message);
    QCoreApplication::sendEvent(this, &tip);
    m_refusalShown = true;
    Q_EMIT inputRefused(message);
}

void ControlsPanel::clearRefusal()
{
    if (!m_refusalShown)
        return;
    m_refusalShown = false;
    QToolTip::hideText();
    QStatusTipEvent tip{QString()};
    QCoreApplication::sendEvent(this, &tip);
}

void ControlsPanel::setScenario(const Scenario &scenario)
{
    {
        const QSignalBlocker blocker(m_scaleSpin);
        m_scaleSpin->setValue(scenario.scoreScale);
    }
    // Keep the handle where the user holds it; otherwise show the document's scale.
    if (!m_scaleSlider->isSliderDown() &&
        scaleAtPosition(m_scaleSlider->value()) != scenario.scoreScale) {
        const QSignalBlocker blocker(m_scaleSlider);
        m_scaleSlider->setValue(positionOfScale(scenario.scoreScale));
    }
    {
        const QSignalBlocker blocker(m_sqrtD);
        m_sqrtD->setChecked(scenario.divideBySqrtD);
    }
    {
        const QSignalBlocker blocker(m_causal);
        m_causal->setChecked(scenario.causal);
    }
    m_dimension = scenario.dimension();
    if (!m_dimensionSlider->isSliderDown()) {
        const QSignalBlocker blocker(m_dimensionSlider);
        m_dimensionSlider->setValue(positionOfDimension(m_dimension));
    }
    updateDimensionLabel(m_dimensionSlider->sliderPosition());
}

void ControlsPanel::setRandomMode(bool random, Index handMadeDimension)
{
    m_random = random;
    m_handMadeDimension = handMadeDimension;
    m_reroll->setEnabled(random);
    updateDimensionLabel(m_dimensionSlider->sliderPosition());
}

void ControlsPanel::updateDimensionLabel(int position)
{
    // While dragging, show the d the handle points at; otherwise the document's d.
    const bool dragging =
        m_dimensionSlider->isSliderDown() && position != positionOfDimension(m_dimension);
    const Index d = dragging ? (Index(1) << position) : m_dimension;
    const bool handMade =
        dragging ? position == positionOfDimension(m_handMadeDimension) : !m_random;
    m_dimensionLabel->setText(handMade ? tr("d = %1, the scenario's own").arg(d)
                                       : tr("d = %1, random").arg(d));
}

void ControlsPanel::retranslateUi()
{
    m_scaleLabel->setText(tr("Score scale"));
    m_scaleSlider->setToolTip(
        tr("Multiply every score by this factor (0.1× to 20×, marks at 1× "
           "and 5×): larger makes softmax sharper, smaller makes it flatter."));
    m_scaleSlider->setStatusTip(tr("Drag to scale the scores; the heatmaps and the chart follow."));
    m_scaleSpin->setToolTip(tr("The exact factor every dot product is multiplied by."));
    m_scaleSpin->setStatusTip(m_scaleSpin->toolTip());
    m_sqrtD->setText(tr("Divide by √d"));
    m_sqrtD->setToolTip(tr("Divide the scores by the square root of the dimension d, as "
                           "Transformers do, so that large d does not make softmax collapse."));
    m_sqrtD->setStatusTip(m_sqrtD->toolTip());
    m_causal->setText(tr("Causal mask"));
    m_causal->setToolTip(tr("Hide later tokens: each query sees only itself and the tokens "
                            "before it (their scores become −∞)."));
    m_causal->setStatusTip(m_causal->toolTip());
    m_dimensionTitle->setText(tr("Dimension d"));
    m_dimensionSlider->setToolTip(
        tr("Replace q and k by seeded random vectors of dimension d (1 to 1024) for the same "
           "tokens. Back at the original d, the hand-made vectors return."));
    m_dimensionSlider->setStatusTip(
        tr("Drag d up and compare the weights with and without dividing by √d."));
    m_dimensionLabel->setToolTip(
        tr("The dimension of the queries and keys, and whether they are hand-made or random."));
    // Room for the longest label, so that it never jumps or clips.
    const QFontMetrics metrics(m_dimensionLabel->font());
    m_dimensionLabel->setMinimumWidth(
        std::max(metrics.horizontalAdvance(tr("d = %1, the scenario's own").arg(1024)),
                 metrics.horizontalAdvance(tr("d = %1, random").arg(1024))) +
        4);
    m_reroll->setText(tr("Re-roll"));
    m_reroll->setToolTip(tr("Draw new random queries and keys of the same dimension."));
    m_reroll->setStatusTip(m_reroll->toolTip());
    updateDimensionLabel(m_dimensionSlider->sliderPosition());
}

void ControlsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void connectControls(ControlsPanel *controls, ScenarioDocument *document)
{
    QObject::connect(controls, &ControlsPanel::scaleEdited, document,
                     &ScenarioDocument::setScoreScale);
    QObject::connect(controls, &ControlsPanel::interactionFinished, document,
                     &ScenarioDocument::finishInteraction);
    QObject::connect(controls, &ControlsPanel::divideBySqrtDToggled, document,
                     &ScenarioDocument::setDivideBySqrtD);
    QObject::connect(controls, &ControlsPanel::causalToggled, document,
                     &ScenarioDocument::setCausal);
}

} // namespace attention
