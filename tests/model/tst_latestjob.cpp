#include "latestjob.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <chrono>
#include <thread>

using namespace attention;

namespace {

/// Work that spins until it is cancelled or `release` is set, then returns `value`.
LatestJob::Work blockingWork(std::atomic<bool> *release, int value, int *shown,
                             std::atomic<bool> *sawCancel = nullptr)
{
    return [=](const LatestJob::Context &context) -> LatestJob::Delivery {
        while (!release->load() && !context.isCancelled())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        if (sawCancel)
            sawCancel->store(context.isCancelled());
        return [=] { *shown = value; };
    };
}

} // namespace

class TestLatestJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deliversResultOnGuiThread()
    {
        LatestJob job;
        QSignalSpy finished(&job, &LatestJob::finished);
        QSignalSpy running(&job, &LatestJob::runningChanged);
        Qt::HANDLE shownOn = nullptr;
        int shown = 0;
        job.start([&](const LatestJob::Context &) -> LatestJob::Delivery {
            const int value = 6 * 7; // computed on the worker
            return [&, value] {
                shown = value;
                shownOn = QThread::currentThreadId();
            };
        });
        QVERIFY(job.isRunning());
        QVERIFY(finished.wait(5000));
        QCOMPARE(shown, 42);
        QCOMPARE(shownOn, QThread::currentThreadId());
        QVERIFY(!job.isRunning());
        QCOMPARE(running.count(), 2);
        QCOMPARE(running.at(0).at(0).toBool(), true);
        QCOMPARE(running.at(1).at(0).toBool(), false);
    }

    void onlyTheLatestIsDelivered()
    {
        LatestJob job;
        QSignalSpy finished(&job, &LatestJob::finished);
        std::atomic<bool> release{false};
        std::atomic<bool> firstSawCancel{false};
        int shown = 0;
        job.start(blockingWork(&release, 1, &shown, &firstSawCancel));
        // A slider moved twice: the first job is cancelled, the second never starts, the third
        // is the one shown.
        job.start(blockingWork(&release, 2, &shown));
        job.start(blockingWork(&release, 3, &shown));
        release = true;
        QVERIFY(finished.wait(5000));
        QTest::qWait(50); // nothing late may arrive
        QCOMPARE(shown, 3);
        QCOMPARE(finished.count(), 1);
        QVERIFY(firstSawCancel.load());
    }

    void cancelStopsPromptlyAndDropsTheResult()
    {
        LatestJob job;
        QSignalSpy finished(&job, &LatestJob::finished);
        QSignalSpy cancelled(&job, &LatestJob::cancelled);
        std::atomic<bool> release{false};
        std::atomic<bool> sawCancel{false};
        int shown = 0;
        job.start(blockingWork(&release, 7, &shown, &sawCancel));
        QTest::qWait(20);
        job.cancel();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!job.isRunning());
        QTRY_VERIFY(sawCancel.load());
        QTest::qWait(50);
        QCOMPARE(shown, 0);
        QCOMPARE(finished.count(), 0);
        // Cancelling when idle does nothing.
        job.cancel();
        QCOMPARE(cancelled.count(), 1);
    }

    void progressAndPartialResultsArriveInOrder()
    {
        LatestJob job;
        QSignalSpy progress(&job, &LatestJob::progressChanged);
        QSignalSpy finished(&job, &LatestJob::finished);
        QList<int> partial;
        job.start([&](const LatestJob::Context &context) -> LatestJob::Delivery {
            for (int i = 1; i <= 4; ++i) {
                context.post([&partial, i] { partial.append(i); });
                context.reportProgress(i, 4);
            }
            return {};
        });
        QVERIFY(finished.wait(5000));
        QCOMPARE(partial, QList<int>({1, 2, 3, 4}));
        QCOMPARE(progress.count(), 4);
        QCOMPARE(progress.last().at(0).toInt(), 4);
        QCOMPARE(progress.last().at(1).toInt(), 4);
    }

    void destructorCancelsAndWaits()
    {
        std::atomic<bool> release{false};
        std::atomic<bool> sawCancel{false};
        int shown = 0;
        {
            LatestJob job;
            job.start(blockingWork(&release, 1, &shown, &sawCancel));
            QTest::qWait(20);
        } // must return without release being set
        QVERIFY(sawCancel.load());
        QCoreApplication::processEvents();
        QCOMPARE(shown, 0);
    }
};

QTEST_GUILESS_MAIN(TestLatestJob)
#include "tst_latestjob.moc"
