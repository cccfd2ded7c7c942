#include "headpanel.h"

#include "barchartview.h"
#include "numberformat.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace attention {

namespace {

QString headName(const tiny::HeadIndex &head)
{
    return QStringLiteral("%1.%2").arg(head.first + 1).arg(head.second + 1);
}

} // namespace

HeadPanel::HeadPanel(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel)
    , m_chart(new BarChartView(QColor(0x7b, 0x3f, 0xa0), BarChartView::Axis::Numbers))
    , m_role(new QLabel)
    , m_verdict(new QLabel)
    , m_workbench(new QPushButton)
    , m_switchOff(new QCheckBox)
    , m_pastNote(new QLabel)
{
    for (QLabel *label : {m_caption, m_role, m_verdict, m_pastNote})
        label->setWordWrap(true);
    m_verdict->setVisible(false);
    m_pastNote->setVisible(false);
    m_chart->valueAxis()->setLabelFormat(QStringLiteral("%.2f"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_pastNote);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_role);
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

void HeadPanel::showHead(int layer, int head, SharedHeadsInspection inspection)
{
    m_layer = layer;
    m_head = head;
    m_inspection = std::move(inspection);
    QStringList offsets;
    QList<qreal> values;
    double high = 0.0;
    if (const tiny::HeadRoles *roles = shownRoles()) {
        for (int k = 0; k <= maxOffset && k < int(roles->byOffset.size()); ++k) {
            offsets.append(QString::number(k)); // how far back: 0 is the character itself
            values.append(roles->byOffset[std::size_t(k)].weight);
            high = std::max(high, roles->byOffset[std::size_t(k)].weight);
        }
    }
    m_chart->setBars(offsets, values);
    // A fixed scale while the head is strong, a closer one for a weak head.
    m_chart->valueAxis()->setRange(0.0, high > 0.5 ? 1.0 : high > 0.2 ? 0.5 : 0.2);
    updateTexts();
}

const tiny::HeadRoles *HeadPanel::shownRoles() const
{
    return m_inspection ? m_inspection->head(m_layer, m_head) : nullptr;
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

QString HeadPanel::roleWords(tiny::Role role, int offset)
{
    switch (role) {
    case tiny::Role::PreviousChar:
        return tr("the previous character");
    case tiny::Role::LastComma:
        return tr("the last comma “，”");
    case tiny::Role::LineStart:
        return tr("the first character of its line");
    case tiny::Role::PreviousLine:
        return tr("the same place in the line above");
    case tiny::Role::Rhyme:
        return tr("the rhyme of the couplet before");
    case tiny::Role::Induction:
        return tr("the character after the earlier copy of this one");
    case tiny::Role::CurrentChar:
        return tr("the character itself");
    case tiny::Role::FixedOffset:
        return tr("the character %n places back", nullptr, offset);
    case tiny::Role::FirstPosition:
        return tr("the first character it can see");
    }
    return {};
}

QString HeadPanel::figures(const tiny::HeadRoles &roles, tiny::Role role)
{
    const tiny::RoleMeasure &measure = roles[role];
    return tr("%1 of its weight there, %2× a uniform head's %3")
        .arg(NumberFormat::weight(measure.weight),
             NumberFormat::ratio(tiny::shownRatio(measure.ratio())),
             NumberFormat::weight(measure.uniform));
}

QString HeadPanel::roleText() const
{
    const tiny::HeadRoles *roles = shownRoles();
    if (!roles)
        return tr("No head to describe yet.");
    if (const std::optional<tiny::Role> role = roles->named())
        return tr("This head reads <b>%1</b>: %2.")
            .arg(roleWords(*role, roles->fixedOffset), figures(*roles, *role));
    if (roles->broad())
        return tr("This head spreads its weight <b>broadly</b>, like the averaging of step 1: no "
                  "role gets %1× a uniform head's weight.")
            .arg(NumberFormat::ratio(tiny::broadMaxRatio));
    const tiny::Role closest = roles->closest();
    return tr("This head plays <b>no clear role</b>: none reaches %1× a uniform head's weight. "
              "The closest is %2: %3.")
        .arg(NumberFormat::ratio(tiny::namedRoleMinRatio), roleWords(closest, roles->fixedOffset),
             figures(*roles, closest));
}

QString HeadPanel::verdictText() const
{
    if (!shownRoles())
        return {};
    switch (m_exercise) {
    case Exercise::LastComma:
        return lastCommaVerdict();
    case Exercise::Induction:
        return inductionVerdict();
    case Exercise::None:
        break;
    }
    return {};
}

QString HeadPanel::lastCommaVerdict() const
{
    const tiny::HeadRoles &roles = *shownRoles();
    if (!roles.counts(tiny::Role::LastComma))
        return tr("The text has too few “，” to judge a head: train on 唐诗三百首.");
    // The rule is the role line's (tiny::HeadRoles::named): the two cannot disagree.
    const QString measured =
        tr("On the last comma: %1.").arg(figures(roles, tiny::Role::LastComma));
    if (roles.named() == tiny::Role::LastComma)
        return tr("✔ Found: this head's role is the last comma.") + QLatin1Char(' ') + measured;
    if (tiny::shownRatio(roles[tiny::Role::LastComma].ratio()) >= tiny::namedRoleMinRatio)
        return tr("✘ Not this one: it reads the last comma too, but its role above is "
                  "stronger. Try another head.") +
               QLatin1Char(' ') + measured;
    return tr("✘ Not this one. Try another head.") + QLatin1Char(' ') + measured;
}

QString HeadPanel::inductionVerdict() const
{
    const auto &allOn = m_inspection->allOn;
    if (allOn.size() < 2)
        return tr("✘ This model has one layer. An induction head reads what a head of an earlier "
                  "layer wrote, so it needs two: train the repeat task with two layers.");
    const tiny::RoleLeader leader = tiny::roleLeader(allOn, tiny::Role::Induction, 1);
    if (leader.head.first < 0)
        return tr("No character repeats in this text: train the repeat task.");
    if (tiny::shownRatio(leader.ratio) < tiny::inductionHeadMinRatio)
        return tr("✘ No induction head yet: the strongest of layer 2 and up, %1, puts %2× a "
                  "uniform head's weight on the character after the earlier copy (%3× needed). "
                  "Train the repeat task until its loss falls.")
            .arg(headName(leader.head), NumberFormat::ratio(tiny::shownRatio(leader.ratio)),
                 NumberFormat::ratio(tiny::inductionHeadMinRatio));
    const bool earlierOff = std::any_of(
        m_inspection->off.begin(), m_inspection->off.end(),
        [&leader](const tiny::HeadIndex &head) { return head.first < leader.head.first; });
    if (earlierOff)
        return circuitVerdict(leader);
    const tiny::HeadRoles &roles = *m_inspection->headAllOn(m_layer, m_head);
    const QString measured =
        tr("On %1: %2.")
            .arg(roleWords(tiny::Role::Induction), figures(roles, tiny::Role::Induction));
    if (leader.head != tiny::HeadIndex{m_layer, m_head})
        return tr("✘ Not this one: another head of layer 2 or up reads the earlier copy more. "
                  "Try another head.") +
               QLatin1Char(' ') + measured;
    return tr("✔ Step 1 of 2: of the heads of layer 2 and up, this one reads the earlier copy "
              "most.") +
           QLatin1Char(' ') + measured + QLatin1Char(' ') +
           tr("Now find the head it needs: switch the heads of layer %1 off one at a time.")
               .arg(leader.head.first);
}

QString HeadPanel::circuitVerdict(const tiny::RoleLeader &leader) const
{
    std::vector<tiny::HeadIndex> earlier;
    for (const tiny::HeadIndex &head : m_inspection->off)
        if (head.first < leader.head.first)
            earlier.push_back(head);
    const tiny::HeadRoles &now = *m_inspection->head(leader.head.first, leader.head.second);
    const QString before = NumberFormat::ratio(tiny::shownRatio(leader.ratio));
    const double ratio = tiny::shownRatio(now[tiny::Role::Induction].ratio());
    const QString after = NumberFormat::ratio(ratio);
    if (earlier.size() > 1) {
        QStringList names;
        for (const tiny::HeadIndex &head : earlier)
            names.append(headName(head));
        return tr("✘ Switch off one head at a time: with %1 off, head %2 reads the earlier copy "
                  "at %3× (%4× with every head on).")
            .arg(names.join(QStringLiteral(", ")), headName(leader.head), after, before);
    }
    const QString off = headName(earlier.front());
    if (ratio < tiny::namedRoleMinRatio)
        return tr("✔ Circuit found: with head %1 off, head %2's weight on the character after "
                  "the earlier copy falls from %3× to %4× a uniform head's, below %5×. Head %2 "
                  "finds the earlier copy through what head %1 writes.")
            .arg(off, headName(leader.head), before, after,
                 NumberFormat::ratio(tiny::namedRoleMinRatio));
    return tr("✘ Not this one: with head %1 off, head %2 still reads the earlier copy at %3× "
              "(%4× with every head on). Switch it on again and try another.")
        .arg(off, headName(leader.head), after, before);
}

void HeadPanel::updateTexts()
{
    const bool onValidation = !m_inspection || m_inspection->onValidation;
    const QString over = onValidation ? tr("Layer %1, head %2: mean weight by how far back the "
                                           "key is, over the validation text")
                                      : tr("Layer %1, head %2: mean weight by how far back the "
                                           "key is, over the probe line");
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
    m_verdict->setVisible(exerciseShown() && shownRoles());
    m_verdict->setText(verdictText());
}

void HeadPanel::retranslateUi()
{
    m_workbench->setText(tr("Open this head in the workbench"));
    m_switchOff->setText(tr("Switch this head off"));
    m_switchOff->setToolTip(tr("Its output is set to zero before the output projection: the "
                               "heads after it, the grid, the losses and the next characters "
                               "show the model without it."));
    m_chart->setAccessibleName(tr("Mean weight by offset of the key"));
    updateTexts();
}

} // namespace attention
