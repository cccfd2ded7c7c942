#pragma once

/// verifyHeadPanel(page, layer, head): selects the head on a lesson step 7 page and checks that
/// the head panel shows it: one bar per offset 0 … 16 holding tiny::measureRoles()'s byOffset
/// weights of that head (once the page's inspector is idle), computed here on the page's model
/// with its heads off and validation text, and a role text that says tiny::HeadRoles::named() of
/// those roles: the role's words and no other role's, its ratio as shown and its weight. A void
/// helper with Qt Test checks: call it through QVERIFY_HEAD_PANEL, which returns when it failed.

#include "barchartview.h"
#include "headgrid.h"
#include "headpanel.h"
#include "numberformat.h"
#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "trainingsession.h"
#include "trainpage.h"
#include "verifynear.h"

#include <QBarSet>
#include <QLabel>
#include <QTest>
#include <algorithm>

namespace headpanelcheck {

/// The words that name each role in the panel's text (English), written apart from the panel.
inline QString roleWords(attention::tiny::Role role, int offset)
{
    using Role = attention::tiny::Role;
    switch (role) {
    case Role::PreviousChar:
        return QStringLiteral("the previous character");
    case Role::LastComma:
        return QStringLiteral("the last comma");
    case Role::LineStart:
        return QStringLiteral("the first character of its line");
    case Role::PreviousLine:
        return QStringLiteral("the same place in the line above");
    case Role::Rhyme:
        return QStringLiteral("the rhyme of the couplet before");
    case Role::Induction:
        return QStringLiteral("the character after the earlier copy");
    case Role::CurrentChar:
        return QStringLiteral("the character itself");
    case Role::FixedOffset:
        return QStringLiteral("the character %1 places back").arg(offset);
    case Role::FirstPosition:
        return QStringLiteral("the first character it can see");
    }
    return {};
}

/// Empty when `text` says the role of `roles` (see the file's comment), else what is wrong.
inline QString roleMismatch(const QString &text, const attention::tiny::HeadRoles &roles)
{
    using namespace attention;
    const std::optional<tiny::Role> named = roles.named();
    if (!named) {
        const QString words =
            roles.broad() ? QStringLiteral("broadly") : QStringLiteral("no clear role");
        return text.contains(words) ? QString()
                                    : QStringLiteral("\"%1\" without \"%2\"").arg(text, words);
    }
    for (const tiny::Role role : tiny::allRoles)
        if (role != *named &&
            text.contains(QStringLiteral("reads <b>") + roleWords(role, roles.fixedOffset)))
            return QStringLiteral("\"%1\" names %2, expected %3")
                .arg(text, QLatin1String(tiny::roleName(role)),
                     QLatin1String(tiny::roleName(*named)));
    const tiny::RoleMeasure &measure = roles[*named];
    const QStringList expectations{
        QStringLiteral("reads <b>") + roleWords(*named, roles.fixedOffset),
        NumberFormat::ratio(tiny::shownRatio(measure.ratio())) + QStringLiteral("×"),
        NumberFormat::weight(measure.weight)};
    for (const QString &expected : expectations)
        if (!text.contains(expected))
            return QStringLiteral("\"%1\" without \"%2\"").arg(text, expected);
    return {};
}

/// The roles of head (layer, head) of the page's current model, with its heads off, over its
/// validation text.
inline std::optional<attention::tiny::HeadRoles> expectedRoles(const attention::TrainPage &page,
                                                               int layer, int head)
{
    using namespace attention;
    const TrainingSession &session = *page.session();
    if (!session.model() || !session.validationFitsModel())
        return std::nullopt;
    const std::vector<int> &text = session.corpus().valIds;
    const auto roles = tiny::measureRoles(
        session.shownModel()->parameters, text,
        tiny::roleKeys(text, session.vocabulary(), session.corpus().split.valDocumentEnds),
        ModelInspector::maxWindows);
    if (!roles)
        return std::nullopt;
    return (*roles)[std::size_t(layer)][std::size_t(head)];
}

inline void verifyHeadPanel(attention::TrainPage &page, int layer, int head)
{
    // The panel shows what the page's inspector measured: wait for its latest answer.
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    page.headGrid()->setSelectedHead(layer, head);
    const attention::HeadPanel &panel = *page.headPanel();
    const auto roles = expectedRoles(page, layer, head);
    QVERIFY(roles);
    QCOMPARE(int(roles->byOffset.size()), attention::HeadPanel::maxOffset + 1);
    std::vector<double> expected, shown;
    for (const attention::tiny::RoleMeasure &measure : roles->byOffset)
        expected.push_back(measure.weight);
    for (int i = 0; i < panel.offsetBars()->count(); ++i)
        shown.push_back(panel.offsetBars()->at(i));
    VERIFY_ALL_NEAR(shown, expected, 1e-12);
    const QStringList offsets = panel.offsetChart()->names();
    QCOMPARE(offsets.size(), attention::HeadPanel::maxOffset + 1);
    for (int o = 0; o < offsets.size(); ++o)
        QCOMPARE(offsets.at(o), QString::number(o));
    const QString mismatch = roleMismatch(panel.roleText(), *roles);
    QVERIFY2(mismatch.isEmpty(),
             qPrintable(QStringLiteral("layer %1 head %2: %3").arg(layer).arg(head).arg(mismatch)));
    QCOMPARE(panel.roleLabel()->text(), panel.roleText());
}

} // namespace headpanelcheck

/// Runs headpanelcheck::verifyHeadPanel and returns from the test when it failed.
#define QVERIFY_HEAD_PANEL(page, layer, head)                                                      \
    do {                                                                                           \
        headpanelcheck::verifyHeadPanel(page, layer, head);                                        \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)
