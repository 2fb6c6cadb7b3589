//===- tools/xwarp/Pipeline.cpp -------------------------------------------===//
#include "Pipeline.h"

#include "core/AddressArithmetic.h"
#include "core/NvptxTarget.h"
#include "passes/Registration.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

#include <chrono>


using namespace llvm;

namespace xwarp::tools {

namespace {
class Collector : public passes::SyncResultSink {
public:
  explicit Collector(std::vector<passes::FunctionSyncResult> &Out) : Out(Out) {}
  void record(passes::FunctionSyncResult R) override { Out.push_back(std::move(R)); }

private:
  std::vector<passes::FunctionSyncResult> &Out;
};
} // namespace

static unsigned addressInstructions(const Module &M) {
  unsigned N = 0;
  for (const Function &F : M)
    N += core::countAddressInstructions(F);
  return N;
}

Expected<PipelineResult> runPipeline(Module &M, const PipelineOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  std::unique_ptr<TargetMachine> TM = core::createNvptxTargetMachine(M);
  if (!TM)
    return make_error<StringError>("the NVPTX target is not available in this LLVM",
                                   inconvertibleErrorCode());
  PipelineResult R;
  R.AddressInstructionsBefore = addressInstructions(M);

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM.get());
  passes::registerXWarpPasses(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  Collector Sink(R.Functions);
  ModulePassManager MPM;
  MPM.addPass(createModuleToFunctionPassAdaptor(InferAddressSpacesPass()));
  passes::DeadSyncElimPass DSE(Opts.DSE, &Sink);
  std::string Printed;
  raw_string_ostream PS(Printed);
  DSE.printPipeline(PS, [](StringRef N) { return N; });
  R.Passes = "infer-address-spaces," + PS.str();
  MPM.addPass(std::move(DSE));
  MPM.run(M, MAM);

  std::string VerifierOut;
  raw_string_ostream VS(VerifierOut);
  if (verifyModule(M, &VS))
    return make_error<StringError>("internal error: the output fails the verifier: " + VS.str(),
                                   inconvertibleErrorCode());
  R.AddressInstructionsAfter = addressInstructions(M);
  R.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  return R;
}

} // namespace xwarp::tools
