#pragma once

/// Step 6's settings column: the form of a timing run (the largest T, the kernels, d, the
/// threads, the causal mask) with the Run and Cancel buttons and the progress bar under it.
///
/// It holds the lengths to time: a doubling range from 250 chosen in the form, or any list set
/// by setLengths() (the exercise's, a test's), which the form shows as an item of its own. While
/// a run goes the form is closed and Cancel open; Run is open when a kernel is chosen and
/// nothing runs.

#include "costmeasurement.h"

#include <QList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace attention {

class CostSettings : public QWidget
{
    Q_OBJECT

public:
    explicit CostSettings(QWidget *parent = nullptr);

    /// The values of T to time: sorted, duplicates and values outside 1…16000 dropped; a list
    /// with nothing left is ignored.
    void setLengths(const QList<int> &lengths);
    QList<int> lengths() const { return m_lengths; }
    void setKernelEnabled(Kernel kernel, bool enabled);
    bool isKernelEnabled(Kernel kernel) const;
    /// The checked kernels, in the order of allKernels().
    QList<Kernel> kernels() const;
    QCheckBox *kernelCheckBox(Kernel kernel) const;
    /// The width of q, k and v: 32, 64 or 128 (another value is ignored).
    void setDimension(int d);
    int dimension() const;
    void setCausal(bool causal);
    bool isCausal() const;
    /// Threads for the kernels; 0 means every core.
    void setThreads(int threads);
    int threads() const;

    /// Closes the form and opens Cancel while a run goes.
    void setRunning(bool running);

    QPushButton *runButton() const { return m_runButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QProgressBar *progressBar() const { return m_progress; }
    QComboBox *largestCombo() const { return m_largestCombo; }

Q_SIGNALS:
    void runClicked();
    void cancelClicked();

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildForm();
    void retranslateUi();
    void onLargestChosen(int index);
    void syncLengthCombo();
    void updateRunButton();

    QList<int> m_lengths;
    bool m_running = false;
    QGroupBox *m_settingsBox;
    QLabel *m_largestLabel;
    QComboBox *m_largestCombo;
    QLabel *m_kernelsLabel;
    QList<QCheckBox *> m_kernelBoxes; ///< in the order of allKernels()
    QLabel *m_dimensionLabel;
    QComboBox *m_dimensionCombo;
    QCheckBox *m_causalBox;
    QLabel *m_threadsLabel;
    QSpinBox *m_threadsSpin;
    QPushButton *m_runButton;
    QPushButton *m_cancelButton;
    QProgressBar *m_progress;
};

} // namespace attention
