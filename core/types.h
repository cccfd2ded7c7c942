#pragma once

/// Matrix and vector types shared by the whole core.
///
/// The teaching math (the document, the lesson, the head, the √d statistics) runs in double
/// precision; the timing kernels run in float32 like PyTorch's default. Matrices are row-major
/// because every algorithm here walks rows: one row per token.

#include <Eigen/Core>

namespace attention {

using Index = Eigen::Index;

/// A double-precision matrix, one row per token.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;

/// A single-precision matrix for the timing kernels.
using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

} // namespace attention
