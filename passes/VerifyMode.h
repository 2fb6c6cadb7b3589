//===- passes/VerifyMode.h - Soundness-checking mode of a pass -------------===//
#ifndef XWARP_PASSES_VERIFYMODE_H
#define XWARP_PASSES_VERIFYMODE_H

#include <cstdint>
#include <optional>
#include <string>

namespace xwarp::passes {

/// Soundness-checking mode: off; report (a certificate for every change);
/// strict (and every change that is not proved is rolled back).
enum class VerifyMode : uint8_t { Off, Report, Strict };
std::optional<VerifyMode> parseVerifyMode(const std::string &Name);
const char *verifyModeName(VerifyMode M);

} // namespace xwarp::passes

#endif
