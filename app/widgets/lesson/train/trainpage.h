#pragma once

/// Step 7 of the lesson, a trained model: the learner trains the tiny character Transformer
/// (core/tiny) on 唐诗三百首 or another corpus and watches its heads turn from a flat causal
/// triangle into patterns, then takes a learned head into the workbench.
///
/// The page owns a TrainingSession (app/model; the training runs on its worker thread) and shows
/// it: TrainControls (settings, Train / Pause / One step / Reset, progress), RunCurves, a probe
/// line above a HistoryView (the HeadGrid and a slider that replays the snapshots), HeadPanel (what
/// the selected head does, the exercise) and NextCharPanel (the next character, temperature,
/// sampling). What the panels show of the model is computed by a ModelInspector (app/model) off
/// the GUI thread. Leaving the step or closing the window pauses the training.

#include "historyview.h"
#include "lessonpage.h"
#include "modelinspector.h"
#include "runcurves.h"
#include "scenario.h"
#include "trainingsession.h"

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSlider;
class QTabWidget;
class QTimer;

namespace attention {

class ChartsColumn;
class HeadGrid;
class HeadsColumn;
class HeadPanel;
class HeadWorthPanel;
class LossChart;
class NextCharPanel;
class PositionLossView;
class PositionStepMap;
class RunCurves;
class RunFiles;
class TrainControls;

class TrainPage : public LessonPage
{
    Q_OBJECT

public:
    /// The file dialogs' filter for model files.
    static QString modelFileFilter();
    /// The probe line shown at first start.
    static QString defaultProbe();
    /// The repeat task's probe line: ten of its characters written twice.
    static QString repeatProbe();
    /// The probe line shown for `corpus`: repeatProbe() for the repeat task, else defaultProbe().
    static QString probeFor(const QString &corpus);
    /// The run shown at first start: the spec's default model with two layers (the second
    /// layer's heads learn to look back at the last punctuation mark within a few hundred steps
    /// on 唐诗三百首; one layer does not), every core.
    static TrainingSetup defaultSetup();

    explicit TrainPage(QWidget *parent = nullptr);
    /// The session pauses its worker when it goes, without a signal (its thread contract):
    /// nothing reaches the page's parts, already destroyed when QObject deletes its children.
    ~TrainPage() override = default;

    QJsonObject saveState() const override;
    void restoreState(const QJsonObject &state) override;
    void reset() override;

    int exerciseCount() const override { return 3; }
    /// Exercise 4 (index 0): shows whether the selected head looks back at the last ，; trains
    /// the current setup first when the model has not learned anything yet.
    /// Exercise 5 (index 1): the induction circuit. The page trains the repeat task (a run of it
    /// that trained stays) on repeatProbe(); the verdict asks for the induction head of layer 2
    /// and up, then for the layer-1 head without which it stops reading the earlier copy.
    void startExercise(int index) override;
    void showStartedExercise(int index) override;
    bool isBusy() const override;

    /// Loads the corpus of the form's setup if nothing is loaded yet; false (with the reason in
    /// lastError()) when it cannot be loaded.
    bool ensureSetUp();
    /// Keeps the best weights of every run in `fileName`, and shows the model in it now if there
    /// is one and nothing was trained yet (the last model of the previous session) (RunFiles).
    void setBestFile(const QString &fileName);
    /// Writes the best weights (the latest before any validation) or the latest as a model file.
    bool saveModel(const QString &fileName, SavedWeights which = SavedWeights::Best);
    /// Shows the model of a file, after asking when a run that is not saved would be replaced;
    /// a refused file changes nothing and sets lastError(), a cancel leaves it empty.
    bool openModel(const QString &fileName);
    RunFiles *runFiles() const { return m_files; }
    QString lastError() const { return m_lastError; }

    /// The selected head's queries, keys and values on the probe line as a scenario (÷√d and
    /// causal on, a title naming the corpus, layer, head and step); nothing without a model.
    std::optional<Scenario> headScenario() const;
    /// Shows the snapshot `index` of the history (the last is the current model).
    void showSnapshot(int index) { m_historyView->showSnapshot(index); }
    int shownSnapshot() const { return m_historyView->shownSnapshot(); }
    void setProbe(const QString &probe);

    TrainingSession *session() const { return m_session; }
    ModelInspector *inspector() const { return m_inspector; }
    TrainControls *controls() const { return m_controls; }
    RunCurves *curves() const { return m_curves; }
    LossChart *lossChart() const { return m_curves->lossChart(); }
    /// The loss at each position over training, and the in-context learning score.
    PositionStepMap *positionSteps() const { return m_curves->positionSteps(); }
    /// The loss of each next character on the probe line, of the step the grid shows.
    PositionLossView *positionLosses() const { return m_curves->positionLosses(); }
    HeadGrid *headGrid() const { return m_grid; }
    HeadPanel *headPanel() const { return m_headPanel; }
    NextCharPanel *nextCharPanel() const { return m_nextChar; }
    HeadWorthPanel *worthPanel() const { return m_worthPanel; }
    QSlider *historySlider() const { return m_historyView->slider(); }
    QLineEdit *probeEdit() const;
    /// Names the probe's characters the model does not know (hidden when it knows them all).
    QLabel *probeNote() const;
    QLabel *historyNote() const { return m_historyView->note(); }
    QPushButton *openModelButton() const { return m_openModel; }
    QPushButton *saveModelButton() const { return m_saveModel; }
    /// Opens the long-trained 全唐诗 model that ships with the app (shippedModelPath()).
    QPushButton *openShippedButton() const { return m_openShipped; }

Q_SIGNALS:
    /// A model file was saved or opened (for the recent models).
    void modelFileUsed(const QString &fileName);
    /// The page's Open model… and Save model… buttons: the window asks for the file.
    void openModelRequested();
    void saveModelRequested();
    /// "Open this head in the workbench" was pressed.
    void workbenchRequested(const attention::Scenario &scenario);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void buildLayout();
    void connectSession();  ///< the session's signals and the profile timer
    void connectControls(); ///< the controls, the probe, the history slider, the grid and panel
    void retranslateUi() override;
    void applyFonts() override;
    /// Keeps the controls' column as wide as they need.
    void fitControlsColumn();

    void applySetup();
    void sessionProgressed();
    /// What the form's setup would take, under the form.
    void updateEstimate();
    /// Asks the inspector for the shown model's head profiles.
    void inspectHeads();
    /// Shows the selected head of the latest inspection in the panel.
    void showSelectedHead();
    void updateNextChar();
    /// Switches the selected head off (or on again) in the session: the grid, the panels and
    /// the heads' worth show the model without it.
    void switchSelectedHead(bool off);
    /// Exercises 5 and 6's start: the repeat task in `layers` layers, trained.
    void startInductionExercise(int layers);
    void showError(const QString &message);

    TrainingSession *m_session;
    RunFiles *m_files = nullptr;
    ModelInspector *m_inspector;
    TrainControls *m_controls;
    QScrollArea *m_controlsScroll = nullptr; ///< around the controls and the file buttons
    ChartsColumn *m_chartsColumn = nullptr;  ///< the curves above the selected head's panels
    RunCurves *m_curves; ///< the loss chart, the losses by position over training, the probe's
    HeadsColumn *m_headsColumn; ///< the probe line above the heads as they were
    HistoryView *m_historyView; ///< the grid and the history slider
    HeadGrid *m_grid;
    QTabWidget *m_tabs;
    HeadPanel *m_headPanel;
    NextCharPanel *m_nextChar;
    HeadWorthPanel *m_worthPanel;
    QPushButton *m_saveModel;
    QPushButton *m_openModel;
    QPushButton *m_openShipped;
    QTimer *m_profileTimer; ///< asks for the heads' profiles at most a few times a second
    QTimer *m_setupTimer;   ///< applies the form once its spin boxes rest
    QString m_lastError;
    bool m_heavyRunAccepted = false; ///< the learner said Train to this heavy run already
};

} // namespace attention
