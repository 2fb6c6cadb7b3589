//===- tools/xwarp/OptCommand.cpp - xwarp opt ------------------------------===//
#include "Commands.h"
#include "Options.h"
#include "OutputFiles.h"
#include "Pipeline.h"
#include "Report.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::tools {

static cl::OptionCategory OptCategory("xwarp opt options");
static cl::opt<std::string> OutputPath("o", cl::value_desc("file"), cl::cat(OptCategory),
                                       cl::desc("Write the optimized IR here (.bc: bitcode, "
                                                "otherwise text; '-' for stdout)"));
static cl::opt<std::string> ReportPath("report", cl::value_desc("file"), cl::cat(OptCategory),
                                       cl::desc("Write the JSON report here ('-' for stdout)"));

static std::string serialize(const Module &M, StringRef Path) {
  std::string Out;
  raw_string_ostream OS(Out);
  // Buffered: the printer writes small pieces, each of which an unbuffered
  // string stream (and the column tracking above it) handles on its own.
  OS.SetBuffered();
  if (sys::path::extension(Path) == ".bc")
    WriteBitcodeToFile(M, OS);
  else
    M.print(OS, nullptr);
  OS.flush();
  return Out;
}

static int runOpt() {
  if (Inputs.size() != 1)
    return badInput("xwarp opt takes exactly one input (.ll, .bc or .cu)");
  Expected<PipelineOptions> Opts = pipelineOptions();
  if (!Opts)
    return badInput(toString(Opts.takeError()));
  const passes::DeadSyncElimOptions *DSE = &Opts->DSE;
  const char *VariantName = passes::variantName(DSE->V);
  std::vector<std::string> Paths;
  if (OutputPath.getNumOccurrences())
    Paths.push_back(OutputPath);
  if (ReportPath.getNumOccurrences())
    Paths.push_back(ReportPath);
  if (Error E = OutputFiles::checkPaths(Paths, {Inputs[0]}))
    return badInput(toString(std::move(E)));
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = loadInput(Inputs[0], Ctx, cudaOptions());
  if (!M)
    return badInput(toString(M.takeError()));
  Expected<PipelineResult> R = runPipeline(**M, *Opts);
  if (!R) {
    errs() << "xwarp: " << toString(R.takeError()) << "\n";
    return ExitInternal;
  }

  OutputFiles Out;
  if (!OutputPath.empty())
    Out.add(OutputPath, serialize(**M, OutputPath));
  if (!ReportPath.empty()) {
    RunInfo Info{Inputs[0], VariantName, passes::verifyModeName(DSE->Verify), DSE->Ablate.str()};
    Out.add(ReportPath, reportText(Info, *R));
  }
  if (Error E = Out.commit())
    return badInput(toString(std::move(E)));

  Counts C = countVerdicts(*R);
  bool StdoutTaken = OutputPath == "-" || ReportPath == "-";
  raw_ostream &OS = StdoutTaken ? errs() : outs();
  bool Checking = DSE->Verify != passes::VerifyMode::Off;
  OS << Inputs[0] << ":";
  if (Opts->runs(Step::DeadSyncElim)) {
    OS << " " << C.Sites << " synchronization sites, " << C.Removed << " removed, " << C.Kept
       << " kept, " << C.Exempt << " exempt (" << VariantName << ")";
    if (Checking)
      OS << "; certificates: " << C.Proved << " proved, " << C.Refuted << " refuted, " << C.Unknown
         << " unknown";
  }
  if (Opts->runs(Step::CommonBaseElim)) {
    AddressCounts A = countAddresses(*R);
    OS << (Opts->runs(Step::DeadSyncElim) ? ";" : "") << " " << A.Bases << " bases merged, "
       << A.Rewritten << " addresses rewritten, address instructions " << R->AddressInstructionsBefore
       << " -> " << R->AddressInstructionsAfter;
    if (Checking || A.StrictForLoops)
      OS << "; delta proofs: " << A.Proved << " proved, " << A.Refuted << " refuted, " << A.Unknown
         << " unknown" << (A.RolledBack ? ", " + std::to_string(A.RolledBack) + " rolled back" : "");
    if (A.StrictForLoops)
      OS << " (" << A.StrictForLoops << (A.StrictForLoops == 1 ? " function" : " functions")
         << " with more loops than cbe-flagless-max-loops: only proved rewrites kept)";
  }
  OS << "\n";
  return ExitOk;
}

Command optCommand() {
  return {"opt", "optimize one input (.ll, .bc or .cu); write IR (-o) and a JSON report (--report)",
          {&OptCategory, &InputCategory, &AnalysisCategory, &passes::commonBaseElimCategory()}, runOpt};
}

} // namespace xwarp::tools
