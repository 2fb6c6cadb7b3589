//===- passes/AddressJoin.h - An address after a join as a phi of addresses ===//
//
// The third step of Common Base Elimination, for an address computed below a
// join from the join's phi: `buf[cur][t]` after a loop that flips `cur`, where
// each way into the join already computed that very address (`buf[0][t]`
// before the loop, `buf[cur ^ 1][t]` inside it). When, on every edge into
// the join block J, the address with J's phis replaced by their incoming
// values is an existing address X of the same object plus a constant, and an
// access through X comes before the edge, the address becomes
// `phi [X, edge]...` plus c as a byte GEP, c the constant most edges share.
// An edge at another distance d gets a byte GEP X + (d - c) of its own, at the
// end of its block or on the edge, split (`s[i + 1]` after a loop over `s[i]`
// that may not run: `s[t] + 4` on the edge that skips it, `s[i] + 16` on the
// exit). Kept only if it removes more instructions than it creates, where an
// edge's X counts as one more when the target would otherwise never hold its
// whole value: X is a register plus a constant the target folds into every
// access through X (NVPTX's [reg+imm]), and the phi needs X itself. Each
// edge is checked apart: a copy of the address's computation, J's phis
// replaced, at the end of the edge's block, against X + d. With a delta
// prover the rewrite is proved when every edge is, and strict mode puts it
// back otherwise; in every mode, a rewrite that may read a poison or undef
// input the original does not is put back. Nothing changes before the checks.
//
// Why it is right: J dominates the address, and every other value its
// computation reads is defined above J, so those values are the same on the
// edge and at the address; the phi takes X's value on the edge it came in by.
// X's own poison flags hold there, or its access would be undefined.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_ADDRESSJOIN_H
#define XWARP_PASSES_ADDRESSJOIN_H

#include "passes/AddressResults.h"
#include "passes/IRText.h"
#include "passes/VerifyMode.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Instruction;
class LoopInfo;
class PHINode;
class ScalarEvolution;
class SCEV;
class TargetTransformInfo;
class Value;
} // namespace llvm

namespace xwarp::verify {
class DeltaProver;
struct DeltaProof;
} // namespace xwarp::verify

namespace xwarp::passes {

struct AddressJoinOutcome {
  /// The memory operation that anchors the remark.
  llvm::Instruction *At = nullptr;
  /// The join block and the address taken on each of its edges, printed.
  std::string Join;
  std::vector<std::string> Incoming;
  unsigned Created = 0, Removed = 0;
  AddressRecord Record;
};

class AddressJoin {
public:
  AddressJoin(llvm::Function &F, llvm::ScalarEvolution &SE, llvm::DominatorTree &DT, llvm::LoopInfo &LI,
              const llvm::TargetTransformInfo &TTI, VerifyMode Verify, verify::DeltaProver *Prover,
              IRPrinter &Printer);

  /// Rewrites the addresses that pay off. A canonical base may be one: the
  /// members computed off it follow it, and it is the last step.
  std::vector<AddressJoinOutcome> run();
  /// Whether run() split an edge (the CFG changed; DT and LI are updated).
  bool splitEdges() const { return Split; }

private:
  /// An address the join's edges computed: X, and the accesses through it
  /// that come before the edge (the evidence that X is not poison there).
  struct EdgeAddress {
    llvm::Value *X = nullptr;
    std::vector<const llvm::Instruction *> Evidence;
  };
  /// What the phi takes on the edge from Pred: Addr.X + Adjust bytes (a new
  /// GEP on the edge when Adjust is not 0).
  struct Edge {
    llvm::BasicBlock *Pred = nullptr;
    EdgeAddress Addr;
    int64_t Adjust = 0;
  };
  struct Plan {
    llvm::BasicBlock *Join = nullptr;
    /// The instructions of the address's computation that read J's phis,
    /// operands before users (the address last).
    std::vector<llvm::Instruction *> Chain;
    /// One per predecessor of J.
    std::vector<Edge> Edges;
    /// The address is the phi plus Offset bytes.
    int64_t Offset = 0;
    unsigned adjusted() const;
  };

  /// The address's computation below J, if every value it reads is a phi
  /// of J, defined above J, or address arithmetic below J.
  bool chainBelow(llvm::Instruction *A, llvm::BasicBlock *J, std::vector<llvm::Instruction *> &Chain) const;
  /// A plan for A through the phis of J, if each edge has an address.
  bool planFor(llvm::Instruction *A, llvm::BasicBlock *J, Plan &P);
  /// The existing addresses of A's object that X may be on the edge from
  /// Pred, each with its offset from A's value on that edge.
  std::map<int64_t, EdgeAddress> edgeAddresses(llvm::Instruction *A, const llvm::SCEV *OnEdge,
                                               llvm::BasicBlock *Pred);
  /// Checks the rewrite edge by edge, on a copy of A's computation at the
  /// end of each edge's block: proves it (with a prover) and sets Unsafe to
  /// why it may read an input that is poison or undef (PoisonInputs), if so.
  verify::DeltaProof checkEdges(llvm::Instruction *A, const Plan &P, std::string &Unsafe);
  void apply(llvm::Instruction *A, const Plan &P, std::vector<AddressJoinOutcome> &Out);

  /// X with extensions distributed over its no-wrap arithmetic (its flags
  /// hold where the edge is taken: an access through it came first).
  const llvm::SCEV *formOf(llvm::Value *X);

  /// Existing addresses tried for one edge at most.
  static constexpr unsigned MaxTried = 32;

  llvm::Function &F;
  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  llvm::LoopInfo &LI;
  const llvm::TargetTransformInfo &TTI;
  VerifyMode Verify;
  verify::DeltaProver *Prover;
  IRPrinter &Printer;
  /// The accesses through each address, in function order.
  llvm::MapVector<llvm::Value *, std::vector<llvm::Instruction *>> Accesses;
  /// Addresses by pointer base and address space.
  std::map<std::pair<const llvm::SCEV *, unsigned>, std::vector<llvm::Value *>> ByBase;
  /// Phis made, by join block and each edge's block, address and
  /// adjustment, for sharing.
  using PhiKey =
      std::pair<llvm::BasicBlock *, std::vector<std::tuple<llvm::BasicBlock *, llvm::Value *, int64_t>>>;
  static PhiKey keyOf(const Plan &P);
  /// What P's rewrite creates: a phi and each edge's GEP (unless a phi of
  /// the same incoming addresses was made for another address), and a GEP
  /// for the offset.
  unsigned cost(const Plan &P) const;
  /// cost(P), plus one for each edge whose X the target holds only without
  /// its constant offset (offsetFoldedAway): the phi needs X's whole value.
  unsigned targetCost(const Plan &P) const;
  /// Whether X is a register plus a constant that the target folds into
  /// every access through X, directly or through constant GEPs off X.
  bool offsetFoldedAway(llvm::Value *X) const;
  std::map<PhiKey, llvm::PHINode *> Made;
  bool Split = false;
  llvm::DenseMap<llvm::Value *, const llvm::SCEV *> Forms;
  llvm::SmallPtrSet<llvm::Instruction *, 16> Doomed;
  std::vector<llvm::Instruction *> Replaced;
};

} // namespace xwarp::passes

#endif
