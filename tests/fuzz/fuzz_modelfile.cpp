// libFuzzer target for the weights-file reader: parseModel() must refuse any byte string it cannot
// read with a non-empty one-line message and no half-read model, never crash, hang or trip a
// sanitizer; a file it accepts must be a valid model that survives a write → read round trip
// bit for bit.

#include "modelfile.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void fail(const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "fuzz_modelfile: %s %s\n", what, qUtf8Printable(detail));
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // No copy and no terminating zero: ASan sees any read past the input's last byte.
    const QByteArray input =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const attention::ModelReadResult first = attention::parseModel(input);
    if (!first.ok()) {
        const QString &message = first.error;
        if (message.trimmed().isEmpty() || message.endsWith(QLatin1String(": ")) ||
            message.contains(QLatin1Char('\n')))
            fail("a refusal without a proper one-line message:", message);
        if (!first.model.tensors.empty())
            fail("a refusal returned tensors:", message);
        return 0;
    }
    // Accepted: an empty error must mean a valid model, or a refusal lost its message.
    const QString problem = attention::checkModel(first.model);
    if (!problem.isEmpty())
        fail("parseModel accepted an invalid model (a refusal with an empty message?):", problem);
    const QByteArray written = attention::modelToBytes(first.model);
    const attention::ModelReadResult second = attention::parseModel(written);
    if (!second.ok())
        fail("the written file is refused:", second.error);
    if (!(second.model == first.model))
        fail("the model read back differs");
    return 0;
}
