#pragma once

/// Step 7's panel of the selected head: its mean weight by relative offset (−1 … −16) over the
/// validation text as bars, the role those numbers show in words ("looks at the previous
/// character"), the exercise's verdict on it, and the button that opens it in the workbench.

#include "modelinspector.h"

#include <QWidget>
#include <optional>

class QBarSet;
class QCheckBox;
class QLabel;
class QPushButton;

namespace attention {

class BarChartView;

class HeadPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int maxOffset = ModelInspector::maxOffset;

    explicit HeadPanel(QWidget *parent = nullptr);

    /// Shows the inspection of head (layer, head) (ModelInspector: its profile measured with the
    /// punctuation marks as the marks and ， as the comma, its role, the exercise's verdict);
    /// nothing for null.
    void showHead(int layer, int head, const HeadInspection *inspection);
    /// Whether the profiles were measured on the validation text (else on the probe line).
    void setMeasuredOnValidation(bool validation);
    /// Whether the grid shows the current model, at step `latestStep`. While it shows a past
    /// step, a note says that the panel describes the latest model and why the head cannot be
    /// opened.
    void setLatestShown(bool latest, int latestStep = 0);
    QLabel *pastNote() const { return m_pastNote; }
    /// The exercise whose verdict on the shown head is shown.
    enum class Exercise
    {
        None,
        LastComma, ///< exercise 4: a head whose role is the last comma
        LineAbove, ///< exercise 5: the head that reads the line above most (tiny::RoleLeader)
    };
    void setExercise(Exercise exercise);
    Exercise exercise() const { return m_exercise; }
    bool exerciseShown() const { return m_exercise != Exercise::None; }
    /// The role of the shown head in words.
    QString roleText() const;
    /// The shown head's role in the poems' structure (tiny::HeadRoles: previous character,
    /// last comma, line start, line above, rhyme) with its weight and its ratio to a uniform
    /// head's; empty when it was measured on the probe line, which has no whole window.
    QString textRoleText() const;
    /// A role of the poems' structure in words, such as "the same place in the line above".
    static QString textRoleWords(tiny::TextRole role);
    QString verdictText() const;

    QPushButton *workbenchButton() const { return m_workbench; }
    /// "Switch this head off": checked while the shown head is switched off (ablation).
    QCheckBox *switchOffBox() const { return m_switchOff; }
    /// Checks the box without a signal (the page keeps which heads are off).
    void setHeadOff(bool off);
    /// The bars: offsets 0 (the character itself) to maxOffset.
    QBarSet *offsetBars() const;
    /// The chart of the bars (its names: "0" … "16").
    BarChartView *offsetChart() const { return m_chart; }
    QLabel *roleLabel() const { return m_role; }
    QLabel *textRoleLabel() const { return m_textRole; }
    QLabel *verdictLabel() const { return m_verdict; }

    void retranslateUi();

Q_SIGNALS:
    void workbenchRequested();
    /// The learner switched the shown head off (or on again).
    void headOffToggled(bool off);

private:
    void updateTexts();
    /// `text` (marked with QT_TR_NOOP) translated, with the shown head's weight on the last
    /// comma as %1 and its ratio to a uniform head's as %2, as the role's rule reads them
    /// (tiny::markFigures).
    QString commaFiguresText(const char *text) const;
    /// The verdicts of exercises 4 and 5 on the shown head.
    QString lastCommaVerdict() const;
    QString lineAboveVerdict() const;

    int m_layer = -1;
    int m_head = -1;
    std::optional<HeadInspection> m_inspection;
    Exercise m_exercise = Exercise::None;
    int m_latestStep = 0;
    bool m_onValidation = true;
    bool m_latest = true;

    QLabel *m_caption;
    BarChartView *m_chart;
    QLabel *m_role;
    QLabel *m_textRole;
    QLabel *m_verdict;
    QPushButton *m_workbench;
    QCheckBox *m_switchOff;
    QLabel *m_pastNote;
};

} // namespace attention
