// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for plog's parser, outcome classifier and secret scanner, and the scanner's
// benchmark. A separate package so the main build never sees `-sanitize=fuzzer`. Build and run
// the harnesses with `shell/fuzz`.
// Each harness calls a check in `PromptLog/Trust/Invariants.swift` and traps when it fails,
// so libFuzzer saves the input; the same checks replay those inputs in FuzzRegressionTests.
//
// A path dependency's identity is its directory's name, which is wherever the repository was
// cloned (`plog`, `main`, ...): work it out rather than assume it.
let parentIdentity = Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? "plog"
let promptLog = Target.Dependency.product(name: "PromptLog", package: parentIdentity)

let package = Package(
    name: "plog-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // The libFuzzer entry point the harnesses share.
        .target(name: "FuzzHarness"),
        .executableTarget(name: "fuzz-stats", dependencies: ["FuzzHarness", promptLog]),
        .executableTarget(name: "fuzz-parser", dependencies: ["FuzzHarness", promptLog]),
        .executableTarget(name: "fuzz-outcome", dependencies: ["FuzzHarness", promptLog]),
        .executableTarget(name: "fuzz-secrets", dependencies: ["FuzzHarness", promptLog]),
        .executableTarget(name: "fuzz-literals", dependencies: ["FuzzHarness", promptLog]),
        // Not a fuzzer: the scanner's cost against a combined PCRE2 pattern. Build it without
        // the fuzzer flags (shell/bench.d/70-trust.sh does).
        .executableTarget(name: "bench-secrets", dependencies: [promptLog]),
    ],
    swiftLanguageModes: [.v5]
)
