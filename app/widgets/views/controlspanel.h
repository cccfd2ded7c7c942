#pragma once

/// The switches that turn dot products into scores, and the dimension experiment:
/// a logarithmic score-scale slider (0.1× to 20×, marks at 1× and 5×) with a spin box for the
/// exact value, "divide by √d" and "causal mask" switches, and a d slider (1 to 1024, powers
/// of two) with a re-roll button.
///
/// The panel only reports what the user asks for through its signals; connectControls() turns
/// those into document edits (the same wiring in the workbench and on every lesson page), and the
/// owner's setScenario() on the document's changed() shows the document's state again. A typed
/// scale that is not a number from ScenarioLimits::minScale to maxScale is refused: the spin box
/// keeps its value, and the reason appears as a tooltip at the box and in the window's status bar.

#include "dimensionexperiment.h"
#include "numberspinbox.h"
#include "scenario.h"

#include <QWidget>
#include <array>

class QCheckBox;
class QLabel;
class QPushButton;
class QSlider;

namespace attention {

class ScenarioDocument;

class ControlsPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr double minSliderScale = 0.1;
    static constexpr double maxSliderScale = 20.0;
    static constexpr int scaleSteps = 1000; ///< scale slider positions 0…scaleSteps
    /// d slider positions 0…10: d = 2^position, the experiment's steps.
    static constexpr int maxDimensionExponent = DimensionExperiment::maxExponent;

    explicit ControlsPanel(QWidget *parent = nullptr);
    ~ControlsPanel() override;

    /// A drag within this many pixels of the 1× or 5× tick lands on it.
    static constexpr int snapPixels = 4;

    /// The round scales the arrow keys step through: 0.1×, 0.2×, 0.25× … 1×, 1.25×, 1.5×, 2× …
    /// 5× … 20×.
    static const std::array<double, 23> &roundScales();
    /// The round scale after `scale` (direction > 0) or before it, clamped to the list's ends.
    static double nextRoundScale(double scale, int direction);
    /// The scale at a slider position: 0.1 · 200^(position / scaleSteps), rounded to two
    /// decimals and snapped onto a round scale (roundScales()) when within one step of it.
    static double scaleAtPosition(int position);
    /// The nearest slider position of `scale` (clamped to the slider's range).
    static int positionOfScale(double scale);
    /// The d slider position nearest to d (log2, rounded): DimensionExperiment::stepOf.
    static int positionOfDimension(Index d);

    /// The scales marked under the scale slider: its ends and the lesson's 1× and 5×.
    static const std::array<double, 4> &scaleMarks();
    /// The dimensions marked under the d slider: its ends, the hand-made d = 2 and the √d
    /// experiment's 4, 16, 64, 256.
    static const std::array<int, 7> &dimensionMarks();
    /// The marked scale after `scale` (direction > 0) or before it, clamped to the first and
    /// last mark: where PageUp and PageDown go (Home and End go to the first and last mark).
    static double nextScaleMark(double scale, int direction);
    /// The marked d after `d` (direction > 0) or before it, clamped likewise.
    static int nextDimensionMark(Index d, int direction);

    /// The groups of controls, to show a subset of them on a lesson page.
    enum class Section
    {
        Scale,     ///< the score-scale slider and spin box
        Switches,  ///< divide by √d, causal mask
        Dimension, ///< the d slider and re-roll
    };
    /// Shows or hides one group (all are shown at first).
    void setSectionVisible(Section section, bool visible);

    /// Shows the scenario's switches without emitting anything.
    void setScenario(const Scenario &scenario);
    /// Whether the document holds seeded random q, k from the d slider (enables re-roll).
    void setRandomMode(bool random, Index handMadeDimension);

    QSlider *scaleSlider() const { return m_scaleSlider; }
    NumberSpinBox *scaleSpinBox() const { return m_scaleSpin; }
    QCheckBox *sqrtDCheckBox() const { return m_sqrtD; }
    QCheckBox *causalCheckBox() const { return m_causal; }
    QSlider *dimensionSlider() const { return m_dimensionSlider; }
    QPushButton *rerollButton() const { return m_reroll; }

Q_SIGNALS:
    /// The user moved the scale slider or typed a scale (continuous while dragging).
    void scaleEdited(double scale);
    /// A continuous edit ended (slider released, value typed, a key step done).
    void interactionFinished();
    void divideBySqrtDToggled(bool divide);
    void causalToggled(bool causal);
    /// The user chose d on the d slider.
    void dimensionRequested(int d);
    /// The user asked for new random queries and keys of the same d.
    void rerollRequested();
    /// A typed scale was refused for `reason` (already shown at the spin box).
    void inputRefused(const QString &reason);

protected:
    void changeEvent(QEvent *event) override;

private:
    // The constructor's parts, in the order it calls them.
    void setUpControls();
    void buildLayout();
    void connectSignals();

    void retranslateUi();
    void onScaleSliderAction(int action);
    void onDimensionSliderAction(int action);
    void onScaleSliderChanged(int position);
    void updateDimensionLabel(int position);
    void showRefusal(const QString &reason);
    /// Hides a refusal's tip and status message once a typed scale is taken.
    void clearRefusal();

    QLabel *m_scaleLabel;
    QSlider *m_scaleSlider;
    NumberSpinBox *m_scaleSpin;
    QCheckBox *m_sqrtD;
    QCheckBox *m_causal;
    QLabel *m_dimensionTitle;
    QSlider *m_dimensionSlider;
    QLabel *m_dimensionLabel;
    QPushButton *m_reroll;
    // The three sections, which wrap onto rows of their own in a narrow window.
    QWidget *m_scaleGroup = nullptr;
    QWidget *m_switchesGroup = nullptr;
    QWidget *m_dimensionGroup = nullptr;
    Index m_dimension = 2;
    Index m_handMadeDimension = 2;
    bool m_random = false;
    bool m_refusalShown = false;
};

/// Connects a panel's edits to the document's setters: scaleEdited → setScoreScale (merged into
/// one undo step until interactionFinished → finishInteraction), divideBySqrtDToggled →
/// setDivideBySqrtD, causalToggled → setCausal. A hidden section emits nothing. The d slider is
/// not wired here: its requests go through a DimensionExperiment first (MainWindow).
void connectControls(ControlsPanel *controls, ScenarioDocument *document);

} // namespace attention
