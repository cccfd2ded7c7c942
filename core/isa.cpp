#include "isa.h"

#include "isadispatch.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>

// The copies compiled into this program (core/CMakeLists.txt): the built-in one always, v3 and
// v4 with ATTENTION_LAB_ISA_DISPATCH.
extern "C" const attention::IsaTable *attention_isa_table_builtin();
#ifdef ATTENTION_LAB_ISA_V3
extern "C" const attention::IsaTable *attention_isa_table_v3();
#endif
#ifdef ATTENTION_LAB_ISA_V4
extern "C" const attention::IsaTable *attention_isa_table_v4();
#endif

namespace attention {

namespace {

/// True when this CPU (and its operating system, for the wider registers) runs `isa`.
bool cpuRuns(Isa isa)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
#if defined(__clang__) // clang knows the features, not the levels
    const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
    const bool v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                    __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
                    __builtin_cpu_supports("avx512cd");
#else
    const bool v3 = __builtin_cpu_supports("x86-64-v3");
    const bool v4 = __builtin_cpu_supports("x86-64-v4");
#endif
#else
    const bool v3 = false;
    const bool v4 = false;
#endif
    switch (isa) {
    case Isa::V3:
        return v3;
    case Isa::V4:
        return v4;
    case Isa::Baseline:
    case Isa::Native:
        return true;
    }
    return false;
}

/// Every compiled copy, slowest first.
std::vector<const IsaTable *> compiledTables()
{
    std::vector<const IsaTable *> tables{attention_isa_table_builtin()};
#ifdef ATTENTION_LAB_ISA_V3
    tables.push_back(attention_isa_table_v3());
#endif
#ifdef ATTENTION_LAB_ISA_V4
    tables.push_back(attention_isa_table_v4());
#endif
    return tables;
}

const IsaTable *availableTable(Isa isa)
{
    for (const IsaTable *table : compiledTables())
        if (table->isa == isa && cpuRuns(isa))
            return table;
    return nullptr;
}

/// The best available copy, or the one ATTENTION_LAB_ISA names if it is available.
const IsaTable *startingTable()
{
    const IsaTable *best = nullptr;
    for (const IsaTable *table : compiledTables())
        if (cpuRuns(table->isa))
            best = table;
    const char *forced = std::getenv("ATTENTION_LAB_ISA");
    if (!forced || !*forced)
        return best;
    const std::optional<Isa> isa = isaFromKey(forced);
    if (const IsaTable *table = isa ? availableTable(*isa) : nullptr)
        return table;
    std::fprintf(stderr,
                 "ATTENTION_LAB_ISA=%s: not a CPU path of this program that this CPU runs; "
                 "using %s\n",
                 forced, isaName(best->isa));
    return best;
}

std::atomic<const IsaTable *> g_active{nullptr};
std::atomic<int> g_eigenThreads{0}; // 0: never set, Eigen's default
std::once_flag g_chosen;

const IsaTable &active()
{
    std::call_once(g_chosen, [] { g_active.store(startingTable()); });
    return *g_active.load();
}

} // namespace

const char *isaName(Isa isa)
{
    switch (isa) {
    case Isa::Baseline:
        return "x86-64";
    case Isa::V3:
        return "x86-64-v3";
    case Isa::V4:
        return "x86-64-v4";
    case Isa::Native:
        return "native";
    }
    return "";
}

const char *isaKey(Isa isa)
{
    switch (isa) {
    case Isa::Baseline:
        return "baseline";
    case Isa::V3:
        return "v3";
    case Isa::V4:
        return "v4";
    case Isa::Native:
        return "native";
    }
    return "";
}

std::optional<Isa> isaFromKey(std::string_view key)
{
    for (Isa isa : {Isa::Baseline, Isa::V3, Isa::V4, Isa::Native})
        if (key == isaKey(isa))
            return isa;
    return std::nullopt;
}

std::vector<Isa> availableIsas()
{
    std::vector<Isa> result;
    for (const IsaTable *table : compiledTables())
        if (cpuRuns(table->isa))
            result.push_back(table->isa);
    return result;
}

Isa activeIsa()
{
    return active().isa;
}

bool setActiveIsa(Isa isa)
{
    active(); // the choice at start happens first, so that it cannot undo this one
    const IsaTable *table = availableTable(isa);
    if (!table)
        return false;
    if (const int threads = g_eigenThreads.load(); threads > 0)
        table->setEigenThreads(threads);
    g_active.store(table);
    return true;
}

const IsaTable &isaTable()
{
    return active();
}

void setEigenThreads(int threads)
{
    g_eigenThreads.store(threads);
    Eigen::setNbThreads(threads);
    active().setEigenThreads(threads);
}

} // namespace attention
