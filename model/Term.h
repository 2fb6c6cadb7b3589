//===- model/Term.h - Symbolic integer terms of the model ------------------===//
//
// A small, solver-free expression tree for byte offsets and the values they are
// built from: thread and block coordinates, uniform / per-thread / loop-variant
// unknowns, constants, and +, *, <<, zext, sext, trunc over fixed-width
// two's-complement integers (bit-precise: wrap-around is part of the meaning,
// so no-wrap flags of the IR are not needed to interpret a term). Terms are hash-consed in a TermContext, so two
// structurally equal terms are the same pointer.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_TERM_H
#define XWARP_MODEL_TERM_H

#include "model/Launch.h"

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace xwarp::model {

enum class TermKind : uint8_t {
  Const,       ///< An integer constant.
  ThreadIdx,   ///< tid.{x,y,z}: differs between threads.
  BlockDim,    ///< ntid.{x,y,z}: uniform.
  BlockIdx,    ///< ctaid.{x,y,z}: uniform within the CTA.
  GridDim,     ///< nctaid.{x,y,z}: uniform.
  Uniform,     ///< An unknown value shared by all threads (a kernel argument, ...).
  PerThread,   ///< An unknown value of each thread (a load, a shuffle, tid ^ 1, ...).
  LoopVariant, ///< An unknown value fresh at every dynamic event (an induction variable).
  Add,
  Mul,
  Shl,
  ZExt,
  SExt,
  Trunc,
};

/// The operation that defines an unknown leaf, when extraction saw one the
/// term algebra does not have (tid ^ 1, t & 15, t >> 4, t % n, t != 0,
/// t + 1 < n ? t + 1 : t). The leaf stays opaque to the algebra and the fast
/// path; a solver may use the definition. A comparison (Cmp*) is a 1-bit leaf
/// of two operands of one width (greater-than as less-than, swapped); Select
/// has three operands: a 1-bit condition and the two values.
enum class LeafDef : uint8_t {
  None, And, Or, Xor, LShr, AShr, Shl, UDiv, URem, SDiv, SRem,
  CmpEQ, CmpNE, CmpULT, CmpULE, CmpSLT, CmpSLE, Select
};

/// How a term's value varies in a two-thread query.
enum class Variance : uint8_t {
  Uniform = 0,     ///< One variable shared by both threads.
  PerThread = 1,   ///< One variable per thread.
  LoopVariant = 2, ///< One variable per event.
};

class Term {
public:
  TermKind kind() const { return Kind; }
  unsigned width() const { return Width; }
  Variance variance() const { return Var; }
  /// Constant value (masked to width), or a leaf's identity, or a dimension.
  uint64_t value() const { return Value; }
  Dim dim() const { return static_cast<Dim>(Value); }
  const std::string &name() const { return Name; }
  const std::vector<const Term *> &operands() const { return Ops; }
  const Term *operand(unsigned I) const { return Ops[I]; }
  /// For an unknown leaf: its defining operation and operands, if known.
  LeafDef definition() const { return Def; }
  const std::vector<const Term *> &definitionOperands() const { return DefOps; }
  /// Creation order in the context: a stable total order for canonical forms.
  unsigned id() const { return Id; }

  bool isConst() const { return Kind == TermKind::Const; }
  bool isConst(uint64_t V) const { return isConst() && Value == V; }
  bool isLeaf() const { return Ops.empty(); }
  /// Constant interpreted as signed.
  int64_t signedValue() const;

  /// A readable rendering: "(4 * tid.x) + %arg1" etc.
  std::string str() const;

private:
  friend class TermContext;
  Term() = default;
  TermKind Kind = TermKind::Const;
  unsigned Width = 0;
  Variance Var = Variance::Uniform;
  uint64_t Value = 0;
  unsigned Id = 0;
  std::string Name;
  std::vector<const Term *> Ops;
  LeafDef Def = LeafDef::None;
  std::vector<const Term *> DefOps;
};

/// Orders terms by creation. Sets and maps of terms that are iterated use it:
/// by address, their order (and so which leaf or guard comes first, what the
/// solver is given in which order) would change from run to run.
struct TermIdLess {
  bool operator()(const Term *A, const Term *B) const { return A->id() < B->id(); }
};

/// Owns and uniques terms. Builders fold constants and drop identities
/// (x + 0, x * 1, x << 0); commutative operands are ordered by id.
class TermContext {
public:
  TermContext() = default;
  TermContext(const TermContext &) = delete;
  TermContext &operator=(const TermContext &) = delete;

  const Term *constant(unsigned Width, uint64_t V);
  const Term *threadIdx(Dim D, unsigned Width = 32);
  const Term *blockDim(Dim D, unsigned Width = 32);
  const Term *blockIdx(Dim D, unsigned Width = 32);
  const Term *gridDim(Dim D, unsigned Width = 32);
  /// Unknown leaves, identified by Key (the same key gives the same leaf).
  const Term *uniform(uint64_t Key, const std::string &Name, unsigned Width);
  const Term *perThread(uint64_t Key, const std::string &Name, unsigned Width);
  const Term *loopVariant(uint64_t Key, const std::string &Name, unsigned Width);
  /// The unknown leaf of variance V: uniform, perThread or loopVariant.
  const Term *unknown(Variance V, uint64_t Key, const std::string &Name, unsigned Width);
  /// Gives the unknown leaf L (created just before) its definition L = A op B.
  /// The first definition given to a leaf stays.
  void define(const Term *L, LeafDef Op, const Term *A, const Term *B);
  /// The same with a third operand (Select: condition, then, else).
  void define(const Term *L, LeafDef Op, const Term *A, const Term *B, const Term *C);
  /// The same with the operands as a list: two, or a select's three.
  void define(const Term *L, LeafDef Op, const std::vector<const Term *> &Ops);
  /// The defined leaf T with its definition's operands replaced by Ops: a
  /// leaf as variant as they are, with T's operation over them. The same T
  /// and Ops give the same leaf, other Ops another (its key is its entry's
  /// address here, no IR value's or term's): a leaf keyed by T alone would
  /// keep the first operands it was given.
  const Term *redefined(const Term *T, const std::vector<const Term *> &Ops);

  const Term *add(const Term *A, const Term *B);
  const Term *mul(const Term *A, const Term *B);
  const Term *shl(const Term *A, const Term *B);
  const Term *zext(const Term *A, unsigned Width);
  const Term *sext(const Term *A, unsigned Width);
  const Term *trunc(const Term *A, unsigned Width);
  /// zext/sext/trunc/no-op to reach Width.
  const Term *resize(const Term *A, unsigned Width, bool Signed);

  size_t size() const { return Nodes.size(); }

private:
  /// The unique term of these fields; Ops are copied only for a new term
  /// (most lookups find an existing one).
  const Term *make(TermKind K, unsigned Width, uint64_t Value, const std::string &Name,
                   std::initializer_list<const Term *> Ops, Variance LeafVariance);
  const Term *leaf(TermKind K, unsigned Width, uint64_t Value, const std::string &Name,
                   Variance V);

  std::deque<Term> Nodes;
  /// Hash-consing: terms by a hash of their fields, compared field by field
  /// (no key is built for a lookup: most lookups find the term).
  std::unordered_multimap<uint64_t, const Term *> Unique;
  /// redefined's leaves, by the leaf and the new operands.
  std::map<std::pair<const Term *, std::vector<const Term *>>, const Term *> Redefined;
};

/// Mask of the low Width bits.
inline uint64_t widthMask(unsigned Width) {
  return Width >= 64 ? ~uint64_t(0) : ((uint64_t(1) << Width) - 1);
}

/// Whether T mentions tid (directly, not through an opaque leaf).
bool mentionsThreadIdx(const Term *T);
/// Whether T contains a leaf of the given kind.
bool containsKind(const Term *T, TermKind K);
/// The unknown leaves of T and of the definitions it refers to (`i >> 2`
/// brings i), in the order they were made.
void collectLeaves(const Term *T, std::set<const Term *, TermIdLess> &Out);
/// Whether X occurs in T, or in the definition of a leaf in T (`i >> 2`
/// is computed from i wherever it is used).
bool containsTerm(const Term *T, const Term *X);

} // namespace xwarp::model

#endif
