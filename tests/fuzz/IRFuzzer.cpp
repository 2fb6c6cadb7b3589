//===- tests/fuzz/IRFuzzer.cpp - libFuzzer target on the IR input path -----===//
//
// Bytes as IR text or bitcode, through the driver's loader (parse, verify,
// NVPTX, a kernel) and, when they load, the whole pipeline with the checker:
// dead-sync-elim<address> then common-base-elim, every change proved or
// refuted. A crash, an output the verifier rejects, or a refuted change of
// a sound variant aborts.
//
//===----------------------------------------------------------------------===//
#include "InputLoader.h"
#include "Pipeline.h"
#include "Report.h"
#include "core/NvptxTarget.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdio>
#include <cstdlib>

using namespace llvm;
using namespace xwarp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  LLVMContext Ctx;
  // The IR parser reads up to a terminating NUL, as files are loaded: the
  // fuzzer's bytes have none, so they are copied into a buffer that does.
  std::unique_ptr<MemoryBuffer> Copy =
      MemoryBuffer::getMemBufferCopy(StringRef(reinterpret_cast<const char *>(Data), Size), "fuzz");
  Expected<std::unique_ptr<Module>> M = tools::loadIR(Copy->getMemBufferRef(), "fuzz", Ctx);
  if (!M) {
    consumeError(M.takeError()); // bad input: a clean error is the right answer
    return 0;
  }
  core::RetiredAtExit Retire(*M); // one process, many modules (about 1 KB each)
  tools::PipelineOptions Opts;
  Opts.Steps = {tools::Step::DeadSyncElim, tools::Step::CommonBaseElim};
  Opts.DSE.V = passes::Variant::Address;
  Opts.DSE.Verify = Opts.CBE.Verify = passes::VerifyMode::Report;
  Opts.DSE.Precision.SolverTimeoutMs = Opts.CBE.SolverTimeoutMs = 200;
  Expected<tools::PipelineResult> R = tools::runPipeline(**M, Opts);
  if (!R) {
    std::fprintf(stderr, "xwarp fuzz: %s\n", toString(R.takeError()).c_str());
    std::abort();
  }
  tools::Counts C = tools::countVerdicts(*R);
  tools::AddressCounts A = tools::countAddresses(*R);
  if (C.Refuted || A.Refuted) {
    std::fprintf(stderr, "xwarp fuzz: %u deletions and %u rewrites refuted\n", C.Refuted, A.Refuted);
    std::abort();
  }
  return 0;
}
