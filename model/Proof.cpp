//===- model/Proof.cpp ----------------------------------------------------===//
#include "model/Proof.h"

namespace xwarp::model {

const char *proofStatusName(ProofStatus S) {
  switch (S) {
  case ProofStatus::Proved: return "proved";
  case ProofStatus::Refuted: return "refuted";
  case ProofStatus::Unknown: return "unknown";
  }
  return "?";
}

} // namespace xwarp::model
