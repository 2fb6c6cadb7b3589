//===- model/Guard.h - Path conditions of a site ---------------------------===//
//
// A comparison that holds whenever a site executes (a dominating branch on
// `tid.x < s`, say). Evaluated per event, with that event's thread and loop
// values; the address precision may add them to its queries.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_GUARD_H
#define XWARP_MODEL_GUARD_H

#include "model/Term.h"

#include <string>

namespace xwarp::model {

enum class CmpPred : uint8_t { EQ, NE, ULT, ULE, UGT, UGE, SLT, SLE, SGT, SGE };

/// The predicate that holds when P does not.
CmpPred inverse(CmpPred P);
const char *predName(CmpPred P);

struct Guard {
  CmpPred Pred = CmpPred::EQ;
  const Term *L = nullptr, *R = nullptr;
  std::string str() const;
};

/// Whether L Pred R holds for concrete values of the operands' width.
bool evaluatePredicate(CmpPred P, uint64_t L, uint64_t R, unsigned Width);

} // namespace xwarp::model

#endif
