"""Sample and mutant drivers: one shared library per file in mutants/."""

def mutant_drivers(srcs, names = {}, visibility = None):
    """Builds mutants/<name>.cc into lib<prefix><name>.so for every file in `srcs`.

    Each driver is the reference device with one kernel or entry point changed
    (reference/device/reference_device.h MakeReferenceDriver + KernelOverride),
    linked like the reference .so: only NNRT_HalGetDriver exported, -Bsymbolic.

    Args:
      srcs: the mutant sources, glob(["mutants/*.cc"]).
      names: file stem -> library name, for the drivers not called
        libnnrt_mutant_<stem>.so.
      visibility: visibility of every driver.

    Returns:
      The labels of the drivers, in the order of `srcs`.
    """
    labels = []
    for src in srcs:
        stem = src[len("mutants/"):-len(".cc")]
        name = names.get(stem, "libnnrt_mutant_" + stem + ".so")
        native.cc_binary(
            name = name,
            srcs = [src, "mutant_util.h"],
            additional_linker_inputs = ["//reference/device:driver_exports.lds"],
            linkopts = [
                "-Wl,--version-script=$(location //reference/device:driver_exports.lds)",
                "-Wl,-Bsymbolic",
            ],
            linkshared = 1,
            visibility = visibility,
            deps = [
                "//reference/device:reference_device",
                "//reference/numerics",
                "//reference/ops",
            ],
        )
        labels.append(":" + name)
    return labels
