//===- core/Ablations.cpp -------------------------------------------------===//
#include "core/Ablations.h"

#include <utility>

namespace xwarp::core {

namespace {
struct Entry {
  const char *Name;
  bool Ablations::*Flag;
};
const Entry Table[] = {
    {"no-waw", &Ablations::NoWaw},
    {"own-address-keys", &Ablations::OwnAddressKeys},
    {"seed-dead-conditions", &Ablations::SeedDeadConditions},
    {"element-size-gate", &Ablations::ElementSizeGate},
    {"exempt-splits", &Ablations::ExemptSplits},
    {"popc-one-use", &Ablations::PopcOneUse},
    {"shared-only", &Ablations::SharedOnly},
    {"drop-sext", &Ablations::DropSext},
};
} // namespace

bool Ablations::any() const {
  for (const Entry &E : Table)
    if (this->*E.Flag)
      return true;
  return false;
}

std::string Ablations::str() const {
  std::string S;
  for (const Entry &E : Table)
    if (this->*E.Flag)
      S += (S.empty() ? "" : ",") + std::string(E.Name);
  return S;
}

std::optional<Ablations> Ablations::parse(const std::string &List, std::string *Bad) {
  Ablations A;
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t End = List.find_first_of(",;", Start);
    std::string Name = List.substr(Start, End == std::string::npos ? std::string::npos : End - Start);
    if (!Name.empty()) {
      bool Found = false;
      for (const Entry &E : Table)
        if (Name == E.Name) {
          A.*E.Flag = true;
          Found = true;
        }
      if (!Found) {
        if (Bad)
          *Bad = Name;
        return std::nullopt;
      }
    }
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  return A;
}

const char *Ablations::names() {
  return "no-waw, own-address-keys, seed-dead-conditions, element-size-gate, exempt-splits, "
         "popc-one-use, shared-only, drop-sext";
}

} // namespace xwarp::core
