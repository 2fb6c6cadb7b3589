//===- tools/xwarp/SimulateCommand.cpp - xwarp simulate ---------------------===//
//
// Runs every kernel of the inputs in the reference interpreter (sim/) for a
// small concrete launch under several schedules, and reports races. With
// --diff, also runs the module xwarp optimizes (the analysis options choose
// the variant, passes and ablations) on the same inputs and schedules, and
// reports any output that differs from a deterministic original and any
// race the original never had. Exit 1 if --diff finds one.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Expectations.h"
#include "InputFiles.h"
#include "Options.h"
#include "Pipeline.h"

#include "core/NvptxTarget.h"
#include "core/NvvmAnnotations.h"
#include "core/SourceLocation.h"
#include "sim/Simulator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <set>

using namespace llvm;

namespace xwarp::tools {

static cl::OptionCategory SimCategory("xwarp simulate options");
static cl::opt<std::string> Threads("cta", cl::init("64,1,1"), cl::value_desc("X,Y,Z"), cl::cat(SimCategory),
                                    cl::desc("The CTA's dimensions (default: the file's XWARP-SIM-CTA, else 64,1,1, "
                                             "with the dimensions --block-dim fixes)"));
static cl::opt<unsigned> Schedules("schedules", cl::init(6), cl::cat(SimCategory),
                                   cl::desc("Schedules per kernel: reverse, warp-by-warp, round-robin, then "
                                            "seeded random ones (default 6)"));
static cl::opt<uint64_t> Seed("seed", cl::init(1), cl::cat(SimCategory),
                              cl::desc("Seed of the inputs and of the random schedules"));
static cl::opt<std::string> IntArgs("int-args", cl::value_desc("list"), cl::cat(SimCategory),
                                    cl::desc("Integer kernel parameters in order (default: the thread count)"));
static cl::opt<std::string> FillName("fill", cl::init("ints"), cl::value_desc("ints|floats"), cl::cat(SimCategory),
                                     cl::desc("Buffer contents: ints (0..15 per word) or floats (-2..1.75 by quarters)"));
static cl::opt<bool> Diff("diff", cl::init(false), cl::cat(SimCategory),
                          cl::desc("Also run the optimized module and compare outputs and races"));
static cl::opt<std::string> Watch("watch", cl::value_desc("T1,T2"), cl::cat(SimCategory),
                                  cl::desc("Say whether threads T1 and T2 (linear ids) were seen racing"));
static cl::opt<unsigned> PrintWords("print-words", cl::init(0), cl::cat(SimCategory),
                                    cl::desc("Print the first N 32-bit words of each buffer after the first run"));
static cl::opt<std::string> KernelName("kernel", cl::value_desc("name"), cl::cat(SimCategory),
                                       cl::desc("Only this kernel (default: every kernel)"));

namespace {
/// Memory operations (memory intrinsics included) by function and position:
/// the same in the original and the optimized module (the passes delete
/// barriers and rewrite addresses, never memory operations).
class SiteNames {
public:
  explicit SiteNames(const Module &M) {
    for (const Function &F : M) {
      unsigned K = 0;
      for (const Instruction &I : instructions(F))
        if (I.mayReadOrWriteMemory() && (!isa<CallBase>(I) || isa<MemIntrinsic>(I)))
          Names[&I] = F.getName().str() + "#" + std::to_string(K++) + " (" +
                      std::string(I.getOpcodeName()) + " at " + core::sourceLocOf(I).str() + ")";
    }
  }
  std::string operator()(const Instruction *I) const {
    auto It = Names.find(I);
    return It == Names.end() ? "?" : It->second;
  }

private:
  std::map<const Instruction *, std::string> Names;
};

std::string raceKey(const sim::Race &R, const SiteNames &N) {
  std::string A = N(R.A), B = N(R.B);
  return A < B ? A + " & " + B : B + " & " + A;
}

std::vector<sim::SimOptions> schedules(const sim::SimOptions &Base) {
  std::vector<sim::SimOptions> Out;
  const sim::Schedule Fixed[] = {sim::Schedule::Reverse, sim::Schedule::WarpByWarp, sim::Schedule::RoundRobin};
  for (unsigned K = 0; K < Schedules; ++K) {
    sim::SimOptions O = Base;
    O.Order = K < 3 ? Fixed[K] : sim::Schedule::Random;
    O.ScheduleSeed = Base.Seed + K; // the inputs stay the same
    Out.push_back(O);
  }
  return Out;
}

/// --watch: the two thread ids, smaller first.
std::optional<std::pair<unsigned, unsigned>> watched() {
  auto [A, B] = StringRef(Watch).split(',');
  unsigned X, Y;
  if (Watch.empty() || A.trim().getAsInteger(10, X) || B.trim().getAsInteger(10, Y))
    return std::nullopt;
  return std::make_pair(std::min(X, Y), std::max(X, Y));
}

void printWords(const sim::SimResult &R) {
  for (size_t B = 0; B < R.Buffers.size(); ++B) {
    outs() << "  buffer " << B << ":";
    for (unsigned K = 0; K < PrintWords && 4 * K + 4 <= R.Buffers[B].size(); ++K) {
      uint32_t W = 0;
      for (unsigned I = 0; I < 4; ++I)
        W |= uint32_t(R.Buffers[B][4 * K + I]) << (8 * I);
      outs() << " " << static_cast<int32_t>(W);
    }
    outs() << "\n";
  }
}

/// Prints the races of one run not seen before; with --watch, whether the
/// watched threads are among a race's pairs.
void report(const sim::SimResult &R, const SiteNames &Names, std::set<std::string> &Seen, const char *What,
            const Function &F, unsigned &Count, const std::set<std::string> *Except = nullptr) {
  std::optional<std::pair<unsigned, unsigned>> W = watched();
  for (const sim::Race &X : R.Races) {
    std::string Key = raceKey(X, Names);
    if ((Except && Except->count(Key)) || !Seen.insert(Key).second)
      continue;
    ++Count;
    outs() << "  " << F.getName() << ": " << What << " between threads " << X.ThreadA << " and " << X.ThreadB
           << " on " << X.Object << "+" << X.Offset << ": " << Key << "\n";
    if (W && X.Pairs.count(*W))
      outs() << "    the watched threads " << W->first << " and " << W->second << " race here\n";
  }
}

struct Tally {
  unsigned Kernels = 0, Runs = 0, Races = 0, NewRaces = 0, Differences = 0, Errors = 0, Nondeterministic = 0;
};

/// One kernel: its runs, and with an optimized twin the comparison.
void simulateKernel(const Function &F, const Function *Opt, const sim::SimOptions &Base, Tally &T) {
  SiteNames Names(*F.getParent());
  std::optional<SiteNames> OptNames;
  if (Opt)
    OptNames.emplace(*Opt->getParent());
  std::set<std::string> Original;
  std::vector<std::vector<std::vector<uint8_t>>> Outputs;
  std::vector<sim::SimOptions> Runs = schedules(Base);
  ++T.Kernels;
  for (const sim::SimOptions &O : Runs) {
    sim::SimResult R = sim::simulate(F, O);
    ++T.Runs;
    if (!R.Error.empty()) {
      outs() << "  " << F.getName() << " (" << sim::scheduleName(O.Order) << "): error: " << R.Error << "\n";
      ++T.Errors;
      return;
    }
    report(R, Names, Original, "race", F, T.Races);
    if (PrintWords && Outputs.empty())
      printWords(R);
    Outputs.push_back(R.Buffers);
  }
  if (!Opt)
    return;
  bool Deterministic = std::all_of(Outputs.begin(), Outputs.end(),
                                   [&](const auto &B) { return B == Outputs.front(); });
  if (!Deterministic) {
    ++T.Nondeterministic;
    outs() << "  " << F.getName() << ": the original's outputs depend on the schedule; outputs not compared\n";
  }
  std::set<std::string> Reported;
  for (size_t K = 0; K < Runs.size(); ++K) {
    sim::SimResult R = sim::simulate(*Opt, Runs[K]);
    ++T.Runs;
    if (!R.Error.empty()) {
      outs() << "  " << F.getName() << " optimized (" << sim::scheduleName(Runs[K].Order)
             << "): error: " << R.Error << "\n";
      ++T.Errors;
      return;
    }
    report(R, *OptNames, Reported, "NEW race in the optimized kernel", F, T.NewRaces, &Original);
    if (Deterministic && R.Buffers != Outputs[K]) {
      ++T.Differences;
      outs() << "  " << F.getName() << ": the optimized kernel's output differs ("
             << sim::scheduleName(Runs[K].Order) << " schedule)\n";
    }
  }
}
} // namespace

/// Threads in the CTA O simulates.
static uint64_t threadCount(const sim::SimOptions &O) {
  return uint64_t(O.BlockDim[0]) * O.BlockDim[1] * O.BlockDim[2];
}

static int runSimulate() {
  if (Inputs.empty())
    return badInput("xwarp simulate needs kernel files or directories (.cu, .ll, .bc)");
  Expected<PipelineOptions> Pipe = pipelineOptions();
  if (!Pipe)
    return badInput(toString(Pipe.takeError()));
  // Without --diff nothing is optimized: a choice of what to run would be
  // silently ignored.
  if (std::string Given = ablationsGiven() ? "ablate" : pipelineChoiceGiven(); !Given.empty() && !Diff)
    return badInput("option '--" + Given + "' applies to 'xwarp simulate' only with --diff");
  sim::SimOptions Base;
  std::optional<std::array<unsigned, 3>> Cta = parseCta(Threads);
  if (!Cta)
    return badInput("invalid --cta '" + Threads + "' (expected X,Y,Z)");
  for (unsigned K = 0; K < 3; ++K)
    Base.BlockDim[K] = (*Cta)[K];
  if (threadCount(Base) > 1024)
    return badInput("--cta gives more than 1024 threads");
  // The launch the analysis is told is the one to simulate: with --cta the
  // two must agree (else the analysis assumes a launch the run does not
  // have); without it, each dimension --block-dim fixes is taken from it.
  const std::optional<model::BlockDimSpec> &Told = Pipe->DSE.Precision.BlockDim;
  if (Told && Threads.getNumOccurrences())
    for (unsigned K = 0; K < 3; ++K)
      if (Told->Dims[K] && *Told->Dims[K] != Base.BlockDim[K])
        return badInput("--cta " + Threads + " contradicts --block-dim " + Told->str() +
                        ": the analysis would assume a launch the run does not have");
  for (StringRef A : split(StringRef(IntArgs), ',')) {
    if (A.trim().empty())
      continue;
    int64_t V;
    if (A.trim().getAsInteger(10, V))
      return badInput("invalid --int-args entry '" + A + "'");
    Base.IntArgs.push_back(V);
  }
  Base.Seed = Seed;
  if (Schedules == 0)
    return badInput("--schedules 0 runs nothing (expected at least 1)");
  if (!Watch.empty() && (!watched() || watched()->first == watched()->second))
    return badInput("invalid --watch '" + Watch + "' (expected two different thread ids, T1,T2)");
  if (FillName != "ints" && FillName != "floats")
    return badInput("invalid --fill '" + FillName + "' (expected ints or floats)");
  Base.Contents = FillName == "floats" ? sim::SimOptions::Fill::Floats : sim::SimOptions::Fill::Ints;
  Expected<std::vector<std::string>> Files = inputFiles(Inputs, {".cu", ".ll", ".bc"});
  if (!Files)
    return badInput(toString(Files.takeError()));
  if (Files->empty())
    return badInput("no .cu, .ll or .bc files in the inputs");

  Tally T;
  bool Named = false; // a kernel of the inputs is the one --kernel names
  for (const std::string &File : *Files) {
    LLVMContext Ctx;
    Expected<std::unique_ptr<Module>> M = loadInput(File, Ctx, cudaOptions());
    if (!M)
      return badInput(toString(M.takeError()));
    core::RetiredAtExit Retire(*M);
    // A corpus file's directives: the launch its verdicts assume, and the
    // concrete one to simulate (unless --cta says otherwise).
    Expected<CorpusFile> Annotated = readCorpusFile(File);
    if (!Annotated)
      return badInput(toString(Annotated.takeError()));
    sim::SimOptions FileOpts = Base;
    if (Annotated->SimCta && !Threads.getNumOccurrences())
      for (unsigned K = 0; K < 3; ++K)
        FileOpts.BlockDim[K] = (*Annotated->SimCta)[K];
    if (Told && !Threads.getNumOccurrences()) {
      for (unsigned K = 0; K < 3; ++K)
        if (Told->Dims[K])
          FileOpts.BlockDim[K] = *Told->Dims[K];
      if (threadCount(FileOpts) > 1024)
        return badInput(File + ": the CTA to simulate, " + std::to_string(FileOpts.BlockDim[0]) + "x" +
                        std::to_string(FileOpts.BlockDim[1]) + "x" + std::to_string(FileOpts.BlockDim[2]) +
                        " with --block-dim, has more than 1024 threads (give --cta)");
    }
    if (auto W = watched(); W && W->second >= threadCount(FileOpts))
      return badInput(File + ": --watch " + Watch + " names thread " + std::to_string(W->second) +
                      ", outside the CTA of " + std::to_string(threadCount(FileOpts)) + " threads");
    std::unique_ptr<Module> Opt;
    core::RetiredAtExit RetireOpt(Opt);
    if (Diff) {
      Opt = CloneModule(**M);
      PipelineOptions P = *Pipe;
      if (!P.DSE.Precision.BlockDim)
        P.DSE.Precision.BlockDim = Annotated->BlockDim;
      Expected<PipelineResult> R = runPipeline(*Opt, P);
      if (!R) {
        errs() << "xwarp: " << toString(R.takeError()) << "\n";
        return ExitInternal;
      }
    }
    outs() << File << "\n";
    // The launch a corpus file's XWARP-BLOCK-DIM fixes is the one its
    // analysis assumed (above): a CTA outside it shows races no launch the
    // optimized kernel was made for has.
    std::optional<model::LaunchBounds> Assumed;
    if (Diff && !Told && Annotated->BlockDim) {
      Assumed.emplace();
      Annotated->BlockDim->applyTo(*Assumed);
    }
    core::KernelAnnotations Kernels(**M);
    for (const Function &F : **M) {
      if (F.isDeclaration() || !Kernels.isKernel(F) || (!KernelName.empty() && F.getName() != KernelName))
        continue;
      Named = true;
      // A CTA the kernel's own bounds (reqntid, maxntid) rule out is no
      // launch of it: what it would show is no race.
      model::LaunchBounds Own = Kernels.launchBounds(F);
      model::BlockDims Cta{FileOpts.BlockDim[0], FileOpts.BlockDim[1], FileOpts.BlockDim[2]};
      if (Own.satisfiable() && !Own.admits(Cta)) {
        outs() << "  " << F.getName() << ": error: the CTA " << Cta.str()
               << " is not a launch of this kernel (its bounds: " << Own.str() << ")\n";
        ++T.Errors;
        continue;
      }
      if (Assumed && !Assumed->admits(Cta)) {
        outs() << "  " << F.getName() << ": error: the CTA " << Cta.str() << " is outside the file's XWARP-BLOCK-DIM "
               << Annotated->BlockDim->str() << ", the launch the analysis assumed (give --block-dim to analyse for it)\n";
        ++T.Errors;
        continue;
      }
      simulateKernel(F, Opt ? Opt->getFunction(F.getName()) : nullptr, FileOpts, T);
    }
  }
  if (!KernelName.empty() && !Named)
    return badInput("no kernel named '" + KernelName + "' in the inputs");
  outs() << T.Kernels << " kernels, " << T.Runs << " runs: " << T.Races << " races in the originals";
  if (Diff)
    outs() << "; optimized: " << T.NewRaces << " new races, " << T.Differences << " output differences ("
           << T.Nondeterministic << " kernels with schedule-dependent outputs)";
  outs() << "; " << T.Errors << " errors\n";
  if (T.Errors)
    return badInput(std::to_string(T.Errors) + " kernels could not be simulated (the 'error:' lines on stdout say why)");
  return T.NewRaces || T.Differences ? ExitCheckFailed : ExitOk;
}

Command simulateCommand() {
  return {"simulate",
          "run kernels in the reference interpreter under several schedules; with --diff compare with xwarp's output",
          {&SimCategory, &InputCategory, &AnalysisCategory, &passes::commonBaseElimCategory()}, runSimulate};
}

} // namespace xwarp::tools
