#pragma once

/// Step 6 of the lesson, the cost: times attention at growing T on this machine (the lesson's
/// third exercise) and shows on log-log axes that the time grows about like T², next to what the
/// T×T score table would take in memory and what each kernel really allocated.
///
/// The timing runs on a worker thread (CostMeasurement, app/model): each finished point is shown
/// as it comes, so the chart fills in as it goes.
///
/// The page holds the run; CostSettings is the form that chooses it, CostChart and
/// CostMemoryTable show it, and costrunjson (app/model) saves and restores it.

#include "costmeasurement.h"
#include "lessonpage.h"

#include <QList>
#include <QPointF>

class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace attention {

class CostChart;
class CostMemoryTable;
class CostSettings;

class CostPage : public LessonPage
{
    Q_OBJECT

public:
    using Point = CostPoint;
    /// Choices and results of one timing run, as shown by the chart and the memory table.
    using Run = CostRun;

    static constexpr int smallestLength = 250;
    static constexpr int largestLength = costLargestLength;
    /// The progress bar's range is 0…progressSteps.
    static constexpr int progressSteps = costProgressSteps;

    explicit CostPage(QWidget *parent = nullptr);
    ~CostPage() override;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;
    int exerciseCount() const override { return 1; }
    /// Exercise 3: T = 1000, 2000, 4000, timed at once.
    void startExercise(int index) override;
    bool isBusy() const override;

    /// The largest T a kernel is timed at: naive 4000 (one run takes a few hundred ms there, and
    /// a run cannot be interrupted), materialized 8000 (its table takes 256 MiB there, 1 GiB at
    /// 16000), tiled 16000.
    static int maxLength(Kernel kernel);
    /// T = 250, 500, 1000, … doubling up to `largest`.
    static QList<int> lengthsUpTo(int largest);
    /// Bytes of a float32 T×T score table.
    static qint64 tableBytes(int T);
    /// The kernel's name as the legend and the table show it: "naive", "materialized", "tiled".
    static QString kernelTitle(Kernel kernel);

    /// The values of T to time: sorted, duplicates and values outside 1…16000 dropped; a list
    /// with nothing left is ignored.
    void setLengths(const QList<int> &lengths);
    QList<int> lengths() const;
    void setKernelEnabled(Kernel kernel, bool enabled);
    bool isKernelEnabled(Kernel kernel) const;
    /// The checked kernels, in the order of allKernels().
    QList<Kernel> kernels() const;
    /// The width of q, k and v: 32, 64 or 128.
    void setDimension(int d);
    int dimension() const;
    void setCausal(bool causal);
    bool isCausal() const;
    /// Threads for the kernels; 0 means every core.
    void setThreads(int threads);
    int threads() const;
    /// Timed runs per point after the warm-up, and the time one point may take (runBench's
    /// repeat and budgetMs); the defaults suit the lesson, tests make runs short or long.
    void setRepeat(int repeat, double budgetMs);

    /// Starts timing with the current choices (cancelling a run in progress).
    void run();
    /// Stops the run; the points measured so far stay.
    void cancel();

    /// What the chart and the table show: the last run, finished, cancelled or restored.
    const Run &results() const { return m_results; }
    /// The measured points of `kernel`, as (T, ms).
    QList<QPointF> measured(Kernel kernel) const;

    /// The settings column: the form, Run, Cancel and the progress bar.
    CostSettings *settings() const { return m_settings; }
    QPushButton *runButton() const;
    QPushButton *cancelButton() const;
    QProgressBar *progressBar() const;
    QComboBox *largestCombo() const;
    QCheckBox *kernelCheckBox(Kernel kernel) const;
    QChartView *chartView() const;
    QChart *chart() const;
    QLineSeries *series(Kernel kernel) const;
    QLineSeries *guideSeries() const;
    QLogValueAxis *lengthAxis() const;
    QLogValueAxis *timeAxis() const;
    /// Rows: the run's T; columns: T, the table's bytes, then one per kernel (Qt::UserRole holds
    /// the bytes as a number, empty where the kernel was not timed).
    QTableWidget *memoryTable() const;
    /// As memoryTable(), the kernels' cells holding the measured milliseconds (a double).
    QTableWidget *timeTable() const;
    /// The time table's and the memory table's tabs, the time first.
    QTabWidget *tables() const { return m_tables; }
    QLabel *readout() const { return m_readout; }

Q_SIGNALS:
    /// A point was measured and shown.
    void pointAdded(const attention::CostPage::Point &point);
    /// A run finished (not when it was cancelled).
    void runFinished();

protected:
private:
    static constexpr int defaultDimension = 64;
    /// One core by default: its times grow as cleanly as T² does, where threads that have to wait
    /// for each other add the noise of everything else the machine runs.
    static constexpr int defaultThreads = 1;
    void connectJob();
    void retranslateUi() override;
    void applyFonts() override;
    void onRunningChanged(bool running);
    void addPoint(const Point &point);
    void showResults();
    void rebuildTable();
    void updateReadout();
    QString statusText() const;

    CostMeasurement *m_measurement;
    int m_repeat = 5;
    double m_budgetMs = 1000.0;
    Run m_results;
    enum class Status
    {
        Idle,
        Running,
        Finished,
        Cancelled,
    } m_status = Status::Idle;

    CostSettings *m_settings;
    QLabel *m_readout;
    CostChart *m_chart;
    QLabel *m_tableTitle;
    CostMemoryTable *m_table;
    CostMemoryTable *m_timeTable;
    QTabWidget *m_tables;
};

} // namespace attention

Q_DECLARE_METATYPE(attention::CostPage::Point)
