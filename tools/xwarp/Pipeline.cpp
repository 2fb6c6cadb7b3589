//===- tools/xwarp/Pipeline.cpp -------------------------------------------===//
#include "Pipeline.h"

#include "core/AddressArithmetic.h"
#include "core/NvptxTarget.h"
#include "passes/Registration.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

#include <algorithm>
#include <chrono>


using namespace llvm;

namespace xwarp::tools {

namespace {
class Collector : public passes::SyncResultSink, public passes::AddressResultSink {
public:
  explicit Collector(PipelineResult &Out) : Out(Out) {}
  void record(passes::FunctionSyncResult R) override { Out.Functions.push_back(std::move(R)); }
  void record(passes::FunctionAddressResult R) override { Out.Addresses.push_back(std::move(R)); }

private:
  PipelineResult &Out;
};

template <typename PassT> std::string printedPipeline(PassT &P) {
  std::string Printed;
  raw_string_ostream PS(Printed);
  P.printPipeline(PS, [](StringRef N) { return N; });
  return PS.str();
}
} // namespace

bool PipelineOptions::runs(Step S) const {
  return std::find(Steps.begin(), Steps.end(), S) != Steps.end();
}

std::optional<std::vector<Step>> parseSteps(const std::string &List) {
  std::vector<Step> Steps;
  for (StringRef Name : split(StringRef(List), ',')) {
    Name = Name.trim();
    std::optional<Step> S = Name == "dse"   ? std::optional<Step>(Step::DeadSyncElim)
                            : Name == "cbe" ? std::optional<Step>(Step::CommonBaseElim)
                                            : std::nullopt;
    if (!S || std::find(Steps.begin(), Steps.end(), *S) != Steps.end())
      return std::nullopt;
    Steps.push_back(*S);
  }
  if (Steps.empty())
    return std::nullopt;
  return Steps;
}

namespace {
/// A PassBuilder for the NVPTX target with xwarp's passes and every analysis
/// registered.
struct PassSetup {
  explicit PassSetup(TargetMachine *TM) : PB(TM) {
    passes::registerXWarpPasses(PB);
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
  ~PassSetup() { MAM.clear(); }
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
};
} // namespace

Error runPassPipelineText(Module &M, StringRef Text) {
  std::unique_ptr<TargetMachine> TM = core::createNvptxTargetMachine(M);
  if (!TM)
    return make_error<StringError>("the NVPTX target is not available in this LLVM",
                                   inconvertibleErrorCode());
  PassSetup S(TM.get());
  ModulePassManager MPM;
  if (Error E = S.PB.parsePassPipeline(MPM, Text))
    return E;
  MPM.run(M, S.MAM);
  std::string VerifierOut;
  raw_string_ostream VS(VerifierOut);
  if (verifyModule(M, &VS))
    return make_error<StringError>("the output of " + Text + " fails the verifier: " + VS.str(),
                                   inconvertibleErrorCode());
  return Error::success();
}

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

  PassSetup Setup(TM.get());
  Collector Sink(R);
  ModulePassManager MPM;
  MPM.addPass(createModuleToFunctionPassAdaptor(InferAddressSpacesPass()));
  R.Passes = "infer-address-spaces";
  for (Step S : Opts.Steps) {
    if (S == Step::DeadSyncElim) {
      passes::DeadSyncElimPass DSE(Opts.DSE, &Sink);
      R.Passes += "," + printedPipeline(DSE);
      MPM.addPass(std::move(DSE));
    } else {
      passes::CommonBaseElimPass CBE(Opts.CBE, &Sink);
      R.Passes += "," + printedPipeline(CBE);
      MPM.addPass(createModuleToFunctionPassAdaptor(std::move(CBE)));
    }
  }
  MPM.run(M, Setup.MAM);

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
