import Foundation
import Testing

/// The output of one run of a built binary.
struct RunResult {
    var status: Int32
    var stdoutData: Data
    var stderrData: Data
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
}

/// Where the built `plog`, `prompthist` and `plog-git` are: beside the test bundle
/// (`.build/<config>/`), or `$PLOG_BIN_DIR` when set (to test installed binaries).
enum Binaries {
    static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["PLOG_BIN_DIR"], !dir.isEmpty { return dir }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            url = URL(fileURLWithPath: exe)
        }
        // Walk up from the test executable until a directory holds `plog`.
        var dir = url.deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("plog").path) { return dir.path }
            dir = dir.deletingLastPathComponent()
        }
        return url.deletingLastPathComponent().path
    }()

    /// The program's path. `prompthist` is `plog` under that name: when the build directory lacks
    /// the link (a plain `swift test`; `shell/test` makes it), it is made here.
    static func path(_ name: String) -> String {
        let path = directory + "/" + name
        if name == "prompthist" && !FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "plog")
        }
        return path
    }
}

/// A throwaway world for one test: a temporary directory with its own `HOME`, a working
/// directory, and an environment holding nothing of the developer's (no PLOG_*, no XDG_*).
final class Sandbox {
    let root: String
    let home: String
    let work: String
    var env: [String: String]

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        let template = base + "/plog-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw POSIXError(.EIO) }
        root = String(cString: made)
        home = root + "/home"
        work = root + "/work"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        env = [
            "HOME": home,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "NO_COLOR": "1",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs a built binary (`plog`, `prompthist`, `plog-git`) or any program given by absolute path.
    /// stdin is /dev/null unless `stdin` is given, so it is never a terminal.
    @discardableResult
    func run(_ program: String, _ arguments: [String], stdin: Data? = nil, env extra: [String: String] = [:],
             cwd: String? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : Binaries.path(program))
        process.arguments = arguments
        process.environment = env.merging(extra) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: cwd ?? work)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            DispatchQueue.global().async {
                input.fileHandleForWriting.write(stdin)
                try? input.fileHandleForWriting.close()
            }
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outBox.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdoutData: outBox.data, stderrData: errData)
    }

    @discardableResult
    func run(_ program: String, _ arguments: [String], stdin: String, env extra: [String: String] = [:],
             cwd: String? = nil) throws -> RunResult {
        try run(program, arguments, stdin: Data(stdin.utf8), env: extra, cwd: cwd)
    }

    /// Writes a file (creating parent directories) under the sandbox when `path` is relative.
    func write(_ path: String, _ content: String, mode: Int? = nil) throws {
        try write(path, Data(content.utf8), mode: mode)
    }

    func write(_ path: String, _ content: Data, mode: Int? = nil) throws {
        let full = absolute(path)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try content.write(to: URL(fileURLWithPath: full))
        if let mode { chmod(full, mode_t(mode)) }
    }

    func read(_ path: String) throws -> String { String(decoding: try readData(path), as: UTF8.self) }
    func readData(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: absolute(path))) }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: absolute(path)) }

    func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }

    /// A file's permission bits.
    func mode(_ path: String) throws -> Int {
        let attrs = try FileManager.default.attributesOfItem(atPath: absolute(path))
        return (attrs[.posixPermissions] as? Int) ?? -1
    }
}

/// Compares `actual` with the golden file `Golden/<name>` next to this source file. On a
/// mismatch the test fails with a unified diff; `PLOG_UPDATE_GOLDEN=1` rewrites the file.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let file = dir.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["PLOG_UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("golden file \(name) is missing; run with PLOG_UPDATE_GOLDEN=1 to create it",
                     sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("output differs from Golden/\(name):\n\(unifiedDiff(expected, actual))", sourceLocation: sourceLocation)
    }
}

/// A small line diff for failure messages (`-` expected, `+` actual).
func unifiedDiff(_ a: String, _ b: String) -> String {
    let x = a.split(separator: "\n", omittingEmptySubsequences: false)
    let y = b.split(separator: "\n", omittingEmptySubsequences: false)
    var lcs = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in stride(from: x.count - 1, through: 0, by: -1) {
        for j in stride(from: y.count - 1, through: 0, by: -1) {
            lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var out: [String] = []
    var i = 0, j = 0
    while i < x.count || j < y.count {
        if i < x.count, j < y.count, x[i] == y[j] { out.append("  " + x[i]); i += 1; j += 1 }
        else if j < y.count, i == x.count || lcs[i][j + 1] >= lcs[i + 1][j] { out.append("+ " + y[j]); j += 1 }
        else { out.append("- " + x[i]); i += 1 }
    }
    return out.joined(separator: "\n")
}
