#pragma once

/// verifyHeadPanel(page, layer, head): selects the head on a lesson step 7 page and checks that
/// the head panel shows it: one bar per offset 1 … 16 holding tiny::headProfiles()'s byOffset of
/// that head (once the page's inspector is idle), computed here on the page's model and validation
/// text with the marks read from the vocabulary here, and a role text that says tiny::headRole() of
/// that profile (its kind's words, no other kind's, its offset and its mean weight). A void helper
/// with Qt Test checks: call it through QVERIFY_HEAD_PANEL, which returns when it failed.

#include "barchartview.h"
#include "headgrid.h"
#include "headpanel.h"
#include "tiny/corpus.h"
#include "tiny/headanalysis.h"
#include "trainingsession.h"
#include "trainpage.h"
#include "verifynear.h"

#include <QBarSet>
#include <QLabel>
#include <QTest>
#include <algorithm>
#include <string_view>

namespace headpanelcheck {

/// The ids of those of `characters` that the vocabulary has.
inline std::vector<int> idsOf(const attention::tiny::Vocabulary &vocabulary,
                              std::u32string_view characters)
{
    std::vector<int> ids;
    const auto &all = vocabulary.characters();
    for (const char32_t c : characters)
        if (std::find(all.begin(), all.end(), c) != all.end())
            ids.push_back(vocabulary.idOf(c));
    return ids;
}

/// The words that name each role in the panel's text.
inline QString kindWords(attention::tiny::HeadRoleKind kind)
{
    using Kind = attention::tiny::HeadRoleKind;
    switch (kind) {
    case Kind::PreviousToken:
        return QStringLiteral("previous character");
    case Kind::CurrentToken:
        return QStringLiteral("character itself");
    case Kind::FixedOffset:
        return QStringLiteral("characters back");
    case Kind::LastComma:
        return QStringLiteral("last comma");
    case Kind::FirstPosition:
        return QStringLiteral("first character");
    case Kind::Broad:
        return QStringLiteral("broadly");
    case Kind::Mixed:
        break;
    }
    return QStringLiteral("no single clear pattern");
}

/// Empty when `text` says `role` of `profile` (see the file's comment), else what is wrong.
inline QString roleMismatch(const QString &text, const attention::tiny::HeadRole &role,
                            const attention::tiny::HeadProfile &profile, const QLocale &locale)
{
    using Kind = attention::tiny::HeadRoleKind;
    const Kind kinds[] = {Kind::PreviousToken, Kind::CurrentToken,  Kind::FixedOffset,
                          Kind::LastComma,     Kind::FirstPosition, Kind::Broad,
                          Kind::Mixed};
    for (const Kind kind : kinds)
        if (text.contains(kindWords(kind)) != (kind == role.kind))
            return QStringLiteral("\"%1\", expected the words \"%2\"")
                .arg(text, kindWords(role.kind));
    if (role.kind == Kind::FixedOffset &&
        !text.contains(QStringLiteral("%1 %2").arg(role.offset).arg(kindWords(role.kind))))
        return QStringLiteral("\"%1\" without offset %2").arg(text).arg(role.offset);
    // The last comma is quoted as the rule reads it: weight in hundredths, ratio in tenths.
    const auto mark = attention::tiny::markFigures(profile.onLastComma, profile.lastCommaBaseline);
    const QString weight =
        role.kind == Kind::LastComma
            ? QStringLiteral("%1 on it, %2×")
                  .arg(locale.toString(mark.weight, 'f', 2), locale.toString(mark.ratio, 'f', 1))
            : QStringLiteral("mean weight ") + locale.toString(role.strength, 'f', 2);
    if (role.kind != Kind::Broad && role.kind != Kind::Mixed && !text.contains(weight))
        return QStringLiteral("\"%1\" without \"%2\"").arg(text, weight);
    return {};
}

/// The profile of head (layer, head) of the page's current model over its validation text.
inline std::optional<attention::tiny::HeadProfile> expectedProfile(const attention::TrainPage &page,
                                                                   int layer, int head)
{
    const attention::TrainingSession &session = *page.session();
    const attention::tiny::Vocabulary &vocabulary = session.vocabulary();
    if (!session.model() || !(session.corpus().vocabulary == vocabulary))
        return std::nullopt;
    const auto profiles = attention::tiny::headProfiles(
        session.model()->parameters, session.corpus().valIds, idsOf(vocabulary, U"，。？！、；："),
        attention::HeadPanel::maxOffset, attention::ModelInspector::maxWindows,
        idsOf(vocabulary, U"，"));
    if (!profiles)
        return std::nullopt;
    return (*profiles)[std::size_t(layer)][std::size_t(head)];
}

inline void verifyHeadPanel(attention::TrainPage &page, int layer, int head)
{
    // The panel shows what the page's inspector measured: wait for its latest answer.
    QVERIFY(page.inspector()->waitUntilIdle(60000));
    page.headGrid()->setSelectedHead(layer, head);
    const attention::HeadPanel &panel = *page.headPanel();
    const auto profile = expectedProfile(page, layer, head);
    QVERIFY(profile);
    QCOMPARE(int(profile->byOffset.size()), attention::HeadPanel::maxOffset + 1);
    const std::vector<double> &expected = profile->byOffset; // offsets 0 … maxOffset
    std::vector<double> shown;
    for (int i = 0; i < panel.offsetBars()->count(); ++i)
        shown.push_back(panel.offsetBars()->at(i));
    VERIFY_ALL_NEAR(shown, expected, 1e-12);
    const QStringList offsets = panel.offsetChart()->names();
    QCOMPARE(offsets.size(), attention::HeadPanel::maxOffset + 1);
    for (int o = 0; o < offsets.size(); ++o)
        QCOMPARE(offsets.at(o), QString::number(o));
    const QString mismatch = roleMismatch(panel.roleText(), attention::tiny::headRole(*profile),
                                          *profile, panel.locale());
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
