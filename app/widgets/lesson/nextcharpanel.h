#pragma once

/// Step 7's next-character panel: for one position of the probe line, the model's ten most likely
/// next characters as bars; a temperature slider that divides the logits before softmax (the
/// score scale of step 2 in disguise: scale = 1 / temperature); and Sample, which continues a
/// prompt at that temperature from a seed.

#include "trainingsession.h"

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

    explicit NextCharPanel(QWidget *parent = nullptr);

    /// The model and its characters; null for none.
    void setModel(SharedModel model, const tiny::Vocabulary *vocabulary);
    /// The probe's ids and its position whose next character is shown (−1: the last).
    void setProbe(const std::vector<int> &ids, int position);

    void setTemperature(double temperature);
    double temperature() const { return m_temperature; }
    static int sliderValue(double temperature);
    static double temperatureAt(int sliderValue);

    QString prompt() const;
    void setPrompt(const QString &prompt);
    quint64 seed() const;
    void setSeed(quint64 seed);
    /// Continues the prompt (also what Sample does); returns the new characters.
    QString sample();

    /// The shown characters and their probabilities, most likely first.
    const QStringList &shownCharacters() const { return m_characters; }
    const QList<double> &shownProbabilities() const { return m_probabilities; }
    QSlider *temperatureSlider() const { return m_slider; }
    QPushButton *sampleButton() const { return m_sample; }
    QLabel *sampleLabel() const { return m_output; }

    void retranslateUi();

Q_SIGNALS:
    void temperatureChanged(double temperature);

private:
    void updateBars();
    QString characterText(int id) const;

    SharedModel m_model;
    const tiny::Vocabulary *m_vocabulary = nullptr;
    std::vector<int> m_ids;
    int m_position = -1;
    double m_temperature = 1.0;
    QStringList m_characters;
    QList<double> m_probabilities;

    QLabel *m_caption;
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
