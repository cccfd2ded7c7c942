#include "tiny/headanalysis.h"

#include "tiny/inference.h"

#include <algorithm>
#include <cmath>

namespace attention::tiny {

namespace {

/// Windows per forward pass in headProfiles: enough rows for the products to be worth
/// splitting among threads, few enough that the logits (rows, V) stay small.
constexpr Index rowsPerPass = 1024;

/// A head's sums over the rows of every window so far; profile() turns them into means.
struct ProfileSums
{
    std::vector<double> offset, uniformOffset;
    std::vector<long> offsetRows;
    double mark = 0.0, uniformMark = 0.0;
    long markRows = 0;
    double comma = 0.0, uniformComma = 0.0;
    long commaRows = 0;
    double first = 0.0, uniformFirst = 0.0;
    long firstRows = 0;

    explicit ProfileSums(int maxOffset)
        : offset(std::size_t(maxOffset) + 1, 0.0)
        , uniformOffset(offset.size(), 0.0)
        , offsetRows(offset.size(), 0)
    {}

    /// Adds the rows of one window's weights (T, T); lastMark[t] is the latest mark before t,
    /// afterComma[t] whether that mark is a comma.
    void add(const Eigen::Ref<const MatrixF> &weights, const std::vector<Index> &lastMark,
             const std::vector<bool> &afterComma)
    {
        const Index tokens = weights.rows();
        const Index maxOffset = Index(offset.size()) - 1;
        for (Index t = 0; t < tokens; ++t) {
            const double uniform = 1.0 / double(t + 1);
            for (Index o = 0; o <= std::min(t, maxOffset); ++o) {
                offset[std::size_t(o)] += weights(t, t - o);
                uniformOffset[std::size_t(o)] += uniform;
                ++offsetRows[std::size_t(o)];
            }
            if (t >= 1) {
                first += weights(t, 0);
                uniformFirst += uniform;
                ++firstRows;
            }
            if (lastMark[std::size_t(t)] >= 0) {
                const double onMark = weights(t, lastMark[std::size_t(t)]);
                mark += onMark;
                uniformMark += uniform;
                ++markRows;
                if (afterComma[std::size_t(t)]) {
                    comma += onMark;
                    uniformComma += uniform;
                    ++commaRows;
                }
            }
        }
    }

    HeadProfile profile() const
    {
        const auto mean = [](double sum, long rows) { return rows > 0 ? sum / double(rows) : 0.0; };
        HeadProfile result;
        result.rowsByOffset = offsetRows;
        for (std::size_t o = 0; o < offset.size(); ++o) {
            result.byOffset.push_back(mean(offset[o], offsetRows[o]));
            result.uniformByOffset.push_back(mean(uniformOffset[o], offsetRows[o]));
        }
        result.onLastMark = mean(mark, markRows);
        result.markRows = markRows;
        result.lastMarkBaseline = mean(uniformMark, markRows);
        result.onLastComma = mean(comma, commaRows);
        result.commaRows = commaRows;
        result.lastCommaBaseline = mean(uniformComma, commaRows);
        result.onFirst = mean(first, firstRows);
        result.firstRows = firstRows;
        result.firstBaseline = mean(uniformFirst, firstRows);
        return result;
    }
};

bool contains(const std::vector<int> &ids, int id)
{
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

/// [t]: the largest p < t with window[p] in markIds, or −1 when there is none.
std::vector<Index> latestMarks(const int *window, Index tokens, const std::vector<int> &markIds)
{
    std::vector<Index> latest(std::size_t(tokens), -1);
    for (Index t = 1; t < tokens; ++t)
        latest[std::size_t(t)] =
            contains(markIds, window[t - 1]) ? t - 1 : latest[std::size_t(t - 1)];
    return latest;
}

/// [t]: whether latest[t] is a comma.
std::vector<bool> rowsAfterComma(const int *window, const std::vector<Index> &latest,
                                 const std::vector<int> &commaIds)
{
    std::vector<bool> result(latest.size(), false);
    for (std::size_t t = 0; t < latest.size(); ++t)
        result[t] = latest[t] >= 0 && contains(commaIds, window[latest[t]]);
    return result;
}

/// A candidate role: weight at least roleMinWeight and roleMinRatio × its uniform weight.
bool clearlyAbove(double weight, double uniform)
{
    return weight >= roleMinWeight && weight >= roleMinRatio * uniform;
}

} // namespace

std::optional<HeadProjections> headProjections(const Parameters<float> &parameters,
                                               const std::vector<int> &ids, int layer, int head)
{
    const ModelConfig &config = parameters.config;
    if (!validSequence(config, ids) || layer < 0 || layer >= config.layers || head < 0 ||
        head >= config.heads)
        return std::nullopt;
    Activations<float> acts;
    acts.ids = ids;
    modelForward(parameters, BatchShape{1, int(ids.size())}, acts);
    const AttentionCache<float> &cache = acts.blocks[std::size_t(layer)].attention;
    const Index dHead = config.dHead();
    const Index first = Index(head) * dHead;
    return HeadProjections{cache.q.middleCols(first, dHead), cache.k.middleCols(first, dHead),
                           cache.v.middleCols(first, dHead)};
}

std::optional<std::vector<std::vector<HeadProfile>>>
headProfiles(const Parameters<float> &parameters, const std::vector<int> &ids,
             const std::vector<int> &markIds, int maxOffset, int maxWindows,
             const std::vector<int> &commaIds)
{
    const ModelConfig &config = parameters.config;
    if (ids.empty() || std::any_of(ids.begin(), ids.end(),
                                   [&config](int id) { return id < 0 || id >= config.vocabSize; }))
        return std::nullopt;
    const Index length = Index(ids.size());
    const Index tokens = std::min(length, Index(config.context));
    const Index windows =
        length < config.context ? 1 : std::min(length / tokens, Index(std::max(maxWindows, 1)));
    const Index windowsPerPass = std::max(Index(1), rowsPerPass / tokens);

    std::vector<std::vector<ProfileSums>> sums(
        std::size_t(config.layers),
        std::vector<ProfileSums>(std::size_t(config.heads), ProfileSums(std::max(maxOffset, 0))));
    std::vector<int> allMarks = markIds;
    allMarks.insert(allMarks.end(), commaIds.begin(), commaIds.end());
    Activations<float> acts;
    acts.blocksOnly = true;
    for (Index firstWindow = 0; firstWindow < windows; firstWindow += windowsPerPass) {
        const Index count = std::min(windowsPerPass, windows - firstWindow);
        const auto begin = ids.begin() + firstWindow * tokens;
        acts.ids.assign(begin, begin + count * tokens);
        modelForward(parameters, BatchShape{int(count), int(tokens)}, acts);
        for (Index b = 0; b < count; ++b) {
            const int *window = acts.ids.data() + b * tokens;
            const auto lastMark = latestMarks(window, tokens, allMarks);
            const auto afterComma = rowsAfterComma(window, lastMark, commaIds);
            for (int l = 0; l < config.layers; ++l) {
                const MatrixF &weights = acts.blocks[std::size_t(l)].attention.weights;
                for (int h = 0; h < config.heads; ++h)
                    sums[std::size_t(l)][std::size_t(h)].add(
                        weights.block((b * config.heads + h) * tokens, 0, tokens, tokens), lastMark,
                        afterComma);
            }
        }
    }

    std::vector<std::vector<HeadProfile>> profiles(std::size_t(config.layers));
    for (int l = 0; l < config.layers; ++l)
        for (const ProfileSums &head : sums[std::size_t(l)])
            profiles[std::size_t(l)].push_back(head.profile());
    return profiles;
}

MarkFigures markFigures(double weight, double baseline)
{
    MarkFigures figures;
    figures.weight = std::round(weight * 100.0) / 100.0;
    figures.ratio = baseline > 0.0 ? std::round(weight / baseline * 10.0) / 10.0 : 0.0;
    return figures;
}

namespace {

bool looksAtMark(long rows, double weight, double baseline)
{
    const MarkFigures figures = markFigures(weight, baseline);
    return rows >= lastMarkMinRows && figures.weight >= lastMarkMinWeight &&
           figures.ratio >= lastMarkMinRatio;
}

} // namespace

bool looksAtLastMark(const HeadProfile &profile)
{
    return looksAtMark(profile.markRows, profile.onLastMark, profile.lastMarkBaseline);
}

bool looksAtLastComma(const HeadProfile &profile)
{
    return looksAtMark(profile.commaRows, profile.onLastComma, profile.lastCommaBaseline);
}

HeadRole headRole(const HeadProfile &profile)
{
    const std::size_t offsets = std::min(
        {profile.byOffset.size(), profile.rowsByOffset.size(), profile.uniformByOffset.size()});
    if (offsets == 0 || profile.rowsByOffset[0] <= 0)
        return {};
    const double minRows = offsetMinRowShare * double(profile.rowsByOffset[0]);

    HeadRole best; // the strongest candidate so far
    bool found = false;
    int heaviest = 0;          // the considered offset with the most weight
    bool aboveUniform = false; // some place gets roleMinRatio × its uniform weight
    const auto consider = [&](HeadRoleKind kind, int offset, double weight) {
        if (!found || weight > best.strength)
            best = HeadRole{kind, offset, weight};
        found = true;
    };
    for (std::size_t o = 0; o < offsets; ++o) {
        if (double(profile.rowsByOffset[o]) < minRows)
            continue;
        const double weight = profile.byOffset[o];
        if (weight > profile.byOffset[std::size_t(heaviest)])
            heaviest = int(o);
        aboveUniform = aboveUniform || weight >= roleMinRatio * profile.uniformByOffset[o];
        if (clearlyAbove(weight, profile.uniformByOffset[o]))
            consider(o == 0   ? HeadRoleKind::CurrentToken
                     : o == 1 ? HeadRoleKind::PreviousToken
                              : HeadRoleKind::FixedOffset,
                     int(o), weight);
    }
    if (looksAtLastComma(profile))
        consider(HeadRoleKind::LastComma, 0, profile.onLastComma);
    if (profile.commaRows >= lastMarkMinRows)
        aboveUniform =
            aboveUniform || profile.onLastComma >= roleMinRatio * profile.lastCommaBaseline;
    if (profile.firstRows > 0) {
        aboveUniform = aboveUniform || profile.onFirst >= roleMinRatio * profile.firstBaseline;
        if (clearlyAbove(profile.onFirst, profile.firstBaseline))
            consider(HeadRoleKind::FirstPosition, 0, profile.onFirst);
    }
    if (found)
        return best;
    return HeadRole{aboveUniform ? HeadRoleKind::Mixed : HeadRoleKind::Broad, heaviest,
                    profile.byOffset[std::size_t(heaviest)]};
}

} // namespace attention::tiny
