#include "corpus.h"

#include "random.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace attention::tiny {

namespace {

const char *const fortuneDirectory = "/usr/share/games/fortunes/";

/// Unicode's White_Space property.
bool isWhiteSpace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

bool isBlank(std::u32string_view line)
{
    return std::all_of(line.begin(), line.end(), isWhiteSpace);
}

std::u32string_view trimmed(std::u32string_view line)
{
    while (!line.empty() && isWhiteSpace(line.front()))
        line.remove_prefix(1);
    while (!line.empty() && isWhiteSpace(line.back()))
        line.remove_suffix(1);
    return line;
}

/// The lines of `text` with CRLF and CR read as LF; a final line end starts no extra line.
std::vector<std::u32string> splitLines(std::u32string_view text)
{
    std::vector<std::u32string> lines;
    std::u32string line;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (c == U'\r' || c == U'\n') {
            if (c == U'\r' && i + 1 < text.size() && text[i + 1] == U'\n')
                ++i;
            lines.push_back(std::move(line));
            line.clear();
        } else {
            line += c;
        }
    }
    if (!line.empty())
        lines.push_back(std::move(line));
    return lines;
}

/// `line` without terminal colour codes: ESC [ digits-and-semicolons m.
std::u32string withoutColourCodes(std::u32string_view line)
{
    std::u32string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == 0x1B && i + 1 < line.size() && line[i + 1] == U'[') {
            std::size_t end = i + 2;
            while (end < line.size() &&
                   ((line[end] >= U'0' && line[end] <= U'9') || line[end] == U';'))
                ++end;
            if (end < line.size() && line[end] == U'm') {
                i = end;
                continue;
            }
        }
        out += line[i];
    }
    return out;
}

/// One fortune entry as a document (empty when no text is left).
std::u32string fortuneDocument(const std::vector<std::u32string> &entry)
{
    std::u32string text;
    for (std::size_t i = 2; i < entry.size(); ++i)
        text += trimmed(withoutColourCodes(entry[i]));
    if (!text.empty())
        text += U'\n';
    return text;
}

/// The length of the UTF-8 sequence that starts with `lead`, or 0 when no sequence does.
int sequenceLength(unsigned char lead)
{
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

/// The allowed range of the second byte after `lead` (Unicode, table 3-7): this excludes
/// overlong forms, surrogates and code points above U+10FFFF.
std::pair<unsigned char, unsigned char> secondByteRange(unsigned char lead)
{
    switch (lead) {
    case 0xE0:
        return {0xA0, 0xBF};
    case 0xED:
        return {0x80, 0x9F};
    case 0xF0:
        return {0x90, 0xBF};
    case 0xF4:
        return {0x80, 0x8F};
    default:
        return {0x80, 0xBF};
    }
}

CorpusError error(const CorpusSource &source, CorpusErrorKind kind)
{
    CorpusError e;
    e.kind = kind;
    e.path = source.path;
    e.name = source.name;
    e.builtIn = source.builtIn;
    return e;
}

CorpusResult failure(CorpusError e)
{
    CorpusResult result;
    result.error = std::move(e);
    return result;
}

} // namespace

CorpusSource resolveCorpus(const std::string &nameOrPath, const std::string &corpusDirectory)
{
    if (nameOrPath == "tang")
        return {nameOrPath, corpusDirectory + "/tang.txt", CorpusFormat::DocumentLines, true};
    if (nameOrPath == "tang300" || nameOrPath == "song100")
        return {nameOrPath, fortuneDirectory + nameOrPath, CorpusFormat::Fortune, true};
    return {nameOrPath, nameOrPath, CorpusFormat::PlainText, false};
}

std::vector<std::string> builtInCorpusNames()
{
    return {"tang", "tang300", "song100"};
}

Utf8Result decodeUtf8(std::string_view bytes)
{
    Utf8Result result;
    // One code point per byte that continues none: exact for valid UTF-8 (3 bytes a character
    // for Chinese text, so reserving a code point per byte would hold three times the text).
    result.text.reserve(std::size_t(std::count_if(bytes.begin(), bytes.end(), [](char b) {
        return (static_cast<unsigned char>(b) & 0xC0) != 0x80;
    })));
    const auto byte = [&bytes](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    for (std::size_t i = 0; i < bytes.size();) {
        const unsigned char lead = byte(i);
        const int length = sequenceLength(lead);
        if (length == 0) {
            result.invalidAt = i;
            return result;
        }
        if (length == 1) {
            result.text += char32_t(lead);
            ++i;
            continue;
        }
        char32_t c = lead & (0xFF >> (length + 1));
        for (int k = 1; k < length; ++k) {
            const auto [low, high] = k == 1 ? secondByteRange(lead)
                                            : std::pair<unsigned char, unsigned char>{0x80, 0xBF};
            if (i + k >= bytes.size() || byte(i + k) < low || byte(i + k) > high) {
                result.invalidAt = i;
                return result;
            }
            c = (c << 6) | (byte(i + k) & 0x3F);
        }
        result.text += c;
        i += static_cast<std::size_t>(length);
    }
    return result;
}

std::string encodeUtf8(std::u32string_view text)
{
    std::string out;
    out.reserve(text.size() * 3);
    for (const char32_t c : text) {
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    return out;
}

std::vector<std::u32string> fortuneDocuments(std::u32string_view text)
{
    std::vector<std::u32string> documents;
    std::vector<std::u32string> entry;
    const auto finishEntry = [&]() {
        std::u32string document = fortuneDocument(entry);
        if (!document.empty())
            documents.push_back(std::move(document));
        entry.clear();
    };
    for (std::u32string &line : splitLines(text)) {
        if (trimmed(line) == U"%")
            finishEntry();
        else
            entry.push_back(std::move(line));
    }
    finishEntry();
    return documents;
}

std::vector<std::u32string> paragraphDocuments(std::u32string_view text)
{
    std::vector<std::u32string> documents;
    std::u32string paragraph;
    for (const std::u32string &line : splitLines(text)) {
        if (isBlank(line)) {
            if (!paragraph.empty())
                documents.push_back(std::move(paragraph) + U'\n');
            paragraph.clear();
            continue;
        }
        if (!paragraph.empty())
            paragraph += U'\n';
        paragraph += line;
    }
    if (!paragraph.empty())
        documents.push_back(std::move(paragraph) + U'\n');
    return documents;
}

std::vector<std::u32string> lineDocuments(std::u32string_view text)
{
    std::vector<std::u32string> documents;
    for (std::u32string &line : splitLines(text))
        if (!line.empty())
            documents.push_back(std::move(line) + U'\n');
    return documents;
}

std::vector<std::u32string> documentsOf(CorpusFormat format, std::u32string_view text)
{
    switch (format) {
    case CorpusFormat::Fortune:
        return fortuneDocuments(text);
    case CorpusFormat::DocumentLines:
        return lineDocuments(text);
    case CorpusFormat::PlainText:
        break;
    }
    return paragraphDocuments(text);
}

CorpusSplit splitCorpus(const std::vector<std::u32string> &documents, int context)
{
    CorpusSplit split;
    if (documents.size() >= 10) {
        std::size_t valSize = 0, total = 0;
        for (std::size_t i = 0; i < documents.size(); ++i) {
            total += documents[i].size();
            valSize += i % 10 == 9 ? documents[i].size() : 0;
        }
        split.train.reserve(total - valSize);
        split.val.reserve(valSize);
        for (std::size_t i = 0; i < documents.size(); ++i) {
            (i % 10 == 9 ? split.val : split.train) += documents[i];
            if (i % 10 == 9)
                split.valDocumentEnds.push_back(long(split.val.size()));
        }
        return split;
    }
    std::u32string all;
    for (const std::u32string &document : documents)
        all += document;
    const std::size_t wanted = std::max<std::size_t>(all.size() / 10, std::size_t(context) + 1);
    const std::size_t valSize = std::min(wanted, all.size());
    split.train = all.substr(0, all.size() - valSize);
    split.val = all.substr(all.size() - valSize);
    std::size_t end = 0;
    for (const std::u32string &document : documents) {
        end += document.size();
        if (end > all.size() - valSize)
            split.valDocumentEnds.push_back(long(end - (all.size() - valSize)));
    }
    return split;
}

Vocabulary::Vocabulary()
    : Vocabulary(std::vector<char32_t>{unknownCharacter})
{}

Vocabulary::Vocabulary(std::vector<char32_t> characters)
    : m_characters(std::move(characters))
{
    m_ids.reserve(m_characters.size());
    for (std::size_t i = 0; i < m_characters.size(); ++i)
        m_ids.emplace(m_characters[i], static_cast<int>(i)); // keeps the first of a repeat
}

Vocabulary Vocabulary::fromTraining(std::u32string_view train)
{
    std::unordered_map<char32_t, int> counts;
    for (const char32_t c : train)
        ++counts[c];
    std::vector<char32_t> frequent;
    for (const auto &[c, count] : counts)
        if (count >= 2 && c != unknownCharacter)
            frequent.push_back(c);
    std::sort(frequent.begin(), frequent.end());
    frequent.insert(frequent.begin(), unknownCharacter);
    return Vocabulary(std::move(frequent));
}

int Vocabulary::idOf(char32_t c) const
{
    const auto it = m_ids.find(c);
    return it == m_ids.end() ? 0 : it->second;
}

bool Vocabulary::isValid() const
{
    return !m_characters.empty() && m_characters.front() == unknownCharacter &&
           m_ids.size() == m_characters.size();
}

std::vector<int> Vocabulary::encode(std::u32string_view text) const
{
    std::vector<int> ids;
    ids.reserve(text.size());
    for (const char32_t c : text)
        ids.push_back(idOf(c));
    return ids;
}

std::vector<int> punctuationIds(const Vocabulary &vocabulary)
{
    std::vector<int> ids;
    for (const char32_t mark : std::u32string_view(U"，。？！、；："))
        if (const int id = vocabulary.idOf(mark); id != 0)
            ids.push_back(id);
    return ids;
}

std::vector<int> commaIds(const Vocabulary &vocabulary)
{
    if (const int id = vocabulary.idOf(U'，'); id != 0)
        return {id};
    return {};
}

double unigramLoss(const std::vector<int> &trainIds, const std::vector<int> &valIds, int vocabSize)
{
    std::vector<std::size_t> counts(static_cast<std::size_t>(std::max(vocabSize, 0)), 0);
    for (const int id : trainIds)
        ++counts.at(static_cast<std::size_t>(id));
    const double denominator = double(trainIds.size()) + double(vocabSize);
    double sum = 0.0;
    for (const int id : valIds)
        sum -= std::log((double(counts.at(static_cast<std::size_t>(id))) + 1.0) / denominator);
    return sum / double(valIds.size());
}

CorpusResult prepareDocuments(const CorpusSource &source, std::vector<std::u32string> documents,
                              int context)
{
    CorpusResult result;
    PreparedCorpus &corpus = result.corpus;
    corpus.source = source;
    corpus.documents = documents.size();
    corpus.split = splitCorpus(documents, context);
    std::vector<std::u32string>().swap(documents); // 全唐诗's are 15 MB: gone before the ids
    const std::uint64_t needed = std::uint64_t(context) + 1;
    for (const auto &[part, kind] : {std::pair{&corpus.split.train, CorpusErrorKind::TooShortTrain},
                                     std::pair{&corpus.split.val, CorpusErrorKind::TooShortVal}}) {
        if (part->size() < needed) {
            CorpusError e = error(source, kind);
            e.size = part->size();
            e.needed = needed;
            return failure(std::move(e));
        }
    }
    corpus.vocabulary = Vocabulary::fromTraining(corpus.split.train);
    corpus.trainIds = corpus.vocabulary.encode(corpus.split.train);
    corpus.valIds = corpus.vocabulary.encode(corpus.split.val);
    return result;
}

namespace {

CorpusResult prepareDecoded(const CorpusSource &source, Utf8Result decoded, int context)
{
    if (decoded.invalidAt) {
        CorpusError e = error(source, CorpusErrorKind::InvalidUtf8);
        e.byteOffset = *decoded.invalidAt;
        return failure(std::move(e));
    }
    std::vector<std::u32string> documents = documentsOf(source.format, decoded.text);
    std::u32string().swap(decoded.text); // assigning {} would keep the buffer
    return prepareDocuments(source, std::move(documents), context);
}

} // namespace

CorpusResult prepareBytes(const CorpusSource &source, std::string_view bytes, int context)
{
    if (bytes.size() > maxCorpusBytes) {
        CorpusError e = error(source, CorpusErrorKind::TooLarge);
        e.size = bytes.size();
        return failure(std::move(e));
    }
    return prepareDecoded(source, decodeUtf8(bytes), context);
}

CorpusResult prepareCorpus(const CorpusSource &source, int context)
{
    namespace fs = std::filesystem;
    std::error_code code;
    const fs::file_status status = fs::status(source.path, code);
    if (status.type() == fs::file_type::not_found)
        return failure(error(source, CorpusErrorKind::MissingFile));
    if (code || status.type() == fs::file_type::directory)
        return failure(error(source, CorpusErrorKind::NotReadable));
    const std::uintmax_t size = fs::file_size(source.path, code);
    if (!code && size > maxCorpusBytes) {
        CorpusError e = error(source, CorpusErrorKind::TooLarge);
        e.size = size;
        return failure(std::move(e));
    }
    std::ifstream file(source.path, std::ios::binary);
    if (!file)
        return failure(error(source, CorpusErrorKind::NotReadable));
    // Read in pieces up to one byte more than allowed: a file that grew since is still refused,
    // and a small file costs only its size.
    std::string bytes;
    std::string piece(std::size_t(1) << 20, '\0');
    while (file && bytes.size() <= maxCorpusBytes) {
        file.read(piece.data(), static_cast<std::streamsize>(piece.size()));
        bytes.append(piece.data(), static_cast<std::size_t>(file.gcount()));
    }
    if (file.bad())
        return failure(error(source, CorpusErrorKind::NotReadable));
    if (bytes.size() > maxCorpusBytes)
        return prepareBytes(source, bytes, context); // refused, with its size
    // Decoded, the bytes go: only one copy of the text at a time.
    Utf8Result decoded = decodeUtf8(bytes);
    std::string().swap(bytes);
    return prepareDecoded(source, std::move(decoded), context);
}

CorpusStats corpusStats(const PreparedCorpus &corpus)
{
    CorpusStats stats;
    stats.documents = corpus.documents;
    stats.trainCharacters = corpus.split.train.size();
    stats.valCharacters = corpus.split.val.size();
    stats.characters = stats.trainCharacters + stats.valCharacters;
    stats.vocabSize = corpus.vocabulary.size();
    stats.unknownInTrain =
        static_cast<std::size_t>(std::count(corpus.trainIds.begin(), corpus.trainIds.end(), 0));
    stats.unknownInVal =
        static_cast<std::size_t>(std::count(corpus.valIds.begin(), corpus.valIds.end(), 0));
    stats.unigramValLoss = unigramLoss(corpus.trainIds, corpus.valIds, stats.vocabSize);
    return stats;
}

std::vector<std::u32string> copyTaskDocuments(const CopyTaskOptions &options)
{
    const int alphabet = std::clamp(options.alphabet, 1, 26);
    const int lag = std::max(options.lag, 1);
    Random random(options.seed);
    std::vector<std::u32string> documents;
    documents.reserve(static_cast<std::size_t>(std::max(options.documents, 0)));
    for (int d = 0; d < options.documents; ++d) {
        std::u32string text;
        for (int i = 0; i < options.length; ++i) {
            if (i < lag)
                text += char32_t(U'a' + random.nextBits() % std::uint64_t(alphabet));
            else
                text += text[static_cast<std::size_t>(i - lag)];
        }
        documents.push_back(std::move(text) + U'\n');
    }
    return documents;
}

std::vector<std::u32string> repeatTaskDocuments(const RepeatTaskOptions &options)
{
    const std::u32string alphabet = options.alphabet.empty() ? U"a" : options.alphabet;
    const int low = std::max(options.minLength, 1);
    const int high = std::max(options.maxLength, low);
    Random random(options.seed);
    const auto draw = [&random](int count) {
        return int(random.nextBits() % std::uint64_t(count));
    };
    std::vector<std::u32string> documents;
    documents.reserve(static_cast<std::size_t>(std::max(options.documents, 0)));
    for (int d = 0; d < options.documents; ++d) {
        const int length = low + draw(high - low + 1);
        std::u32string text;
        for (int i = 0; i < length; ++i)
            text += alphabet[static_cast<std::size_t>(draw(int(alphabet.size())))];
        documents.push_back(text + text + U'\n');
    }
    return documents;
}

} // namespace attention::tiny
