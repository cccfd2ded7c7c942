#pragma once

/// Step 7's controls: the corpus (a text file is checked when chosen), the model's shape and the
/// training settings as a form, the Train / Pause, One step and Reset buttons, and a progress
/// bar with the step, the speed and the time left. It edits a TrainingSetup and shows a
/// session's state; the page decides what a change does.

#include "trainingsession.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;

namespace attention {

class IntegerSpinBox;
class NumberSpinBox;

class TrainControls : public QWidget
{
    Q_OBJECT

public:
    explicit TrainControls(QWidget *parent = nullptr);

    /// The setup the form shows, and showing one (without emitting setupEdited()).
    TrainingSetup setup() const;
    void setSetup(const TrainingSetup &setup);
    /// Shows an opened model's shape, and its corpus when that is a built-in one, so that the
    /// boxes describe the model shown and Reset trains one like it (no setupEdited()).
    void showModelShape(const tiny::ModelConfig &config, const QString &corpusName);
    /// Shows the session's state: what the buttons do, the progress and the speed.
    void showSession(const TrainingSession &session);
    /// Whether the form differs from the session's run (then Reset applies it).
    void setPendingChange(bool pending);
    /// Says what the run will take before it goes on: memory and time, and advice when heavy
    /// (hidden while it runs: the status says the time left then).
    void showEstimate(const RunEstimate &estimate, bool running);
    /// Asks whether to start a heavy run, saying what it will take; true for Train. The message
    /// box is named heavyRunQuestionName.
    bool askBeforeHeavyRun(const RunEstimate &estimate);
    static constexpr const char *heavyRunQuestionName = "heavyRunQuestion";

    void retranslateUi();

    QComboBox *corpusBox() const { return m_corpus; }
    IntegerSpinBox *stepsBox() const { return m_steps; }
    IntegerSpinBox *headsBox() const { return m_heads; }
    QPushButton *trainButton() const { return m_train; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *resetButton() const { return m_reset; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *statusLabel() const { return m_status; }
    /// Why a field refused what was typed into it last, or a chosen corpus file was refused
    /// (hidden when nothing was refused).
    QLabel *refusalLabel() const { return m_refusal; }
    /// What the run will take (showEstimate()).
    QLabel *estimateLabel() const { return m_estimate; }
    /// "The settings changed: Reset starts a run with them", shown while they wait for Reset.
    QLabel *pendingLabel() const { return m_pending; }
    /// Shows `reason` in refusalLabel(); an empty reason hides it.
    void showRefusal(const QString &reason);

Q_SIGNALS:
    /// The learner changed a setting.
    void setupEdited();
    void trainClicked();
    void pauseClicked();
    void stepClicked();
    void resetClicked();

private:
    /// The status's first sentence: where the run stands.
    QString stateText(const TrainingSession &session) const;
    /// The estimate in words: memory and time, and advice when heavy.
    QString estimateText(const RunEstimate &estimate) const;
    void addCorpusItems();
    /// Asks for a text file and takes it if it can be trained on; otherwise says why.
    void chooseCorpusFile();
    /// Every field's edits, refusals and the buttons' clicks to the signals.
    void connectFields();
    void setCorpus(const QString &corpus);

    QComboBox *m_corpus;
    QString m_corpusFile; ///< the text file chosen last
    IntegerSpinBox *m_context;
    IntegerSpinBox *m_dModel;
    IntegerSpinBox *m_heads;
    IntegerSpinBox *m_layers;
    QCheckBox *m_mlp;
    IntegerSpinBox *m_steps;
    NumberSpinBox *m_learningRate;
    IntegerSpinBox *m_seed;
    IntegerSpinBox *m_threads;
    QFormLayout *m_form;
    QPushButton *m_train;
    QPushButton *m_step;
    QPushButton *m_reset;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_pending;
    QLabel *m_estimate;
    QLabel *m_refusal; ///< why the number typed last was refused; hidden when none was
    bool m_running = false;
};

} // namespace attention
