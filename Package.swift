// swift-tools-version:6.0
import PackageDescription

// Dependency rule: executables -> PlogCommands -> PromptLog -> C modules.
// `prompthist` is not an executable of its own: it is `plog` under another name (a link made at
// install; `plog` dispatches on the name it was run as), so the two programs cost one binary.
// PromptVault (libgit2) is linked only into `plog-git`, the helper that `plog init|commit|sync`
// hands off to, so that `plog add` and `prompthist` never pay libgit2's load time.
let package = Package(
    name: "plog",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "plog", targets: ["plog"]),
        .executable(name: "plog-git", targets: ["plog-git"]),
        .executable(name: "plog-import", targets: ["plog-import"]),
        .executable(name: "plog-mcp", targets: ["plog-mcp"]),
        .library(name: "PromptLog", targets: ["PromptLog"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "CSupport"),
        .target(name: "PromptLog", dependencies: ["CPCRE2", "CSupport"]),
        .target(name: "PromptVault", dependencies: ["PromptLog", "CGit2", "CSupport"]),
        // Readers of other tools' histories, linked only into `plog-import` (the helper that
        // `plog import` hands off to), so that their libraries never load into `plog add`.
        .target(name: "PromptImport", dependencies: ["PromptLog", "CSQLite", "CZlib"]),
        .target(
            name: "PlogCommands",
            dependencies: ["PromptLog", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "plog", dependencies: ["PlogCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "plog-git",
            // No ArgumentParser (and so no Foundation) here: plog parses, plog-git reads a GitRequest.
            dependencies: ["PromptVault", "PromptLog"]
        ),
        .executableTarget(
            name: "plog-import",
            // No ArgumentParser (and so no Foundation) here: plog parses, plog-import reads an ImportRequest.
            dependencies: ["PromptImport", "PromptLog"]
        ),
        // The MCP server (`plog mcp` hands off to it): its own process, so that nothing it needs
        // loads into `plog add` or `prompthist`. The protocol is plog's own (PromptLog/Agent).
        .executableTarget(
            name: "plog-mcp",
            // No ArgumentParser (and so no Foundation): three options, read by hand.
            dependencies: ["PromptLog"]
        ),
        .testTarget(name: "PromptLogTests", dependencies: ["PromptLog"], exclude: ["Fixtures"]),
        .testTarget(name: "PromptImportTests", dependencies: ["PromptImport", "PromptLog"], exclude: ["Fixtures"]),
        .testTarget(name: "PromptVaultTests", dependencies: ["PromptVault", "PromptLog", "CSupport"]),
        // Fixtures and golden files are read by path (next to the test sources), not bundled.
        .testTarget(name: "EndToEndTests", dependencies: ["PromptLog"], exclude: ["Fixtures", "Golden"]),
    ],
    swiftLanguageModes: [.v5]
)
