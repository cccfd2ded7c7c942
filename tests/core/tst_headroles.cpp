// Tests of core/tiny/headroles: the keys each role designates on hand-made poems (a few checked by
// hand, all against a reference that reads the characters themselves), each head's measures
// against plain loops over the attention of analyseSequence window by window, the rule that names
// a role, and ablation against the plain-loop forward pass with the head's output zeroed by hand.

#include "tiny/corpus.h"
#include "tiny/headroles.h"
#include "tiny/inference.h"
#include "tiny/trainer.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QtTest>
#include <array>
#include <cmath>

using namespace attention::tiny;
using namespace tinytest;

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
    auto &previousChar = keys[std::size_t(TextRole::PreviousChar)];
    auto &lastComma = keys[std::size_t(TextRole::LastComma)];
    auto &lineStart = keys[std::size_t(TextRole::LineStart)];
    auto &previousLine = keys[std::size_t(TextRole::PreviousLine)];
    auto &rhyme = keys[std::size_t(TextRole::Rhyme)];
    for (long t = 0; t < n; ++t) {
        if (t >= 1)
            previousChar[std::size_t(t)] = t - 1;
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
    void maxWindowsTakesTheFirstWindows();
    void theRoleIsTheLargestRatioFromThree();
    void theLeaderHasTheLargestRatio();
    void ablationZeroesTheHeadsOutput();
    void reportAddsUp();
    void badInputGivesNothing();
};

void TestHeadRoles::keysOfAQuatrainByHand()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const RoleKeys keys = roleKeys(vocabulary.encode(poems), vocabulary);
    const auto key = [&keys](TextRole role, long t) { return keys.key[std::size_t(role)][t]; };
    // 床前明月光，疑是地上霜。举头望明月，低头思故乡。\n: 疑 (6) sits under 床 (0), 乡 (22) rhymes
    // with 霜 (10), 头 (13) starts at 举 (12), 疑's latest mark is the ， at 5.
    QCOMPARE(key(TextRole::PreviousLine, 6), 0L);
    QCOMPARE(key(TextRole::PreviousLine, 22), 16L);
    QCOMPARE(key(TextRole::PreviousLine, 11), -1L); // a mark is no row
    QCOMPARE(key(TextRole::PreviousLine, 3), -1L);  // the first line has none above
    QCOMPARE(key(TextRole::Rhyme, 22), 10L);
    QCOMPARE(key(TextRole::Rhyme, 10), -1L); // the first even line has no even line before it
    QCOMPARE(key(TextRole::LineStart, 13), 12L);
    QCOMPARE(key(TextRole::LineStart, 12), -1L); // at a line start
    QCOMPARE(key(TextRole::LastComma, 6), 5L);
    QCOMPARE(key(TextRole::LastComma, 12), -1L); // its latest mark is a 。
    QCOMPARE(key(TextRole::PreviousChar, 0), -1L);
    QCOMPARE(key(TextRole::PreviousChar, 7), 6L);
    // The couplet of seven (from 25): 一 (33) under 两 (25); with two lines, no rhyme pair.
    QCOMPARE(key(TextRole::PreviousLine, 33), 25L);
    // The eight-line poem: its 8th line's last character rhymes with the 6th's.
    const long eight = long(poems.find(U"国破"));
    QCOMPARE(key(TextRole::Rhyme, eight + 7 * 6 + 4), eight + 5 * 6 + 4);
    QCOMPARE(key(TextRole::Rhyme, eight + 6 * 6 + 4), -1L); // an odd line
}

void TestHeadRoles::keysMatchTheReference()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const RoleKeys keys = roleKeys(vocabulary.encode(poems), vocabulary);
    const Keys expected = referenceKeys(poems);
    for (const TextRole role : textRoles) {
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
    for (const TextRole role : {TextRole::PreviousLine, TextRole::Rhyme})
        for (const long k : keys.key[std::size_t(role)])
            QCOMPARE(k, -1L);
    QCOMPARE(keys.key[std::size_t(TextRole::LastComma)], referenceKeys(text)[1]);
}

void TestHeadRoles::aDocumentEndsWhereItsListSays()
{
    // A text file's paragraph keeps its line breaks: "…流。\n欲穷…" is one document whose third
    // line starts with the break, so no poem; ended at each `\n` the same text is two couplets.
    const std::u32string text = U"白日依山尽，黄河入海流。\n欲穷千里目，更上一层楼。\n";
    const Vocabulary vocabulary = vocabularyOf(text);
    const std::vector<int> ids = vocabulary.encode(text);
    const RoleKeys one = roleKeys(ids, vocabulary, {long(text.size())});
    for (const TextRole role : {TextRole::PreviousLine, TextRole::Rhyme})
        for (const long k : one.key[std::size_t(role)])
            QCOMPARE(k, -1L);
    const RoleKeys two = roleKeys(ids, vocabulary, {13, long(text.size())});
    QCOMPARE(two.key[std::size_t(TextRole::PreviousLine)][6], 0L);   // 黄 under 白
    QCOMPARE(two.key[std::size_t(TextRole::PreviousLine)][19], 13L); // 更 under 欲
    // The two-argument form ends a document at each `\n`: the same as the list {13, 26}; the
    // roles that do not depend on documents are the same either way.
    QCOMPARE(roleKeys(ids, vocabulary).key, two.key);
    for (const TextRole role : {TextRole::PreviousChar, TextRole::LastComma, TextRole::LineStart})
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
        for (int h = 0; h < p.config.heads; ++h)
            for (const TextRole role : textRoles) {
                double weight = 0.0, uniform = 0.0;
                long rows = 0;
                for (long j = 0; j < windows; ++j) {
                    const std::vector<int> window(ids.begin() + j * context,
                                                  ids.begin() + (j + 1) * context);
                    const auto w = analyseSequence(p, window)->attention[l][h];
                    for (long t = 0; t < context; ++t) {
                        const long k = keys[std::size_t(role)][std::size_t(j * context + t)];
                        if (k < j * context)
                            continue;
                        weight += w(t, k - j * context);
                        uniform += 1.0 / double(t + 1);
                        ++rows;
                    }
                }
                const RoleMeasure &m = (*measured)[l][h][role];
                QCOMPARE(m.rows, rows);
                QVERIFY(rows > 0);
                VERIFY_NEAR(m.weight, weight / double(rows), 1e-5);
                VERIFY_NEAR(m.uniform, uniform / double(rows), 1e-12);
                VERIFY_NEAR(m.ratio(), weight / uniform, 1e-4);
            }
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
    for (const TextRole role : textRoles) {
        QCOMPARE((*two)[1][1][role].rows, (*firstTwo)[1][1][role].rows);
        VERIFY_NEAR((*two)[1][1][role].weight, (*firstTwo)[1][1][role].weight, 1e-12);
    }
}

void TestHeadRoles::theRoleIsTheLargestRatioFromThree()
{
    HeadRoles roles;
    const auto set = [&roles](TextRole role, double weight, double uniform) {
        roles.measures[std::size_t(role)] = {weight, uniform, 10};
    };
    set(TextRole::PreviousChar, 0.29, 0.1);
    QVERIFY(!roles.named().has_value()); // 2.9× names nothing
    set(TextRole::PreviousChar, 0.3, 0.1);
    QCOMPARE(roles.named(), std::optional(TextRole::PreviousChar)); // 3.0× does
    set(TextRole::PreviousLine, 0.2, 0.05);
    QCOMPARE(roles.named(), std::optional(TextRole::PreviousLine)); // 4× beats 3×
    QCOMPARE(QString::fromLatin1(textRoleName(TextRole::PreviousLine)),
             QStringLiteral("previous_line"));
    QCOMPARE(RoleMeasure{}.ratio(), 0.0); // no rows
}

void TestHeadRoles::theLeaderHasTheLargestRatio()
{
    // Two layers of two heads; the uniform figure 0.1 on every row, the weights set by hand.
    std::vector<std::vector<HeadRoles>> roles(2, std::vector<HeadRoles>(2));
    const auto set = [&roles](int l, int h, double weight) {
        roles[std::size_t(l)][std::size_t(h)].measures[std::size_t(TextRole::PreviousLine)] = {
            weight, 0.1, 10};
    };
    QCOMPARE(roleLeader(roles, TextRole::PreviousLine).head, HeadIndex(-1, -1)); // no rows
    QVERIFY(!roleLeader(roles, TextRole::PreviousLine).reads());
    set(0, 0, 0.12);
    set(0, 1, 0.144);
    set(1, 0, 0.09);
    set(1, 1, 0.144); // a tie: the first in layer, then head order leads
    RoleLeader leader = roleLeader(roles, TextRole::PreviousLine);
    QCOMPARE(leader.head, HeadIndex(0, 1));
    VERIFY_NEAR(leader.ratio, 1.44, 1e-12);
    QVERIFY(!leader.reads()); // 1.4× as shown
    set(1, 0, 0.1496);        // 1.496× is shown as 1.5×: it reads the line above
    leader = roleLeader(roles, TextRole::PreviousLine);
    QCOMPARE(leader.head, HeadIndex(1, 0));
    QVERIFY(leader.reads());
    // Another role's measures are not this one's.
    QCOMPARE(roleLeader(roles, TextRole::Rhyme).head, HeadIndex(-1, -1));
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
    const auto report = headsReport(p, ids, ends, vocabulary, 0, [&steps](int done, int total) {
        steps.push_back(done);
        return total == 2 + 2 * 2;
    });
    QVERIFY(report.has_value());
    QCOMPARE(steps, (std::vector<int>{1, 2, 3, 4, 5, 6}));
    const std::vector<int> marks = punctuationIds(vocabulary);
    QCOMPARE(report->valLoss, evaluate(p, ids, marks, 32)->valLoss);
    const auto roles = measureRoles(p, ids, roleKeys(ids, vocabulary));
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            QCOMPARE(report->ablationIncrease[l][h],
                     evaluate(withHeadsOff(p, {{l, h}}), ids, marks, 32)->valLoss -
                         report->valLoss);
            QCOMPARE(report->roles[l][h][TextRole::LineStart].weight,
                     (*roles)[l][h][TextRole::LineStart].weight);
        }
    // A progress that says stop stops the report.
    QVERIFY(!headsReport(p, ids, ends, vocabulary, 0, [](int done, int) { return done < 3; }));
}

void TestHeadRoles::badInputGivesNothing()
{
    const Vocabulary vocabulary = vocabularyOf(poems);
    const Parameters<float> p = poemModel(vocabulary, 5).cast<float>();
    const std::vector<int> shortText(std::size_t(p.config.context), 1); // no whole window
    QVERIFY(!measureRoles(p, shortText, roleKeys(shortText, vocabulary)));
    std::vector<int> outOfRange = vocabulary.encode(poems);
    outOfRange[3] = vocabulary.size();
    QVERIFY(!measureRoles(p, outOfRange, roleKeys(vocabulary.encode(poems), vocabulary)));
    QVERIFY(roleKeys(outOfRange, vocabulary).key[0].empty());
    QVERIFY(!headsReport(p, shortText, {}, vocabulary));
}

QTEST_GUILESS_MAIN(TestHeadRoles)
#include "tst_headroles.moc"
