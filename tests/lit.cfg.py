# lit configuration of the xwarp test suite: the lit/FileCheck tests of
# tests/lit and the GoogleTest binaries of tests/unit, in one run.
import os
import lit.formats

config.name = "xwarp"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".cu"]
config.excludes = ["Inputs", "CMakeLists.txt", "unit"]
config.test_source_root = os.path.join(config.xwarp_src_root, "tests", "lit")
config.test_exec_root = os.path.join(config.xwarp_obj_root, "tests", "lit")

bin_dir = os.path.join(config.xwarp_obj_root, "bin")
plugin = os.path.join(config.xwarp_obj_root, "lib", "XWarpPasses.so")
config.substitutions.append(("%opt", f"{config.opt} -load-pass-plugin {plugin}"))
config.substitutions.append(("%xwarp", os.path.join(bin_dir, "xwarp")))
config.substitutions.append(("%llc", config.llc))
config.substitutions.append(("%llvm_stress", config.llvm_stress))
config.substitutions.append(("%llvmopt", config.opt))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%corpus", os.path.join(config.xwarp_src_root, "corpus")))
config.substitutions.append(("%srcroot", config.xwarp_src_root))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append((r"\bnot\b", config.not_tool))
config.environment["PATH"] = os.pathsep.join([bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

# The libFuzzer target exists only where the compiler supports it.
if getattr(config, "fuzzer", ""):
    config.available_features.add("libfuzzer")
    config.substitutions.append(("%fuzzer", config.fuzzer))
