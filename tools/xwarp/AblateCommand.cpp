//===- tools/xwarp/AblateCommand.cpp - xwarp ablate -------------------------===//
//
// The ablation experiment: every input (kernel file) x variant x ablation
// (none, then each erratum alone) through dead-sync-elim and common-base-elim
// with the checker attached. One row per run, as CSV or JSON Lines; a summary
// table on stdout. Runs in parallel (-j) and over a shard of the inputs
// (--shard i/n), so array jobs can split a large corpus; their outputs merge
// by concatenation (only shard 1 writes the CSV header).
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

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <atomic>
#include <map>
#include <mutex>
#include <thread>

using namespace llvm;

namespace xwarp::tools {

static cl::OptionCategory AblateCategory("xwarp ablate options");
static cl::opt<std::string> VariantList("variants", cl::init("four-map,dataflow,address"),
                                        cl::value_desc("list"), cl::cat(AblateCategory),
                                        cl::desc("Variants to run, comma separated"));
static cl::opt<unsigned> Jobs("j", cl::init(0), cl::value_desc("N"), cl::cat(AblateCategory), cl::Prefix,
                              cl::desc("Files analysed in parallel (0, the default: one per core)"));
static cl::opt<std::string> Shard("shard", cl::init("1/1"), cl::value_desc("i/n"),
                                  cl::cat(AblateCategory),
                                  cl::desc("Run only the i-th of n consecutive slices of the input files (1-based)"));
static cl::opt<std::string> RowsPath("output", cl::value_desc("file"), cl::cat(AblateCategory),
                                     cl::desc("Write the rows here: .csv, or .jsonl (one JSON object per line)"));
static cl::opt<bool> Progress("progress", cl::init(false), cl::cat(AblateCategory),
                              cl::desc("Print a line to stderr as each run finishes"));

namespace {
struct Task {
  size_t File;
  passes::Variant V;
  /// Empty: no ablation.
  std::string Ablation;
};

struct Row {
  std::string File, Variant, Ablation, Error;
  unsigned Barriers = 0, Removed = 0, Proved = 0, Refuted = 0, Unknown = 0;
  unsigned DeltaProved = 0, DeltaRefuted = 0, DeltaUnknown = 0;
  double AnalysisMs = 0, ProofMs = 0, Ms = 0;
};

const char *CsvHeader = "file,variant,ablation,barriers,removed,proved,refuted,unknown,delta_proved,"
                        "delta_refuted,delta_unknown,analysis_ms,proof_ms,ms,error";

/// A text field as RFC 4180 writes it: quoted, its quotes doubled, when it
/// holds a comma, a quote or a line break (a file name may), or always.
std::string csvText(StringRef S, bool Always = false) {
  if (!Always && S.find_first_of(",\"\r\n") == StringRef::npos)
    return S.str();
  std::string Out = "\"";
  for (char C : S)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

std::string csv(const Row &R) {
  return formatv("{0},{1},{2},{3},{4},{5},{6},{7},{8},{9},{10},{11:f3},{12:f3},{13:f3},{14}", csvText(R.File),
                 R.Variant, csvText(R.Ablation.empty() ? "none" : R.Ablation), R.Barriers, R.Removed, R.Proved,
                 R.Refuted, R.Unknown, R.DeltaProved, R.DeltaRefuted, R.DeltaUnknown, R.AnalysisMs,
                 R.ProofMs, R.Ms, csvText(R.Error, /*Always=*/true))
      .str();
}

std::string jsonLine(const Row &R) {
  json::Object O{{"file", R.File},
                 {"variant", R.Variant},
                 {"ablation", R.Ablation.empty() ? "none" : R.Ablation},
                 {"barriers", R.Barriers},
                 {"removed", R.Removed},
                 {"proved", R.Proved},
                 {"refuted", R.Refuted},
                 {"unknown", R.Unknown},
                 {"delta_proved", R.DeltaProved},
                 {"delta_refuted", R.DeltaRefuted},
                 {"delta_unknown", R.DeltaUnknown},
                 {"analysis_ms", R.AnalysisMs},
                 {"proof_ms", R.ProofMs},
                 {"ms", R.Ms},
                 {"error", R.Error}};
  return formatv("{0}", json::Value(std::move(O))).str();
}

/// One run: a copy of the file's module through the pipeline with the checker.
Row run(const std::string &File, const Module &Loaded, const Task &T, const PipelineOptions &Base) {
  Row R;
  R.File = File;
  R.Variant = passes::variantName(T.V);
  R.Ablation = T.Ablation;
  PipelineOptions Opts = Base;
  Opts.DSE.V = T.V;
  Opts.DSE.Ablate = *core::Ablations::parse(T.Ablation);
  Opts.CBE.Ablate = Opts.DSE.Ablate;
  if (Expected<CorpusFile> Annotated = readCorpusFile(File)) {
    if (!Opts.DSE.Precision.BlockDim)
      Opts.DSE.Precision.BlockDim = Annotated->BlockDim;
  } else {
    consumeError(Annotated.takeError());
  }
  std::unique_ptr<Module> M = CloneModule(Loaded);
  core::RetiredAtExit Retire(M);
  Expected<PipelineResult> P = runPipeline(*M, Opts);
  if (!P) {
    R.Error = toString(P.takeError());
    return R;
  }
  Counts C = countVerdicts(*P);
  AddressCounts A = countAddresses(*P);
  R.Barriers = C.Sites;
  R.Removed = C.Removed;
  R.Proved = C.Proved;
  R.Refuted = C.Refuted;
  R.Unknown = C.Unknown;
  R.DeltaProved = A.Proved;
  R.DeltaRefuted = A.Refuted;
  R.DeltaUnknown = A.Unknown;
  for (const passes::FunctionSyncResult &F : P->Functions) {
    R.AnalysisMs += F.AnalysisMs;
    for (const passes::SyncRecord &S : F.Syncs)
      R.ProofMs += S.Proof.Ms;
  }
  for (const passes::FunctionAddressResult &F : P->Addresses)
    for (const passes::AddressRecord &Rec : F.Addresses)
      R.ProofMs += Rec.Proof.Ms;
  R.Ms = P->Ms;
  return R;
}

/// "i/n" with 1 <= i <= n.
std::optional<std::pair<unsigned, unsigned>> parseShard(StringRef S) {
  auto [I, N] = S.split('/');
  unsigned A = 0, B = 0;
  if (I.getAsInteger(10, A) || N.getAsInteger(10, B) || B == 0 || A == 0 || A > B)
    return std::nullopt;
  return std::make_pair(A, B);
}
} // namespace

static int runAblate() {
  if (Inputs.empty())
    return badInput("xwarp ablate needs kernel files or directories (.cu, .ll, .bc)");
  Expected<PipelineOptions> Base = pipelineOptions();
  if (!Base)
    return badInput(toString(Base.takeError()));
  Base->Steps = {Step::DeadSyncElim, Step::CommonBaseElim};
  Base->DSE.Verify = Base->CBE.Verify = passes::VerifyMode::Report;

  // ablate chooses these itself: every variant of --variants, the checker
  // in report mode, dse then cbe.
  if (std::string Given = pipelineChoiceGiven(); !Given.empty())
    return badInput("option '--" + Given + "' does not apply to 'xwarp ablate' (it runs each of --variants " +
                    "through dse,cbe with --verify report)");
  std::vector<passes::Variant> Variants;
  for (StringRef Name : split(StringRef(VariantList), ',')) {
    std::optional<passes::Variant> V = passes::parseVariant(Name.trim().str());
    if (!V)
      return badInput("unknown variant '" + Name.trim() + "' in --variants (expected " +
                      passes::variantList() + ")");
    if (is_contained(Variants, *V))
      return badInput("variant '" + Name.trim() + "' given twice in --variants");
    Variants.push_back(*V);
  }
  // --ablate names the ablations to try, each alone (default: all of them).
  std::vector<std::string> Ablations{""};
  std::string Chosen = Base->DSE.Ablate.any() ? Base->DSE.Ablate.str()
                                              : std::string(core::Ablations::names());
  for (StringRef Name : split(StringRef(Chosen), ','))
    if (!Name.trim().empty())
      Ablations.push_back(Name.trim().str());
  std::optional<std::pair<unsigned, unsigned>> Part = parseShard(Shard);
  if (!Part)
    return badInput("invalid --shard '" + Shard + "' (expected i/n with 1 <= i <= n)");
  StringRef Ext = sys::path::extension(RowsPath);
  if (!RowsPath.empty() && Ext != ".csv" && Ext != ".jsonl")
    return badInput("--output must name a .csv or .jsonl file");

  Expected<std::vector<std::string>> All = inputFiles(Inputs, {".cu", ".ll", ".bc"});
  if (!All)
    return badInput(toString(All.takeError()));
  if (RowsPath.getNumOccurrences())
    if (Error E = OutputFiles::checkPaths({RowsPath}, *All))
      return badInput(toString(std::move(E)));
  // Shard i of n is the i-th of n consecutive slices: concatenated in order,
  // the shards' rows are the whole run's, row for row.
  size_t Begin = All->size() * (Part->first - 1) / Part->second, End = All->size() * Part->first / Part->second;
  std::vector<std::string> Files(All->begin() + Begin, All->begin() + End);
  if (All->empty())
    return badInput("no .cu, .ll or .bc files in the inputs");

  std::vector<Task> Tasks;
  for (size_t F = 0; F < Files.size(); ++F)
    for (passes::Variant V : Variants)
      for (const std::string &A : Ablations)
        Tasks.push_back({F, V, A});
  // Bitcode is screened here, while this is the only thread (screenBitcode
  // forks).
  std::vector<std::string> ScreenErrors(Files.size());
  for (size_t F = 0; F < Files.size(); ++F)
    if (Error E = screenBitcode(Files[F]))
      ScreenErrors[F] = toString(std::move(E));
  // Workers take one file at a time: it is loaded (a .cu compiled) once, and
  // each of its runs works on a copy.
  std::vector<Row> Rows(Tasks.size());
  std::atomic<size_t> NextFile{0}, Finished{0};
  std::mutex Print;
  size_t PerFile = Variants.size() * Ablations.size();
  auto Worker = [&] {
    for (size_t F; (F = NextFile++) < Files.size();) {
      LLVMContext Ctx;
      std::string LoadError = ScreenErrors[F];
      std::unique_ptr<Module> M;
      if (LoadError.empty()) {
        if (Expected<std::unique_ptr<Module>> Loaded = loadInput(Files[F], Ctx, cudaOptions(), /*Screened=*/true))
          M = std::move(*Loaded);
        else
          LoadError = toString(Loaded.takeError());
      }
      core::RetiredAtExit Retire(M);
      for (size_t K = F * PerFile; K < (F + 1) * PerFile; ++K) {
        if (LoadError.empty()) {
          Rows[K] = run(Files[F], *M, Tasks[K], *Base);
        } else {
          Rows[K].File = Files[F];
          Rows[K].Variant = passes::variantName(Tasks[K].V);
          Rows[K].Ablation = Tasks[K].Ablation;
          Rows[K].Error = LoadError;
        }
        size_t Done = ++Finished;
        if (Progress) {
          std::lock_guard<std::mutex> Lock(Print);
          errs() << "xwarp ablate: " << Done << "/" << Tasks.size() << " " << Rows[K].File << " "
                 << Rows[K].Variant << " " << (Rows[K].Ablation.empty() ? "none" : Rows[K].Ablation)
                 << (Rows[K].Error.empty() ? "" : ": " + Rows[K].Error) << "\n";
        }
      }
    }
  };
  unsigned N = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> Pool;
  for (unsigned K = 1; K < std::min<size_t>(N, Files.size()); ++K)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();

  // The summary: per variant and ablation, over the files.
  std::map<std::pair<std::string, std::string>, Row> Sum;
  unsigned Errors = 0, SoundRefuted = 0;
  for (const Row &R : Rows) {
    Row &S = Sum[{R.Variant, R.Ablation}];
    S.Barriers += R.Barriers;
    S.Removed += R.Removed;
    S.Proved += R.Proved;
    S.Refuted += R.Refuted;
    S.Unknown += R.Unknown;
    S.DeltaRefuted += R.DeltaRefuted;
    S.ProofMs += R.ProofMs;
    S.AnalysisMs += R.AnalysisMs;
    Errors += !R.Error.empty();
    if (R.Ablation.empty())
      SoundRefuted += R.Refuted + R.DeltaRefuted;
  }
  outs() << formatv("{0,-10} {1,-22} {2,8} {3,7} {4,6} {5,7} {6,7} {7,13} {8,11} {9,9}\n", "variant",
                    "ablation", "barriers", "removed", "proved", "refuted", "unknown", "delta-refuted",
                    "analysis-ms", "proof-ms");
  for (const auto &[Key, S] : Sum)
    outs() << formatv("{0,-10} {1,-22} {2,8} {3,7} {4,6} {5,7} {6,7} {7,13} {8,11:f1} {9,9:f1}\n",
                      Key.first, Key.second.empty() ? "none" : Key.second, S.Barriers, S.Removed,
                      S.Proved, S.Refuted, S.Unknown, S.DeltaRefuted, S.AnalysisMs, S.ProofMs);
  outs() << Files.size() << " files (shard " << Part->first << "/" << Part->second << "), "
         << Tasks.size() << " runs, " << Errors << " failed; refuted without ablation: " << SoundRefuted
         << "\n";

  if (RowsPath.getNumOccurrences()) {
    std::string Text;
    if (Ext == ".csv" && Part->first == 1)
      Text += std::string(CsvHeader) + "\n";
    for (const Row &R : Rows)
      Text += (Ext == ".csv" ? csv(R) : jsonLine(R)) + "\n";
    OutputFiles Out;
    Out.add(RowsPath, Text);
    if (Error E = Out.commit())
      return badInput(toString(std::move(E)));
  }
  if (Errors)
    return badInput(std::to_string(Errors) + " of " + std::to_string(Tasks.size()) +
                    " runs failed (their rows say why)");
  return SoundRefuted ? ExitCheckFailed : ExitOk;
}

Command ablateCommand() {
  return {"ablate",
          "run every variant x ablation over kernels with the checker; rows as CSV/JSON Lines, a summary table",
          {&AblateCategory, &InputCategory, &AnalysisCategory, &passes::commonBaseElimCategory()},
          runAblate,
          /*ChoosesPipeline=*/true};
}

} // namespace xwarp::tools
