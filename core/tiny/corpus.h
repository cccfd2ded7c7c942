#pragma once

/// The tiny model's text: corpus files, the train/validation split, the vocabulary, the ids and
/// the unigram baseline (docs/tiny-model.md, "Corpora" and "Training and validation text").
///
/// A character is a Unicode code point, held in a std::u32string. Loading goes in steps that can
/// be tested alone — read the bytes, decode UTF-8, cut into documents, split, build the
/// vocabulary, map to ids — and prepareCorpus() does them all. Errors are values (CorpusError):
/// the app turns them into translated messages.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace attention::tiny {

/// A corpus file larger than this is refused before it is read.
constexpr std::uint64_t maxCorpusBytes = std::uint64_t(64) * 1024 * 1024;
/// The character of id 0, shown for every character outside the vocabulary.
constexpr char32_t unknownCharacter = U'\uFFFD';

enum class CorpusErrorKind
{
    MissingFile, ///< no such file (tang300/song100: fortunes-zh is not installed; tang: not built)
    NotReadable, ///< exists but cannot be read (a directory, no permission, an I/O error)
    TooLarge,    ///< more than maxCorpusBytes
    InvalidUtf8, ///< not UTF-8 at `byteOffset`
    TooShortTrain, ///< the training split has fewer than context + 1 characters
    TooShortVal,   ///< the validation split has fewer than context + 1 characters
};

struct CorpusError
{
    CorpusErrorKind kind = CorpusErrorKind::MissingFile;
    std::string path;             ///< the file, as given or as the built-in name resolved to
    std::string name;             ///< the corpus's name ("tang", "tang300", … or the file name)
    bool builtIn = false;         ///< the file is one of builtInCorpusNames()
    std::uint64_t byteOffset = 0; ///< InvalidUtf8: offset of the first bad byte
    std::uint64_t size = 0;       ///< TooLarge: bytes; TooShort…: characters in that split
    std::uint64_t needed = 0;     ///< TooShort…: characters needed (context + 1)
};

/// How a file is cut into documents.
enum class CorpusFormat
{
    Fortune,       ///< tang300/song100: entries between `%` lines, title and author dropped
    PlainText,     ///< any UTF-8 text: paragraphs between white-space-only lines
    DocumentLines, ///< tang (built by scripts/make-tang-corpus.py): one document per line
};

/// Where a corpus comes from: a built-in name or a file.
struct CorpusSource
{
    std::string name; ///< "tang", "tang300", "song100", or the file name as given
    std::string path; ///< the file that is read
    CorpusFormat format = CorpusFormat::PlainText;
    bool builtIn = false;
};

/// "tang300" and "song100" are the fortunes-zh files (fortune format); "tang" is 全唐诗, the file
/// tang.txt in `corpusDirectory` (where the app installs it: share/attention-lab/corpora beside
/// bin/); anything else is the name of a UTF-8 text file.
CorpusSource resolveCorpus(const std::string &nameOrPath, const std::string &corpusDirectory = {});
/// The built-in corpus names, in the order the help lists them.
std::vector<std::string> builtInCorpusNames();

/// The code points of `bytes`, or the offset of the first byte that is not well-formed UTF-8
/// (overlong forms, surrogates and values above U+10FFFF are refused). A leading byte order mark
/// is kept as the character U+FEFF.
struct Utf8Result
{
    std::u32string text;
    std::optional<std::uint64_t> invalidAt;
};
Utf8Result decodeUtf8(std::string_view bytes);
/// `text` as UTF-8 (for display and hashing; every code point of a decoded text is valid).
std::string encodeUtf8(std::u32string_view text);

/// Fortune format. Line ends are normalised to `\n`; entries are separated by lines holding only
/// `%`; in each entry the colour codes `ESC [ … m` are removed, the first two lines (title and
/// author) dropped and every remaining line trimmed of white space at both ends and appended
/// without separator; the document is that text plus `\n`. An entry with no text left is no
/// document.
std::vector<std::u32string> fortuneDocuments(std::u32string_view text);
/// Plain text. Line ends are normalised to `\n`; each run of lines between lines holding only
/// white space is one document: those lines joined by `\n`, plus one `\n`.
std::vector<std::u32string> paragraphDocuments(std::u32string_view text);
/// One document per line: line ends normalised to `\n`; every line that is not empty is a
/// document, that line plus `\n`.
std::vector<std::u32string> lineDocuments(std::u32string_view text);
/// The documents of a decoded file in `format`.
std::vector<std::u32string> documentsOf(CorpusFormat format, std::u32string_view text);

/// The training and validation text. Document i goes to validation when i % 10 == 9. With fewer
/// than 10 documents the text of all of them is cut instead: the last max(⌊N / 10⌋, context + 1)
/// of its N characters are validation (everything, when N is smaller).
struct CorpusSplit
{
    std::u32string train;
    std::u32string val;
    /// Where each validation document ends in `val`: the position after its `\n`, in order. A
    /// text file's paragraph may hold line breaks of its own, so these, not the `\n`s, say where
    /// a document ends. With fewer than 10 documents `val` is the text's tail: its first
    /// document may have begun before it.
    std::vector<long> valDocumentEnds;
};
CorpusSplit splitCorpus(const std::vector<std::u32string> &documents, int context);

/// Characters ↔ ids. Id 0 is the unknown character U+FFFD; a character without an id of its own
/// maps to 0.
class Vocabulary
{
public:
    Vocabulary();
    /// `characters[i]` is the character of id i; the first must be U+FFFD, none may repeat
    /// (isValid() tells).
    explicit Vocabulary(std::vector<char32_t> characters);

    /// Id 0, then every code point occurring at least twice in `train`, in ascending order.
    static Vocabulary fromTraining(std::u32string_view train);

    int size() const { return static_cast<int>(m_characters.size()); }
    const std::vector<char32_t> &characters() const { return m_characters; }
    char32_t character(int id) const { return m_characters.at(static_cast<std::size_t>(id)); }
    /// The id of `c`, 0 when it has none.
    int idOf(char32_t c) const;
    /// Starts with U+FFFD and has no character twice.
    bool isValid() const;
    std::vector<int> encode(std::u32string_view text) const;

    bool operator==(const Vocabulary &other) const { return m_characters == other.m_characters; }

private:
    std::vector<char32_t> m_characters;
    std::unordered_map<char32_t, int> m_ids;
};

/// The ids of ，。？！、；： that the vocabulary has (for punctuation F1), in that order.
std::vector<int> punctuationIds(const Vocabulary &vocabulary);

/// The id of ， when the vocabulary has it (the comma of exercise 4), else none.
std::vector<int> commaIds(const Vocabulary &vocabulary);

/// The mean over `valIds` of −ln((n(id) + 1) / (N + V)), with n(i) the count of id i in
/// `trainIds`, N its length and V `vocabSize`. NaN when `valIds` is empty.
double unigramLoss(const std::vector<int> &trainIds, const std::vector<int> &valIds, int vocabSize);

/// A corpus ready to train on.
struct PreparedCorpus
{
    CorpusSource source;
    std::size_t documents = 0;
    CorpusSplit split;
    Vocabulary vocabulary;
    std::vector<int> trainIds;
    std::vector<int> valIds;
};

/// What `attention-cli corpus` prints.
struct CorpusStats
{
    std::size_t documents = 0;
    std::size_t characters = 0;
    std::size_t trainCharacters = 0;
    std::size_t valCharacters = 0;
    int vocabSize = 0;
    std::size_t unknownInTrain = 0; ///< training characters with id 0
    std::size_t unknownInVal = 0;
    double unigramValLoss = 0.0;
};

struct CorpusResult
{
    PreparedCorpus corpus; ///< valid only when ok()
    std::optional<CorpusError> error;

    bool ok() const { return !error.has_value(); }
};

/// Splits `documents`, builds the vocabulary and the ids; refuses splits shorter than a window
/// of `context` + 1 characters.
CorpusResult prepareDocuments(const CorpusSource &source, std::vector<std::u32string> documents,
                              int context);
/// Cuts `bytes` (the file's contents) into documents as `source.format` says, then as above.
CorpusResult prepareBytes(const CorpusSource &source, std::string_view bytes, int context);
/// Reads the file of `source` (at most maxCorpusBytes), then as above.
CorpusResult prepareCorpus(const CorpusSource &source, int context);

CorpusStats corpusStats(const PreparedCorpus &corpus);

/// The copy task: a toy corpus whose every document is `lag` random letters from the first
/// `alphabet` of a–z, then copies, so that each character after the first `lag` repeats the one
/// `lag` places back; `length` characters and a `\n` each. The same seed gives the same text.
struct CopyTaskOptions
{
    int documents = 200;
    int length = 32;
    int lag = 4;
    int alphabet = 8;
    std::uint64_t seed = 1;
};
std::vector<std::u32string> copyTaskDocuments(const CopyTaskOptions &options);

/// The repeat task, where an induction head forms: every document is a string of n characters
/// drawn at random from `alphabet`, n drawn anew for each document from [minLength, maxLength],
/// then the same string again and a `\n`. Because n changes and windows start anywhere, no fixed
/// offset predicts the second copy: a model predicts it by finding the earlier copy of the
/// current character and reading what followed it. The same options give the same text.
struct RepeatTaskOptions
{
    int documents = 5000;
    int minLength = 6;
    int maxLength = 20;
    /// Twenty characters of nature and the seasons, read by every learner of the lesson.
    std::u32string alphabet = U"春夏秋冬山水花月风雨云雪日星天地江河湖海";
    std::uint64_t seed = 1;
};
std::vector<std::u32string> repeatTaskDocuments(const RepeatTaskOptions &options);
/// The characters a window needs to see the longest string of the task and its whole repeat.
inline int repeatTaskSpan(const RepeatTaskOptions &options)
{
    return 2 * options.maxLength + 1;
}

} // namespace attention::tiny
