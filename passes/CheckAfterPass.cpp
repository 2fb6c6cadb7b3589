//===- passes/CheckAfterPass.cpp ------------------------------------------===//
#include "passes/CheckAfterPass.h"

#include "core/CtaUniformity.h"
#include "core/DeletionChecker.h"
#include "core/ModelExtractor.h"
#include "core/NvptxTarget.h"
#include "core/SourceLocation.h"
#include "verify/Z3OverlapSolver.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <map>
#include <memory>

using namespace llvm;

static cl::opt<bool> CheckAfterPasses(
    "xwarp-check-after-passes", cl::init(false),
    cl::desc("Prove or refute every deletion the xwarp passes make in this pipeline, printing a "
             "certificate per deletion to stderr"));

static cl::opt<std::string> CheckBlockDim(
    "xwarp-check-block-dim", cl::value_desc("XxYxZ"),
    cl::desc("The block dimensions the certificates of -xwarp-check-after-passes assume (each a "
             "number or *; default: the block-dim of the pipeline's dead-sync-elim passes)"),
    // A value that does not parse would check for every launch unnoticed:
    // refused, as the passes' block-dim parameter is.
    cl::callback([](const std::string &V) {
      if (!xwarp::model::BlockDimSpec::parse(V)) {
        errs() << "xwarp: error: invalid -xwarp-check-block-dim '" << V
               << "' (expected XxYxZ, each a number or *, within the CUDA limits)\n";
        std::exit(2);
      }
    }));

namespace xwarp::passes {

bool PipelineLaunch::add(const std::optional<model::BlockDimSpec> &D) {
  // The option decides for every pass; the passes' own need not agree.
  if (!CheckBlockDim.empty())
    return true;
  auto Text = [](const std::optional<model::BlockDimSpec> &B) { return B ? B->str() : std::string("*x*x*"); };
  if (Seen && Text(Dim) != Text(D))
    return false;
  Seen = true;
  Dim = D;
  return true;
}

namespace {
/// What a function looked like before an xwarp pass ran.
struct Snapshot {
  core::ExtractedFunction Model;
  std::vector<std::string> Where; // by sync id: "intrinsic at file:line:col"
};

class Checker {
public:
  explicit Checker(std::shared_ptr<const PipelineLaunch> Launch) : Launch(std::move(Launch)) {}

  void before(StringRef PassID, Any IR) {
    Saved.clear();
    const Module *M = moduleOf(IR);
    if (!M || !isOurs(PassID))
      return;
    // Only NVPTX modules are checked (the target machine the analyses need
    // is NVPTX's; on another triple it aborts). A module without a triple
    // gets NVPTX's for the analyses and its own back: checking only looks.
    if (!M->getTargetTriple().empty() && !Triple(M->getTargetTriple()).isNVPTX())
      return;
    Module &Mod = const_cast<Module &>(*M);
    std::string OwnTriple = Mod.getTargetTriple();
    auto RestoreTriple = make_scope_exit([&] { Mod.setTargetTriple(OwnTriple); });
    std::unique_ptr<TargetMachine> TM = core::createNvptxTargetMachine(Mod);
    PassBuilder PB(TM.get());
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    core::registerCtaUniformity(FAM, MAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    MAM.getResult<core::ThreadOrderingAnalysis>(Mod); // once for every function's uniformity
    core::ModuleFacts Facts(Mod);
    std::optional<model::BlockDimSpec> BlockDim = blockDimFor(PassID);
    for (Function &F : Mod) {
      if (F.isDeclaration())
        continue;
      core::ExtractionInputs In(FAM.getResult<LoopAnalysis>(F));
      In.DT = &FAM.getResult<DominatorTreeAnalysis>(F);
      In.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
      In.Uniformity = &FAM.getResult<core::CtaUniformityAnalysis>(F);
      In.BlockDim = BlockDim;
      Snapshot S{core::extractFunction(F, In, Facts), {}};
      for (unsigned I = 0; I < S.Model.SyncInst.size(); ++I)
        S.Where.push_back(S.Model.SyncName[I].str() + " at " + core::sourceLocOf(*S.Model.SyncInst[I]).str());
      Saved.emplace(F.getName().str(), std::move(S));
    }
    FAM.clear();
    MAM.clear();
  }

  void after(StringRef PassID, Any IR) {
    const Module *M = moduleOf(IR);
    if (!M || Saved.empty())
      return;
    if (!Solver)
      Solver = verify::createZ3OverlapSolver(2000);
    for (const Function &F : *M) {
      auto It = Saved.find(F.getName().str());
      if (It == Saved.end())
        continue;
      Snapshot &S = It->second;
      DenseSet<const Instruction *> Live;
      for (const BasicBlock &BB : F)
        for (const Instruction &I : BB)
          Live.insert(&I);
      // Gone: not in the function any more, or its address reused by
      // something else. Barriers in program order, fences after them.
      std::vector<unsigned> Deleted, Fences;
      for (unsigned I = 0; I < S.Model.SyncInst.size(); ++I) {
        const Instruction *Inst = S.Model.SyncInst[I];
        bool Present = Live.contains(Inst) && isa<CallBase>(Inst) &&
                       cast<CallBase>(Inst)->getCalledFunction() &&
                       cast<CallBase>(Inst)->getCalledFunction()->getName() == S.Model.SyncName[I];
        if (Live.contains(Inst) && isa<FenceInst>(Inst)) // a deleted one is not read
          Present = true;
        if (!Present)
          (S.Model.Model.Syncs[I].Kind == model::SyncKind::Fence ? Fences : Deleted).push_back(I);
      }
      Deleted.insert(Deleted.end(), Fences.begin(), Fences.end());
      if (Deleted.empty())
        continue;
      core::DeletionChecker C(S.Model.Model, *Solver);
      std::vector<core::Certificate> Certs = C.check(Deleted);
      for (size_t I = 0; I < Deleted.size(); ++I)
        errs() << "xwarp-check: " << F.getName() << ": " << S.Where[Deleted[I]] << " removed by "
               << PassID << ": " << core::proofStatusName(Certs[I].Status) << " (" << Certs[I].Reason
               << ")\n";
    }
    Saved.clear();
  }

private:
  /// The option's block-dim; else a dead-sync-elim pass's own (basic-dbe
  /// takes none: it deletes only what holds for every launch).
  std::optional<model::BlockDimSpec> blockDimFor(StringRef PassID) const {
    if (!CheckBlockDim.empty())
      return model::BlockDimSpec::parse(CheckBlockDim);
    if (PassID.contains("DeadSyncElimPass"))
      return Launch->blockDim();
    return std::nullopt;
  }

  static bool isOurs(StringRef PassID) {
    return PassID.contains("DeadSyncElimPass") || PassID.contains("BasicDeadBarrierElimPass");
  }
  static const Module *moduleOf(Any IR) {
    if (const auto *M = any_cast<const Module *>(&IR))
      return *M;
    if (const auto *F = any_cast<const Function *>(&IR))
      return (*F)->getParent();
    return nullptr;
  }

  std::shared_ptr<const PipelineLaunch> Launch;
  std::map<std::string, Snapshot> Saved;
  std::unique_ptr<model::OverlapSolver> Solver;
};
} // namespace

std::shared_ptr<PipelineLaunch> registerCheckAfterPass(PassInstrumentationCallbacks &PIC) {
  if (!CheckAfterPasses)
    return nullptr;
  auto Launch = std::make_shared<PipelineLaunch>();
  auto C = std::make_shared<Checker>(Launch);
  PIC.registerBeforeNonSkippedPassCallback([C](StringRef PassID, Any IR) { C->before(PassID, IR); });
  PIC.registerAfterPassCallback(
      [C](StringRef PassID, Any IR, const PreservedAnalyses &) { C->after(PassID, IR); });
  return Launch;
}

} // namespace xwarp::passes
