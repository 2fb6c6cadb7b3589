//===- passes/AddressResults.cpp ------------------------------------------===//
#include "passes/AddressResults.h"

namespace xwarp::passes {

std::string AddressRecord::offsetText() const {
  if (Index.empty())
    return std::to_string(Delta);
  std::string S = std::to_string(Scale) + " * " + Index;
  return Delta ? std::to_string(Delta) + " + " + S : S;
}

AddressResultSink::~AddressResultSink() = default;

} // namespace xwarp::passes
