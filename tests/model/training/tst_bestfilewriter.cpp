// The best-weights file of step 7: each write exports and saves on a thread other than the GUI
// thread, one at a time, at most every interval; a better model that comes during a write is
// written after it; closing writes the newest best that is not in the file yet; a failure is
// reported with the file's name.

#include "bestfilewriter.h"
#include "modelfile.h"
#include "tiny/model.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>

using namespace attention;

namespace {

/// A small model file whose metadata says `steps`.
ModelFile model(int steps)
{
    ModelFile file;
    file.vocabulary = tiny::Vocabulary(std::vector<char32_t>{U'\uFFFD', U'床', U'前'});
    file.config.vocabSize = file.vocabulary.size();
    file.config.context = 4;
    file.config.dModel = 8;
    file.config.heads = 2;
    file.tensors = tiny::exportTensors(tiny::initParameters(file.config, 1));
    setCorpus(file.metadata, QStringLiteral("test"), U"床前床前");
    file.metadata.steps = steps;
    return file;
}

qint64 stepsIn(const QString &fileName)
{
    const ModelReadResult read = loadModel(fileName);
    return read.ok() ? read.model.metadata.steps : -1;
}

} // namespace

class TestBestFileWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesOffTheGuiThread();
    void aBetterModelDuringAWriteFollowsIt();
    void closingWritesTheNewest();
    void failureNamesTheFile();
};

void TestBestFileWriter::writesOffTheGuiThread()
{
    QTemporaryDir dir;
    std::atomic<QThread *> exportedOn{nullptr};
    int step = 25;
    BestFileWriter writer(
        [&] {
            const int s = step;
            return BestFileWriter::Export([s, &exportedOn] {
                exportedOn = QThread::currentThread();
                return model(s);
            });
        },
        std::chrono::milliseconds(0));
    const QString file = dir.filePath(QStringLiteral("best.safetensors"));
    writer.setFileName(file);
    QSignalSpy written(&writer, &BestFileWriter::written);
    writer.markDirty();
    QVERIFY(written.wait(10000));
    QVERIFY(exportedOn.load() != nullptr);
    QVERIFY(exportedOn.load() != QThread::currentThread());
    QCOMPARE(stepsIn(file), 25);
    QVERIFY(!writer.isWriting());
}

void TestBestFileWriter::aBetterModelDuringAWriteFollowsIt()
{
    QTemporaryDir dir;
    std::atomic<bool> release{false};
    int step = 25;
    BestFileWriter writer(
        [&] {
            const int s = step;
            return BestFileWriter::Export([s, &release] {
                while (s == 25 && !release.load()) // the first write waits for the test
                    QThread::msleep(1);
                return model(s);
            });
        },
        std::chrono::milliseconds(0));
    const QString file = dir.filePath(QStringLiteral("best.safetensors"));
    writer.setFileName(file);
    QSignalSpy written(&writer, &BestFileWriter::written);
    writer.markDirty();
    QTRY_VERIFY(writer.isWriting());
    step = 50;
    writer.markDirty(); // during the write: due after it
    writer.flush();     // nor does a flush start a second write meanwhile
    QVERIFY(writer.isWriting());
    release = true;
    QTRY_COMPARE(written.size(), 2);
    QCOMPARE(stepsIn(file), 50);
}

void TestBestFileWriter::closingWritesTheNewest()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("best.safetensors"));
    {
        int step = 75;
        BestFileWriter writer(
            [&] { return BestFileWriter::Export([step] { return model(step); }); },
            std::chrono::hours(1));
        writer.setFileName(file);
        writer.markDirty(); // the first write is at once
        QSignalSpy written(&writer, &BestFileWriter::written);
        QVERIFY(written.wait(10000));
        step = 100;
        writer.markDirty(); // due in an hour…
    }                       // …but closing writes it
    QCOMPARE(stepsIn(file), 100);
}

void TestBestFileWriter::failureNamesTheFile()
{
    QTemporaryDir dir;
    BestFileWriter writer([] { return BestFileWriter::Export([] { return model(1); }); },
                          std::chrono::milliseconds(0));
    const QString file = dir.filePath(QStringLiteral("no folder/and no file/best.safetensors"));
    QFile blocker(dir.filePath(QStringLiteral("no folder")));
    QVERIFY(blocker.open(QIODevice::WriteOnly)); // a file where the folder would be
    blocker.close();
    writer.setFileName(file);
    QSignalSpy failed(&writer, &BestFileWriter::failed);
    writer.markDirty();
    QVERIFY(failed.wait(10000));
    QVERIFY(writer.error());
    QCOMPARE(writer.error()->code, TrainingError::Code::BestFileNotWritten);
    QCOMPARE(writer.error()->file, file);
}

QTEST_GUILESS_MAIN(TestBestFileWriter)
#include "tst_bestfilewriter.moc"
