//===- core/ProgramOrder.cpp ----------------------------------------------===//
//
// Why not ReversePostOrderTraversal itself: its depth-first walk reads each
// terminator again every time it returns to the block, by then long evicted
// on a large kernel (the walk is as deep as the kernel is long). That walk
// was the one part of extraction whose time grew faster than the kernel.
// Here the IR is read once, in layout order (the order it sits in memory),
// into compact successor lists; the depth-first walk runs on those.
//
//===----------------------------------------------------------------------===//
#include "core/ProgramOrder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace xwarp::core {

/// The read below takes one terminator per block, and on a kernel larger than
/// the caches each is a miss. Asking ahead overlaps them: the block object 16
/// blocks on, then (its list's tail now at hand) the terminator 8 blocks on,
/// with the operands stored just before it. 4% at 10,000 barriers.
static void prefetchAhead(const std::vector<BasicBlock *> &Layout, size_t L) {
  if (L + 16 < Layout.size())
    __builtin_prefetch(Layout[L + 16]);
  if (L + 8 < Layout.size() && !Layout[L + 8]->empty()) {
    const char *Terminator = reinterpret_cast<const char *>(&Layout[L + 8]->back());
    __builtin_prefetch(Terminator);
    __builtin_prefetch(Terminator - 64);
  }
}

ProgramOrder::ProgramOrder(Function &F) {
  // Layout positions and successor lists in layout positions.
  std::vector<BasicBlock *> Layout;
  for (BasicBlock &BB : F)
    Layout.push_back(&BB);
  size_t N = Layout.size();
  DenseMap<const BasicBlock *, unsigned> LayoutPos;
  LayoutPos.reserve(N);
  for (size_t L = 0; L < N; ++L)
    LayoutPos[Layout[L]] = L;
  std::vector<unsigned> Begin(N + 1, 0), Targets;
  Targets.reserve(2 * N);
  for (size_t L = 0; L < N; ++L) {
    prefetchAhead(Layout, L);
    for (const BasicBlock *S : llvm::successors(Layout[L]))
      Targets.push_back(LayoutPos.lookup(S));
    Begin[L + 1] = Targets.size();
  }

  // Post-order from the entry: a child is entered the first time an edge
  // reaches it, children in successor order (as po_iterator does).
  std::vector<unsigned> PostOrder;
  PostOrder.reserve(N);
  std::vector<bool> Visited(N, false);
  std::vector<std::pair<unsigned, unsigned>> Stack; // block, next successor index
  if (N) {
    Visited[0] = true;
    Stack.emplace_back(0, Begin[0]);
  }
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next == Begin[B + 1]) {
      PostOrder.push_back(B);
      Stack.pop_back();
      continue;
    }
    unsigned C = Targets[Next++];
    if (!Visited[C]) {
      Visited[C] = true;
      Stack.emplace_back(C, Begin[C]);
    }
  }

  // Program order: reverse post-order, then unreachable blocks by layout.
  std::vector<unsigned> Pos(N);
  Blocks.reserve(N);
  for (auto It = PostOrder.rbegin(); It != PostOrder.rend(); ++It) {
    Pos[*It] = Blocks.size();
    Blocks.push_back(Layout[*It]);
  }
  Reachable = static_cast<unsigned>(Blocks.size());
  for (size_t L = 0; L < N; ++L)
    if (!Visited[L]) {
      Pos[L] = Blocks.size();
      Blocks.push_back(Layout[L]);
    }
  std::vector<unsigned> ByPos(N);
  for (size_t L = 0; L < N; ++L)
    ByPos[Pos[L]] = L;
  SuccBegin.reserve(N + 1);
  SuccBegin.push_back(0);
  Succs.reserve(Targets.size());
  for (size_t P = 0; P < N; ++P) {
    unsigned L = ByPos[P];
    for (unsigned I = Begin[L]; I < Begin[L + 1]; ++I)
      Succs.push_back(Pos[Targets[I]]);
    SuccBegin.push_back(Succs.size());
  }
}

} // namespace xwarp::core
