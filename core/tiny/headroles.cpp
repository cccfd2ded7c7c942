#include "tiny/headroles.h"

#include "tiny/trainer.h"
#include "tiny/windows.h"

#include <algorithm>
#include <cmath>

namespace attention::tiny {

namespace {

/// Windows per forward pass: enough rows for the products to be worth splitting among threads.
constexpr Index rowsPerPass = 4096;

std::vector<long> &keysOf(RoleKeys &keys, Role role)
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
            keysOf(keys, Role::PreviousLine)[std::size_t(begin + i * line + c)] =
                begin + (i - 1) * line + c;
    // Even lines are the 2nd, 4th, …: 0-based 1, 3, …; their rhyme is the character before
    // the mark.
    for (long i = 3; i < lines; i += 2)
        keysOf(keys, Role::Rhyme)[std::size_t(begin + i * line + line - 2)] =
            begin + (i - 2) * line + line - 2;
}

/// A head's sums over the rows of the windows so far.
struct RoleSums
{
    std::array<double, roleCount> weight{}, uniform{};
    std::array<long, roleCount> rows{};
    std::array<double, maxRoleOffset + 1> offsetWeight{}, offsetUniform{};
    std::array<long, maxRoleOffset + 1> offsetRows{};

    void addRow(Role role, double w, double u)
    {
        weight[std::size_t(role)] += w;
        uniform[std::size_t(role)] += u;
        ++rows[std::size_t(role)];
    }

    /// Adds the rows of one window (T, T) whose first position is `start` in the text.
    void add(const Eigen::Ref<const MatrixF> &weights, long start, const RoleKeys &keys)
    {
        const Index tokens = weights.rows();
        for (const Role role : textRoles) {
            // Induction's row counts only when the earlier copy (key − 1) is in the window too.
            const long first = role == Role::Induction ? start + 1 : start;
            const long *key = keys[role].data() + start;
            for (Index t = 0; t < tokens; ++t)
                if (key[t] >= first)
                    addRow(role, weights(t, key[t] - start), 1.0 / double(t + 1));
        }
        for (Index t = 0; t < tokens; ++t) {
            const double u = 1.0 / double(t + 1);
            for (Index k = 0; k <= std::min<Index>(t, maxRoleOffset); ++k) {
                offsetWeight[std::size_t(k)] += weights(t, t - k);
                offsetUniform[std::size_t(k)] += u;
                ++offsetRows[std::size_t(k)];
            }
            if (t >= 1)
                addRow(Role::FirstPosition, weights(t, 0), u);
        }
    }

    HeadRoles roles() const
    {
        const auto mean = [](double sum, long count) { return count > 0 ? sum / count : 0.0; };
        HeadRoles result;
        for (std::size_t r = 0; r < std::size_t(roleCount); ++r)
            result.measures[r] = {mean(weight[r], rows[r]), mean(uniform[r], rows[r]), rows[r]};
        for (std::size_t k = 0; k <= std::size_t(maxRoleOffset); ++k)
            result.byOffset.push_back({mean(offsetWeight[k], offsetRows[k]),
                                       mean(offsetUniform[k], offsetRows[k]), offsetRows[k]});
        result.measures[std::size_t(Role::CurrentChar)] = result.byOffset[0];
        // The fixed offset: of the offsets from 2 that enough rows reach, the one read most.
        const double minRows = offsetMinRowShare * double(offsetRows[0]);
        for (std::size_t k = 2; k <= std::size_t(maxRoleOffset); ++k)
            if (offsetRows[k] > 0 && double(offsetRows[k]) >= minRows &&
                (result.fixedOffset == 0 ||
                 result.byOffset[k].ratio() > result[Role::FixedOffset].ratio())) {
                result.fixedOffset = int(k);
                result.measures[std::size_t(Role::FixedOffset)] = result.byOffset[k];
            }
        return result;
    }
};

} // namespace

double shownRatio(double ratio)
{
    return std::round(ratio * 10) / 10;
}

const char *roleName(Role role)
{
    switch (role) {
    case Role::PreviousChar:
        return "previous_char";
    case Role::LastComma:
        return "last_comma";
    case Role::LineStart:
        return "line_start";
    case Role::PreviousLine:
        return "previous_line";
    case Role::Rhyme:
        return "rhyme";
    case Role::Induction:
        return "induction";
    case Role::CurrentChar:
        return "current_char";
    case Role::FixedOffset:
        return "fixed_offset";
    case Role::FirstPosition:
        return "first_position";
    }
    return "";
}

Role HeadRoles::closest() const
{
    std::optional<Role> best;
    for (const Role role : allRoles)
        if (counts(role) && (!best || (*this)[role].ratio() > (*this)[*best].ratio()))
            best = role;
    return best.value_or(Role::PreviousChar);
}

std::optional<Role> HeadRoles::named() const
{
    const Role best = closest();
    if (counts(best) && shownRatio((*this)[best].ratio()) >= namedRoleMinRatio)
        return best;
    return std::nullopt;
}

bool HeadRoles::broad() const
{
    const Role best = closest();
    return !counts(best) || shownRatio((*this)[best].ratio()) < broadMaxRatio;
}

RoleLeader roleLeader(const std::vector<std::vector<HeadRoles>> &roles, Role role, int fromLayer)
{
    RoleLeader leader;
    for (std::size_t l = std::size_t(std::max(fromLayer, 0)); l < roles.size(); ++l)
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
    const auto inRange = [&](int id) { return inVocabulary(id, vocabulary.size()); };

    long lastMark = -1;                                           // the latest mark before t
    std::vector<long> latest(std::size_t(vocabulary.size()), -1); // each id's latest position
    long documentStart = 0;
    auto nextEnd = documentEnds.begin();
    for (long t = 0; t < n; ++t) {
        const int id = ids[std::size_t(t)];
        if (!inRange(id))
            return RoleKeys{};
        if (t >= 1)
            keysOf(keys, Role::PreviousChar)[std::size_t(t)] = t - 1;
        if (lastMark >= 0 && comma != 0 && ids[std::size_t(lastMark)] == comma)
            keysOf(keys, Role::LastComma)[std::size_t(t)] = lastMark;
        if (lastMark + 1 < t)
            keysOf(keys, Role::LineStart)[std::size_t(t)] = lastMark + 1;
        if (isMark[std::size_t(id)])
            lastMark = t;
        if (const long j = latest[std::size_t(id)]; j >= 0 && j + 1 < t)
            keysOf(keys, Role::Induction)[std::size_t(t)] = j + 1;
        latest[std::size_t(id)] = t;
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
    const WindowCut cut = cutWindows(long(ids.size()), config.context, maxWindows);
    if (cut.windows < 1)
        return std::nullopt;
    for (const std::vector<long> &key : keys.key)
        if (key.size() < ids.size())
            return std::nullopt;
    std::vector<std::vector<RoleSums>> sums(std::size_t(config.layers),
                                            std::vector<RoleSums>(std::size_t(config.heads)));
    const int tokens = cut.tokens;
    const bool ran = forEachWindowBatch(
        parameters, ids, cut, std::max(1, int(rowsPerPass / tokens)), OutputPass::BlocksOnly,
        [&](long first, int count, Activations<float> &acts) {
            for (int b = 0; b < count; ++b)
                for (int l = 0; l < config.layers; ++l) {
                    const MatrixF &weights = acts.blocks[std::size_t(l)].attention.weights;
                    for (int h = 0; h < config.heads; ++h)
                        sums[std::size_t(l)][std::size_t(h)].add(
                            weights.block((Index(b) * config.heads + h) * tokens, 0, tokens,
                                          tokens),
                            (first + b) * tokens, keys);
                }
            return true;
        });
    if (!ran)
        return std::nullopt;
    std::vector<std::vector<HeadRoles>> roles(std::size_t(config.layers));
    for (int l = 0; l < config.layers; ++l)
        for (const RoleSums &head : sums[std::size_t(l)])
            roles[std::size_t(l)].push_back(head.roles());
    return roles;
}

std::vector<std::vector<HeadRoles>> rolesOfWindow(const std::vector<std::vector<MatrixF>> &weights,
                                                  const RoleKeys &keys)
{
    std::vector<std::vector<HeadRoles>> roles;
    for (const std::vector<MatrixF> &layer : weights) {
        roles.emplace_back();
        for (const MatrixF &head : layer) {
            RoleSums sums;
            if (std::all_of(keys.key.begin(), keys.key.end(), [&head](const auto &key) {
                    return key.size() >= std::size_t(head.rows());
                }))
                sums.add(head, 0, keys);
            roles.back().push_back(sums.roles());
        }
    }
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

} // namespace attention::tiny
