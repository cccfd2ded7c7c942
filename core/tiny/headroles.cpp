#include "tiny/headroles.h"

#include "tiny/trainer.h"

#include <algorithm>
#include <cmath>

namespace attention::tiny {

namespace {

/// Windows per forward pass: enough rows for the products to be worth splitting among threads.
constexpr Index rowsPerPass = 4096;

std::vector<long> &keysOf(RoleKeys &keys, TextRole role)
{
    return keys.key[std::size_t(role)];
}

/// The keys of the roles that only a poem has, for the document ids[begin, end) (its `\n`
/// excluded): nothing unless it is lines of n + 1 characters (n = 5 or 7), each ending in a mark
/// and holding no other.
void addPoemKeys(const std::vector<int> &ids, const std::vector<bool> &isMark, long begin, long end,
                 RoleKeys &keys)
{
    const long length = end - begin;
    long firstMark = begin;
    while (firstMark < end && !isMark[std::size_t(ids[std::size_t(firstMark)])])
        ++firstMark;
    const long line = firstMark - begin + 1; // n characters and the mark
    if (firstMark == end || (line != 6 && line != 8) || length % line != 0)
        return;
    for (long p = begin; p < end; ++p)
        if (isMark[std::size_t(ids[std::size_t(p)])] != ((p - begin) % line == line - 1))
            return;
    const long lines = length / line;
    for (long i = 1; i < lines; ++i)
        for (long c = 0; c + 1 < line; ++c)
            keysOf(keys, TextRole::PreviousLine)[std::size_t(begin + i * line + c)] =
                begin + (i - 1) * line + c;
    // Even lines are the 2nd, 4th, …: 0-based 1, 3, …; their rhyme is the character before
    // the mark.
    for (long i = 3; i < lines; i += 2)
        keysOf(keys, TextRole::Rhyme)[std::size_t(begin + i * line + line - 2)] =
            begin + (i - 2) * line + line - 2;
}

/// A head's sums over the rows of the windows so far.
struct RoleSums
{
    std::array<double, textRoleCount> weight{}, uniform{};
    std::array<long, textRoleCount> rows{};

    /// Adds the rows of one window (T, T) whose first position is `start` in the text.
    void add(const Eigen::Ref<const MatrixF> &weights, long start, const RoleKeys &keys)
    {
        const Index tokens = weights.rows();
        for (std::size_t r = 0; r < std::size_t(textRoleCount); ++r) {
            const long *key = keys.key[r].data() + start;
            for (Index t = 0; t < tokens; ++t) {
                if (key[t] < start)
                    continue; // no row of this role, or its key is before the window
                weight[r] += weights(t, key[t] - start);
                uniform[r] += 1.0 / double(t + 1);
                ++rows[r];
            }
        }
    }

    HeadRoles roles() const
    {
        HeadRoles result;
        for (std::size_t r = 0; r < std::size_t(textRoleCount); ++r)
            if (rows[r] > 0)
                result.measures[r] = {weight[r] / double(rows[r]), uniform[r] / double(rows[r]),
                                      rows[r]};
        return result;
    }
};

/// A ratio as the lesson shows it, to tenths: "3.0×" names a role even where it is 2.9996.
double shownRatio(double ratio)
{
    return std::round(ratio * 10) / 10;
}

} // namespace

const char *textRoleName(TextRole role)
{
    switch (role) {
    case TextRole::PreviousChar:
        return "previous_char";
    case TextRole::LastComma:
        return "last_comma";
    case TextRole::LineStart:
        return "line_start";
    case TextRole::PreviousLine:
        return "previous_line";
    case TextRole::Rhyme:
        return "rhyme";
    }
    return "";
}

std::optional<TextRole> HeadRoles::named() const
{
    std::optional<TextRole> best;
    for (const TextRole role : textRoles)
        if (shownRatio((*this)[role].ratio()) >= namedRoleMinRatio &&
            (!best || (*this)[role].ratio() > (*this)[*best].ratio()))
            best = role;
    return best;
}

bool RoleLeader::reads() const
{
    return head.first >= 0 && shownRatio(ratio) >= leaderMinRatio;
}

RoleLeader roleLeader(const std::vector<std::vector<HeadRoles>> &roles, TextRole role)
{
    RoleLeader leader;
    for (std::size_t l = 0; l < roles.size(); ++l)
        for (std::size_t h = 0; h < roles[l].size(); ++h) {
            const RoleMeasure &measure = roles[l][h][role];
            if (measure.rows > 0 && (leader.head.first < 0 || measure.ratio() > leader.ratio))
                leader = {{int(l), int(h)}, measure.ratio()};
        }
    return leader;
}

RoleKeys roleKeys(const std::vector<int> &ids, const Vocabulary &vocabulary)
{
    std::vector<long> ends;
    const int newline = vocabulary.idOf(U'\n'); // 0 when the vocabulary has none: no document
    for (std::size_t t = 0; t < ids.size(); ++t)
        if (newline != 0 && ids[t] == newline)
            ends.push_back(long(t) + 1);
    return roleKeys(ids, vocabulary, ends);
}

RoleKeys roleKeys(const std::vector<int> &ids, const Vocabulary &vocabulary,
                  const std::vector<long> &documentEnds)
{
    const long n = long(ids.size());
    RoleKeys keys;
    for (std::vector<long> &key : keys.key)
        key.assign(std::size_t(n), -1);
    std::vector<bool> isMark(std::size_t(vocabulary.size()), false);
    for (const int id : punctuationIds(vocabulary))
        isMark[std::size_t(id)] = true;
    const int comma = vocabulary.idOf(U'，');
    const int newline = vocabulary.idOf(U'\n');
    const auto inRange = [&](int id) { return id >= 0 && id < vocabulary.size(); };

    long lastMark = -1; // the latest mark before t
    long documentStart = 0;
    auto nextEnd = documentEnds.begin();
    for (long t = 0; t < n; ++t) {
        const int id = ids[std::size_t(t)];
        if (!inRange(id))
            return RoleKeys{};
        if (t >= 1)
            keysOf(keys, TextRole::PreviousChar)[std::size_t(t)] = t - 1;
        if (lastMark >= 0 && comma != 0 && ids[std::size_t(lastMark)] == comma)
            keysOf(keys, TextRole::LastComma)[std::size_t(t)] = lastMark;
        if (lastMark + 1 < t)
            keysOf(keys, TextRole::LineStart)[std::size_t(t)] = lastMark + 1;
        if (isMark[std::size_t(id)])
            lastMark = t;
        while (nextEnd != documentEnds.end() && *nextEnd < t + 1)
            ++nextEnd; // (none in a list in order)
        if (nextEnd != documentEnds.end() && *nextEnd == t + 1) {
            // The document ends here; its poem's lines end before its `\n`.
            addPoemKeys(ids, isMark, documentStart, newline != 0 && id == newline ? t : t + 1,
                        keys);
            documentStart = t + 1;
            ++nextEnd;
        }
    }
    return keys;
}

std::optional<std::vector<std::vector<HeadRoles>>> measureRoles(const Parameters<float> &parameters,
                                                                const std::vector<int> &ids,
                                                                const RoleKeys &keys,
                                                                long maxWindows)
{
    const ModelConfig &config = parameters.config;
    const long context = config.context;
    long windows = ids.empty() ? 0 : long(ids.size() - 1) / context;
    if (maxWindows > 0)
        windows = std::min(windows, maxWindows);
    if (windows < 1 || std::any_of(ids.begin(), ids.end(),
                                   [&config](int id) { return id < 0 || id >= config.vocabSize; }))
        return std::nullopt;
    for (const std::vector<long> &key : keys.key)
        if (key.size() < ids.size())
            return std::nullopt;

    const long windowsPerPass = std::max(1L, long(rowsPerPass) / context);
    std::vector<std::vector<RoleSums>> sums(std::size_t(config.layers),
                                            std::vector<RoleSums>(std::size_t(config.heads)));
    Activations<float> acts;
    acts.blocksOnly = true;
    for (long first = 0; first < windows; first += windowsPerPass) {
        const long count = std::min(windowsPerPass, windows - first);
        const auto begin = ids.begin() + first * context;
        acts.ids.assign(begin, begin + count * context);
        modelForward(parameters, BatchShape{int(count), int(context)}, acts);
        for (long b = 0; b < count; ++b)
            for (int l = 0; l < config.layers; ++l) {
                const MatrixF &weights = acts.blocks[std::size_t(l)].attention.weights;
                for (int h = 0; h < config.heads; ++h)
                    sums[std::size_t(l)][std::size_t(h)].add(
                        weights.block((b * config.heads + h) * context, 0, context, context),
                        (first + b) * context, keys);
            }
    }
    std::vector<std::vector<HeadRoles>> roles(std::size_t(config.layers));
    for (int l = 0; l < config.layers; ++l)
        for (const RoleSums &head : sums[std::size_t(l)])
            roles[std::size_t(l)].push_back(head.roles());
    return roles;
}

bool validHead(const ModelConfig &config, HeadIndex head)
{
    return head.first >= 0 && head.first < config.layers && head.second >= 0 &&
           head.second < config.heads;
}

Parameters<float> withHeadsOff(const Parameters<float> &parameters,
                               const std::vector<HeadIndex> &off)
{
    Parameters<float> result = parameters;
    const int dHead = parameters.config.dModel / std::max(1, parameters.config.heads);
    for (const HeadIndex &head : off)
        if (validHead(parameters.config, head))
            result.blocks[std::size_t(head.first)]
                .wO.middleRows(Index(head.second) * dHead, dHead)
                .setZero();
    return result;
}

int headsReportPasses(const ModelConfig &config)
{
    return 2 + config.layers * config.heads;
}

std::optional<HeadsReport> headsReport(const Parameters<float> &parameters,
                                       const std::vector<int> &valIds,
                                       const std::vector<long> &documentEnds,
                                       const Vocabulary &vocabulary, long maxWindows,
                                       const ReportProgress &progress)
{
    const ModelConfig &config = parameters.config;
    std::vector<int> ids = valIds;
    if (maxWindows > 0 && long(ids.size()) > maxWindows * config.context + 1)
        ids.resize(std::size_t(maxWindows * config.context + 1));
    const int total = headsReportPasses(config);
    int done = 0;
    const auto goOn = [&] { return !progress || progress(++done, total); };
    const std::vector<int> marks = punctuationIds(vocabulary);
    constexpr int batch = 32;

    HeadsReport report;
    const std::optional<Evaluation> all = evaluate(parameters, ids, marks, batch);
    // The keys from the whole text: a poem cut by the last window keeps its lines' keys.
    auto roles = all && goOn()
                     ? measureRoles(parameters, valIds, roleKeys(valIds, vocabulary, documentEnds),
                                    maxWindows)
                     : std::nullopt;
    if (!roles || !goOn())
        return std::nullopt;
    report.valLoss = all->valLoss;
    report.roles = std::move(*roles);
    report.ablationIncrease.assign(std::size_t(config.layers),
                                   std::vector<double>(std::size_t(config.heads), 0.0));
    for (int l = 0; l < config.layers; ++l)
        for (int h = 0; h < config.heads; ++h) {
            const auto off = evaluate(withHeadsOff(parameters, {{l, h}}), ids, marks, batch);
            if (!off || !goOn())
                return std::nullopt;
            report.ablationIncrease[std::size_t(l)][std::size_t(h)] = off->valLoss - report.valLoss;
        }
    return report;
}

} // namespace attention::tiny
