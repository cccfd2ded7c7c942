#include "sharedproducts.h"

#include "tablepool.h"

#include <condition_variable>
#include <mutex>

namespace attention::SharedProducts {

namespace {

/// The latest product asked for: its factors, and the table once made (weakly: the results
/// that hold it decide how long it lives).
struct Latest
{
    Matrix queries;
    Matrix keys;
    bool making = false; ///< a thread is multiplying them now
    std::weak_ptr<const Matrix> products;
};

std::mutex mutex;
std::condition_variable made;
Latest latest;

/// Q Kᵀ in a table of the pool.
std::shared_ptr<const Matrix> multiply(const Matrix &queries, const Matrix &keys)
{
    Matrix table = TablePool::take(queries.rows(), keys.rows());
    table.noalias() = queries * keys.transpose();
    return shareTable(std::move(table));
}

bool sameFactors(const Matrix &queries, const Matrix &keys)
{
    return latest.queries.rows() == queries.rows() && latest.queries.cols() == queries.cols() &&
           latest.keys.rows() == keys.rows() && latest.keys.cols() == keys.cols() &&
           latest.queries == queries && latest.keys == keys;
}

} // namespace

std::shared_ptr<const Matrix> get(const Matrix &queries, const Matrix &keys, bool *multiplied)
{
    // Copies of Q and K that would weigh more than a quarter of the table are not worth it.
    const bool shared = queries.cols() * 8 <= queries.rows();
    if (multiplied)
        *multiplied = true;
    if (!shared)
        return multiply(queries, keys);
    std::unique_lock lock(mutex);
    made.wait(lock, [&] { return !latest.making || !sameFactors(queries, keys); });
    if (sameFactors(queries, keys)) {
        if (std::shared_ptr<const Matrix> products = latest.products.lock()) {
            if (multiplied)
                *multiplied = false;
            return products;
        }
    }
    latest.queries = queries;
    latest.keys = keys;
    latest.making = true;
    latest.products.reset();
    lock.unlock();

    std::shared_ptr<const Matrix> products;
    try {
        products = multiply(queries, keys);
    } catch (...) { // out of memory: the passes waiting for this product make their own
        lock.lock();
        if (sameFactors(queries, keys))
            latest.making = false;
        made.notify_all();
        throw;
    }
    lock.lock();
    if (latest.making && sameFactors(queries, keys)) {
        latest.making = false;
        latest.products = products;
    }
    made.notify_all();
    return products;
}

} // namespace attention::SharedProducts
