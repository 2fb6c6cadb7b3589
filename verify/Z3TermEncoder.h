//===- verify/Z3TermEncoder.h - Model terms as Z3 bit-vectors ---------------===//
//
// Internal to verify/: the only header that names Z3 types, included only by
// verify/*.cpp. Encodes model terms for a two-thread query: thread 0 runs
// event 0, thread 1 runs event 1; uniform leaves are shared, per-thread
// leaves one per thread, loop-variant leaves one per event.
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
#include <tuple>

namespace xwarp::verify {

class Z3TermEncoder {
public:
  explicit Z3TermEncoder(z3::context &Ctx) : Ctx(Ctx) {}

  /// The term as seen by event Event (0 or 1) of thread Event.
  z3::expr term(const model::Term *T, unsigned Event);
  z3::expr guard(const model::Guard &G, unsigned Event);

  /// Launch constraints: ntid within bounds, both threads within ntid, the
  /// threads different, ctaid < nctaid.
  z3::expr launch(const model::LaunchBounds &B);

  z3::expr tid(unsigned Thread, model::Dim D);
  z3::expr ntid(model::Dim D);

  /// The uniform leaves created so far: name -> variable.
  const std::map<std::string, z3::expr> &uniformLeaves() const { return Uniforms; }

private:
  z3::expr var(const std::string &Name, unsigned Width);
  z3::expr resize(const z3::expr &E, unsigned Width);

  z3::context &Ctx;
  std::map<std::string, z3::expr> Vars;
  std::map<std::string, z3::expr> Uniforms;
  std::map<std::pair<const model::Term *, unsigned>, z3::expr> Memo;
};

} // namespace xwarp::verify

#endif
