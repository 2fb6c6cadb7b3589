//===- tools/xwarp/Pipeline.cpp -------------------------------------------===//
#include "Pipeline.h"

#include "core/AddressArithmetic.h"
#include "core/NvptxTarget.h"
#include "passes/Registration.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Utils/Cloning.h"

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

/// Whether infer-address-spaces leaves M valid. LLVM 19's pass can put an
/// address-space cast among a block's PHIs when an llvm.assume states a
/// pointer's space (nvvm.isspacep), and it leaves a null operand where an
/// llvm.ptrmask of a constant (`__builtin_align_down` of a __shared__ array)
/// was rewritten: the module then fails the verifier. Only a module with
/// assumptions or pointer masks is tried, on a copy.
static bool inferAddressSpacesKeepsValid(const Module &M) {
  bool Risky = any_of(M, [](const Function &F) {
    return !F.use_empty() && (F.getIntrinsicID() == Intrinsic::assume || F.getIntrinsicID() == Intrinsic::ptrmask);
  });
  if (!Risky)
    return true;
  std::unique_ptr<Module> Copy = CloneModule(M);
  if (Error E = runPassPipelineText(*Copy, "function(infer-address-spaces)")) {
    consumeError(std::move(E));
    return false;
  }
  return true;
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
  auto Named = [&R](const std::string &Pass) { R.Passes += (R.Passes.empty() ? "" : ",") + Pass; };
  if (inferAddressSpacesKeepsValid(M)) {
    MPM.addPass(createModuleToFunctionPassAdaptor(InferAddressSpacesPass()));
    Named("infer-address-spaces");
  } else {
    // The analysis resolves generic pointers itself; only the rewritten
    // address spaces are lost.
    errs() << "xwarp: warning: " << M.getModuleIdentifier()
           << ": infer-address-spaces (LLVM 19) would leave invalid IR; running without it\n";
  }
  for (Step S : Opts.Steps) {
    if (S == Step::DeadSyncElim) {
      passes::DeadSyncElimPass DSE(Opts.DSE, &Sink);
      Named(printedPipeline(DSE));
      MPM.addPass(std::move(DSE));
    } else {
      passes::CommonBaseElimPass CBE(Opts.CBE, &Sink);
      Named(printedPipeline(CBE));
      passes::addCommonBaseElimToModule(std::move(CBE), MPM);
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
