//===- core/SourceLocation.cpp --------------------------------------------===//
#include "core/SourceLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace xwarp::core {

std::string SourceLoc::str() const { return model::SourcePlace{File, Line, Col}.str(); }

const DILocation *outermostLocation(const Instruction &I) {
  const DILocation *DL = I.getDebugLoc().get();
  while (DL && DL->getInlinedAt())
    DL = DL->getInlinedAt();
  return DL;
}

model::SourcePlace sourcePlaceOf(const Instruction &I) {
  model::SourcePlace P;
  const DILocation *DL = outermostLocation(I);
  if (!DL)
    return P;
  StringRef File = DL->getFilename();
  P.File = std::string_view(File.data(), File.size());
  P.Line = DL->getLine();
  P.Col = DL->getColumn();
  return P;
}

SourceLoc sourceLocOf(const Instruction &I) {
  model::SourcePlace P = sourcePlaceOf(I);
  return SourceLoc{std::string(P.File), P.Line, P.Col};
}

} // namespace xwarp::core
