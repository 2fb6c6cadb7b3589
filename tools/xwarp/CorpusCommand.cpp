//===- tools/xwarp/CorpusCommand.cpp - xwarp corpus -------------------------===//
//
// Runs the optimization pipeline over annotated CUDA kernels and compares
// every synchronization site's verdict with its EXPECT line. Exit status 1
// when a barrier marked keep was removed or an annotation does not match.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Expectations.h"
#include "InputFiles.h"
#include "Options.h"
#include "OutputFiles.h"
#include "Pipeline.h"
#include "Report.h"
#include "core/NvptxTarget.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace xwarp::tools {

static cl::OptionCategory CorpusCategory("xwarp corpus options");
static cl::opt<std::string> JsonPath("json", cl::value_desc("file"), cl::cat(CorpusCategory),
                                     cl::desc("Also write the rows here: a JSON array, one object per kernel file"));

static int runCorpus() {
  if (Inputs.empty())
    return badInput("xwarp corpus needs a corpus directory or .cu files");
  Expected<PipelineOptions> Pipeline = pipelineOptions();
  if (!Pipeline)
    return badInput(toString(Pipeline.takeError()));
  const passes::DeadSyncElimOptions *DSE = &Pipeline->DSE;
  bool Bases = Pipeline->runs(Step::CommonBaseElim);
  const char *VariantName = passes::variantName(DSE->V);
  Expected<std::vector<std::string>> Files = inputFiles(Inputs, {".cu"});
  if (!Files)
    return badInput(toString(Files.takeError()));
  if (Files->empty())
    return badInput("no .cu files in the inputs");
  if (JsonPath.getNumOccurrences())
    if (Error E = OutputFiles::checkPaths({JsonPath}, *Files))
      return badInput(toString(std::move(E)));

  bool Checking = DSE->Verify != passes::VerifyMode::Off;
  // The table goes out whole once every file ran: bad input met halfway
  // leaves stdout empty, as it leaves every output file unwritten.
  std::string Table;
  raw_string_ostream OS(Table);
  auto Row = [&](StringRef Name, const Comparison &C, const Counts &P, const AddressCounts &A,
                 unsigned Before, unsigned After) {
    OS << formatv("{0,-34} {1,8} {2,7} {3,5} {4,6} | {5,5} {6,7} {7,6} {8,8}", Name, C.Sites,
                  C.Removed, C.Kept, C.Exempt, C.ExpectedDead, C.RemovedDead, C.Unsafe,
                  C.Mismatch);
    if (Checking)
      OS << formatv(" | {0,6} {1,7} {2,7}", P.Proved, P.Refuted, P.Unknown);
    if (Bases) {
      OS << formatv(" | {0,5} {1,6} {2,5}", A.Bases, Before, After);
      if (Checking)
        OS << formatv(" {0,6} {1,7} {2,7}", A.Proved, A.Refuted, A.Unknown);
    }
    OS << "\n";
  };
  OS << formatv("{0,-34} {1,8} {2,7} {3,5} {4,6} | {5,5} {6,7} {7,6} {8,8}", "kernel file",
                "barriers", "removed", "kept", "exempt", "dead", "removed", "unsafe", "mismatch");
  if (Checking)
    OS << formatv(" | {0,6} {1,7} {2,7}", "proved", "refuted", "unknown");
  if (Bases) {
    OS << formatv(" | {0,5} {1,6} {2,5}", "bases", "addr<", "addr>");
    if (Checking)
      OS << formatv(" {0,6} {1,7} {2,7}", "d-prov", "d-refut", "d-unkn");
  }
  OS << "\n";
  Counts ProofTotal;
  AddressCounts AddressTotal;
  unsigned BeforeTotal = 0, AfterTotal = 0;
  Comparison Total;
  json::Array Rows;
  std::vector<std::string> Problems;
  for (const std::string &File : *Files) {
    Expected<CorpusFile> Annotated = readCorpusFile(File);
    if (!Annotated)
      return badInput(toString(Annotated.takeError()));
    // The file's launch applies unless --block-dim fixed one for every file.
    PipelineOptions Opts = *Pipeline;
    if (!Opts.DSE.Precision.BlockDim)
      Opts.DSE.Precision.BlockDim = Annotated->BlockDim;
    LLVMContext Ctx;
    Expected<std::unique_ptr<Module>> M = loadInput(File, Ctx, cudaOptions());
    if (!M)
      return badInput(toString(M.takeError()));
    core::RetiredAtExit Retire(*M);
    Expected<PipelineResult> R = runPipeline(**M, Opts);
    if (!R) {
      errs() << "xwarp: " << toString(R.takeError()) << "\n";
      return ExitInternal;
    }
    // Without dse there are no verdicts to compare.
    Comparison C = Pipeline->runs(Step::DeadSyncElim) ? compare(File, Annotated->Expect, R->Functions)
                                                      : Comparison();
    Counts P = countVerdicts(*R);
    AddressCounts A = countAddresses(*R);
    Row(sys::path::filename(File), C, P, A, R->AddressInstructionsBefore, R->AddressInstructionsAfter);
    AddressTotal.Bases += A.Bases;
    AddressTotal.Rewritten += A.Rewritten;
    AddressTotal.RolledBack += A.RolledBack;
    AddressTotal.Proved += A.Proved;
    AddressTotal.Refuted += A.Refuted;
    AddressTotal.Unknown += A.Unknown;
    BeforeTotal += R->AddressInstructionsBefore;
    AfterTotal += R->AddressInstructionsAfter;
    ProofTotal.Proved += P.Proved;
    ProofTotal.Refuted += P.Refuted;
    ProofTotal.Unknown += P.Unknown;
    Rows.push_back(json::Object{{"file", File}, {"variant", VariantName},
                                {"barriers", C.Sites}, {"removed", C.Removed},
                                {"kept", C.Kept}, {"exempt", C.Exempt},
                                {"expected_dead", C.ExpectedDead}, {"removed_dead", C.RemovedDead},
                                {"unsafe", C.Unsafe}, {"mismatch", C.Mismatch},
                                {"ablate", DSE->Ablate.str()},
                                {"verify", passes::verifyModeName(DSE->Verify)},
                                {"proved", P.Proved}, {"refuted", P.Refuted},
                                {"unknown", P.Unknown}, {"ms", R->Ms},
                                {"passes", R->Passes},
                                {"bases_merged", A.Bases},
                                {"addresses_rewritten", A.Rewritten},
                                {"addresses_rolled_back", A.RolledBack},
                                {"delta_proved", A.Proved},
                                {"delta_refuted", A.Refuted},
                                {"delta_unknown", A.Unknown},
                                {"address_instructions_before", R->AddressInstructionsBefore},
                                {"address_instructions_after", R->AddressInstructionsAfter}});
    Total.Sites += C.Sites;
    Total.Removed += C.Removed;
    Total.Kept += C.Kept;
    Total.Exempt += C.Exempt;
    Total.ExpectedDead += C.ExpectedDead;
    Total.RemovedDead += C.RemovedDead;
    Total.Unsafe += C.Unsafe;
    Total.Mismatch += C.Mismatch;
    Problems.insert(Problems.end(), C.Problems.begin(), C.Problems.end());
  }
  Row("total", Total, ProofTotal, AddressTotal, BeforeTotal, AfterTotal);
  OS << VariantName << (DSE->Ablate.any() ? " with " + DSE->Ablate.str() : std::string())
     << ": removed " << Total.RemovedDead << " of " << Total.ExpectedDead
     << " barriers expected dead over " << Files->size() << " kernel files; " << Total.Unsafe
     << " unsafe removals, " << Total.Mismatch << " annotation mismatches";
  if (Checking)
    OS << "; certificates: " << ProofTotal.Proved << " proved, " << ProofTotal.Refuted
       << " refuted, " << ProofTotal.Unknown << " unknown";
  if (Bases) {
    OS << "; common-base-elim: " << AddressTotal.Bases << " bases merged, address instructions "
       << BeforeTotal << " -> " << AfterTotal;
    if (Checking)
      OS << ", delta proofs " << AddressTotal.Proved << " proved, " << AddressTotal.Refuted
         << " refuted, " << AddressTotal.Unknown << " unknown";
  }
  OS << "\n";
  for (const std::string &P : Problems)
    OS << "  " << P << "\n";

  outs() << Table;
  if (JsonPath.getNumOccurrences()) {
    OutputFiles Out;
    Out.add(JsonPath, formatv("{0:2}", json::Value(std::move(Rows))).str() + "\n");
    if (Error E = Out.commit())
      return badInput(toString(std::move(E)));
  }
  // With ablations, removals of keep barriers and refutations are the point.
  if (DSE->Ablate.any())
    return ExitOk;
  return Total.Unsafe || Total.Mismatch || ProofTotal.Refuted || AddressTotal.Refuted ? ExitCheckFailed
                                                                                   : ExitOk;
}

Command corpusCommand() {
  return {"corpus", "run over annotated CUDA kernels and compare verdicts with their EXPECT lines",
          {&CorpusCategory, &InputCategory, &AnalysisCategory, &passes::commonBaseElimCategory()},
          runCorpus};
}

} // namespace xwarp::tools
