//===- model/Sync.cpp -----------------------------------------------------===//
#include "model/Sync.h"

namespace xwarp::model {

const char *syncKindName(SyncKind K) {
  switch (K) {
  case SyncKind::FullBarrier: return "full";
  case SyncKind::PartialBarrier: return "partial";
  case SyncKind::ValuedBarrier: return "valued";
  case SyncKind::Fence: return "fence";
  case SyncKind::Exempt: return "exempt";
  }
  return "?";
}

const char *fenceScopeName(FenceScope S) {
  switch (S) {
  case FenceScope::None: return "none";
  case FenceScope::CTA: return "cta";
  case FenceScope::GPU: return "gpu";
  case FenceScope::System: return "system";
  case FenceScope::Cluster: return "cluster";
  }
  return "?";
}

} // namespace xwarp::model
