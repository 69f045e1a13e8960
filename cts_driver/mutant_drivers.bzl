"""Sample and mutant drivers: one shared library per file in drivers/mutants/ (by family) and drivers/hostile/."""

def mutant_drivers(srcs, names = {}, visibility = None, prefix = "libnnrt_mutant_"):
    """Builds <dir>/<name>.cc into <prefix><name>.so for every file in `srcs`.

    Each driver is the reference device with one kernel or entry point changed
    (reference/device/reference_device.h MakeReferenceDriver + KernelOverride),
    linked like the reference .so: only NNRT_HalGetDriver exported, -Bsymbolic.

    Args:
      srcs: the driver sources, glob(["drivers/mutants/*/*.cc"]) or glob(["drivers/hostile/*.cc"]).
      names: file stem -> library name, for the drivers not called
        <prefix><stem>.so.
      visibility: visibility of every driver.
      prefix: the library name before the file stem.

    Returns:
      The labels of the drivers, in the order of `srcs`.
    """
    labels = []
    for src in srcs:
        stem = src[src.rfind("/") + 1:-len(".cc")]
        name = names.get(stem, prefix + stem + ".so")
        native.cc_binary(
            name = name,
            srcs = [src, "drivers/mutants/mutant_util.h"],
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
