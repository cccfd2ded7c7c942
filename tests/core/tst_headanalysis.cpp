// Tests of core/tiny/headanalysis: a head's projections against the plain-loop reference and the
// model's own weights, the profiles against their definitions computed here window by window,
// the roles and their thresholds on made-up profiles, and a copy-task model whose head is found.

#include "tiny/corpus.h"
#include "tiny/headanalysis.h"
#include "tiny/inference.h"
#include "tiny/trainer.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QElapsedTimer>
#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace attention::tiny;
using namespace tinytest;

Q_DECLARE_METATYPE(HeadProfile)
Q_DECLARE_METATYPE(HeadRoleKind)
Q_DECLARE_METATYPE(std::vector<int>)

namespace {

constexpr double profileTolerance = 1e-5;

/// The profile of one head computed straight from its definition: plain loops over the
/// attention that analyseSequence returns for each window, cut here.
HeadProfile expectedProfile(const Parameters<float> &p, const std::vector<int> &ids,
                            const std::vector<int> &markIds, const std::vector<int> &commaIds,
                            int layer, int head, int maxOffset, int maxWindows)
{
    const auto isIn = [](const std::vector<int> &set, int id) {
        return std::count(set.begin(), set.end(), id) > 0;
    };
    const int context = p.config.context;
    std::vector<std::vector<int>> windows;
    if (int(ids.size()) < context)
        windows.push_back(ids);
    for (std::size_t start = 0;
         int(ids.size()) >= context && start + std::size_t(context) <= ids.size() &&
         int(windows.size()) < maxWindows;
         start += std::size_t(context))
        windows.emplace_back(ids.begin() + long(start), ids.begin() + long(start) + context);

    HeadProfile sums;
    sums.byOffset.assign(std::size_t(maxOffset) + 1, 0.0);
    sums.uniformByOffset = sums.byOffset;
    sums.rowsByOffset.assign(sums.byOffset.size(), 0);
    for (const auto &window : windows) {
        const auto analysis = analyseSequence(p, window);
        const attention::MatrixF &w = analysis->attention[std::size_t(layer)][std::size_t(head)];
        for (int t = 0; t < int(window.size()); ++t) {
            for (int o = 0; o <= maxOffset && o <= t; ++o) {
                sums.byOffset[std::size_t(o)] += w(t, t - o);
                sums.uniformByOffset[std::size_t(o)] += 1.0 / (t + 1);
                ++sums.rowsByOffset[std::size_t(o)];
            }
            if (t >= 1) {
                sums.onFirst += w(t, 0);
                sums.firstBaseline += 1.0 / (t + 1);
                ++sums.firstRows;
            }
            for (int mark = t - 1; mark >= 0; --mark) {
                const int id = window[std::size_t(mark)];
                if (isIn(markIds, id) || isIn(commaIds, id)) {
                    sums.onLastMark += w(t, mark);
                    sums.lastMarkBaseline += 1.0 / (t + 1);
                    ++sums.markRows;
                    if (isIn(commaIds, id)) {
                        sums.onLastComma += w(t, mark);
                        sums.lastCommaBaseline += 1.0 / (t + 1);
                        ++sums.commaRows;
                    }
                    break;
                }
            }
        }
    }
    HeadProfile mean = sums;
    for (std::size_t o = 0; o < sums.byOffset.size(); ++o) {
        const double rows = std::max(1.0, double(sums.rowsByOffset[o]));
        mean.byOffset[o] /= rows;
        mean.uniformByOffset[o] /= rows;
    }
    mean.onFirst /= std::max(1.0, double(sums.firstRows));
    mean.firstBaseline /= std::max(1.0, double(sums.firstRows));
    mean.onLastMark /= std::max(1.0, double(sums.markRows));
    mean.lastMarkBaseline /= std::max(1.0, double(sums.markRows));
    mean.onLastComma /= std::max(1.0, double(sums.commaRows));
    mean.lastCommaBaseline /= std::max(1.0, double(sums.commaRows));
    return mean;
}

/// A uniform causal head over `windows` windows of `tokens` positions: every measure equals its
/// baseline. The rows themselves are computed as headProfiles counts them.
HeadProfile uniformProfile(int tokens, int maxOffset, int windows = 4)
{
    HeadProfile profile;
    profile.byOffset.assign(std::size_t(maxOffset) + 1, 0.0);
    profile.uniformByOffset = profile.byOffset;
    profile.rowsByOffset.assign(profile.byOffset.size(), 0);
    for (int o = 0; o <= maxOffset; ++o) {
        for (int t = o; t < tokens; ++t) {
            profile.uniformByOffset[std::size_t(o)] += windows * (1.0 / (t + 1));
            profile.rowsByOffset[std::size_t(o)] += windows;
        }
        if (profile.rowsByOffset[std::size_t(o)] > 0)
            profile.uniformByOffset[std::size_t(o)] /= double(profile.rowsByOffset[std::size_t(o)]);
    }
    profile.byOffset = profile.uniformByOffset;
    for (int t = 1; t < tokens; ++t)
        profile.firstBaseline += 1.0 / (t + 1) / (tokens - 1);
    profile.firstRows = long(windows) * (tokens - 1);
    profile.onFirst = profile.firstBaseline;
    profile.markRows = 40;
    profile.lastMarkBaseline = 0.1;
    profile.onLastMark = 0.1;
    profile.commaRows = 20;
    profile.lastCommaBaseline = 0.1;
    profile.onLastComma = 0.1;
    return profile;
}

/// The ids of copyTaskDocuments' text, its vocabulary built from it.
std::vector<int> copyTaskIds(int lag, int documents, std::uint64_t seed, int &vocabSize)
{
    CopyTaskOptions options;
    options.documents = documents;
    options.length = 24;
    options.lag = lag;
    options.alphabet = 8;
    options.seed = seed;
    std::u32string text;
    for (const auto &document : copyTaskDocuments(options))
        text += document;
    const Vocabulary vocabulary = Vocabulary::fromTraining(text);
    vocabSize = vocabulary.size();
    return vocabulary.encode(text);
}

} // namespace

class TestHeadAnalysis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setThreadCount(1); }
    void projectionsGiveTheWeights_data();
    void projectionsGiveTheWeights();
    void projectionsRefuseBadInput();
    void profilesFollowDefinition_data();
    void profilesFollowDefinition();
    void profilesOfOneToken();
    void profilesRefuseBadIds();
    void roles_data();
    void roles();
    void lastMarkRule_data();
    void lastMarkRule();
    void copyTaskHeadIsFound_data();
    void copyTaskHeadIsFound();
};

void TestHeadAnalysis::projectionsGiveTheWeights_data()
{
    QTest::addColumn<bool>("mlp");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tokens");
    QTest::newRow("MLP, 1 layer") << true << 1 << 6;
    QTest::newRow("MLP, 2 layers") << true << 2 << 6;
    QTest::newRow("no MLP, 1 layer") << false << 1 << 6;
    QTest::newRow("no MLP, 2 layers") << false << 2 << 6;
    QTest::newRow("MLP, 2 layers, T 3 < context") << true << 2 << 3;
    QTest::newRow("no MLP, 2 layers, T 1") << false << 2 << 1;
}

void TestHeadAnalysis::projectionsGiveTheWeights()
{
    QFETCH(bool, mlp);
    QFETCH(int, layers);
    QFETCH(int, tokens);
    const ModelConfig config = smallConfig(mlp, layers);
    const auto p = randomParameters(config, 200, 0.4).cast<float>();
    const auto ids = randomIds(tokens, config.vocabSize, 201);
    const auto analysis = analyseSequence(p, ids);
    QVERIFY(analysis);
    const auto reference = referenceForward(p.cast<double>(), ids);
    const Index dHead = config.dHead();
    for (int l = 0; l < layers; ++l) {
        for (int h = 0; h < config.heads; ++h) {
            const auto projections = headProjections(p, ids, l, h);
            QVERIFY(projections);
            const attention::Matrix q = projections->queries.cast<double>();
            const attention::Matrix k = projections->keys.cast<double>();
            const attention::Matrix v = projections->values.cast<double>();
            QCOMPARE(q.rows(), Index(tokens));
            QCOMPARE(q.cols(), dHead);
            QCOMPARE(k.rows(), Index(tokens));
            QCOMPARE(v.cols(), dHead);
            // softmax(causal(q kᵀ / √d_head)) is the model's own weights.
            attention::Matrix weights = q * k.transpose() / std::sqrt(double(dHead)); // (T, T)
            for (Index t = 0; t < tokens; ++t) {
                auto row = weights.row(t).head(t + 1);
                row = (row.array() - row.maxCoeff()).exp().matrix();
                row /= row.sum();
                weights.row(t).tail(tokens - t - 1).setZero();
            }
            const auto &model = analysis->attention[std::size_t(l)][std::size_t(h)];
            VERIFY_ALL_NEAR(weights, model.cast<double>(), 1e-5);
            // And q, k, v are the plain-loop reference's columns of this head.
            const auto columns = [&](const std::vector<attention::Matrix> &all) {
                return attention::Matrix(all[std::size_t(l)].middleCols(h * dHead, dHead));
            };
            VERIFY_ALL_NEAR(q, columns(reference.queries), 1e-5);
            VERIFY_ALL_NEAR(k, columns(reference.keys), 1e-5);
            VERIFY_ALL_NEAR(v, columns(reference.values), 1e-5);
        }
    }
}

void TestHeadAnalysis::projectionsRefuseBadInput()
{
    const ModelConfig config = smallConfig(true, 2);
    const auto p = randomParameters(config, 210, 0.4).cast<float>();
    const std::vector<int> ids{1, 2, 3};
    QVERIFY(headProjections(p, ids, 1, 1));
    QVERIFY(!headProjections(p, ids, -1, 0));
    QVERIFY(!headProjections(p, ids, config.layers, 0));
    QVERIFY(!headProjections(p, ids, 0, -1));
    QVERIFY(!headProjections(p, ids, 0, config.heads));
    QVERIFY(!headProjections(p, {}, 0, 0));
    QVERIFY(!headProjections(p, std::vector<int>(std::size_t(config.context) + 1, 1), 0, 0));
    QVERIFY(!headProjections(p, {1, config.vocabSize}, 0, 0));
    QVERIFY(!headProjections(p, {-1, 2}, 0, 0));
}

void TestHeadAnalysis::profilesFollowDefinition_data()
{
    // smallConfig: context 6, vocabulary 11. Marks are ids 9 and 10 unless said otherwise; the
    // comma is 9.
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<std::vector<int>>("marks");
    QTest::addColumn<std::vector<int>>("commas");
    QTest::addColumn<int>("maxOffset");
    QTest::addColumn<int>("maxWindows");
    QTest::addColumn<int>("windows"); // how many the profile must be over
    const std::vector<int> marks{9, 10};
    const std::vector<int> commas{9};
    const auto ids = [](int count, std::uint64_t seed) { return randomIds(count, 11, seed); };
    QTest::newRow("3 windows, partial last dropped")
        << ids(20, 220) << marks << commas << 4 << 64 << 3;
    QTest::newRow("maxWindows keeps the first 2") << ids(40, 221) << marks << commas << 4 << 2 << 2;
    QTest::newRow("maxWindows 0 counts as 1") << ids(18, 226) << marks << commas << 3 << 0 << 1;
    QTest::newRow("exactly one window") << ids(6, 222) << marks << commas << 5 << 64 << 1;
    QTest::newRow("short text used whole") << ids(4, 223) << marks << commas << 5 << 64 << 1;
    QTest::newRow("offsets past the window") << ids(12, 224) << marks << commas << 9 << 64 << 2;
    QTest::newRow("negative maxOffset counts as 0")
        << ids(12, 227) << marks << commas << -3 << 64 << 2;
    QTest::newRow("no marks") << ids(24, 225) << std::vector<int>{} << std::vector<int>{} << 4 << 64
                              << 4;
    // A mark at every window's start: every row t ≥ 1 looks back at key 0.
    QTest::newRow("marks at window starts")
        << std::vector<int>{9, 1, 2, 3, 4, 5, 10, 6, 7, 8, 1, 2, 9, 3, 3, 3, 4, 4} << marks
        << commas << 4 << 64 << 3;
    // A mark at every window's end belongs to no later row: markRows is 0.
    QTest::newRow("marks at window ends")
        << std::vector<int>{1, 2, 3, 4, 5, 9, 6, 7, 8, 1, 2, 10} << marks << commas << 4 << 64 << 2;
    QTest::newRow("marks in the middle")
        << std::vector<int>{1, 9, 3, 4, 10, 5, 6, 7, 9, 1, 2, 3} << marks << commas << 4 << 64 << 2;
    // A comma is a mark even when markIds leaves it out; rows after 10 are not comma rows.
    QTest::newRow("comma outside the marks")
        << std::vector<int>{1, 9, 3, 4, 10, 5, 6, 7, 9, 1, 2, 3} << std::vector<int>{10} << commas
        << 4 << 64 << 2;
    QTest::newRow("commas only") << std::vector<int>{1, 9, 3, 4, 10, 5, 6, 7, 9, 1, 2, 3}
                                 << std::vector<int>{} << commas << 4 << 64 << 2;
}

void TestHeadAnalysis::profilesFollowDefinition()
{
    QFETCH(std::vector<int>, ids);
    QFETCH(std::vector<int>, marks);
    QFETCH(std::vector<int>, commas);
    QFETCH(int, maxOffset);
    QFETCH(int, maxWindows);
    QFETCH(int, windows);
    const ModelConfig config = smallConfig(true, 2);
    const auto p = randomParameters(config, 230, 0.5).cast<float>();
    const auto profiles = headProfiles(p, ids, marks, maxOffset, maxWindows, commas);
    QVERIFY(profiles);
    QCOMPARE(profiles->size(), std::size_t(config.layers));
    const int offsets = std::max(maxOffset, 0);
    const int tokens = std::min(int(ids.size()), config.context);
    for (int l = 0; l < config.layers; ++l) {
        QCOMPARE((*profiles)[std::size_t(l)].size(), std::size_t(config.heads));
        for (int h = 0; h < config.heads; ++h) {
            const HeadProfile &got = (*profiles)[std::size_t(l)][std::size_t(h)];
            const HeadProfile want =
                expectedProfile(p, ids, marks, commas, l, h, offsets, std::max(maxWindows, 1));
            QCOMPARE(got.byOffset.size(), std::size_t(offsets) + 1);
            QCOMPARE(got.uniformByOffset.size(), got.byOffset.size());
            QVERIFY(got.rowsByOffset == want.rowsByOffset);
            QCOMPARE(got.rowsByOffset[0], long(windows) * tokens);
            VERIFY_ALL_NEAR(got.byOffset, want.byOffset, profileTolerance);
            VERIFY_ALL_NEAR(got.uniformByOffset, want.uniformByOffset, 1e-12);
            QCOMPARE(got.markRows, want.markRows);
            VERIFY_NEAR(got.onLastMark, want.onLastMark, profileTolerance);
            VERIFY_NEAR(got.lastMarkBaseline, want.lastMarkBaseline, 1e-12);
            QCOMPARE(got.commaRows, want.commaRows);
            VERIFY_NEAR(got.onLastComma, want.onLastComma, profileTolerance);
            VERIFY_NEAR(got.lastCommaBaseline, want.lastCommaBaseline, 1e-12);
            QCOMPARE(got.firstRows, want.firstRows);
            QCOMPARE(got.firstRows, long(windows) * (tokens - 1));
            VERIFY_NEAR(got.onFirst, want.onFirst, profileTolerance);
            VERIFY_NEAR(got.firstBaseline, want.firstBaseline, 1e-12);
        }
    }
    // What the rows built for it show, beyond agreeing with the definition.
    const HeadProfile &first = (*profiles)[0][0];
    const QByteArray tag = QTest::currentDataTag();
    if (tag == "no marks" || tag == "marks at window ends") {
        QCOMPARE(first.markRows, 0L);
        QCOMPARE(first.onLastMark, 0.0);
        QCOMPARE(first.lastMarkBaseline, 0.0);
    } else if (tag == "marks in the middle") {
        // Window 1: 9 at 1, 10 at 4: rows 2-4 follow the comma, row 5 the other mark. Window 2:
        // 9 at 2: rows 3-5.
        QCOMPARE(first.markRows, 4L + 3L);
        QCOMPARE(first.commaRows, 3L + 3L);
    } else if (tag == "commas only") {
        QCOMPARE(first.commaRows, first.markRows);
        QCOMPARE(first.onLastComma, first.onLastMark);
        QCOMPARE(first.commaRows, 4L + 3L);
    } else if (tag == "marks at window starts") {
        QCOMPARE(first.markRows, first.firstRows);
        VERIFY_NEAR(first.onLastMark, first.onFirst, 1e-12);
    } else if (tag == "offsets past the window") {
        QCOMPARE(first.rowsByOffset[std::size_t(config.context)], 0L);
        QCOMPARE(first.byOffset[std::size_t(config.context)], 0.0);
    }
}

void TestHeadAnalysis::profilesOfOneToken()
{
    const ModelConfig config = smallConfig(false, 1);
    const auto p = randomParameters(config, 240, 0.5).cast<float>();
    const auto profiles = headProfiles(p, {9}, {9}, 3);
    QVERIFY(profiles);
    const HeadProfile &profile = (*profiles)[0][1];
    QVERIFY(profile.byOffset == (std::vector<double>{1.0, 0.0, 0.0, 0.0}));
    QVERIFY(profile.rowsByOffset == (std::vector<long>{1, 0, 0, 0}));
    QCOMPARE(profile.firstRows, 0L);
    QCOMPARE(profile.onFirst, 0.0);
    QCOMPARE(profile.markRows, 0L);
}

void TestHeadAnalysis::profilesRefuseBadIds()
{
    const ModelConfig config = smallConfig(true, 1);
    const auto p = randomParameters(config, 250, 0.5).cast<float>();
    QVERIFY(headProfiles(p, {1, 2, 3}, {}));
    QVERIFY(!headProfiles(p, {}, {}));
    QVERIFY(!headProfiles(p, {1, -1, 3}, {}));
    // Out of range past the windows that are kept counts too: the ids are refused whole.
    std::vector<int> ids = randomIds(20, config.vocabSize, 251);
    ids.back() = config.vocabSize;
    QVERIFY(!headProfiles(p, ids, {}));
}

void TestHeadAnalysis::roles_data()
{
    QTest::addColumn<HeadProfile>("profile");
    QTest::addColumn<HeadRoleKind>("kind");
    QTest::addColumn<int>("offset");
    QTest::addColumn<double>("strength");
    // Windows of 16, offsets up to 8. A uniform head there gives offset 0 ≈ 0.21, offset 1 ≈ 0.15,
    // offset 3 ≈ 0.12, key 0 ≈ 0.15; an offset above 8 is reached by fewer than half the rows.
    const HeadProfile uniform = uniformProfile(16, 12);
    QTest::newRow("uniform is broad") << uniform << HeadRoleKind::Broad << 0 << uniform.byOffset[0];

    HeadProfile previous = uniform;
    previous.byOffset[1] = 0.9;
    QTest::newRow("previous token") << previous << HeadRoleKind::PreviousToken << 1 << 0.9;

    HeadProfile current = uniform;
    current.byOffset[0] = 0.8;
    QTest::newRow("current token") << current << HeadRoleKind::CurrentToken << 0 << 0.8;

    HeadProfile fixed = uniform;
    fixed.byOffset[3] = 0.7;
    QTest::newRow("fixed offset 3") << fixed << HeadRoleKind::FixedOffset << 3 << 0.7;

    HeadProfile atThreshold = uniform;
    atThreshold.byOffset[5] = roleMinWeight;
    QTest::newRow("offset at 0.4") << atThreshold << HeadRoleKind::FixedOffset << 5 << 0.4;

    HeadProfile belowThreshold = uniform;
    belowThreshold.byOffset[2] = 0.39;
    QTest::newRow("offset at 0.39 is mixed") << belowThreshold << HeadRoleKind::Mixed << 2 << 0.39;

    HeadProfile twoOffsets = uniform;
    twoOffsets.byOffset[1] = 0.45;
    twoOffsets.byOffset[2] = 0.5;
    QTest::newRow("the heavier offset wins") << twoOffsets << HeadRoleKind::FixedOffset << 2 << 0.5;

    // Offset 12 is reached by rows 12 … 15 only (4 of 16): its mean is mostly key 0's weight.
    HeadProfile fewRows = uniform;
    fewRows.byOffset[12] = 0.9;
    QTest::newRow("an offset few rows reach is ignored")
        << fewRows << HeadRoleKind::Broad << 0 << uniform.byOffset[0];

    HeadProfile lastComma = uniform;
    lastComma.onLastComma = 0.5;
    QTest::newRow("last comma") << lastComma << HeadRoleKind::LastComma << 0 << 0.5;

    // The role is the comma's (the spec's last_comma): all marks alone name none.
    HeadProfile lastMarkOnly = uniform;
    lastMarkOnly.onLastMark = 0.8;
    QTest::newRow("the last mark alone is not the last comma")
        << lastMarkOnly << HeadRoleKind::Broad << 0 << uniform.byOffset[0];

    HeadProfile weakComma = uniform;
    weakComma.onLastComma = 0.28; // 3 × 0.1 would need 0.30
    QTest::newRow("last comma at 0.28 is mixed")
        << weakComma << HeadRoleKind::Mixed << 0 << uniform.byOffset[0];

    HeadProfile fewCommas = uniform;
    fewCommas.onLastComma = 0.9;
    fewCommas.commaRows = lastMarkMinRows - 1;
    QTest::newRow("last comma over 4 rows is no evidence")
        << fewCommas << HeadRoleKind::Broad << 0 << uniform.byOffset[0];

    HeadProfile commaBeatsPrevious = uniform;
    commaBeatsPrevious.byOffset[1] = 0.45;
    commaBeatsPrevious.onLastComma = 0.6;
    QTest::newRow("the stronger of previous and last comma")
        << commaBeatsPrevious << HeadRoleKind::LastComma << 0 << 0.6;

    HeadProfile first = uniform;
    first.onFirst = 0.7;
    QTest::newRow("first position") << first << HeadRoleKind::FirstPosition << 0 << 0.7;

    HeadProfile firstBelow = uniform;
    firstBelow.onFirst = 0.35;
    QTest::newRow("first position at 0.35 is mixed")
        << firstBelow << HeadRoleKind::Mixed << 0 << uniform.byOffset[0];

    // In windows of 3 a uniform head already puts 0.42 on key 0 and 0.61 on offset 0.
    const HeadProfile shortUniform = uniformProfile(3, 2);
    HeadProfile shortFirst = shortUniform;
    shortFirst.onFirst = 0.8;
    QTest::newRow("short windows need twice uniform")
        << shortFirst << HeadRoleKind::Broad << 0 << shortUniform.byOffset[0];
    shortFirst.onFirst = 0.85;
    QTest::newRow("short windows, twice uniform")
        << shortFirst << HeadRoleKind::FirstPosition << 0 << 0.85;

    QTest::newRow("no rows") << HeadProfile() << HeadRoleKind::Mixed << 0 << 0.0;
}

void TestHeadAnalysis::roles()
{
    QFETCH(HeadProfile, profile);
    QFETCH(HeadRoleKind, kind);
    QFETCH(int, offset);
    QFETCH(double, strength);
    const HeadRole role = headRole(profile);
    QCOMPARE(int(role.kind), int(kind));
    QCOMPARE(role.offset, offset);
    VERIFY_NEAR(role.strength, strength, 1e-12);
}

void TestHeadAnalysis::lastMarkRule_data()
{
    QTest::addColumn<double>("onLastMark");
    QTest::addColumn<double>("baseline");
    QTest::addColumn<long>("rows");
    QTest::addColumn<bool>("looks");
    QTest::newRow("clear") << 0.6 << 0.1 << 50L << true;
    // The rule reads the figures as shown: a weight in hundredths, a ratio in tenths.
    QTest::newRow("exactly 0.3") << 0.3 << 0.05 << 50L << true;
    QTest::newRow("0.2996 shows as 0.30") << 0.2996 << 0.05 << 50L << true;
    QTest::newRow("0.2949 shows as 0.29") << 0.2949 << 0.05 << 50L << false;
    QTest::newRow("exactly 3 x baseline") << 0.375 << 0.125 << 50L << true;
    QTest::newRow("2.96 x shows as 3.0 x") << 0.37 << 0.125 << 50L << true;
    QTest::newRow("2.94 x shows as 2.9 x") << 0.3675 << 0.125 << 50L << false;
    QTest::newRow("5 rows are enough") << 0.6 << 0.1 << 5L << true;
    QTest::newRow("4 rows are not") << 0.6 << 0.1 << 4L << false;
    QTest::newRow("no rows") << 0.0 << 0.0 << 0L << false;
}

void TestHeadAnalysis::lastMarkRule()
{
    QFETCH(double, onLastMark);
    QFETCH(double, baseline);
    QFETCH(long, rows);
    QFETCH(bool, looks);
    HeadProfile profile;
    profile.onLastMark = onLastMark;
    profile.lastMarkBaseline = baseline;
    profile.markRows = rows;
    QCOMPARE(looksAtLastMark(profile), looks);
    // What the page shows is what the rule read.
    const MarkFigures figures = markFigures(onLastMark, baseline);
    const QString shown = QString::number(figures.weight, 'f', 2);
    QCOMPARE(shown, QString::number(onLastMark, 'f', 2));
    QCOMPARE(figures.weight, shown.toDouble());
    QCOMPARE(figures.ratio,
             baseline > 0.0 ? QString::number(onLastMark / baseline, 'f', 1).toDouble() : 0.0);
    QVERIFY(!looksAtLastComma(profile)); // no comma rows
    // The same rule on the comma's measures, whatever the marks' are.
    HeadProfile comma;
    comma.onLastComma = onLastMark;
    comma.lastCommaBaseline = baseline;
    comma.commaRows = rows;
    comma.onLastMark = 1.0;
    comma.markRows = 100;
    QCOMPARE(looksAtLastComma(comma), looks);
}

void TestHeadAnalysis::copyTaskHeadIsFound_data()
{
    // Row t predicts id t + 1, which repeats id t + 1 − lag: the head looks lag − 1 back.
    QTest::addColumn<int>("lag");
    QTest::addColumn<HeadRoleKind>("kind");
    QTest::newRow("lag 2: previous token") << 2 << HeadRoleKind::PreviousToken;
    QTest::newRow("lag 4: offset 3") << 4 << HeadRoleKind::FixedOffset;
}

void TestHeadAnalysis::copyTaskHeadIsFound()
{
    QFETCH(int, lag);
    QFETCH(HeadRoleKind, kind);
    int vocabSize = 0;
    const auto train = copyTaskIds(lag, 200, 260, vocabSize);
    ModelConfig config;
    config.vocabSize = vocabSize;
    config.context = 16;
    config.dModel = 16;
    config.heads = 2;
    config.mlp = false;
    TrainingSettings settings;
    settings.batch = 16;
    settings.steps = 400; // 200 leaves some seeds' heads below 0.4; 400 passed 24 of 24
    settings.warmup = 20;
    settings.learningRate = 1e-2;
    settings.weightDecay = 0.01;
    settings.seed = 261;
    QElapsedTimer timer;
    timer.start();
    Trainer trainer(config, settings, train);
    while (trainer.stepsDone() < settings.steps)
        trainer.step();
    int probeVocab = 0;
    const auto probe = copyTaskIds(lag, 20, 262, probeVocab);
    QCOMPARE(probeVocab, vocabSize);
    const auto profiles = headProfiles(trainer.parameters(), probe, {}, 8);
    QVERIFY(profiles);
    QStringList found;
    bool seen = false;
    for (const auto &layer : *profiles) {
        for (const HeadProfile &profile : layer) {
            const HeadRole role = headRole(profile);
            found << QStringLiteral("%1@%2 (%3)")
                         .arg(int(role.kind))
                         .arg(role.offset)
                         .arg(role.strength, 0, 'f', 2);
            seen = seen || (role.kind == kind && role.offset == lag - 1);
        }
    }
    qInfo("lag %d: roles %s after %lld ms", lag, qPrintable(found.join(QStringLiteral(", "))),
          timer.elapsed());
    QVERIFY2(seen, qPrintable(found.join(QStringLiteral(", "))));
}

QTEST_APPLESS_MAIN(TestHeadAnalysis)
#include "tst_headanalysis.moc"
