#include "headpanel.h"

#include "barchartview.h"
#include "numberformat.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace attention {

HeadPanel::HeadPanel(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel)
    , m_chart(new BarChartView(QColor(0x7b, 0x3f, 0xa0), BarChartView::Axis::Numbers))
    , m_role(new QLabel)
    , m_textRole(new QLabel)
    , m_verdict(new QLabel)
    , m_workbench(new QPushButton)
    , m_switchOff(new QCheckBox)
    , m_pastNote(new QLabel)
{
    m_caption->setWordWrap(true);
    m_role->setWordWrap(true);
    m_textRole->setWordWrap(true);
    m_verdict->setWordWrap(true);
    m_verdict->setVisible(false);
    m_pastNote->setWordWrap(true);
    m_pastNote->setVisible(false);
    m_chart->valueAxis()->setLabelFormat(QStringLiteral("%.2f"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_pastNote);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_role);
    layout->addWidget(m_textRole);
    layout->addWidget(m_verdict);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_workbench);
    buttons->addWidget(m_switchOff);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(m_workbench, &QPushButton::clicked, this, &HeadPanel::workbenchRequested);
    connect(m_switchOff, &QCheckBox::toggled, this, &HeadPanel::headOffToggled);
    retranslateUi();
}

void HeadPanel::showHead(int layer, int head, const HeadInspection *inspection)
{
    m_layer = layer;
    m_head = head;
    m_inspection.reset();
    if (inspection)
        m_inspection = *inspection;
    QStringList offsets;
    QList<qreal> values;
    double high = 0.0;
    if (inspection) {
        const std::vector<double> &byOffset = inspection->profile.byOffset;
        for (int o = 0; o <= maxOffset && o < int(byOffset.size()); ++o) {
            offsets.append(QString::number(o)); // how far back: 0 is the character itself
            values.append(byOffset[std::size_t(o)]);
            high = std::max(high, byOffset[std::size_t(o)]);
        }
    }
    m_chart->setBars(offsets, values);
    // A fixed scale while the head is strong, a closer one for a weak head.
    m_chart->valueAxis()->setRange(0.0, high > 0.5 ? 1.0 : high > 0.2 ? 0.5 : 0.2);
    updateTexts();
}

void HeadPanel::setMeasuredOnValidation(bool validation)
{
    m_onValidation = validation;
    updateTexts();
}

void HeadPanel::setLatestShown(bool latest, int latestStep)
{
    m_latest = latest;
    m_latestStep = latestStep;
    updateTexts();
}

QBarSet *HeadPanel::offsetBars() const
{
    return m_chart->bars();
}

void HeadPanel::setHeadOff(bool off)
{
    const QSignalBlocker blocker(m_switchOff);
    m_switchOff->setChecked(off);
}

void HeadPanel::setExercise(Exercise exercise)
{
    m_exercise = exercise;
    updateTexts();
}

QString HeadPanel::roleText() const
{
    if (!m_inspection)
        return tr("No head to describe yet.");
    const tiny::HeadRole &role = m_inspection->role;
    const QString strength = NumberFormat::weight(role.strength);
    switch (role.kind) {
    case tiny::HeadRoleKind::PreviousToken:
        return tr("This head looks at the <b>previous character</b> (mean weight %1).")
            .arg(strength);
    case tiny::HeadRoleKind::CurrentToken:
        return tr("This head looks at the <b>character itself</b> (mean weight %1).").arg(strength);
    case tiny::HeadRoleKind::FixedOffset:
        return tr("This head looks <b>%1 characters back</b> (mean weight %2).")
            .arg(role.offset)
            .arg(strength);
    case tiny::HeadRoleKind::LastComma:
        return commaFiguresText(QT_TR_NOOP("This head looks back at the <b>last comma</b> “，”: "
                                           "%1 on it, %2× what a uniform head puts there."));
    case tiny::HeadRoleKind::FirstPosition:
        return tr("This head rests on the <b>first character</b> it can see (mean weight %1): "
                  "a place to put weight when nothing else matches.")
            .arg(strength);
    case tiny::HeadRoleKind::Broad:
        return tr("This head spreads its weight <b>broadly</b>, like the averaging of step 1.");
    case tiny::HeadRoleKind::Mixed:
        break;
    }
    return tr("This head has <b>no single clear pattern</b>; its strongest offset is shown in "
              "the bars.");
}

QString HeadPanel::textRoleWords(tiny::TextRole role)
{
    switch (role) {
    case tiny::TextRole::PreviousChar:
        return tr("the previous character");
    case tiny::TextRole::LastComma:
        return tr("the last comma “，”");
    case tiny::TextRole::LineStart:
        return tr("the first character of its line");
    case tiny::TextRole::PreviousLine:
        return tr("the same place in the line above");
    case tiny::TextRole::Rhyme:
        return tr("the rhyme of the couplet before");
    }
    return {};
}

QString HeadPanel::textRoleText() const
{
    if (!m_inspection)
        return {};
    const tiny::HeadRoles &roles = m_inspection->textRoles;
    // The role it plays, else the role it comes closest to.
    tiny::TextRole shown = roles.named().value_or(tiny::TextRole::PreviousChar);
    if (!roles.named())
        for (const tiny::TextRole role : tiny::textRoles)
            if (roles[role].ratio() > roles[shown].ratio())
                shown = role;
    const tiny::RoleMeasure &measure = roles[shown];
    if (measure.rows == 0)
        return {};
    const QString figures =
        tr("%1 of its weight there, %2× a uniform head's %3")
            .arg(NumberFormat::weight(measure.weight), NumberFormat::ratio(measure.ratio()),
                 NumberFormat::weight(measure.uniform));
    if (roles.named())
        return tr("In the poems' structure it reads <b>%1</b>: %2.")
            .arg(textRoleWords(shown), figures);
    return tr("No role in the poems' structure reaches %1× a uniform head's weight; the closest "
              "is %2: %3.")
        .arg(NumberFormat::ratio(tiny::namedRoleMinRatio), textRoleWords(shown), figures);
}

QString HeadPanel::commaFiguresText(const char *text) const
{
    const tiny::HeadProfile &profile = m_inspection->profile;
    const tiny::MarkFigures figures =
        tiny::markFigures(profile.onLastComma, profile.lastCommaBaseline);
    return tr(text).arg(NumberFormat::weight(figures.weight), NumberFormat::ratio(figures.ratio));
}

QString HeadPanel::verdictText() const
{
    if (!m_inspection)
        return {};
    switch (m_exercise) {
    case Exercise::LastComma:
        return lastCommaVerdict();
    case Exercise::LineAbove:
        return lineAboveVerdict();
    case Exercise::None:
        break;
    }
    return {};
}

QString HeadPanel::lastCommaVerdict() const
{
    const tiny::HeadProfile &profile = m_inspection->profile;
    if (profile.commaRows < tiny::lastMarkMinRows)
        return tr("The text has too few “，” to judge a head: train on 唐诗三百首.");
    // The rule is tiny::headRole's (the exercise's hint states it): the role line above and
    // this verdict cannot disagree.
    const QString measured =
        commaFiguresText(QT_TR_NOOP("This head: %1 on the last “，”, %2× a uniform head."));
    QString verdict;
    if (m_inspection->role.kind == tiny::HeadRoleKind::LastComma)
        verdict = tr("✔ Found: this head looks back at the last comma.");
    else if (tiny::looksAtLastComma(profile))
        verdict = tr("✘ Not this one: it looks back at the last comma, but its role above gets "
                     "more weight. Try another head.");
    else
        verdict = tr("✘ Not this one. Try another head.");
    return verdict + QLatin1Char(' ') + measured;
}

QString HeadPanel::lineAboveVerdict() const
{
    const tiny::RoleLeader &leader = m_inspection->lineAbove;
    if (leader.head.first < 0)
        return tr("This text has no poem of equal lines to judge a head by: open the "
                  "long-trained model (全唐诗 must be built).");
    const QString ratio =
        NumberFormat::ratio(m_inspection->textRoles[tiny::TextRole::PreviousLine].ratio());
    if (!leader.reads())
        return tr("✘ No head reads the line above yet: the strongest, layer %1 head %2, puts "
                  "%3× a uniform head's weight there. Train longer, or open the long-trained "
                  "model.")
            .arg(leader.head.first + 1)
            .arg(leader.head.second + 1)
            .arg(NumberFormat::ratio(leader.ratio));
    if (leader.head == tiny::HeadIndex{m_layer, m_head})
        return tr("✔ Found: no other head puts as much weight on the same place one line up: "
                  "%1× a uniform head's.")
            .arg(ratio);
    return tr("✘ Not this one: %1× a uniform head's weight on the line above, and another head "
              "puts more there. Try another head.")
        .arg(ratio);
}

void HeadPanel::updateTexts()
{
    const QString over = m_onValidation ? tr("Layer %1, head %2: mean weight by how far back "
                                             "the key is, over the validation text")
                                        : tr("Layer %1, head %2: mean weight by how far back "
                                             "the key is, over the probe line");
    m_caption->setText(m_layer >= 0 ? over.arg(m_layer + 1).arg(m_head + 1)
                                    : tr("Select a head in the grid."));
    m_workbench->setEnabled(m_layer >= 0 && m_latest);
    m_switchOff->setEnabled(m_layer >= 0);
    m_workbench->setToolTip(
        m_latest ? tr("Its queries, keys and values on the probe line become a scenario you can "
                      "edit, scale, mask and compare.")
                 : tr("The grid shows an earlier step: move the history slider to the end to "
                      "open the current model's head."));
    m_pastNote->setVisible(!m_latest && m_layer >= 0);
    m_pastNote->setText(tr("The grid shows an earlier step. This chart, the role and the next "
                           "characters describe the latest model (step %1), and only its heads "
                           "open in the workbench: move the history slider to the end.")
                            .arg(m_latestStep));
    m_role->setText(roleText());
    m_textRole->setText(textRoleText());
    m_textRole->setVisible(!m_textRole->text().isEmpty());
    m_verdict->setVisible(exerciseShown() && m_inspection.has_value());
    m_verdict->setText(verdictText());
}

void HeadPanel::retranslateUi()
{
    m_workbench->setText(tr("Open this head in the workbench"));
    m_switchOff->setText(tr("Switch this head off"));
    m_switchOff->setToolTip(tr("Its output is set to zero before the output projection: the next "
                               "characters and the heads' worth show the model without it."));
    m_chart->setAccessibleName(tr("Mean weight by offset of the key"));
    updateTexts();
}

} // namespace attention
