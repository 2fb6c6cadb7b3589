//===- passes/BasicDeadBarrierElim.h - basic-dbe ---------------------------===//
//
// The cheap local pass: a barrier with no visible memory access between it and
// a neighbouring full barrier of the same block (or the kernel's entry or
// exit) has an empty side, so it orders nothing. No dataflow, no addresses.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_BASICDEADBARRIERELIM_H
#define XWARP_PASSES_BASICDEADBARRIERELIM_H

#include "llvm/IR/PassManager.h"

namespace xwarp::passes {

class SyncResultSink;

class BasicDeadBarrierElimPass : public llvm::PassInfoMixin<BasicDeadBarrierElimPass> {
public:
  explicit BasicDeadBarrierElimPass(SyncResultSink *Sink = nullptr) : Sink(Sink) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  SyncResultSink *Sink;
};

} // namespace xwarp::passes

#endif
