import Foundation
import Testing

/// Helpers for the Keep tests: the real `git` command line, with the sandbox's HOME, so that
/// nothing of the developer's git config is read.
extension Sandbox {
    /// Runs `git` in `dir` (relative to the sandbox root unless absolute).
    @discardableResult
    func git(_ args: [String], in dir: String, expectSuccess: Bool = true,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        let r = try run("/usr/bin/git", args, env: ["GIT_CONFIG_NOSYSTEM": "1"], cwd: absolute(dir))
        if expectSuccess && r.status != 0 {
            Issue.record("git \(args.joined(separator: " ")) failed (\(r.status)): \(r.stderr)", sourceLocation: sourceLocation)
        }
        return r
    }

    /// `git fsck --full --strict` must be silent and succeed.
    func expectFsckClean(_ dir: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try git(["fsck", "--full", "--strict"], in: dir, sourceLocation: sourceLocation)
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "fsck: \(r.stdout)\(r.stderr)",
                sourceLocation: sourceLocation)
    }

    /// Commit subjects, newest first.
    func gitLog(_ dir: String) throws -> [String] {
        try git(["log", "--format=%s"], in: dir).stdout.split(separator: "\n").map(String.init)
    }

    /// A block as `plog add` would write it, for appending by hand.
    static func keepBlock(_ stamp: String, _ task: String) -> String {
        "## \(stamp)  claude-sonnet-4-5  notes\nTASK: \(task)\n\nPROMPT:\n> \(task), please.\n\nOUTCOME:\n- Worked first try.\n"
    }

    /// Appends a block to the log at `path`, with the blank separator line.
    func appendBlock(_ path: String, _ stamp: String, _ task: String) throws {
        let full = absolute(path)
        if !FileManager.default.fileExists(atPath: full) { try write(path, "") }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: full))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.write(contentsOf: Data(((size > 0 ? "\n" : "") + Sandbox.keepBlock(stamp, task)).utf8))
    }

    /// A bare remote (`remote.git`) and machine A (`a/`) set up with `plog init --remote`, with
    /// one block ("shared start") synced to it.
    func machineWithSyncedRemote(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try git(["init", "-q", "--bare", "-b", "main", "remote.git"], in: ".", sourceLocation: sourceLocation)
        #expect(try run("plog", ["init", "-q", "--remote", absolute("remote.git"), absolute("a")]).status == 0,
                sourceLocation: sourceLocation)
        try appendBlock("a/prompts.log", "2025-08-01T09:00+00:00", "shared start")
        let first = try run("plog", ["sync", "--file", absolute("a/prompts.log")])
        #expect(first.status == 0, "\(first.stderr)", sourceLocation: sourceLocation)
    }
}
