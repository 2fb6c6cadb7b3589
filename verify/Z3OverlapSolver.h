//===- verify/Z3OverlapSolver.h - Two-thread overlap queries in Z3 ----------===//
#ifndef XWARP_VERIFY_Z3OVERLAPSOLVER_H
#define XWARP_VERIFY_Z3OVERLAPSOLVER_H

#include "model/OverlapQuery.h"

#include <memory>

namespace xwarp::verify {

/// An OverlapSolver on Z3 bit-vectors. Each query gets TimeoutMs; a timeout
/// or a solver error is Unknown, never Disjoint.
std::unique_ptr<model::OverlapSolver> createZ3OverlapSolver(unsigned TimeoutMs = 2000);

} // namespace xwarp::verify

#endif
