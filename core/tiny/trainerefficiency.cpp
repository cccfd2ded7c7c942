#include "tiny/trainerefficiency.h"

#include "tiny/workers.h"

#include <algorithm>
#include <chrono>

namespace attention::tiny {

namespace {

/// Calls body(first, count) on one slice of [0, total) per thread of the pool.
template<typename Body>
void onEveryThread(Index total, const Body &body)
{
    WorkerPool &pool = WorkerPool::instance();
    if (pool.threads() == 1 || total < 2) {
        body(Index(0), total);
        return;
    }
    pool.run([total, &body](int thread, int threads) {
        const Index first = total * thread / threads;
        const Index last = total * (thread + 1) / threads;
        if (last > first)
            body(first, last - first);
    });
}

/// The factors and results of one product and its two backward products.
struct ProductBuffers
{
    StepProduct shape;
    MatrixT<float> a, b, c; ///< A (m × k), B (k × n), C = A · B and its gradient dC (m × n)
    MatrixT<float> dA, dB;  ///< dC · Bᵀ (m × k), Aᵀ · dC (k × n)

    explicit ProductBuffers(const StepProduct &product)
        : shape(product)
        , a(MatrixT<float>::Random(product.m, product.k))
        , b(MatrixT<float>::Random(product.k, product.n))
        , c(MatrixT<float>::Random(product.m, product.n))
        , dA(product.m, product.k)
        , dB(product.k, product.n)
    {}

    /// The three products, `count` times, split over the pool's threads as the trainer splits
    /// them: by repetition when there are several, else by the rows of each result.
    void run()
    {
        if (shape.count > 1) {
            onEveryThread(shape.count, [this](Index, Index repetitions) {
                MatrixT<float> c2(shape.m, shape.n), dA2(shape.m, shape.k), dB2(shape.k, shape.n);
                for (Index r = 0; r < repetitions; ++r) {
                    c2.noalias() = a * b;
                    dA2.noalias() = c2 * b.transpose();
                    dB2.noalias() = a.transpose() * c2;
                }
            });
            return;
        }
        onEveryThread(shape.m, [this](Index first, Index count) {
            c.middleRows(first, count).noalias() = a.middleRows(first, count) * b;
        });
        onEveryThread(shape.m, [this](Index first, Index count) {
            dA.middleRows(first, count).noalias() = c.middleRows(first, count) * b.transpose();
        });
        onEveryThread(shape.k, [this](Index first, Index count) {
            dB.middleRows(first, count).noalias() = a.transpose().middleRows(first, count) * c;
        });
    }
};

} // namespace

std::vector<StepProduct> stepProducts(const ModelConfig &config, int batch)
{
    const Index t = config.context;
    const Index n = Index(batch) * t;
    const Index d = config.dModel;
    const Index dHead = d / std::max(1, config.heads);
    const int perHead = batch * config.heads;
    std::vector<StepProduct> products;
    for (int l = 0; l < config.layers; ++l) {
        for (int projection = 0; projection < 4; ++projection) // q, k, v and the output's
            products.push_back({n, d, d, 1});
        products.push_back({t, dHead, t, perHead}); // the scores, q · kᵀ
        products.push_back({t, t, dHead, perHead}); // weights · v
        if (config.mlp) {
            products.push_back({n, d, 4 * d, 1});
            products.push_back({n, 4 * d, d, 1});
        }
    }
    products.push_back({n, d, Index(config.vocabSize), 1}); // the logits, x · tok_embᵀ
    return products;
}

double gemmStepSeconds(const ModelConfig &config, int batch, int repetitions)
{
    std::vector<ProductBuffers> buffers;
    for (const StepProduct &product : stepProducts(config, batch))
        buffers.emplace_back(product);
    using Clock = std::chrono::steady_clock;
    std::vector<double> seconds;
    for (int r = 0; r <= std::max(1, repetitions); ++r) {
        const Clock::time_point start = Clock::now();
        for (ProductBuffers &product : buffers)
            product.run();
        if (r > 0) // the first is the warm-up
            seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::nth_element(seconds.begin(), seconds.begin() + Index(seconds.size() / 2), seconds.end());
    return seconds[seconds.size() / 2];
}

} // namespace attention::tiny
