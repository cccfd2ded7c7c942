#include "costsettings.h"

#include "costpage.h"
#include "costrunjson.h"
#include "numberformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace attention {

namespace {

/// The "largest T" choices; T doubles from 250 up to the one chosen.
const QList<int> largestChoices{1000, 2000, 4000, 8000, 16000};
const QList<int> dimensionChoices{32, 64, 128};

int kernelIndex(Kernel kernel)
{
    return static_cast<int>(kernel);
}

} // namespace

CostSettings::CostSettings(QWidget *parent)
    : QWidget(parent)
    , m_settingsBox(new QGroupBox(this))
    , m_largestLabel(new QLabel(this))
    , m_largestCombo(new QComboBox(this))
    , m_kernelsLabel(new QLabel(this))
    , m_dimensionLabel(new QLabel(this))
    , m_dimensionCombo(new QComboBox(this))
    , m_causalBox(new QCheckBox(this))
    , m_threadsLabel(new QLabel(this))
    , m_threadsSpin(new QSpinBox(this))
    , m_runButton(new QPushButton(this))
    , m_cancelButton(new QPushButton(this))
    , m_progress(new QProgressBar(this))
{
    buildForm();
    connect(m_largestCombo, &QComboBox::activated, this, &CostSettings::onLargestChosen);
    connect(m_runButton, &QPushButton::clicked, this, &CostSettings::runClicked);
    connect(m_cancelButton, &QPushButton::clicked, this, &CostSettings::cancelClicked);
    retranslateUi();
}

void CostSettings::buildForm()
{
    // The settings, in a form, with the buttons and the progress under it.
    for (int largest : largestChoices)
        m_largestCombo->addItem(QString(), largest);
    for (int d : dimensionChoices)
        m_dimensionCombo->addItem(QString::number(d), d);
    m_threadsSpin->setRange(0, std::max(1, availableCores()));
    auto *kernelColumn = new QVBoxLayout;
    kernelColumn->setSpacing(2);
    for (std::size_t i = 0; i < allKernels().size(); ++i) {
        auto *box = new QCheckBox(this);
        m_kernelBoxes.append(box);
        kernelColumn->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &CostSettings::updateRunButton);
    }
    auto *form = new QFormLayout(m_settingsBox);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(m_largestLabel, m_largestCombo);
    form->addRow(m_kernelsLabel, kernelColumn);
    form->addRow(m_dimensionLabel, m_dimensionCombo);
    form->addRow(m_threadsLabel, m_threadsSpin);
    form->addRow(m_causalBox);
    m_largestLabel->setBuddy(m_largestCombo);
    m_dimensionLabel->setBuddy(m_dimensionCombo);
    m_threadsLabel->setBuddy(m_threadsSpin);

    m_progress->setRange(0, CostPage::progressSteps);
    m_progress->setValue(0);
    m_cancelButton->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton, 1);
    buttons->addWidget(m_cancelButton, 1);

    auto *column = new QVBoxLayout(this);
    column->addWidget(m_settingsBox);
    column->addLayout(buttons);
    column->addWidget(m_progress);
    column->addStretch(1);
    column->setContentsMargins(0, 0, 0, 0);
    // As wide as its longest label needs (it grows with the font), at least 280 px.
    setMinimumWidth(280);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
}

void CostSettings::setLengths(const QList<int> &lengths)
{
    const QList<int> cleaned = cleanCostLengths(lengths);
    if (cleaned.isEmpty())
        return;
    m_lengths = cleaned;
    syncLengthCombo();
}

void CostSettings::setKernelEnabled(Kernel kernel, bool enabled)
{
    kernelCheckBox(kernel)->setChecked(enabled);
}

bool CostSettings::isKernelEnabled(Kernel kernel) const
{
    return kernelCheckBox(kernel)->isChecked();
}

QList<Kernel> CostSettings::kernels() const
{
    QList<Kernel> kernels;
    for (Kernel kernel : allKernels())
        if (isKernelEnabled(kernel))
            kernels.append(kernel);
    return kernels;
}

QCheckBox *CostSettings::kernelCheckBox(Kernel kernel) const
{
    return m_kernelBoxes.at(kernelIndex(kernel));
}

void CostSettings::setDimension(int d)
{
    const int index = m_dimensionCombo->findData(d);
    if (index >= 0)
        m_dimensionCombo->setCurrentIndex(index);
}

int CostSettings::dimension() const
{
    return m_dimensionCombo->currentData().toInt();
}

void CostSettings::setCausal(bool causal)
{
    m_causalBox->setChecked(causal);
}

bool CostSettings::isCausal() const
{
    return m_causalBox->isChecked();
}

void CostSettings::setThreads(int threads)
{
    m_threadsSpin->setValue(threads); // clamped to 0…cores
}

int CostSettings::threads() const
{
    return m_threadsSpin->value();
}

void CostSettings::setRunning(bool running)
{
    m_running = running;
    m_settingsBox->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    updateRunButton();
}

void CostSettings::updateRunButton()
{
    m_runButton->setEnabled(!m_running && !kernels().isEmpty());
}

void CostSettings::onLargestChosen(int index)
{
    const int largest = m_largestCombo->itemData(index).toInt();
    if (largest > 0)
        m_lengths = CostPage::lengthsUpTo(largest);
    syncLengthCombo();
}

void CostSettings::syncLengthCombo()
{
    // A list that is not one of the doubling ranges (the exercise's, a test's) gets an item of
    // its own at the end, which goes away when a range is chosen again.
    const QSignalBlocker blocker(m_largestCombo);
    const int ranges = int(largestChoices.size());
    int match = -1;
    for (int i = 0; i < ranges; ++i)
        if (CostPage::lengthsUpTo(largestChoices.at(i)) == m_lengths)
            match = i;
    if (match >= 0) {
        while (m_largestCombo->count() > ranges)
            m_largestCombo->removeItem(ranges);
        m_largestCombo->setCurrentIndex(match);
        return;
    }
    if (m_largestCombo->count() == ranges)
        m_largestCombo->addItem(QString(), 0);
    QStringList values;
    for (int T : m_lengths)
        values.append(locale().toString(T));
    m_largestCombo->setItemText(ranges, values.join(tr(", ")));
    m_largestCombo->setCurrentIndex(ranges);
}

void CostSettings::retranslateUi()
{
    m_settingsBox->setTitle(tr("Timing run"));
    m_largestLabel->setText(tr("&Largest T:"));
    for (int i = 0; i < largestChoices.size(); ++i)
        m_largestCombo->setItemText(i, tr("%1 to %2")
                                           .arg(locale().toString(CostPage::smallestLength),
                                                locale().toString(largestChoices.at(i))));
    syncLengthCombo();
    m_largestCombo->setToolTip(tr("T is timed at %1, twice that, four times that… up to the "
                                  "value chosen here.")
                                   .arg(locale().toString(CostPage::smallestLength)));
    m_kernelsLabel->setText(tr("Kernels:"));
    kernelCheckBox(Kernel::Naive)->setText(tr("&naive (plain loops)"));
    kernelCheckBox(Kernel::Naive)
        ->setToolTip(tr("One row of scores at a time, in plain loops. Timed up to T = %1 only: "
                        "it is slow, and a single run cannot be interrupted by Cancel.")
                         .arg(locale().toString(costMaxLength(Kernel::Naive))));
    kernelCheckBox(Kernel::Materialized)->setText(tr("&materialized (T×T table)"));
    kernelCheckBox(Kernel::Materialized)
        ->setToolTip(
            tr("Builds the whole T×T score table with matrix products. Timed up to "
               "T = %1 only: its table takes %2 there and %3 at T = %4.")
                .arg(locale().toString(costMaxLength(Kernel::Materialized)),
                     NumberFormat::memory(costTableBytes(costMaxLength(Kernel::Materialized))),
                     NumberFormat::memory(costTableBytes(costLargestLength)),
                     locale().toString(costLargestLength)));
    kernelCheckBox(Kernel::Tiled)->setText(tr("&tiled (no table)"));
    kernelCheckBox(Kernel::Tiled)
        ->setToolTip(tr("Blocks of queries against blocks of keys with a running softmax, so "
                        "the T×T table is never stored. Timed at every T up to %1.")
                         .arg(locale().toString(costMaxLength(Kernel::Tiled))));
    m_dimensionLabel->setText(tr("&d (width of q, k, v):"));
    m_dimensionCombo->setToolTip(tr("The time grows in proportion to d as well."));
    m_causalBox->setText(tr("&Causal mask"));
    m_causalBox->setToolTip(tr("Each query sees only the keys before it: about half the work, "
                               "still growing like T²."));
    m_threadsLabel->setText(tr("T&hreads:"));
    m_threadsSpin->setSpecialValueText(tr("all cores (%1)").arg(std::max(1, availableCores())));
    m_threadsSpin->setToolTip(tr("How many cores the kernels use. One core gives the steadiest "
                                 "times; more cores are faster but wait for each other."));
    m_runButton->setText(tr("&Run"));
    m_runButton->setToolTip(tr("Time every chosen kernel at every T; the points appear as they "
                               "are measured."));
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop timing; the points measured so far stay."));
    m_progress->setToolTip(tr("Progress of the timing run, weighted by T²."));
}

void CostSettings::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace attention
