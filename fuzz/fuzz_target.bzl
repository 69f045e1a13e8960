"""fuzz_target: one libFuzzer target, its replay build and its seed test."""

def fuzz_target(name, srcs, deps, corpora):
    """Defines :<name> (a fuzzer with --config=fuzz, a replay binary otherwise)
    and :<name>_seeds_test (the replay binary over `corpora`, in bazel test)."""
    native.cc_library(
        name = name + "_lib",
        srcs = srcs,
        deps = deps,
        alwayslink = True,
    )
    native.cc_binary(
        name = name,
        linkopts = select({
            ":fuzzing": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        deps = [":" + name + "_lib"] + select({
            ":fuzzing": [],
            "//conditions:default": [":replay_main"],
        }),
    )
    native.cc_test(
        name = name + "_seeds_test",
        size = "small",
        args = ["fuzz/" + c for c in corpora],
        data = native.glob([c + "/*" for c in corpora]),
        deps = [
            ":" + name + "_lib",
            ":replay_main",
        ],
    )
