//===- tools/xwarp/main.cpp - The xwarp driver -----------------------------===//
//
//   xwarp <command> [options] <inputs>
//
// Dispatches to a command; each command accepts (and its --help shows) only
// the options of its categories. LLVM's own options (-pass-remarks=...,
// -debug-counter=..., -print-dead-sync-elim) are accepted everywhere.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Config.h"
#include "LLVMOptions.h"
#include "Options.h"

#include "verify/SolverInfo.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;
using namespace xwarp::tools;

static std::vector<Command> allCommands() { return {optCommand(), checkCommand(), corpusCommand(), ablateCommand(), simulateCommand()}; }

static void printUsage(raw_ostream &OS) {
  OS << "OVERVIEW: xwarp " XWARP_VERSION
        " - Dead Sync Elimination for NVPTX LLVM IR, proved on a cross-warp model\n\n"
        "USAGE: xwarp <command> [options] <inputs>\n\nCOMMANDS:\n";
  for (const Command &C : allCommands())
    OS << "  " << C.Name << std::string(10 - std::string(C.Name).size(), ' ') << C.Summary << "\n";
  OS << "\nRun 'xwarp <command> --help' for a command's options.\n";
}

static void printVersion(raw_ostream &OS) {
  OS << "xwarp " XWARP_VERSION " (LLVM " LLVM_VERSION_STRING ", "
     << xwarp::verify::solverVersion() << ")\n";
}

/// An option of another command's categories that was given: an error.
static std::string foreignOption(const Command &Cmd) {
  std::set<cl::OptionCategory *> Mine(Cmd.Categories.begin(), Cmd.Categories.end());
  std::set<cl::OptionCategory *> Ours;
  for (const Command &C : allCommands())
    Ours.insert(C.Categories.begin(), C.Categories.end());
  for (auto &Entry : cl::getRegisteredOptions()) {
    cl::Option *O = Entry.second;
    if (O->getNumOccurrences() == 0)
      continue;
    bool InOurs = false, InMine = false;
    for (cl::OptionCategory *Cat : O->Categories) {
      InOurs |= Ours.count(Cat) != 0;
      InMine |= Mine.count(Cat) != 0;
    }
    if (InOurs && !InMine)
      return Entry.first().str();
  }
  return "";
}

/// Code, unless what went to standard output could not be written (a full
/// disk, /dev/full, a closed pipe): then one error line and exit 2. Left
/// set, the stream's error would end the process in LLVM's own fatal error
/// (exit 1) when the stream is destroyed.
static int exitWritten(int Code) {
  outs().flush();
  if (!outs().has_error())
    return Code;
  std::error_code EC = outs().error();
  outs().clear_error();
  return badInput("cannot write standard output: " + EC.message());
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::SetVersionPrinter(printVersion);
  if (argc < 2)
    return badInput("no command given (run 'xwarp --help')");
  StringRef Name = argv[1];
  if (Name == "--help" || Name == "-help" || Name == "-h" || Name == "help") {
    printUsage(outs());
    return exitWritten(ExitOk);
  }
  if (Name == "--version" || Name == "-version") {
    printVersion(outs());
    return exitWritten(ExitOk);
  }
  for (const Command &Cmd : allCommands()) {
    if (Name != Cmd.Name)
      continue;
    std::vector<const cl::OptionCategory *> Visible(Cmd.Categories.begin(), Cmd.Categories.end());
    cl::HideUnrelatedOptions(Visible);
    if (Cmd.ChoosesPipeline)
      hidePipelineChoices();
    std::string ProgName = std::string("xwarp ") + Cmd.Name;
    std::vector<const char *> Args = {ProgName.c_str()};
    Args.insert(Args.end(), argv + 2, argv + argc);
    std::string Errors;
    raw_string_ostream ES(Errors);
    // --help lists only the command's own categories; say that LLVM's work.
    std::string Overview = std::string("xwarp ") + Cmd.Name + ": " + Cmd.Summary +
                           "\n\n  LLVM's own options work too: -pass-remarks=dead-sync-elim, "
                           "-pass-remarks-missed=dead-sync-elim,\n  -pass-remarks-analysis=common-base-elim, "
                           "-print-dead-sync-elim, -debug-counter=dead-sync-elim-delete=N\n";
    if (std::string Bad = badDebugCounterText(Args); !Bad.empty())
      return badInput(Bad);
    {
      FatalErrorsAreBadInput Guard;
      if (!cl::ParseCommandLineOptions(static_cast<int>(Args.size()), Args.data(), Overview, &ES)) {
        StringRef First = StringRef(ES.str()).split('\n').first.trim();
        // A value the option's parser rejects is reported by the parser itself,
        // on stderr ("for the --solver-timeout option: '-5' value invalid ...").
        return First.empty() ? ExitBadInput : badInput(First);
      }
    }
    // LLVM has said why on stderr.
    if (!debugCountersSet(Args))
      return ExitBadInput;
    std::string Foreign = foreignOption(Cmd);
    if (!Foreign.empty())
      return badInput("option '" + std::string(Foreign.size() == 1 ? "-" : "--") + Foreign +
                      "' does not apply to 'xwarp " + Cmd.Name + "'");
    return exitWritten(Cmd.Run());
  }
  return badInput("unknown command '" + Name + "' (run 'xwarp --help')");
}
