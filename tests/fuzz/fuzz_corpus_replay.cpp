// Replays the fuzz target's seed corpus in the ordinary test build (the libFuzzer build needs
// clang): every file in the folders given on the command line goes through the same
// LLVMFuzzerTestOneInput as the fuzzer's inputs, which aborts on a crash-free failure (a refusal
// without a message, an accepted invalid scenario, a round trip that changes it). The sanitizers
// of the test preset catch the rest. Prints the counts; exits 1 when a folder holds no file.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR...\n", argv[0]);
        return 2;
    }
    for (int a = 1; a < argc; ++a) {
        const QDir dir(QFile::decodeName(argv[a]));
        const QFileInfoList files = dir.entryInfoList(QDir::Files, QDir::Name);
        if (files.isEmpty()) {
            std::fprintf(stderr, "%s: no corpus files\n", argv[a]);
            return 1;
        }
        for (const QFileInfo &info : files) {
            QFile file(info.filePath());
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "%s: cannot be read\n", qUtf8Printable(info.filePath()));
                return 1;
            }
            const QByteArray bytes = file.readAll();
            std::printf("%s (%lld bytes)\n", qUtf8Printable(info.fileName()),
                        static_cast<long long>(bytes.size()));
            std::fflush(stdout); // the name is out before an abort
            // A copy of exactly the file's bytes, without QByteArray's terminating zero, so ASan
            // sees a read past the end.
            const std::vector<std::uint8_t> copy(bytes.cbegin(), bytes.cend());
            LLVMFuzzerTestOneInput(copy.data(), copy.size());
        }
        std::printf("%s: %lld files replayed\n", argv[a], static_cast<long long>(files.size()));
    }
    return 0;
}
