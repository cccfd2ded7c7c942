#include "headpage.h"

#include "headexplanation.h"
#include "headlayout.h"
#include "heatmapwidget.h"
#include "matrixmodel.h"
#include "numberformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QJsonValue>
#include <QLabel>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace attention {

namespace {

// The page opens on the lesson's head: the one drawRandomHead() draws by default.
static_assert(RandomHeadOptions{}.length == HeadPage::defaultLength &&
                  RandomHeadOptions{}.modelDim == HeadPage::defaultModelDim &&
                  RandomHeadOptions{}.headDim == HeadPage::defaultHeadDim &&
                  RandomHeadOptions{}.seed == HeadPage::defaultSeed,
              "the head page's defaults are the lesson's random head");

/// "1", "2", … "n": rows of X, q, k, v are positions, rows of a W are input features.
QStringList numbered(Index n)
{
    QStringList labels;
    for (Index i = 0; i < n; ++i)
        labels.append(QString::number(i + 1));
    return labels;
}

/// The smallest cell in which `heatmap` writes its weights (0.00 … 1.00): HeatmapWidget writes
/// numbers in at least 0.85 × its font's pixel size, when the text fits with 4 px to spare.
qreal numberCell(const HeatmapWidget &heatmap)
{
    QFont font = heatmap.font();
    font.setPixelSize(int(QFontInfo(heatmap.font()).pixelSize() * 0.85));
    const QFontMetricsF metrics(font);
    // A few pixels more than the minimum, so that the numbers do not touch the cell's edges.
    return std::max(metrics.horizontalAdvance(QStringLiteral("0.00")) + 4, metrics.height() + 2) +
           8;
}

/// An integer field of `state`, if it is a whole number within [lo, hi].
std::optional<qint64> integerField(const QJsonObject &state, const QString &key, qint64 lo,
                                   qint64 hi)
{
    const QJsonValue value = state.value(key);
    if (!value.isDouble())
        return std::nullopt;
    const double x = value.toDouble();
    if (!std::isfinite(x) || x != std::floor(x) || x < double(lo) || x > double(hi))
        return std::nullopt;
    return static_cast<qint64>(x);
}

} // namespace

HeadPage::HeadPage(QWidget *parent)
    : LessonPage(parent)
    , m_modelDimLabel(new QLabel(this))
    , m_modelDimBox(new QSpinBox(this))
    , m_headDimLabel(new QLabel(this))
    , m_headDimBox(new QSpinBox(this))
    , m_lengthLabel(new QLabel(this))
    , m_lengthBox(new QSpinBox(this))
    , m_seedLabel(new QLabel(this))
    , m_seedBox(new QSpinBox(this))
    , m_rerollButton(new QPushButton(this))
    , m_causalBox(new QCheckBox(this))
    , m_precisionLabel(new QLabel(this))
    , m_precisionBox(new QComboBox(this))
    , m_badge(new QLabel(this))
    , m_readout(new QLabel(this))
    , m_topRow(new QHBoxLayout)
    , m_bottomRow(new QHBoxLayout)
{
    setUpControls();
    createHeatmaps();
    buildLayout();
    connectControls();

    retranslateUi();
    recompute();
}

void HeadPage::setUpControls()
{
    m_modelDimBox->setRange(1, maxDim);
    m_headDimBox->setRange(1, maxDim);
    m_lengthBox->setRange(1, maxLength);
    m_seedBox->setRange(0, maxSeed);
    m_modelDimLabel->setBuddy(m_modelDimBox);
    m_headDimLabel->setBuddy(m_headDimBox);
    m_lengthLabel->setBuddy(m_lengthBox);
    m_seedLabel->setBuddy(m_seedBox);
    m_precisionLabel->setBuddy(m_precisionBox);
    m_precisionBox->addItem(QString());
    m_precisionBox->addItem(QString());
    // As wide as its longest item, whatever room the row has left.
    m_precisionBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_precisionBox->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_badge->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setWordWrap(true); // may wrap rather than widen a narrow window
}

void HeadPage::createHeatmaps()
{
    for (int i = 0; i < viewCount; ++i) {
        HeatmapWidget::Kind kind = HeatmapWidget::Kind::Values;
        if (View(i) == View::Weights)
            kind = HeatmapWidget::Kind::Weights;
        else if (View(i) == View::Output)
            kind = HeatmapWidget::Kind::Output;
        m_heatmaps[i] = new HeatmapWidget(kind, this);
        m_heatmaps[i]->setMinimumSize(120, 120);
        if (kind == HeatmapWidget::Kind::Values)
            m_heatmaps[i]->installEventFilter(this); // tooltips that name X, W and q, k, v
        const View view = View(i);
        if (view != View::Wq && view != View::Wk && view != View::Wv)
            connect(m_heatmaps[i], &HeatmapWidget::tokenSelected, this,
                    &HeadPage::setSelectedToken);
    }
}

void HeadPage::buildLayout()
{
    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    const auto addField = [&](QLabel *label, QWidget *field) {
        controls->addWidget(label);
        controls->addWidget(field);
        controls->addSpacing(6); // the row just fits the laptop at the classroom zoom
    };
    addField(m_modelDimLabel, m_modelDimBox);
    addField(m_headDimLabel, m_headDimBox);
    addField(m_lengthLabel, m_lengthBox);
    controls->addWidget(m_seedLabel);
    controls->addWidget(m_seedBox);
    controls->addWidget(m_rerollButton);
    controls->addSpacing(6);
    controls->addWidget(m_causalBox);
    controls->addSpacing(6);
    addField(m_precisionLabel, m_precisionBox);
    controls->addStretch(1);

    auto *status = new QHBoxLayout;
    status->addWidget(m_badge);
    status->addSpacing(12);
    status->addWidget(m_readout, 1);

    m_topRow->setSpacing(4);
    m_bottomRow->setSpacing(4);
    for (View view : {View::Input, View::Wq, View::Wk, View::Wv})
        m_topRow->addWidget(heatmap(view));
    for (View view : {View::Q, View::K, View::V, View::Weights, View::Output})
        m_bottomRow->addWidget(heatmap(view));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);
    layout->addLayout(controls);
    layout->addLayout(status);
    layout->addLayout(m_topRow, 1);
    layout->addLayout(m_bottomRow, 1);
}

void HeadPage::connectControls()
{
    connect(m_modelDimBox, &QSpinBox::valueChanged, this, &HeadPage::setModelDim);
    connect(m_headDimBox, &QSpinBox::valueChanged, this, &HeadPage::setHeadDim);
    connect(m_lengthBox, &QSpinBox::valueChanged, this, &HeadPage::setLength);
    connect(m_seedBox, &QSpinBox::valueChanged, this,
            [this](int seed) { setSeed(static_cast<std::uint64_t>(seed)); });
    connect(m_rerollButton, &QPushButton::clicked, this, &HeadPage::reroll);
    connect(m_causalBox, &QCheckBox::toggled, this, &HeadPage::setCausal);
    connect(m_precisionBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        setPrecision(index == 1 ? Precision::Float32 : Precision::Double);
    });
}

HeadPage::~HeadPage() = default;

double HeadPage::tolerance() const
{
    return m_precision == Precision::Float32 ? float32Tolerance : doubleTolerance;
}

// State ---------------------------------------------------------------------------------------

QJsonObject HeadPage::saveState() const
{
    QJsonObject state;
    state.insert(QStringLiteral("d_model"), m_modelDim);
    state.insert(QStringLiteral("d_head"), m_headDim);
    state.insert(QStringLiteral("T"), m_length);
    state.insert(QStringLiteral("seed"), static_cast<qint64>(m_seed));
    state.insert(QStringLiteral("causal"), m_causal);
    state.insert(QStringLiteral("precision"), m_precision == Precision::Float32
                                                  ? QStringLiteral("float32")
                                                  : QStringLiteral("double"));
    return state;
}

void HeadPage::restoreState(const QJsonObject &state)
{
    // Start from the defaults, take every field that is valid, and compute once.
    m_modelDim = defaultModelDim;
    m_headDim = defaultHeadDim;
    m_length = defaultLength;
    m_seed = defaultSeed;
    m_causal = true;
    m_precision = Precision::Double;
    if (const auto d = integerField(state, QStringLiteral("d_model"), 1, maxDim))
        m_modelDim = int(*d);
    if (const auto d = integerField(state, QStringLiteral("d_head"), 1, maxDim))
        m_headDim = int(*d);
    if (const auto T = integerField(state, QStringLiteral("T"), 1, maxLength))
        m_length = int(*T);
    if (const auto seed = integerField(state, QStringLiteral("seed"), 0, maxSeed))
        m_seed = static_cast<std::uint64_t>(*seed);
    if (const QJsonValue causal = state.value(QStringLiteral("causal")); causal.isBool())
        m_causal = causal.toBool();
    if (state.value(QStringLiteral("precision")).toString() == QLatin1String("float32"))
        m_precision = Precision::Float32;
    recompute();
}

void HeadPage::reset()
{
    restoreState({});
}

void HeadPage::startExercise(int index)
{
    Q_UNUSED(index) // the step has one
    setCausal(false);
}

// Settings ------------------------------------------------------------------------------------

void HeadPage::setModelDim(int dModel)
{
    dModel = std::clamp(dModel, 1, maxDim);
    if (dModel == m_modelDim)
        return;
    m_modelDim = dModel;
    recompute();
}

void HeadPage::setHeadDim(int dHead)
{
    dHead = std::clamp(dHead, 1, maxDim);
    if (dHead == m_headDim)
        return;
    m_headDim = dHead;
    recompute();
}

void HeadPage::setLength(int T)
{
    T = std::clamp(T, 1, maxLength);
    if (T == m_length)
        return;
    m_length = T;
    recompute();
}

void HeadPage::setSeed(std::uint64_t seed)
{
    seed = std::min<std::uint64_t>(seed, maxSeed);
    if (seed == m_seed)
        return;
    m_seed = seed;
    recompute();
}

void HeadPage::setCausal(bool causal)
{
    if (causal == m_causal)
        return;
    m_causal = causal;
    recompute();
}

void HeadPage::setPrecision(Precision precision)
{
    if (precision == m_precision)
        return;
    m_precision = precision;
    recompute();
}

void HeadPage::reroll()
{
    std::uint64_t seed = m_seed;
    while (seed == m_seed)
        seed = QRandomGenerator::global()->bounded(maxSeed + 1);
    setSeed(seed);
}

// Computing -----------------------------------------------------------------------------------

void HeadPage::recompute()
{
    HeadExperiment computed =
        runHeadExperiment({m_length, m_modelDim, m_headDim, m_seed}, m_causal, m_precision);
    m_input = std::move(computed.input);
    m_head = std::move(computed.head);
    m_result = std::move(computed.result);
    m_reference = std::move(computed.reference);
    m_difference = computed.difference;
    updateControls();
    updateViews();
    updateTexts();
    balanceRows();
    Q_EMIT changed();
}

void HeadPage::updateControls()
{
    const QSignalBlocker b1(m_modelDimBox);
    const QSignalBlocker b2(m_headDimBox);
    const QSignalBlocker b3(m_lengthBox);
    const QSignalBlocker b4(m_seedBox);
    const QSignalBlocker b5(m_causalBox);
    const QSignalBlocker b6(m_precisionBox);
    m_modelDimBox->setValue(m_modelDim);
    m_headDimBox->setValue(m_headDim);
    m_lengthBox->setValue(m_length);
    m_seedBox->setValue(static_cast<int>(m_seed));
    m_causalBox->setChecked(m_causal);
    m_precisionBox->setCurrentIndex(m_precision == Precision::Float32 ? 1 : 0);
}

void HeadPage::updateViews()
{
    const QStringList positions = numbered(m_length);
    const QStringList features = numbered(m_modelDim);
    // X, the Ws and q, k, v are "values" heatmaps: one row per label, their own colour range.
    const auto showMatrix = [](HeatmapWidget *heatmap, const QStringList &rows, const Matrix &m) {
        Scenario s;
        s.tokens = rows;
        s.values = m;
        heatmap->setScenario(s, {});
    };
    showMatrix(heatmap(View::Input), positions, m_input);
    showMatrix(heatmap(View::Wq), features, m_head.wq);
    showMatrix(heatmap(View::Wk), features, m_head.wk);
    showMatrix(heatmap(View::Wv), features, m_head.wv);
    showMatrix(heatmap(View::Q), positions, m_result.q);
    showMatrix(heatmap(View::K), positions, m_result.k);
    showMatrix(heatmap(View::V), positions, m_result.v);

    // The weights and the output as any attention pass: their tooltips explain each cell.
    Scenario pass;
    pass.tokens = positions;
    pass.queries = m_result.q;
    pass.keys = m_result.k;
    pass.values = m_result.v;
    pass.divideBySqrtD = true;
    pass.causal = m_causal;
    const auto shared = std::make_shared<const Scenario>(std::move(pass));
    const AttentionResult &attention = m_result.attention;
    ScenarioResult shown;
    shown.weights = attention.weights;
    shown.output = attention.output;
    const auto result = std::make_shared<const ScenarioResult>(std::move(shown));
    heatmap(View::Weights)->setScenario(shared, result);
    heatmap(View::Output)->setScenario(shared, result);
}

void HeadPage::balanceRows()
{
    // One cell size for all nine heatmaps (HeadLayout does the arithmetic), then each heatmap
    // gets the width its columns need at that size and each row the height of its tallest matrix.
    const QRect top = m_topRow->geometry();
    const QRect bottom = m_bottomRow->geometry();
    if (top.isEmpty() || bottom.isEmpty())
        return; // not laid out yet: resizeEvent comes back
    const std::array<QHBoxLayout *, 2> layouts = {m_topRow, m_bottomRow};
    HeadLayout arithmetic;
    arithmetic.width = top.width();
    arithmetic.height = top.height() + bottom.height();
    arithmetic.numberCell = numberCell(*heatmap(View::Weights));
    arithmetic.weightColumns = m_length;
    std::array<std::vector<int>, 2> indices; // each item's index in its layout
    for (std::size_t r = 0; r < layouts.size(); ++r) {
        QHBoxLayout *row = layouts[r];
        arithmetic.rows[r].spacing = row->spacing();
        for (int i = 0; i < row->count(); ++i) {
            auto *widget = qobject_cast<HeatmapWidget *>(row->itemAt(i)->widget());
            if (!widget)
                continue;
            // minimumSizeHint() is the heatmap's margins around a grid of four text lines.
            const qreal grid = QFontMetricsF(widget->font()).height() * 4;
            const QSize minimum = widget->minimumSizeHint();
            arithmetic.rows[r].items.push_back({widget->model()->columnCount(),
                                                widget->model()->rowCount(), minimum.width() - grid,
                                                minimum.height() - grid,
                                                widget == heatmap(View::Weights)});
            indices[r].push_back(i);
        }
    }

    const HeadLayout::Result result = arithmetic.balance();
    auto *page = qobject_cast<QBoxLayout *>(layout());
    for (std::size_t r = 0; r < layouts.size(); ++r) {
        for (std::size_t k = 0; k < indices[r].size(); ++k)
            layouts[r]->setStretch(indices[r][k], result.widths[r][k]);
        page->setStretchFactor(layouts[r], result.heights[r]);
    }
}

void HeadPage::resizeEvent(QResizeEvent *event)
{
    LessonPage::resizeEvent(event);
    balanceRows();
}

void HeadPage::setSelectedToken(int row)
{
    for (View view : {View::Input, View::Q, View::K, View::V, View::Weights, View::Output})
        heatmap(view)->setSelectedToken(row);
}

void HeadPage::retranslateUi()
{
    m_modelDimLabel->setText(tr("d_model"));
    m_modelDimBox->setToolTip(tr("Width of each input vector x (1 to %1)").arg(maxDim));
    m_headDimLabel->setText(tr("d_head"));
    m_headDimBox->setToolTip(tr("Width of q, k and v (1 to %1)").arg(maxDim));
    m_lengthLabel->setText(tr("T"));
    m_lengthBox->setToolTip(tr("Number of positions in the sequence (1 to %1)").arg(maxLength));
    m_seedLabel->setText(tr("Seed"));
    m_seedBox->setToolTip(tr("The same seed always draws the same X and W (seed %1, T %2, d_model "
                             "%3, d_head %4 are the numbers of attention-cli lesson --section 5)")
                              .arg(defaultSeed)
                              .arg(defaultLength)
                              .arg(defaultModelDim)
                              .arg(defaultHeadDim));
    m_rerollButton->setText(tr("Re-roll"));
    m_rerollButton->setToolTip(tr("Draw a new seed: new inputs and new weight matrices"));
    m_causalBox->setText(tr("Causal mask"));
    m_causalBox->setToolTip(tr("Each position sees only itself and the positions before it"));
    m_precisionLabel->setText(tr("Precision of the check"));
    m_precisionBox->setItemText(0, tr("double"));
    m_precisionBox->setItemText(1, tr("float32, like PyTorch"));
    m_precisionBox->setToolTip(tr("Precision of the output compared with the reference; the "
                                  "reference and the heatmaps are always double"));
    m_badge->setToolTip(
        tr("The largest absolute difference between this head's output and an independent "
           "reference written with plain loops and the semantics of PyTorch's "
           "scaled_dot_product_attention (scale 1/√d_head, is_causal as the mask switch)"));
    updateTexts();
}

void HeadPage::updateTexts()
{
    const HeadExplanation words(m_input, m_head, m_result, m_seed);
    for (int v = 0; v < viewCount; ++v) {
        heatmap(View(v))->setTitle(words.title(View(v)));
        heatmap(View(v))->setCaption(words.caption(View(v), m_causal));
    }

    const QString isCausal = m_causal ? QStringLiteral("True") : QStringLiteral("False");
    const QString precision = m_precision == Precision::Float32 ? tr("float32") : tr("double");
    const bool ok = withinTolerance();
    const QString limit = NumberFormat::difference(tolerance()); // "1e-12"
    const QString verdict = ok ? tr("✓ within %1").arg(limit) : tr("✗ above %1").arg(limit);
    m_badge->setText(
        tr("output (%1) vs. reference (is_causal=%2): largest difference %3 %4")
            .arg(precision, isCausal, NumberFormat::difference(m_difference), verdict));
    m_badge->setStyleSheet(
        QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; "
                       "border-radius: 4px; padding: 3px 8px; }")
            .arg(ok ? QStringLiteral("#2e7d32") : QStringLiteral("#c62828")));
    m_badge->setProperty("withinTolerance", ok);

    m_readout->setText(words.readout());
}

bool HeadPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return LessonPage::eventFilter(watched, event);
    const auto found = std::find(m_heatmaps.begin(), m_heatmaps.end(), watched);
    if (found == m_heatmaps.end())
        return LessonPage::eventFilter(watched, event);
    const View view = View(found - m_heatmaps.begin());
    HeatmapWidget *widget = *found;
    auto *help = static_cast<QHelpEvent *>(event);
    if (const auto cell = widget->mapping().cellAt(help->pos())) {
        const HeadExplanation words(m_input, m_head, m_result, m_seed);
        QToolTip::showText(help->globalPos(), words.cell(view, cell->row, cell->column), widget,
                           widget->mapping().cellRect(cell->row, cell->column).toAlignedRect());
    } else if (const auto row = widget->mapping().rowAt(help->pos())) {
        QToolTip::showText(help->globalPos(), HeadExplanation::row(view, *row), widget,
                           widget->mapping().rowRect(*row).toAlignedRect());
    } else {
        QToolTip::hideText();
    }
    return true;
}

} // namespace attention
