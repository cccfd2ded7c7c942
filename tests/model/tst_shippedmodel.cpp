// The long-trained 全唐诗 model that ships with the app (resources/models/tang.safetensors, made by
// scripts/train-tang-model.sh): it reads, it is the model the programs find as "tang", and over
// 全唐诗's validation text it gives the validation loss its file records (what training measured
// when it kept these weights) and the previous-line head that README.md names.

#include "corpusfile.h"
#include "datafiles.h"
#include "modelfile.h"
#include "tiny/headroles.h"
#include "tiny/model.h"
#include "tiny/trainer.h"
#include "verifynear.h"

#include <QFile>
#include <QtTest>

using namespace attention;

class TestShippedModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theProgramsFindIt();
    void givesTheLossItRecords();
};

void TestShippedModel::theProgramsFindIt()
{
    // The build tree has the committed file where an installation has it.
    QFile shipped(shippedModelPath()), committed(QStringLiteral(SHIPPED_MODEL));
    QVERIFY2(shipped.open(QIODevice::ReadOnly), qPrintable(shippedModelPath()));
    QVERIFY(committed.open(QIODevice::ReadOnly));
    QVERIFY(shipped.readAll() == committed.readAll());
    const ModelReadResult read = loadModel(shippedModelPath());
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.model.metadata.corpusName, QStringLiteral("tang"));
}

void TestShippedModel::givesTheLossItRecords()
{
    const ModelReadResult read = loadModel(QStringLiteral(SHIPPED_MODEL));
    QVERIFY2(read.ok(), qPrintable(read.error));
    const CorpusLoadResult corpus = loadCorpus(QStringLiteral("tang"), read.model.config.context);
    if (!corpus.ok())
        QSKIP("全唐诗 is not built: scripts/deps.sh fetches the package chinese-poetry");
    // The model was trained on this corpus: the same characters in the same order.
    QVERIFY(read.model.vocabulary == corpus.corpus.vocabulary);
    const auto parameters = tiny::importTensors(read.model.config, read.model.tensors);
    QVERIFY(parameters.has_value());
    tiny::setThreadCount(2);
    const std::vector<int> &val = corpus.corpus.valIds;
    const auto evaluation =
        tiny::evaluate(*parameters, val, tiny::punctuationIds(corpus.corpus.vocabulary), 32);
    QVERIFY(evaluation.has_value());
    qInfo("validation loss %.6f, recorded %.6f", evaluation->valLoss, read.model.metadata.valLoss);
    // Another thread count sums some products in another order: float rounding, no more.
    VERIFY_NEAR(evaluation->valLoss, read.model.metadata.valLoss, 1e-4);

    // Its heads over the validation text: README.md reports the best reader of the line above
    // (1.9× a uniform head: short of the 3× that would name the role; README.md says so).
    const auto roles =
        tiny::measureRoles(*parameters, val, tiny::roleKeys(val, read.model.vocabulary));
    QVERIFY(roles.has_value());
    double best = 0.0;
    for (const auto &layer : *roles)
        for (const tiny::HeadRoles &head : layer)
            best = std::max(best, head[tiny::TextRole::PreviousLine].ratio());
    qInfo("largest previous-line ratio %.2f", best);
    QVERIFY(best >= PREVIOUS_LINE_MIN_RATIO);
}

QTEST_GUILESS_MAIN(TestShippedModel)
#include "tst_shippedmodel.moc"
