// Tests of the tiny model's corpus: UTF-8 decoding, fortune entries and paragraphs cut into
// documents, the split, the vocabulary, the ids, the unigram baseline and the refusals, on small
// texts made here; then the real tang300 against the figures of docs/tiny-model.md.
//
// Expected values are written out by hand or computed here in a different way (counting
// characters instead of ids), never taken from the code under test.

#include "tiny/corpus.h"
#include "verifynear.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <string>

using namespace attention::tiny;

Q_DECLARE_METATYPE(std::u32string)
Q_DECLARE_METATYPE(std::vector<std::u32string>)

namespace {

/// The test's own UTF-8 → UTF-32 for valid text, through QString.
std::u32string u32(const char *utf8)
{
    const QList<uint> ucs4 = QString::fromUtf8(utf8).toUcs4();
    return std::u32string(ucs4.begin(), ucs4.end());
}

std::vector<std::u32string> docs(std::initializer_list<const char *> list)
{
    std::vector<std::u32string> out;
    for (const char *text : list)
        out.push_back(u32(text));
    return out;
}

QString show(const std::u32string &text)
{
    QString out = QString::fromUcs4(text.data(), static_cast<qsizetype>(text.size()));
    out.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return out;
}

QString show(const std::vector<std::u32string> &list)
{
    QStringList parts;
    for (const std::u32string &text : list)
        parts.append(QLatin1Char('"') + show(text) + QLatin1Char('"'));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

CorpusSource fileSource(const std::string &path, CorpusFormat format)
{
    return {path, path, format, false};
}

bool writeBytes(const QString &fileName, const std::string &bytes)
{
    std::ofstream file(fileName.toStdString(), std::ios::binary);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return bool(file);
}

} // namespace

class TestCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decode_data();
    void decode();
    void encodeRoundTrip();

    void fortune_data();
    void fortune();
    void paragraphs_data();
    void paragraphs();

    void splitByDocument();
    void splitFewDocuments_data();
    void splitFewDocuments();

    void vocabulary();
    void vocabularyValidity();
    void punctuation();
    void unigramBaseline();

    void refusals_data();
    void refusals();
    void fileRefusals();
    void copyTask();
    void repeatTask();

    void tang300();
    void song100();
};

void TestCorpus::decode_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<std::u32string>("expected");
    QTest::addColumn<qint64>("invalidAt"); ///< -1: valid

    QTest::newRow("empty") << QByteArray() << std::u32string() << qint64(-1);
    QTest::newRow("ascii") << QByteArray("a%\n") << std::u32string(U"a%\n") << qint64(-1);
    QTest::newRow("two bytes é") << QByteArray("\xC3\xA9") << std::u32string(U"\u00E9")
                                 << qint64(-1);
    QTest::newRow("three bytes 床")
        << QByteArray("\xE5\xBA\x8A") << std::u32string(U"\u5E8A") << qint64(-1);
    QTest::newRow("four bytes U+1F600")
        << QByteArray("x\xF0\x9F\x98\x80") << std::u32string(U"x\U0001F600") << qint64(-1);
    QTest::newRow("largest U+10FFFF")
        << QByteArray("\xF4\x8F\xBF\xBF") << std::u32string(U"\U0010FFFF") << qint64(-1);
    QTest::newRow("Latin-1 é at 3") << QByteArray("abc\xE9t") << std::u32string() << qint64(3);
    QTest::newRow("lone continuation at 0") << QByteArray("\x80") << std::u32string() << qint64(0);
    QTest::newRow("truncated at the end")
        << QByteArray("\xE5\xBA\x8A\xE5\xBA") << std::u32string() << qint64(3);
    QTest::newRow("overlong slash") << QByteArray("ab\xC0\xAF") << std::u32string() << qint64(2);
    QTest::newRow("overlong three bytes")
        << QByteArray("\xE0\x80\xAF") << std::u32string() << qint64(0);
    QTest::newRow("surrogate D800") << QByteArray("a\xED\xA0\x80") << std::u32string() << qint64(1);
    QTest::newRow("above U+10FFFF")
        << QByteArray("\xF4\x90\x80\x80") << std::u32string() << qint64(0);
    QTest::newRow("F5 lead") << QByteArray("\xF5\x80\x80\x80") << std::u32string() << qint64(0);
    QTest::newRow("ASCII in a sequence") << QByteArray("\xE5"
                                                       "a\x8A")
                                         << std::u32string() << qint64(0);
}

void TestCorpus::decode()
{
    QFETCH(QByteArray, bytes);
    QFETCH(std::u32string, expected);
    QFETCH(qint64, invalidAt);
    const Utf8Result result = decodeUtf8(std::string_view(bytes.constData(), bytes.size()));
    if (invalidAt < 0) {
        QVERIFY(!result.invalidAt.has_value());
        QCOMPARE(show(result.text), show(expected));
    } else {
        QVERIFY(result.invalidAt.has_value());
        QCOMPARE(qint64(*result.invalidAt), invalidAt);
    }
}

void TestCorpus::encodeRoundTrip()
{
    const std::u32string text = U"a\u00E9\u5E8A\U0001F600\U0010FFFF\n";
    const std::string utf8 = encodeUtf8(text);
    QCOMPARE(QByteArray::fromStdString(utf8),
             QString::fromUcs4(text.data(), qsizetype(text.size())).toUtf8());
    QCOMPARE(show(decodeUtf8(utf8).text), show(text));
}

void TestCorpus::fortune_data()
{
    QTest::addColumn<std::u32string>("text");
    QTest::addColumn<std::vector<std::u32string>>("expected");

    QTest::newRow("colour codes and final %")
        << u32("\x1b[32m《静夜思》\x1b[m\n\x1b[33m作者：李白\x1b[m\n床前明月光，\n疑是地上霜。\n%"
               "\n")
        << docs({"床前明月光，疑是地上霜。\n"});
    QTest::newRow("two entries, no final %")
        << u32("《一》\n作者：甲\n春眠不觉晓，\n%\n《二》\n作者：乙\n处处闻啼鸟。")
        << docs({"春眠不觉晓，\n", "处处闻啼鸟。\n"});
    QTest::newRow("empty entries are no documents")
        << u32("%\n《一》\n作者：甲\n%\n%\n《二》\n作者：乙\n白日依山尽\n%\n%\n")
        << docs({"白日依山尽\n"});
    QTest::newRow("CRLF") << u32("《一》\r\n作者：甲\r\n床前\r\n明月光\r\n%\r\n")
                          << docs({"床前明月光\n"});
    QTest::newRow("white space at the ends of lines dropped")
        << u32("《一》\n作者：甲\n  床前 \n\t\n\u3000明月光\n  \n%\n") << docs({"床前明月光\n"});
    QTest::newRow("colour code inside the text")
        << u32("t\na\n床\x1b[1;31m前\x1b[0m明\n%\n") << docs({"床前明\n"});
    QTest::newRow("escape that is no colour code is kept")
        << u32("t\na\nx\x1b[3\n%\n") << docs({"x\x1b[3\n"});
    QTest::newRow("% with white space around it separates")
        << u32("t\na\nb\n % \nt\na\nc\n%    \nt\na\nd\n\t%\n") << docs({"b\n", "c\n", "d\n"});
    QTest::newRow("% inside a line is text") << u32("t\na\nb%\n%c\n%\n") << docs({"b%%c\n"});
}

void TestCorpus::fortune()
{
    QFETCH(std::u32string, text);
    QFETCH(std::vector<std::u32string>, expected);
    QCOMPARE(show(fortuneDocuments(text)), show(expected));
}

void TestCorpus::paragraphs_data()
{
    QTest::addColumn<std::u32string>("text");
    QTest::addColumn<std::vector<std::u32string>>("expected");

    QTest::newRow("one character") << u32("x") << docs({"x\n"});
    QTest::newRow("one line with its end") << u32("床前明月光\n") << docs({"床前明月光\n"});
    QTest::newRow("lines of a paragraph keep their breaks")
        << u32("a\nb\n\nc\n") << docs({"a\nb\n", "c\n"});
    QTest::newRow("CRLF and CR") << u32("a\r\nb\r\n\r\nc\rd\r\re")
                                 << docs({"a\nb\n", "c\nd\n", "e\n"});
    QTest::newRow("white-space-only separators")
        << u32("\n \n a \n\t\n\u3000\n\nb\n   \n") << docs({" a \n", "b\n"});
    QTest::newRow("only white space") << u32(" \n\t\n") << docs({});
    QTest::newRow("empty") << u32("") << docs({});
}

void TestCorpus::paragraphs()
{
    QFETCH(std::u32string, text);
    QFETCH(std::vector<std::u32string>, expected);
    QCOMPARE(show(paragraphDocuments(text)), show(expected));
}

void TestCorpus::splitByDocument()
{
    // 21 documents "0\n" … "20\n": 9 and 19 go to validation.
    std::vector<std::u32string> documents;
    std::u32string train;
    for (int i = 0; i < 21; ++i) {
        const std::u32string text = u32(QByteArray::number(i).append('\n').constData());
        documents.push_back(text);
        if (i != 9 && i != 19)
            train += text;
    }
    const CorpusSplit split = splitCorpus(documents, 4);
    QCOMPARE(show(split.val), QStringLiteral("9\\n19\\n"));
    QCOMPARE(show(split.train), show(train));
    QCOMPARE(split.valDocumentEnds, (std::vector<long>{2, 5})); // after "9\n", after "19\n"
}

void TestCorpus::splitFewDocuments_data()
{
    QTest::addColumn<int>("characters");
    QTest::addColumn<int>("context");
    QTest::addColumn<int>("valCharacters");

    QTest::newRow("10 % wins") << 1000 << 8 << 100;
    QTest::newRow("10 % rounds down") << 1009 << 8 << 100;
    QTest::newRow("context + 1 wins") << 100 << 32 << 33;
    QTest::newRow("equal") << 330 << 32 << 33;
    QTest::newRow("everything") << 20 << 32 << 20;
}

void TestCorpus::splitFewDocuments()
{
    QFETCH(int, characters);
    QFETCH(int, context);
    QFETCH(int, valCharacters);
    // Three documents of distinct letters, so the cut is visible.
    std::u32string all;
    for (int i = 0; i < characters; ++i)
        all += char32_t(U'a' + i % 26);
    const int first = characters / 3;
    const std::vector<std::u32string> documents{all.substr(0, first), all.substr(first, 1),
                                                all.substr(first + 1)};
    const CorpusSplit split = splitCorpus(documents, context);
    QCOMPARE(int(split.val.size()), valCharacters);
    QCOMPARE(show(split.train + split.val), show(all));
    // The ends of the documents the tail holds a part of, counted in the tail: the last always,
    // the first two where the tail reaches back into them.
    std::vector<long> ends;
    const long start = characters - valCharacters;
    for (const long end : {long(first), long(first) + 1, long(characters)})
        if (end > start)
            ends.push_back(end - start);
    QCOMPARE(split.valDocumentEnds, ends);
}

void TestCorpus::vocabulary()
{
    // b ×3, a ×2, c ×1, \n ×2, 床 ×2, U+FFFD ×2 (it is the unknown character already).
    const std::u32string train = U"bab\n\u5E8Acb\na\u5E8A\uFFFD\uFFFD";
    const Vocabulary vocabulary = Vocabulary::fromTraining(train);
    const std::vector<char32_t> expected{U'\uFFFD', U'\n', U'a', U'b', U'\u5E8A'};
    QVERIFY(vocabulary.characters() == expected);
    QCOMPARE(vocabulary.size(), 5);
    QVERIFY(vocabulary.isValid());
    QCOMPARE(vocabulary.idOf(U'b'), 3);
    QCOMPARE(vocabulary.idOf(U'c'), 0);      // seen once
    QCOMPARE(vocabulary.idOf(U'z'), 0);      // never seen
    QCOMPARE(vocabulary.idOf(U'\uFFFD'), 0); // the unknown character itself
    QVERIFY(vocabulary.character(4) == U'\u5E8A');
    const std::vector<int> ids = vocabulary.encode(U"a\u5E8Acz\n");
    QVERIFY((ids == std::vector<int>{2, 4, 0, 0, 1}));
}

void TestCorpus::vocabularyValidity()
{
    QVERIFY(Vocabulary().isValid());
    QCOMPARE(Vocabulary().size(), 1);
    QVERIFY(!Vocabulary(std::vector<char32_t>{}).isValid());
    QVERIFY(!Vocabulary(std::vector<char32_t>{U'a', U'\uFFFD'}).isValid());
    QVERIFY(!Vocabulary(std::vector<char32_t>{U'\uFFFD', U'a', U'a'}).isValid());
    QVERIFY(Vocabulary(std::vector<char32_t>{U'\uFFFD', U'b', U'a'}).isValid());
}

void TestCorpus::punctuation()
{
    const Vocabulary vocabulary(
        std::vector<char32_t>{U'\uFFFD', U'、', U'。', U'床', U'，', U'：'});
    QVERIFY((punctuationIds(vocabulary) == std::vector<int>{4, 2, 1, 5}));
}

void TestCorpus::unigramBaseline()
{
    // Worked by hand: training ids 1 1 1 2 2 0, V = 3, N = 6, validation ids 1 0 2 2.
    // Counts n = (1, 3, 2); loss = −(ln(4/9) + ln(2/9) + 2 ln(3/9)) / 4.
    const double byHand = -(std::log(4.0 / 9) + std::log(2.0 / 9) + 2 * std::log(3.0 / 9)) / 4;
    QCOMPARE(unigramLoss({1, 1, 1, 2, 2, 0}, {1, 0, 2, 2}, 3), byHand);

    // A whole corpus, counted here by character: a character seen at least twice in training
    // keeps its own count, every other one shares the count of all such characters.
    const std::u32string text = u32("春眠不觉晓\n处处闻啼鸟\n夜来风雨声\n花落知多少\n春风春雨\n"
                                    "不知春\n闻鸟声\n花花\n处处\n夜夜雨\n落花\n");
    const std::vector<std::u32string> documents = paragraphDocuments(text);
    QCOMPARE(documents.size(), std::size_t(1)); // one paragraph: the split cuts characters
    const CorpusResult result =
        prepareDocuments(fileSource("poem", CorpusFormat::PlainText), documents, 5);
    QVERIFY(result.ok());
    const std::u32string &train = result.corpus.split.train;
    const std::u32string &val = result.corpus.split.val;
    QCOMPARE(val.size(), std::size_t(6)); // context + 1 = 6 > ⌊50 / 10⌋
    std::map<char32_t, int> count;
    for (const char32_t c : train)
        ++count[c];
    int unknownCount = 0;
    int vocabSize = 1;
    for (const auto &[c, n] : count) {
        if (n >= 2)
            ++vocabSize;
        else
            unknownCount += n;
    }
    double sum = 0.0;
    for (const char32_t c : val) {
        const int n = count.count(c) && count[c] >= 2 ? count[c] : unknownCount;
        sum += -std::log((n + 1.0) / (double(train.size()) + vocabSize));
    }
    const CorpusStats stats = corpusStats(result.corpus);
    QCOMPARE(stats.vocabSize, vocabSize);
    VERIFY_NEAR(stats.unigramValLoss, sum / double(val.size()), 1e-12);
    QCOMPARE(stats.characters, text.size());
    QCOMPARE(stats.unknownInTrain, std::size_t(unknownCount));
}

void TestCorpus::refusals_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("context");
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("detail"); ///< byte offset, or characters of the split

    QTest::newRow("invalid UTF-8 at 7") << QByteArray("床前a\xFF") << int(CorpusFormat::PlainText)
                                        << 1 << int(CorpusErrorKind::InvalidUtf8) << qint64(7);
    QTest::newRow("invalid UTF-8 in a fortune")
        << QByteArray("t\na\nxy\xC3(\n%\n") << int(CorpusFormat::Fortune) << 1
        << int(CorpusErrorKind::InvalidUtf8) << qint64(6);
    QTest::newRow("one character") << QByteArray("x") << int(CorpusFormat::PlainText) << 1
                                   << int(CorpusErrorKind::TooShortTrain) << qint64(0);
    QTest::newRow("empty file") << QByteArray() << int(CorpusFormat::PlainText) << 1
                                << int(CorpusErrorKind::TooShortTrain) << qint64(0);
    // 30 characters, context 10: validation takes 11, training keeps 19 ≥ 11.
    QTest::newRow("just enough for context 10")
        << QByteArray("abcdefghijklmnopqrstuvwxyz012\n") << int(CorpusFormat::PlainText) << 10 << -1
        << qint64(0);
    QTest::newRow("too short for context 16")
        << QByteArray("abcdefghijklmnopqrstuvwxyz012\n") << int(CorpusFormat::PlainText) << 16
        << int(CorpusErrorKind::TooShortTrain) << qint64(13);
    // Ten one-line documents: validation is document 9 alone, 2 characters.
    QTest::newRow("validation document too short")
        << QByteArray("aaaa\n\nbbbb\n\ncccc\n\ndddd\n\neeee\n\nffff\n\ngggg\n\nhhhh\n\niiii\n\nj\n")
        << int(CorpusFormat::PlainText) << 2 << int(CorpusErrorKind::TooShortVal) << qint64(2);
}

void TestCorpus::refusals()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, format);
    QFETCH(int, context);
    QFETCH(int, kind);
    QFETCH(qint64, detail);
    const CorpusSource source = fileSource("in.txt", CorpusFormat(format));
    const CorpusResult result =
        prepareBytes(source, std::string_view(bytes.constData(), bytes.size()), context);
    if (kind < 0) {
        QVERIFY(result.ok());
        return;
    }
    QVERIFY(!result.ok());
    QCOMPARE(int(result.error->kind), kind);
    QCOMPARE(result.error->path, std::string("in.txt"));
    if (kind == int(CorpusErrorKind::InvalidUtf8)) {
        QCOMPARE(qint64(result.error->byteOffset), detail);
    } else {
        QCOMPARE(qint64(result.error->size), detail);
        QCOMPARE(qint64(result.error->needed), qint64(context + 1));
    }
}

void TestCorpus::fileRefusals()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string missing = dir.filePath(QStringLiteral("missing.txt")).toStdString();
    CorpusResult result = prepareCorpus(fileSource(missing, CorpusFormat::PlainText), 4);
    QVERIFY(!result.ok());
    QCOMPARE(int(result.error->kind), int(CorpusErrorKind::MissingFile));
    QCOMPARE(result.error->path, missing);
    QVERIFY(!result.error->builtIn);

    result = prepareCorpus(fileSource(dir.path().toStdString(), CorpusFormat::PlainText), 4);
    QVERIFY(!result.ok());
    QCOMPARE(int(result.error->kind), int(CorpusErrorKind::NotReadable));

    // A sparse file of 64 MiB + 1 byte is refused from its size.
    const QString huge = dir.filePath(QStringLiteral("huge.txt"));
    {
        QFile file(huge);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(qint64(64) * 1024 * 1024 + 1));
    }
    result = prepareCorpus(fileSource(huge.toStdString(), CorpusFormat::PlainText), 4);
    QVERIFY(!result.ok());
    QCOMPARE(int(result.error->kind), int(CorpusErrorKind::TooLarge));
    QCOMPARE(qint64(result.error->size), qint64(64) * 1024 * 1024 + 1);

    // A good file read from disk.
    const QString good = dir.filePath(QStringLiteral("good.txt"));
    QVERIFY(writeBytes(good, "床前明月光\r\n疑是地上霜\r\n\r\n举头望明月\r\n低头思故乡\r\n"));
    result = prepareCorpus(fileSource(good.toStdString(), CorpusFormat::PlainText), 4);
    QVERIFY(result.ok());
    QCOMPARE(result.corpus.documents, std::size_t(2));
    QCOMPARE(show(result.corpus.split.train + result.corpus.split.val),
             QStringLiteral("床前明月光\\n疑是地上霜\\n举头望明月\\n低头思故乡\\n"));
}

void TestCorpus::copyTask()
{
    CopyTaskOptions options;
    options.documents = 50;
    options.length = 20;
    options.lag = 3;
    options.alphabet = 5;
    options.seed = 7;
    const std::vector<std::u32string> documents = copyTaskDocuments(options);
    QCOMPARE(documents.size(), std::size_t(50));
    std::set<char32_t> seen;
    for (const std::u32string &text : documents) {
        QCOMPARE(text.size(), std::size_t(21));
        QVERIFY(text.back() == U'\n');
        for (std::size_t i = 0; i < 20; ++i) {
            QVERIFY(text[i] >= U'a' && text[i] < U'a' + 5);
            seen.insert(text[i]);
            if (i >= 3)
                QVERIFY(text[i] == text[i - 3]);
        }
    }
    QCOMPARE(seen.size(), std::size_t(5));
    QCOMPARE(show(copyTaskDocuments(options)), show(documents));
    options.seed = 8;
    QVERIFY(copyTaskDocuments(options) != documents);
}

void TestCorpus::repeatTask()
{
    RepeatTaskOptions options;
    options.documents = 300;
    options.minLength = 3;
    options.maxLength = 7;
    options.alphabet = U"春夏秋冬";
    options.seed = 5;
    const std::vector<std::u32string> documents = repeatTaskDocuments(options);
    QCOMPARE(documents.size(), std::size_t(300));
    std::set<std::size_t> lengths;
    std::set<char32_t> seen;
    for (const std::u32string &text : documents) {
        // A string of n characters, the same string again, and a line end.
        QCOMPARE(text.back(), U'\n');
        QCOMPARE((text.size() - 1) % 2, std::size_t(0));
        const std::size_t n = (text.size() - 1) / 2;
        QVERIFY(n >= 3 && n <= 7);
        lengths.insert(n);
        QVERIFY(text.substr(0, n) == text.substr(n, n));
        for (std::size_t i = 0; i < n; ++i) {
            QVERIFY(options.alphabet.find(text[i]) != std::u32string::npos);
            seen.insert(text[i]);
        }
    }
    QCOMPARE(lengths.size(), std::size_t(5)); // every length of the range is drawn
    QCOMPARE(seen.size(), std::size_t(4));
    QCOMPARE(show(repeatTaskDocuments(options)), show(documents));
    options.seed = 6;
    QVERIFY(repeatTaskDocuments(options) != documents);
    // The defaults: twenty characters, strings of 6 to 20, and the span a window needs to see
    // the longest string and its whole repeat.
    const RepeatTaskOptions defaults;
    QCOMPARE(defaults.alphabet.size(), std::size_t(20));
    QCOMPARE(repeatTaskSpan(defaults), 41);
    QCOMPARE(std::set<char32_t>(defaults.alphabet.begin(), defaults.alphabet.end()).size(),
             std::size_t(20)); // no character twice
}

void TestCorpus::tang300()
{
    const CorpusSource source = resolveCorpus("tang300");
    QCOMPARE(source.path, std::string("/usr/share/games/fortunes/tang300"));
    QVERIFY(source.builtIn);
    QVERIFY(source.format == CorpusFormat::Fortune);
    if (!QFile::exists(QString::fromStdString(source.path)))
        QSKIP("fortunes-zh is not installed");
    const CorpusResult result = prepareCorpus(source, 32);
    QVERIFY(result.ok());
    const CorpusStats stats = corpusStats(result.corpus);
    // The figures of docs/tiny-model.md.
    QCOMPARE(stats.documents, std::size_t(313));
    QCOMPARE(stats.characters, std::size_t(23393));
    QCOMPARE(stats.vocabSize, 1589);
    // About 800 characters are seen once in training, and each of them becomes id 0.
    QVERIFY(stats.unknownInTrain > 700 && stats.unknownInTrain < 900);
    // Documents 9, 19, … are validation: 31 of 313.
    const std::size_t valPoems = 31;
    QVERIFY(stats.valCharacters > valPoems * 20 && stats.valCharacters < valPoems * 200);
    QCOMPARE(stats.trainCharacters + stats.valCharacters, stats.characters);
    // The first poem, 张九龄's 感遇, without title, author and colour codes.
    QVERIFY(result.corpus.split.train.rfind(u32("兰叶春葳蕤，桂华秋皎洁。欣欣此生意"), 0) == 0);
    QVERIFY(std::isfinite(stats.unigramValLoss));
    QVERIFY(stats.unigramValLoss > 0.0 && stats.unigramValLoss < std::log(1589.0));
}

void TestCorpus::song100()
{
    const CorpusSource source = resolveCorpus("song100");
    QCOMPARE(source.path, std::string("/usr/share/games/fortunes/song100"));
    QVERIFY(source.format == CorpusFormat::Fortune);
    if (!QFile::exists(QString::fromStdString(source.path)))
        QSKIP("fortunes-zh is not installed");
    const CorpusResult result = prepareCorpus(source, 32);
    QVERIFY(result.ok());
    const CorpusStats stats = corpusStats(result.corpus);
    // The figures of docs/tiny-model.md: one separator is written "%    ", and the next
    // poem's title and author lines must not end up in the text.
    QCOMPARE(stats.documents, std::size_t(96));
    QCOMPARE(stats.characters, std::size_t(6276));
    const std::u32string all = result.corpus.split.train + result.corpus.split.val;
    QVERIFY(all.find(u32("作者")) == std::u32string::npos);
    QVERIFY(all.find(U'%') == std::u32string::npos);
}

QTEST_GUILESS_MAIN(TestCorpus)
#include "tst_corpus.moc"
