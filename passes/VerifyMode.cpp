//===- passes/VerifyMode.cpp ----------------------------------------------===//
#include "passes/VerifyMode.h"

namespace xwarp::passes {

std::optional<VerifyMode> parseVerifyMode(const std::string &Name) {
  if (Name == "off")
    return VerifyMode::Off;
  if (Name == "report")
    return VerifyMode::Report;
  if (Name == "strict")
    return VerifyMode::Strict;
  return std::nullopt;
}

const char *verifyModeName(VerifyMode M) {
  switch (M) {
  case VerifyMode::Off: return "off";
  case VerifyMode::Report: return "report";
  case VerifyMode::Strict: return "strict";
  }
  return "?";
}

} // namespace xwarp::passes
