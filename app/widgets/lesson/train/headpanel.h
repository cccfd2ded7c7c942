#pragma once

/// Step 7's panel of the selected head: its mean weight by relative offset (0 … 16) over the
/// validation text as bars, its role in words with the figures that name it (tiny::HeadRoles,
/// the one list of roles), the exercise's verdict on it, and the buttons that open it in the
/// workbench and switch it off. With heads switched off it shows the model without them; the
/// verdicts compare with every head on.

#include "modelinspector.h"

#include <QWidget>

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
    static constexpr int maxOffset = tiny::maxRoleOffset;

    explicit HeadPanel(QWidget *parent = nullptr);

    /// Shows head (layer, head) of `inspection` (null: nothing to show yet).
    void showHead(int layer, int head, SharedHeadsInspection inspection);
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
        Induction, ///< exercise 5: the induction head, then the layer-1 head it reads
    };
    void setExercise(Exercise exercise);
    Exercise exercise() const { return m_exercise; }
    bool exerciseShown() const { return m_exercise != Exercise::None; }

    /// A role in words, such as "the previous character" (`offset` for FixedOffset).
    static QString roleWords(tiny::Role role, int offset = 0);
    /// The role of the shown head in words, with its figures.
    QString roleText() const;
    QString verdictText() const;

    QPushButton *workbenchButton() const { return m_workbench; }
    /// "Switch this head off": checked while the shown head is switched off (ablation).
    QCheckBox *switchOffBox() const { return m_switchOff; }
    /// Checks the box without a signal (the session keeps which heads are off).
    void setHeadOff(bool off);
    /// The bars: offsets 0 (the character itself) to maxOffset.
    QBarSet *offsetBars() const;
    /// The chart of the bars (its names: "0" … "16").
    BarChartView *offsetChart() const { return m_chart; }
    QLabel *roleLabel() const { return m_role; }
    QLabel *verdictLabel() const { return m_verdict; }

    void retranslateUi();

Q_SIGNALS:
    void workbenchRequested();
    /// The learner switched the shown head off (or on again).
    void headOffToggled(bool off);

private:
    void updateTexts();
    /// "0.41 of its weight there, 4.8× a uniform head's 0.09" for `role` of `roles`.
    static QString figures(const tiny::HeadRoles &roles, tiny::Role role);
    /// The verdicts of exercises 4 and 5 on the shown head.
    QString lastCommaVerdict() const;
    QString inductionVerdict() const;
    /// Exercise 5 on its induction head once heads of layer 1 are off.
    QString circuitVerdict(const tiny::RoleLeader &leader) const;
    const tiny::HeadRoles *shownRoles() const;

    int m_layer = -1;
    int m_head = -1;
    SharedHeadsInspection m_inspection;
    Exercise m_exercise = Exercise::None;
    int m_latestStep = 0;
    bool m_latest = true;

    QLabel *m_caption;
    BarChartView *m_chart;
    QLabel *m_role;
    QLabel *m_verdict;
    QPushButton *m_workbench;
    QCheckBox *m_switchOff;
    QLabel *m_pastNote;
};

} // namespace attention
