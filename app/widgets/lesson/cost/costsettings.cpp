// CostPage's settings: the form on the left (largest T, kernels, d, threads, causal mask) with
// the Run and Cancel buttons and the progress bar, and its texts.

#include "costpage.h"
#include "numberformat.h"

#include <QCheckBox>
#include <QComboBox>
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

} // namespace

QWidget *CostPage::buildSettings()
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
        connect(box, &QCheckBox::toggled, this, &CostPage::updateRunButton);
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

    m_progress->setRange(0, progressSteps);
    m_progress->setValue(0);
    m_cancelButton->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton, 1);
    buttons->addWidget(m_cancelButton, 1);

    auto *left = new QVBoxLayout;
    left->addWidget(m_settingsBox);
    left->addLayout(buttons);
    left->addWidget(m_progress);
    left->addStretch(1);
    auto *leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    // As wide as its longest label needs (it grows with the font), at least 280 px.
    leftWidget->setMinimumWidth(280);
    leftWidget->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    left->setContentsMargins(0, 0, 0, 0);
    return leftWidget;
}

void CostPage::onLargestChosen(int index)
{
    const int largest = m_largestCombo->itemData(index).toInt();
    if (largest > 0)
        m_lengths = lengthsUpTo(largest);
    syncLengthCombo();
}

void CostPage::syncLengthCombo()
{
    // A list that is not one of the doubling ranges (the exercise's, a test's) gets an item of
    // its own at the end, which goes away when a range is chosen again.
    const QSignalBlocker blocker(m_largestCombo);
    const int ranges = int(largestChoices.size());
    int match = -1;
    for (int i = 0; i < ranges; ++i)
        if (lengthsUpTo(largestChoices.at(i)) == m_lengths)
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

void CostPage::retranslateSettings()
{
    m_settingsBox->setTitle(tr("Timing run"));
    m_largestLabel->setText(tr("&Largest T:"));
    for (int i = 0; i < largestChoices.size(); ++i)
        m_largestCombo->setItemText(i, tr("%1 to %2")
                                           .arg(locale().toString(smallestLength),
                                                locale().toString(largestChoices.at(i))));
    syncLengthCombo();
    m_largestCombo->setToolTip(tr("T is timed at %1, twice that, four times that… up to the "
                                  "value chosen here.")
                                   .arg(locale().toString(smallestLength)));
    m_kernelsLabel->setText(tr("Kernels:"));
    kernelCheckBox(Kernel::Naive)->setText(tr("&naive (plain loops)"));
    kernelCheckBox(Kernel::Naive)
        ->setToolTip(tr("One row of scores at a time, in plain loops. Timed up to T = %1 only: "
                        "it is slow, and a single run cannot be interrupted by Cancel.")
                         .arg(locale().toString(maxLength(Kernel::Naive))));
    kernelCheckBox(Kernel::Materialized)->setText(tr("&materialized (T×T table)"));
    kernelCheckBox(Kernel::Materialized)
        ->setToolTip(tr("Builds the whole T×T score table with matrix products. Timed up to "
                        "T = %1 only: its table takes %2 there and %3 at T = %4.")
                         .arg(locale().toString(maxLength(Kernel::Materialized)),
                              NumberFormat::memory(tableBytes(maxLength(Kernel::Materialized))),
                              NumberFormat::memory(tableBytes(largestLength)),
                              locale().toString(largestLength)));
    kernelCheckBox(Kernel::Tiled)->setText(tr("&tiled (no table)"));
    kernelCheckBox(Kernel::Tiled)
        ->setToolTip(tr("Blocks of queries against blocks of keys with a running softmax, so "
                        "the T×T table is never stored. Timed at every T up to %1.")
                         .arg(locale().toString(maxLength(Kernel::Tiled))));
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

} // namespace attention
