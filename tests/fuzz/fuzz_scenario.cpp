// libFuzzer target for the scenario reader: parseScenario() must refuse any byte string it cannot
// read with a message, never crash, hang or trip a sanitizer; a text it accepts must survive a
// write → read round trip unchanged. The same function replays the seed corpus under ctest
// (fuzz_corpus_replay.cpp), in the ordinary test build.

#include "scenariofile.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void failRefusal(const attention::ScenarioReadResult &result)
{
    std::fprintf(stderr, "refused without saying why: \"%s\"\n", qUtf8Printable(result.error));
    std::abort();
}

[[noreturn]] void failRoundTrip(const QByteArray &written, const QString &why)
{
    std::fprintf(stderr, "round trip failed: %s\nwritten text:\n%s\n", qUtf8Printable(why),
                 written.constData());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // No copy and no terminating zero: ASan sees any read past the input's last byte.
    const QByteArray input =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const attention::ScenarioReadResult first = attention::parseScenario(input);
    if (!first.ok()) {
        // A refusal says why: "<JSON path>: <what is wrong>" with something after the colon.
        // (The path may look blank: a key of spaces is its own path.)
        const qsizetype colon = first.error.indexOf(QLatin1String(": "));
        if (colon < 0 || first.error.mid(colon + 2).trimmed().isEmpty())
            failRefusal(first);
        return 0;
    }
    if (const auto problem = first.scenario.validate())
        failRoundTrip({}, QStringLiteral("parseScenario accepted an invalid scenario: ") +
                              attention::scenarioErrorText(*problem));

    const QByteArray written = attention::scenarioToJson(first.scenario);
    const attention::ScenarioReadResult second = attention::parseScenario(written);
    if (!second.ok())
        failRoundTrip(written, QStringLiteral("the written text is refused: ") + second.error);
    if (second.scenario != first.scenario)
        failRoundTrip(written, QStringLiteral("the scenario read back differs"));
    return 0;
}
