//===- core/SourceLocation.cpp --------------------------------------------===//
#include "core/SourceLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace xwarp::core {

std::string SourceLoc::str() const {
  if (!known())
    return "<unknown>";
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Col);
}

SourceLoc sourceLocOf(const Instruction &I) {
  SourceLoc L;
  const DILocation *DL = I.getDebugLoc().get();
  if (!DL)
    return L;
  while (const DILocation *At = DL->getInlinedAt())
    DL = At;
  L.File = DL->getFilename().str();
  L.Line = DL->getLine();
  L.Col = DL->getColumn();
  return L;
}

} // namespace xwarp::core
