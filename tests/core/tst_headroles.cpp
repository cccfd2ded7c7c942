// Tests of core/tiny/headroles, the one list of head roles: the keys each role designates on
// hand-made poems and repeats (a few checked by hand, all against a reference that reads the
// characters themselves), each head's measures against plain loops over the attention of
// analyseSequence window by window, the rule that names a role, a trained copy-task head named
// by it, and ablation against the plain-loop forward pass with the head's output zeroed by hand.

#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "tiny/headsreport.h"
#include "tiny/inference.h"
#include "tiny/learningcurve.h"
#include "tiny/trainer.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QtTest>
#include <array>
#include <cmath>

using namespace attention::tiny;
using namespace tinytest;

Q_DECLARE_METATYPE(attention::tiny::Role)

namespace {

/// Five documents: a quatrain of five-character lines, a couplet of seven, a text without the
/// rhythm (one long line), a second quatrain and an eight-line poem (rhymes on lines 4, 6, 8).
const std::u32string poems = U"床前明月光，疑是地上霜。举头望明月，低头思故乡。\n"
                             U"两个黄鹂鸣翠柳，一行白鹭上青天。\n"
                             U"春眠不觉晓处处闻啼鸟。\n"
                             U"白日依山尽，黄河入海流。欲穷千里目，更上一层楼。\n"
                             U"国破山河在，城春草木深。感时花溅泪，恨别鸟惊心。"
                             U"烽火连三月，家书抵万金。白头搔更短，浑欲不胜簪。\n";

using Keys = std::array<std::vector<long>, textRoleCount>;

/// The keys read from the characters, written apart from roleKeys: the latest mark searched
/// backwards for every row, the documents found with find(), their lines cut after each mark.
Keys referenceKeys(const std::u32string &text)
{
    const std::u32string marks = U"，。？！、；：";
    const auto isMark = [&marks](char32_t c) { return marks.find(c) != std::u32string::npos; };
    const long n = long(text.size());
    Keys keys;
    for (auto &key : keys)
        key.assign(std::size_t(n), -1);
    auto &previousChar = keys[std::size_t(Role::PreviousChar)];
    auto &lastComma = keys[std::size_t(Role::LastComma)];
    auto &lineStart = keys[std::size_t(Role::LineStart)];
    auto &previousLine = keys[std::size_t(Role::PreviousLine)];
    auto &rhyme = keys[std::size_t(Role::Rhyme)];
    auto &induction = keys[std::size_t(Role::Induction)];
    for (long t = 0; t < n; ++t) {
        if (t >= 1)
            previousChar[std::size_t(t)] = t - 1;
        // The latest earlier copy of this character, searched backwards.
        long j = t - 1;
        while (j >= 0 && text[std::size_t(j)] != text[std::size_t(t)])
            --j;
        if (j >= 0 && j + 1 < t)
            induction[std::size_t(t)] = j + 1;
        long p = t - 1;
        while (p >= 0 && !isMark(text[std::size_t(p)]))
            --p;
        if (p >= 0 && text[std::size_t(p)] == U'，')
            lastComma[std::size_t(t)] = p;
        if (p + 1 < t)
            lineStart[std::size_t(t)] = p + 1;
    }
    for (std::size_t begin = 0, end; (end = text.find(U'\n', begin)) != std::u32string::npos;
         begin = end + 1) {
        std::vector<std::u32string> lines{{}};
        for (std::size_t i = begin; i < end; ++i) {
            lines.back() += text[i];
            if (isMark(text[i]))
                lines.emplace_back();
        }
        const std::size_t width = lines.front().size();
        bool poem = lines.back().empty() && lines.size() > 1 && (width == 6 || width == 8);
        lines.pop_back();
        for (const std::u32string &line : lines)
            poem = poem && line.size() == width &&
                   std::count_if(line.begin(), line.end(), isMark) == 1;
        if (!poem)
            continue;
        for (std::size_t l = 1; l < lines.size(); ++l)
            for (std::size_t c = 0; c + 1 < width; ++c)
                previousLine[begin + l * width + c] = long(begin + (l - 1) * width + c);
        for (std::size_t l = 3; l < lines.size(); l += 2)
            rhyme[begin + l * width + width - 2] = long(begin + (l - 2) * width + width - 2);
    }
    return keys;
}

/// The position after each `\n` of `ids`: where the documents of a built-in corpus end.
std::vector<long> newlineEnds(const std::vector<int> &ids, const Vocabulary &vocabulary)
{
    std::vector<long> ends;
    for (std::size_t t = 0; t < ids.size(); ++t)
        if (ids[t] == vocabulary.idOf(U'\n'))
            ends.push_back(long(t) + 1);
    return ends;
}

/// Every character of `text` once, after U+FFFD.
Vocabulary vocabularyOf(const std::u32string &text)
{
    std::vector<char32_t> characters(text.begin(), text.end());
    std::sort(characters.begin(), characters.end());
    characters.erase(std::unique(characters.begin(), characters.end()), characters.end());
    characters.insert(characters.begin(), unknownCharacter);
    return Vocabulary(characters);
}

/// A random model over `vocabulary` with context 16 (a window holds two five-character lines
/// and a rhyme's reach), d_model 8, 2 heads, 2 layers.
Parameters<double> poemModel(const Vocabulary &vocabulary, std::uint64_t seed)
{
    ModelConfig config = smallConfig(true, 2);
    config.vocabSize = vocabulary.size();
    config.context = 16;
    return randomParameters(config, seed, 0.5);
}

} // namespace

class TestHeadRoles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysOfAQuatrainByHand();
    void keysMatchTheReference();
    void aTextWithoutPoemsHasNoLineKeys();
    void aDocumentEndsWhereItsListSays();
    void measuresMatchPlainLoops();
    void inductionKeysByHand();
    void inductionNeedsTheCopyInTheWindow();
    void aProbeIsOneWindow();
    void copyTaskHeadIsFound_data();
    void copyTaskHeadIsFound();
    void maxWindowsTakesTheFirstWindows();
    void theRoleIsTheLargestRatioFromThree();
    void theLeaderHasTheLargestRatio();
    void ablationZeroesTheHeadsOutput();
    void reportAddsUp();
    void knockoutMatrixZeroesTheHead();
    void badInputGivesNothing();
};

void TestHeadRoles::keysOfAQuatrainByHand()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const RoleKeys keys = roleKeys(vocabulary.encode(poems), vocabulary);
    const auto key = [&keys](Role role, long t) { return keys.key[std::size_t(role)][t]; };
    // 床前明月光，疑是地上霜。举头望明月，低头思故乡。\n: 疑 (6) sits under 床 (0), 乡 (22) rhymes
    // with 霜 (10), 头 (13) starts at 举 (12), 疑's latest mark is the ， at 5.
    QCOMPARE(key(Role::PreviousLine, 6), 0L);
    QCOMPARE(key(Role::PreviousLine, 22), 16L);
    QCOMPARE(key(Role::PreviousLine, 11), -1L); // a mark is no row
    QCOMPARE(key(Role::PreviousLine, 3), -1L);  // the first line has none above
    QCOMPARE(key(Role::Rhyme, 22), 10L);
    QCOMPARE(key(Role::Rhyme, 10), -1L); // the first even line has no even line before it
    QCOMPARE(key(Role::LineStart, 13), 12L);
    QCOMPARE(key(Role::LineStart, 12), -1L); // at a line start
    QCOMPARE(key(Role::LastComma, 6), 5L);
    QCOMPARE(key(Role::LastComma, 12), -1L); // its latest mark is a 。
    QCOMPARE(key(Role::PreviousChar, 0), -1L);
    QCOMPARE(key(Role::PreviousChar, 7), 6L);
    // The couplet of seven (from 25): 一 (33) under 两 (25); with two lines, no rhyme pair.
    QCOMPARE(key(Role::PreviousLine, 33), 25L);
    // The eight-line poem: its 8th line's last character rhymes with the 6th's.
    const long eight = long(poems.find(U"国破"));
    QCOMPARE(key(Role::Rhyme, eight + 7 * 6 + 4), eight + 5 * 6 + 4);
    QCOMPARE(key(Role::Rhyme, eight + 6 * 6 + 4), -1L); // an odd line
}

void TestHeadRoles::keysMatchTheReference()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const RoleKeys keys = roleKeys(vocabulary.encode(poems), vocabulary);
    const Keys expected = referenceKeys(poems);
    for (const Role role : textRoles) {
        QCOMPARE(keys.key[std::size_t(role)], expected[std::size_t(role)]);
        // Each role has rows here.
        QVERIFY(std::count_if(expected[std::size_t(role)].begin(),
                              expected[std::size_t(role)].end(),
                              [](long k) { return k >= 0; }) > 0);
    }
}

void TestHeadRoles::aTextWithoutPoemsHasNoLineKeys()
{
    // Unequal lines, a line of six, a poem not ended by its mark: no previous line, no rhyme.
    const std::u32string text = U"春眠不觉晓，处处闻啼鸟鸣。\n一二三四五六，七八九十一二。\n"
                                U"白日依山尽，黄河入海流\n";
    const Vocabulary vocabulary = vocabularyOf(text);
    const RoleKeys keys = roleKeys(vocabulary.encode(text), vocabulary);
    for (const Role role : {Role::PreviousLine, Role::Rhyme})
        for (const long k : keys.key[std::size_t(role)])
            QCOMPARE(k, -1L);
    QCOMPARE(keys.key[std::size_t(Role::LastComma)], referenceKeys(text)[1]);
}

void TestHeadRoles::aDocumentEndsWhereItsListSays()
{
    // A text file's paragraph keeps its line breaks: "…流。\n欲穷…" is one document whose third
    // line starts with the break, so no poem; ended at each `\n` the same text is two couplets.
    const std::u32string text = U"白日依山尽，黄河入海流。\n欲穷千里目，更上一层楼。\n";
    const Vocabulary vocabulary = vocabularyOf(text);
    const std::vector<int> ids = vocabulary.encode(text);
    const RoleKeys one = roleKeys(ids, vocabulary, {long(text.size())});
    for (const Role role : {Role::PreviousLine, Role::Rhyme})
        for (const long k : one.key[std::size_t(role)])
            QCOMPARE(k, -1L);
    const RoleKeys two = roleKeys(ids, vocabulary, {13, long(text.size())});
    QCOMPARE(two.key[std::size_t(Role::PreviousLine)][6], 0L);   // 黄 under 白
    QCOMPARE(two.key[std::size_t(Role::PreviousLine)][19], 13L); // 更 under 欲
    // The two-argument form ends a document at each `\n`: the same as the list {13, 26}; the
    // roles that do not depend on documents are the same either way.
    QCOMPARE(roleKeys(ids, vocabulary).key, two.key);
    for (const Role role : {Role::PreviousChar, Role::LastComma, Role::LineStart})
        QCOMPARE(one.key[std::size_t(role)], two.key[std::size_t(role)]);

    // The corpus's split gives those ends: twelve such paragraphs, the 10th the validation.
    std::vector<std::u32string> documents(12, text);
    const CorpusSplit split = splitCorpus(documents, 4);
    QCOMPARE(split.val, text);
    QCOMPARE(split.valDocumentEnds, (std::vector<long>{long(text.size())}));
}

void TestHeadRoles::measuresMatchPlainLoops()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const std::vector<int> ids = vocabulary.encode(poems);
    const Parameters<float> p = poemModel(vocabulary, 7).cast<float>();
    const auto measured = measureRoles(p, ids, roleKeys(ids, vocabulary));
    QVERIFY(measured.has_value());

    const Keys keys = referenceKeys(poems);
    const long context = p.config.context;
    const long windows = long(ids.size() - 1) / context;
    QVERIFY(windows >= 5);
    for (int l = 0; l < p.config.layers; ++l)
        for (int h = 0; h < p.config.heads; ++h) {
            // Each role's rows: the key of row t of window j (−1: no row), read by hand.
            const auto measure = [&](const std::function<long(long j, long t)> &keyOf) {
                double weight = 0.0, uniform = 0.0;
                long rows = 0;
                for (long j = 0; j < windows; ++j) {
                    const std::vector<int> window(ids.begin() + j * context,
                                                  ids.begin() + (j + 1) * context);
                    const auto w = analyseSequence(p, window)->attention[l][h];
                    for (long t = 0; t < context; ++t) {
                        const long k = keyOf(j, t);
                        if (k < 0)
                            continue;
                        weight += w(t, k);
                        uniform += 1.0 / double(t + 1);
                        ++rows;
                    }
                }
                return RoleMeasure{rows > 0 ? weight / rows : 0.0, rows > 0 ? uniform / rows : 0.0,
                                   rows};
            };
            const auto compare = [](const RoleMeasure &got, const RoleMeasure &expected) {
                QCOMPARE(got.rows, expected.rows);
                VERIFY_NEAR(got.weight, expected.weight, 1e-5);
                VERIFY_NEAR(got.uniform, expected.uniform, 1e-12);
            };
            const HeadRoles &head = (*measured)[l][h];
            for (const Role role : textRoles) {
                // A text role's key counts when it is inside the window (for induction, the
                // earlier copy too: its key is the character after that copy).
                const RoleMeasure expected = measure([&](long j, long t) {
                    const long k = keys[std::size_t(role)][std::size_t(j * context + t)];
                    const long first = role == Role::Induction ? j * context + 1 : j * context;
                    return k >= first ? k - j * context : -1L;
                });
                QVERIFY2(expected.rows > 0, roleName(role));
                compare(head[role], expected);
            }
            for (int k = 0; k <= maxRoleOffset; ++k)
                compare(head.byOffset[std::size_t(k)],
                        measure([k](long, long t) { return t >= k ? t - k : -1L; }));
            compare(head[Role::CurrentChar], head.byOffset[0]);
            compare(head[Role::FirstPosition],
                    measure([](long, long t) { return t >= 1 ? 0L : -1L; }));
            // The fixed offset: of k = 2 … 16 that at least half the rows reach (context 16: k ≤
            // 8), the one with the largest ratio.
            int best = 0;
            for (int k = 2; k <= 8; ++k)
                if (best == 0 || head.byOffset[std::size_t(k)].ratio() >
                                     head.byOffset[std::size_t(best)].ratio())
                    best = k;
            QCOMPARE(head.fixedOffset, best);
            compare(head[Role::FixedOffset], head.byOffset[std::size_t(best)]);
        }
}

void TestHeadRoles::inductionKeysByHand()
{
    // 春山春山: the second 春 (2) follows the first (0): key 1, the 山 after it; the second 山 (3)
    // follows the first (1): key 2. 月月: the copy at t − 1 is no row. 花 three times: the
    // latest copy counts.
    const std::u32string text = U"春山春山月月花水花云花";
    const Vocabulary vocabulary = vocabularyOf(text);
    const RoleKeys keys = roleKeys(vocabulary.encode(text), vocabulary);
    const auto key = [&keys](long t) { return keys[Role::Induction][std::size_t(t)]; };
    QCOMPARE(key(0), -1L); // no earlier copy
    QCOMPARE(key(1), -1L);
    QCOMPARE(key(2), 1L);
    QCOMPARE(key(3), 2L);
    QCOMPARE(key(4), -1L);
    QCOMPARE(key(5), -1L); // the earlier copy is t − 1
    QCOMPARE(key(8), 7L);  // 花 (6) … 花 (8): after 6
    QCOMPARE(key(10), 9L); // the latest of 6 and 8: after 8
    QCOMPARE(keys[Role::Induction], referenceKeys(text)[std::size_t(Role::Induction)]);
}

void TestHeadRoles::inductionNeedsTheCopyInTheWindow()
{
    // Context 4: windows 春山月花 | 春水山云 | …: the second 春 (4) has its earlier copy (0) in the
    // window before, so it is no row; 山 (6) neither (its copy, 1, is in the first window).
    const std::u32string text = U"春山月花春水山云水花雪雪";
    const Vocabulary vocabulary = vocabularyOf(text);
    const std::vector<int> ids = vocabulary.encode(text);
    ModelConfig config = smallConfig(false, 2);
    config.vocabSize = vocabulary.size();
    config.context = 4;
    const Parameters<float> p = randomParameters(config, 17, 0.5).cast<float>();
    const RoleKeys keys = roleKeys(ids, vocabulary);
    QCOMPARE(keys[Role::Induction][4], 1L); // the text's key, before the window
    QCOMPARE(keys[Role::Induction][8], 6L); // 水 (5) … 水 (8): key 6, in the window before
    const auto roles = measureRoles(p, ids, keys);
    QVERIFY(roles);
    // Only the rows with the copy inside: none in windows 0 and 1; in window 2 (水花雪雪) the
    // second 雪 has its copy at t − 1 and 水's copy is outside: no row at all.
    QCOMPARE((*roles)[1][0][Role::Induction].rows, 0L);
    // On one window of the whole text (a longer context) the rows are there.
    config.context = 16;
    const Parameters<float> wide = randomParameters(config, 17, 0.5).cast<float>();
    const auto whole = measureRoles(wide, ids, keys);
    QVERIFY(whole);
    QCOMPARE((*whole)[1][0][Role::Induction].rows, 4L); // 春 (4), 山 (6), 水 (8), 花 (9)
}

void TestHeadRoles::aProbeIsOneWindow()
{
    // A text of at most a context is one window of all of it: its roles are those of the
    // analysis of that text, and rolesOfWindow gives the same from the weights alone.
    const std::u32string text = U"春山花月风云春山花月风云";
    const Vocabulary vocabulary = vocabularyOf(poems + text);
    const std::vector<int> ids = vocabulary.encode(text);
    const Parameters<float> p = poemModel(vocabulary, 23).cast<float>();
    const RoleKeys keys = roleKeys(ids, vocabulary);
    const auto measured = measureRoles(p, ids, keys);
    QVERIFY(measured);
    const auto fromWeights = rolesOfWindow(analyseSequence(p, ids)->attention, keys);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h)
            for (const Role role : allRoles) {
                QCOMPARE((*measured)[l][h][role].rows, fromWeights[l][h][role].rows);
                VERIFY_NEAR((*measured)[l][h][role].weight, fromWeights[l][h][role].weight, 1e-6);
            }
    QCOMPARE((*measured)[0][0][Role::Induction].rows, 6L); // the second copy: 春 … 云
}

void TestHeadRoles::maxWindowsTakesTheFirstWindows()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const std::vector<int> ids = vocabulary.encode(poems);
    const Parameters<float> p = poemModel(vocabulary, 3).cast<float>();
    const RoleKeys keys = roleKeys(ids, vocabulary);
    const auto two = measureRoles(p, ids, keys, 2);
    const std::vector<int> first(ids.begin(), ids.begin() + 2 * p.config.context + 1);
    const auto firstTwo = measureRoles(p, first, keys); // the keys of the whole text
    QVERIFY(two && firstTwo);
    for (const Role role : textRoles) {
        QCOMPARE((*two)[1][1][role].rows, (*firstTwo)[1][1][role].rows);
        VERIFY_NEAR((*two)[1][1][role].weight, (*firstTwo)[1][1][role].weight, 1e-12);
    }
}

void TestHeadRoles::theRoleIsTheLargestRatioFromThree()
{
    HeadRoles roles;
    const auto set = [&roles](Role role, double weight, double uniform, long rows = 10) {
        roles.measures[std::size_t(role)] = {weight, uniform, rows};
    };
    QVERIFY(!roles.named().has_value()); // no rows at all
    QVERIFY(roles.broad());
    set(Role::PreviousChar, 0.29, 0.1);
    QVERIFY(!roles.named().has_value()); // 2.9× names nothing
    QVERIFY(!roles.broad());             // but it is above 2×
    QCOMPARE(roles.closest(), Role::PreviousChar);
    set(Role::PreviousChar, 0.29996, 0.1);
    QCOMPARE(roles.named(), std::optional(Role::PreviousChar)); // shown as 3.0×: it does
    set(Role::Induction, 0.2, 0.05);
    QCOMPARE(roles.named(), std::optional(Role::Induction)); // 4× beats 3×
    set(Role::FirstPosition, 0.9, 0.1, 4);
    QCOMPARE(roles.named(), std::optional(Role::Induction)); // 9× over 4 rows does not count
    set(Role::FirstPosition, 0.2, 0.05, 5);
    QCOMPARE(roles.named(), std::optional(Role::Induction)); // a tie: the first in the list
    set(Role::FixedOffset, 0.6, 0.1);
    QCOMPARE(roles.named(), std::optional(Role::FixedOffset));
    set(Role::PreviousChar, 0.15, 0.1);
    set(Role::Induction, 0.095, 0.05);
    set(Role::FirstPosition, 0.1, 0.1);
    set(Role::FixedOffset, 0.18, 0.1);
    QVERIFY(roles.broad()); // 1.9× at most
    QVERIFY(!roles.named());
    QCOMPARE(roles.closest(), Role::Induction);
    set(Role::Induction, 0.09996, 0.05); // shown as 2.0×: no longer broad
    QVERIFY(!roles.broad());
    QCOMPARE(QString::fromLatin1(roleName(Role::Induction)), QStringLiteral("induction"));
    QCOMPARE(QString::fromLatin1(roleName(Role::PreviousLine)), QStringLiteral("previous_line"));
    QCOMPARE(RoleMeasure{}.ratio(), 0.0); // no rows
}

void TestHeadRoles::theLeaderHasTheLargestRatio()
{
    // Two layers of two heads; the uniform figure 0.1 on every row, the weights set by hand.
    std::vector<std::vector<HeadRoles>> roles(2, std::vector<HeadRoles>(2));
    const auto set = [&roles](int l, int h, double weight) {
        roles[std::size_t(l)][std::size_t(h)].measures[std::size_t(Role::Induction)] = {weight, 0.1,
                                                                                        10};
    };
    QCOMPARE(roleLeader(roles, Role::Induction).head, HeadIndex(-1, -1)); // no rows
    set(0, 0, 0.9);
    set(0, 1, 0.144);
    set(1, 0, 0.5);
    set(1, 1, 0.5); // a tie: the first in layer, then head order leads
    RoleLeader leader = roleLeader(roles, Role::Induction);
    QCOMPARE(leader.head, HeadIndex(0, 0));
    VERIFY_NEAR(leader.ratio, 9.0, 1e-12);
    leader = roleLeader(roles, Role::Induction, 1); // from layer 2
    QCOMPARE(leader.head, HeadIndex(1, 0));
    VERIFY_NEAR(leader.ratio, 5.0, 1e-12);
    QCOMPARE(roleLeader(roles, Role::Induction, 2).head, HeadIndex(-1, -1)); // no such layer
    // Another role's measures are not this one's.
    QCOMPARE(roleLeader(roles, Role::Rhyme).head, HeadIndex(-1, -1));
}

void TestHeadRoles::copyTaskHeadIsFound_data()
{
    // Row t predicts id t + 1, which repeats id t + 1 − lag: the head looks lag − 1 back. With
    // lag 2 that key is also the character after the earlier copy of id t (two back) on most
    // rows, and induction's rows leave out a window's first positions, whose uniform weight is
    // large: the same head reads as induction, at a slightly larger ratio.
    QTest::addColumn<int>("lag");
    QTest::addColumn<Role>("role");
    QTest::newRow("lag 2: the character after the earlier copy") << 2 << Role::Induction;
    QTest::newRow("lag 4: 3 places back") << 4 << Role::FixedOffset;
}

void TestHeadRoles::copyTaskHeadIsFound()
{
    QFETCH(int, lag);
    QFETCH(Role, role);
    setThreadCount(1);
    const auto text = [lag](int documents, std::uint64_t seed) {
        CopyTaskOptions options;
        options.documents = documents;
        options.length = 24;
        options.lag = lag;
        options.alphabet = 8;
        options.seed = seed;
        std::u32string all;
        for (const auto &document : copyTaskDocuments(options))
            all += document;
        return all;
    };
    const Vocabulary vocabulary = Vocabulary::fromTraining(text(200, 260));
    ModelConfig config;
    config.vocabSize = vocabulary.size();
    config.context = 16;
    config.dModel = 16;
    config.heads = 2;
    config.mlp = false;
    TrainingSettings settings;
    settings.batch = 16;
    settings.steps = 400;
    settings.warmup = 20;
    settings.learningRate = 1e-2;
    settings.weightDecay = 0.01;
    settings.seed = 261;
    Trainer trainer(config, settings, vocabulary.encode(text(200, 260)));
    while (trainer.stepsDone() < settings.steps)
        trainer.step();
    const std::vector<int> probe = vocabulary.encode(text(20, 262));
    const auto roles = measureRoles(trainer.parameters(), probe, roleKeys(probe, vocabulary));
    QVERIFY(roles);
    QStringList found;
    bool seen = false;
    for (const auto &layer : *roles)
        for (const HeadRoles &head : layer) {
            const auto named = head.named();
            found << QStringLiteral("%1 (offset %2, %3×)")
                         .arg(QLatin1String(named ? roleName(*named) : "none"))
                         .arg(head.fixedOffset)
                         .arg(named ? head[*named].ratio() : 0.0, 0, 'f', 1);
            seen = seen ||
                   (named == role && (role != Role::FixedOffset || head.fixedOffset == lag - 1));
        }
    qInfo("lag %d: %s", lag, qPrintable(found.join(QStringLiteral(", "))));
    QVERIFY2(seen, qPrintable(found.join(QStringLiteral(", "))));
}

void TestHeadRoles::ablationZeroesTheHeadsOutput()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const std::vector<int> ids = vocabulary.encode(poems);
    const Parameters<float> p = poemModel(vocabulary, 11).cast<float>();
    const long context = p.config.context;
    const long windows = long(ids.size() - 1) / context;
    for (const std::vector<HeadIndex> &off :
         {std::vector<HeadIndex>{{0, 1}}, std::vector<HeadIndex>{{1, 0}, {0, 0}}}) {
        // The loss over the validation windows, the heads' outputs zeroed inside the forward
        // pass of tinyreference.h, against the float model with w_o's rows zeroed.
        double expected = 0.0, intact = 0.0;
        for (long j = 0; j < windows; ++j) {
            const std::vector<int> window(ids.begin() + j * context,
                                          ids.begin() + (j + 1) * context);
            const ReferenceResult r = referenceForward(p.cast<double>(), window, off);
            const ReferenceResult all = referenceForward(p.cast<double>(), window);
            for (long t = 0; t < context; ++t) {
                const int target = ids[std::size_t(j * context + t + 1)];
                for (const auto &[result, sum] : {std::pair{&r, &expected}, {&all, &intact}}) {
                    const auto row = result->logits.row(t);
                    const double top = row.maxCoeff();
                    *sum -= row(target) - top - std::log((row.array() - top).exp().sum());
                }
            }
        }
        expected /= double(windows * context);
        intact /= double(windows * context);
        const auto ablated = evaluate(withHeadsOff(p, off), ids, punctuationIds(vocabulary), 4);
        QVERIFY(ablated.has_value());
        VERIFY_NEAR(ablated->valLoss, expected, 1e-5);
        QVERIFY(std::abs(expected - intact) > 1e-3); // switching the head off changed something
    }
    // Heads outside the model change nothing.
    const Parameters<float> same = withHeadsOff(p, {{2, 0}, {0, 2}, {-1, 0}});
    QVERIFY(same.blocks[0].wO == p.blocks[0].wO && same.blocks[1].wO == p.blocks[1].wO);
    QVERIFY(!validHead(p.config, {0, 2}) && validHead(p.config, {1, 1}));
}

void TestHeadRoles::reportAddsUp()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const std::vector<int> ids = vocabulary.encode(poems);
    const Parameters<float> p = poemModel(vocabulary, 5).cast<float>();
    std::vector<int> steps;
    const std::vector<long> ends = newlineEnds(ids, vocabulary);
    const auto report =
        headsReport(p, ids, ends, vocabulary, {0, false, [&steps](int done, int total) {
                                                   steps.push_back(done);
                                                   return total == 2 + 2 * 2;
                                               }});
    QVERIFY(report.has_value());
    QCOMPARE(steps, (std::vector<int>{1, 2, 3, 4, 5, 6}));
    const std::vector<int> marks = punctuationIds(vocabulary);
    QCOMPARE(report->valLoss, evaluate(p, ids, marks, 32)->valLoss);
    const auto roles = measureRoles(p, ids, roleKeys(ids, vocabulary));
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            QCOMPARE(report->knockouts[l][h].valLossIncrease,
                     evaluate(withHeadsOff(p, {{l, h}}), ids, marks, 32)->valLoss -
                         report->valLoss);
            QVERIFY(report->knockouts[l][h].inductionAfter.empty()); // not asked for
            QCOMPARE(report->roles[l][h][Role::LineStart].weight,
                     (*roles)[l][h][Role::LineStart].weight);
        }
    // A progress that says stop stops the report.
    QVERIFY(
        !headsReport(p, ids, ends, vocabulary, {0, false, [](int done, int) { return done < 3; }}));
}

void TestHeadRoles::knockoutMatrixZeroesTheHead()
{
    // The knock-out figures against forward passes of a model whose head is silenced another
    // way: its values are zero (w_v's columns of that head), so its output weights · v is zero
    // whatever it attends to, as w_o's zeroed rows make it in withHeadsOff.
    const Vocabulary vocabulary = vocabularyOf(poems);
    const std::vector<int> ids = vocabulary.encode(poems);
    const Parameters<float> p = poemModel(vocabulary, 5).cast<float>();
    const std::vector<long> ends = newlineEnds(ids, vocabulary);
    int total = 0;
    const auto report = headsReport(p, ids, ends, vocabulary, {0, true, [&total](int, int all) {
                                                                   total = all;
                                                                   return true;
                                                               }});
    QVERIFY(report.has_value());
    QCOMPARE(total, 2 + 2 * 2 + 2); // a roles pass more for each head of layer 1
    const std::vector<int> marks = punctuationIds(vocabulary);
    const RoleKeys keys = roleKeys(ids, vocabulary, ends);
    const auto score = [&](const Parameters<float> &model) {
        return inContextLearningScore(evaluate(model, ids, marks, 32)->positionLosses);
    };
    const double allOn = score(p);
    VERIFY_NEAR(report->iclScore, allOn, 1e-12);
    const int dHead = p.config.dModel / p.config.heads;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            Parameters<float> silenced = p;
            silenced.blocks[std::size_t(l)].wV.middleCols(Index(h) * dHead, dHead).setZero();
            const HeadKnockout &knockout = report->knockouts[l][h];
            VERIFY_NEAR(knockout.iclScoreChange, score(silenced) - allOn, 1e-5);
            VERIFY_NEAR(knockout.valLossIncrease,
                        evaluate(silenced, ids, marks, 32)->valLoss - report->valLoss, 1e-5);
            if (l == 1) {
                QVERIFY(knockout.inductionAfter.empty()); // no next layer
                continue;
            }
            const auto after = measureRoles(silenced, ids, keys);
            QCOMPARE(knockout.inductionAfter.size(), std::size_t(2));
            for (int next = 0; next < 2; ++next)
                VERIFY_NEAR(knockout.inductionAfter[std::size_t(next)],
                            (*after)[1][std::size_t(next)][Role::Induction].ratio(), 1e-5);
        }
    // Silencing a layer-1 head moves the layer-2 heads' induction ratios: the matrix is not
    // the every-head-on column repeated.
    bool moved = false;
    for (int h = 0; h < 2; ++h)
        for (int next = 0; next < 2; ++next)
            moved = moved ||
                    std::abs(report->knockouts[0][h].inductionAfter[std::size_t(next)] -
                             report->roles[1][std::size_t(next)][Role::Induction].ratio()) > 1e-3;
    QVERIFY(moved);
}

void TestHeadRoles::badInputGivesNothing()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const Parameters<float> p = poemModel(vocabulary, 5).cast<float>();
    const std::vector<int> shortText(std::size_t(p.config.context), 1);   // no validation window
    QVERIFY(measureRoles(p, shortText, roleKeys(shortText, vocabulary))); // a probe: one window
    QVERIFY(!measureRoles(p, {}, roleKeys({}, vocabulary)));
    QVERIFY(!measureRoles(p, shortText, RoleKeys{})); // keys shorter than the text
    std::vector<int> outOfRange = vocabulary.encode(poems);
    outOfRange[3] = vocabulary.size();
    QVERIFY(!measureRoles(p, outOfRange, roleKeys(vocabulary.encode(poems), vocabulary)));
    QVERIFY(roleKeys(outOfRange, vocabulary).key[0].empty());
    QVERIFY(!headsReport(p, shortText, {}, vocabulary));
}

QTEST_GUILESS_MAIN(TestHeadRoles)
#include "tst_headroles.moc"
