#pragma once

/// Step 4 of the lesson, "Why √d": the spread of q·k grows like √d, and dividing the scores by √d
/// keeps softmax from putting all the weight on one key.
///
/// For the chosen T (tokens per trial) the page measures, in the background, many seeded trials
/// at every dimension of dimensions() (1 to 4096, about √2 apart) with attention::measureSqrtD:
/// one chart shows the standard deviation of q·k beside the √d curve, the other the mean largest
/// weight per row with and without dividing by √d, and a table lists d = 16, 64, 256, 1024 like
/// the lesson. These curves depend on T (and the trial count and seed), not on the d slider,
/// so moving d only marks it on the charts and redraws the two heatmaps: the unscaled and the
/// scaled weights of one seeded trial at that d (attention::drawSqrtDTrial).
///
/// Both computations run on workers (SqrtDMeasurement, app/model), so a moved control cancels
/// stale work and only the latest values are drawn; the measured curves fill in from small d to
/// large as they come.
/// Nothing is computed before the page is first shown. The charts are SqrtDCharts, the table
/// SqrtDTable.

#include "lessonpage.h"
#include "sqrtdmeasurement.h"

#include <QList>
#include <memory>
#include <optional>
#include <vector>

class QChartView;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QLineSeries;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace attention {

class HeatmapWidget;
class SqrtDCharts;
class SqrtDTable;

class SqrtDPage : public LessonPage
{
    Q_OBJECT

public:
    static constexpr int defaultDimension = 256;
    static constexpr int defaultTokens = 5;
    static constexpr int minTokens = 2;
    static constexpr int maxTokens = 64;
    /// The seed of every measurement and of the heatmaps' trial (the lesson's √d seed).
    static constexpr std::uint64_t seed = 1;

    explicit SqrtDPage(QWidget *parent = nullptr);
    ~SqrtDPage() override;

    /// The dimensions the slider steps through and the curves are measured at: 1 to 4096,
    /// powers of two and the rounded √2 steps between them.
    static const QList<int> &dimensions();
    /// The rows of the table, as in the lesson: 16, 64, 256, 1024.
    static const QList<int> &tableDimensions();
    /// Trials per dimension for T tokens when setTrials() did not fix a count: about 10000 query
    /// rows per dimension whatever T is, so a full measurement takes about the same time; at
    /// T = 5 the 2000 trials of attention-cli sqrtd and lesson.
    static int automaticTrials(int T);

    /// The d the slider shows.
    int dimension() const;
    /// Moves the slider to the entry of dimensions() nearest to `d` (on a log scale).
    void setDimension(int d);
    int tokens() const;
    /// Clamps `T` to minTokens…maxTokens.
    void setTokens(int T);
    /// The trials measured per dimension.
    int trials() const;
    /// Fixes the trials per dimension; 0 goes back to automaticTrials(). Not part of the state.
    void setTrials(int trials);
    /// The options the curves and the table are measured with.
    SqrtDOptions measureOptions() const;

    /// The measured row of dimensions()[i], if it has arrived for the current options.
    std::optional<SqrtDRow> measuredRow(int i) const;
    /// The d of the trial the heatmaps show; 0 before the first arrives.
    int shownTrialDimension() const { return m_shownTrialDimension; }

    QSlider *dimensionSlider() const { return m_slider; }
    QSpinBox *tokensSpinBox() const { return m_tokensSpin; }
    /// Measured standard deviation of q·k against d, one point per measured dimension.
    QLineSeries *stdSeries() const;
    /// √d at every dimension of dimensions().
    QLineSeries *sqrtSeries() const;
    /// Mean largest weight per row of softmax(q·k), against d.
    QLineSeries *unscaledSeries() const;
    /// The same for softmax(q·k / √d).
    QLineSeries *scaledSeries() const;
    QChartView *stdChartView() const;
    QChartView *weightChartView() const;
    /// One row per tableDimensions() entry: d, std of q·k, √d, largest weight unscaled and
    /// scaled. Qt::UserRole holds each number as a double (invalid until measured).
    QTableWidget *table() const;
    HeatmapWidget *unscaledHeatmap() const { return m_unscaledHeatmap; }
    HeatmapWidget *scaledHeatmap() const { return m_scaledHeatmap; }
    /// The one-line readout of what the views show at the current d.
    QLabel *readoutLabel() const { return m_readout; }

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;
    bool isBusy() const override;

Q_SIGNALS:
    /// The heatmaps now show the trial at dimension d.
    void trialShown(int d);
    /// Every dimension of the current options has been measured and drawn.
    void curvesMeasured();

protected:
    void showEvent(QShowEvent *event) override;

private:
    QHBoxLayout *buildControls();
    QGridLayout *buildViews();
    void retranslateUi() override;
    void applyFonts() override;

    /// Sets both controls without their signals, then asks for what changed.
    void apply(int d, int T);
    /// Measures the curves now if the page is visible, else when it is next shown.
    void requestCurves();
    void requestTrial();
    void startCurves();
    void startTrial();
    void showTrial(int d, const SqrtDTrial &trial);
    void updateBusy();

    void refreshCurves();
    void refreshMarker();
    void refreshTable();
    void refreshReadout();
    void refreshStatus();
    void refreshCaptions();

    QSlider *m_slider;
    QLabel *m_dimensionLabel;
    QLabel *m_dimensionValue;
    QLabel *m_tokensLabel;
    QSpinBox *m_tokensSpin;
    QLabel *m_status;

    SqrtDCharts *m_charts;
    HeatmapWidget *m_unscaledHeatmap;
    HeatmapWidget *m_scaledHeatmap;
    SqrtDTable *m_table;
    QLabel *m_readout;

    SqrtDMeasurement *m_measurement;

    std::vector<std::optional<SqrtDRow>> m_rows; ///< one per dimensions() entry
    int m_fixedTrials = 0;                       ///< 0: automaticTrials(T)
    int m_requestedDimension = defaultDimension; ///< the d of the latest trial asked for
    int m_requestedTokens = defaultTokens;       ///< the T of the latest curves asked for
    int m_shownTrialDimension = 0;
    int m_progressDone = 0;
    bool m_curvesStale = true; ///< the curves do not match the options yet
    bool m_trialStale = true;  ///< the heatmaps do not show the current d and T yet
    bool m_busy = false;
};

} // namespace attention
