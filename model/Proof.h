//===- model/Proof.h - The three answers of a proof ------------------------===//
//
// Every certificate xwarp gives (a barrier deletion, a rewritten address) is
// one of three answers, never a boolean: a timeout is not a proof.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_PROOF_H
#define XWARP_MODEL_PROOF_H

#include <cstdint>

namespace xwarp::model {

enum class ProofStatus : uint8_t { Proved, Refuted, Unknown };

/// "proved", "refuted", "unknown".
const char *proofStatusName(ProofStatus S);

} // namespace xwarp::model

#endif
