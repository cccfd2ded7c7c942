#pragma once

/// Step 7's next-character panel: for one position of the probe line, the model's ten most likely
/// next characters as bars; a temperature slider that divides the logits before softmax (the
/// score scale of step 2 in disguise: scale = 1 / temperature); and Sample, which continues a
/// prompt at that temperature from a seed. The model's answers come from a ModelInspector
/// (app/model), off the GUI thread: the panel asks and shows what it publishes.

#include "modelinspector.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace attention {

class BarChartView;

class NextCharPanel : public QWidget
{
    Q_OBJECT

public:
    /// Temperatures the slider offers, on a log scale, with 1 in the middle.
    static constexpr double minTemperature = 0.1;
    static constexpr double maxTemperature = 10.0;
    static constexpr int sliderSteps = 200;
    static constexpr int topCount = 10;
    static constexpr int sampleLength = 24;

    /// Asks `inspector` (not owned) for the predictions and samples it shows.
    explicit NextCharPanel(ModelInspector *inspector, QWidget *parent = nullptr);

    /// The model and its characters (null for none), the probe's ids and the position whose
    /// next character is shown (−1: the last): one question to the inspector.
    void showModel(SharedModel model, const tiny::Vocabulary *vocabulary,
                   const std::vector<int> &ids, int position);

    void setTemperature(double temperature);
    double temperature() const { return m_temperature; }
    static int sliderValue(double temperature);
    static double temperatureAt(int sliderValue);

    QString prompt() const;
    void setPrompt(const QString &prompt);
    quint64 seed() const;
    void setSeed(quint64 seed);
    /// Continues the prompt (what Sample does); the continuation shows when the inspector has
    /// drawn it (sampledText()).
    void sample();
    /// The characters of the last continuation shown.
    QString sampledText() const { return m_sampledText; }

    /// The shown characters and their probabilities, most likely first.
    const QStringList &shownCharacters() const { return m_characters; }
    const QList<double> &shownProbabilities() const { return m_probabilities; }
    QSlider *temperatureSlider() const { return m_slider; }
    QPushButton *sampleButton() const { return m_sample; }
    QLabel *sampleLabel() const { return m_output; }
    /// Says what "rare" is, shown while it is one of the bars.
    QLabel *rareNote() const { return m_rareNote; }

    void retranslateUi();

Q_SIGNALS:
    void temperatureChanged(double temperature);

private:
    /// Asks for the distribution at the shown position, or clears the bars without one.
    void updateBars();
    void showPrediction();
    void showSample();
    QString characterText(int id) const;

    ModelInspector *m_inspector;

    SharedModel m_model;
    const tiny::Vocabulary *m_vocabulary = nullptr;
    std::vector<int> m_ids;
    int m_position = -1;
    double m_temperature = 1.0;
    QStringList m_characters;
    QList<double> m_probabilities;
    QString m_sampledPrompt; ///< the prompt as typed when Sample was pressed
    QString m_sampledText;

    QLabel *m_caption;
    QLabel *m_rareNote;
    BarChartView *m_chart;
    QLabel *m_temperatureLabel;
    QSlider *m_slider;
    QLabel *m_temperatureNote;
    QLabel *m_promptLabel;
    QLineEdit *m_prompt;
    QLabel *m_seedLabel;
    QSpinBox *m_seed;
    QPushButton *m_sample;
    QLabel *m_output;
};

} // namespace attention
