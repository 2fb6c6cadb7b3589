//===- verify/Z3TermEncoder.h - Model terms as Z3 bit-vectors ---------------===//
//
// Internal to verify/ (with IREncoder.h, the headers that name Z3 types),
// included only by verify/*.cpp. Encodes model terms for a two-thread query: thread 0 runs
// event 0, thread 1 runs event 1; uniform leaves are shared, per-thread
// leaves one per thread, loop-variant leaves one per event.
//
// Every encoded value carries an upper bound on its unsigned value (from the
// launch bounds and bounded leaves). Variables are only as wide as their
// bound, and a product whose operands' bounds keep it from wrapping is built
// at the width the result needs: small multiplier circuits are what keeps
// nonlinear queries (tid.x + ntid.x * k, flat thread ids) fast. The meaning is
// unchanged: the narrow computation never wraps, so it equals the wide one.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_Z3TERMENCODER_H
#define XWARP_VERIFY_Z3TERMENCODER_H

#include "model/Guard.h"
#include "model/Launch.h"
#include "model/Term.h"

#include <z3++.h>

#include <map>
#include <string>

namespace xwarp::verify {

class Z3TermEncoder {
public:
  Z3TermEncoder(z3::context &Ctx, const model::LaunchBounds &Bounds) : Ctx(Ctx), Bounds(Bounds) {}

  /// Declares that leaf L, as event Event sees it, is at most Max (the
  /// caller still asserts the bound itself).
  void boundLeaf(const model::Term *L, unsigned Event, uint64_t Max);

  /// The term as seen by event Event (0 or 1) of thread Event.
  z3::expr term(const model::Term *T, unsigned Event) { return value(T, Event).E; }
  z3::expr guard(const model::Guard &G, unsigned Event);

  /// Launch constraints: ntid within bounds, both threads within ntid, the
  /// threads different, ctaid < nctaid.
  z3::expr launch();

  z3::expr tid(unsigned Thread, model::Dim D);
  z3::expr ntid(model::Dim D);
  /// The CTA of both threads, and the grid (32 bits).
  z3::expr ctaid(model::Dim D);
  z3::expr nctaid(model::Dim D);

  /// The uniform leaves created so far: name -> variable.
  const std::map<std::string, z3::expr> &uniformLeaves() const { return Uniforms; }
  /// Every unknown leaf encoded so far, by (leaf, event; 0 for uniform ones).
  const std::map<std::pair<const model::Term *, unsigned>, z3::expr> &leaves() const {
    return LeafVars;
  }

private:
  /// A bit-vector and an upper bound on its unsigned value.
  struct Bounded {
    z3::expr E;
    uint64_t Max;
  };

  Bounded value(const model::Term *T, unsigned Event);
  Bounded compute(const model::Term *T, unsigned Event);
  Bounded leaf(const model::Term *T, unsigned Event);
  Bounded multiply(const Bounded &A, const Bounded &B, unsigned Width);
  z3::expr var(const std::string &Name, unsigned Width);
  /// A Width-bit variable known to be at most Max: a narrower variable,
  /// zero-extended.
  Bounded narrowVar(const std::string &Name, unsigned Width, uint64_t Max);
  z3::expr resize(const z3::expr &E, unsigned Width);

  z3::context &Ctx;
  const model::LaunchBounds &Bounds;
  std::map<std::pair<const model::Term *, unsigned>, uint64_t> LeafMax;
  std::map<std::string, z3::expr> Vars;
  std::map<std::string, z3::expr> Uniforms;
  std::map<std::pair<const model::Term *, unsigned>, z3::expr> LeafVars;
  std::map<std::pair<const model::Term *, unsigned>, Bounded> Memo;
};

} // namespace xwarp::verify

#endif
