import Foundation
import PromptLog
import Testing
@testable import PromptVault

/// Runs the real `git` and returns its stdout; records a test issue when it fails.
@discardableResult
func git(_ args: [String], in dir: String, allowFailure: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["git"] + args
    p.currentDirectoryURL = URL(fileURLWithPath: dir)
    var env = ProcessInfo.processInfo.environment
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    env["HOME"] = dir
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    if p.terminationStatus != 0 && !allowFailure {
        Issue.record("git \(args.joined(separator: " ")) failed: \(String(decoding: errData, as: UTF8.self))",
                     sourceLocation: sourceLocation)
    }
    return String(decoding: data, as: UTF8.self) + (allowFailure ? String(decoding: errData, as: UTF8.self) : "")
}

/// The bytes of a blob, through the real `git cat-file`.
func gitBlob(_ spec: String, in dir: String) throws -> Data {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["git", "cat-file", "blob", spec]
    p.currentDirectoryURL = URL(fileURLWithPath: dir)
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return data
}

func directorySize(_ path: String) -> Int {
    guard let e = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    while let f = e.nextObject() as? String {
        let attrs = try? FileManager.default.attributesOfItem(atPath: path + "/" + f)
        if attrs?[.type] as? FileAttributeType == .typeRegular { total += (attrs?[.size] as? Int) ?? 0 }
    }
    return total
}

@Suite("Keep: plog's pack of log versions, checked with git")
struct LogPackTests {
    @Test("a hundred commits of a growing, sometimes edited log: every version reads back through git, fsck is clean, the repository stays within 2x of git gc --aggressive")
    func manyVersions() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try git(["init", "-q", "-b", "main"], in: dir)
        let log = dir + "/prompts.log"
        let env = Environment(variables: ["HOME": dir, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@e"], currentDirectory: dir)
        var rng = SeededRandom(11)
        var text: [UInt8] = []
        var versions: [(commit: String, bytes: [UInt8])] = []
        for day in 1...100 {
            let blocks = Int.random(in: 1...4, using: &rng)
            for b in 0..<blocks {
                let words = (0..<Int.random(in: 20...120, using: &rng)).map { _ in ["retry", "cache", "swift", "index", "token", "prompt", "wrapper", "throttle"].randomElement(using: &rng)! }
                text += Array("\n## 2025-\(day % 12 + 1 < 10 ? "0" : "")\(day % 12 + 1)-10T10:\(b)0+00:00  m  p\nTASK: \(words.prefix(6).joined(separator: " "))\n\nPROMPT:\n> \(words.joined(separator: " "))\n".utf8)
            }
            if day % 17 == 0 { text[text.count / 3] = UInt8(ascii: "#") }       // an edit in the middle
            if day % 29 == 0 { text.removeLast(min(200, text.count)) }        // a cut at the end
            if day % 41 == 0 { text += [0xFF, 0xFE, 0x00, 0x0A] }            // invalid UTF-8 and NUL
            _ = FileManager.default.createFile(atPath: log, contents: Data(text))
            let report = try Vault.commit(logPath: log, env: env)
            let id = try #require(report.commit, "day \(day) made no commit")
            versions.append((id.hex, text))
        }
        #expect(try git(["fsck", "--full", "--strict"], in: dir).isEmpty)
        for v in versions {
            #expect(try gitBlob("\(v.commit):prompts.log", in: dir) == Data(v.bytes), "commit \(v.commit)")
        }
        let packs = try FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack").filter { $0.hasSuffix(".pack") }
        #expect(packs.count == 1)
        let verify = try git(["verify-pack", "-v", dir + "/.git/objects/pack/" + packs[0]], in: dir)
        #expect(!verify.contains("chain length = 2"), "deltas are one level deep")
        #expect(try git(["status", "--porcelain"], in: dir).isEmpty)

        let ours = directorySize(dir + "/.git/objects")
        let copy = dir + "-gc"
        try git(["clone", "-q", "--mirror", dir, copy], in: "/")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try git(["gc", "--aggressive", "--prune=now", "-q"], in: copy)
        let aggressive = directorySize(copy + "/objects")
        #expect(ours < 2 * aggressive, "plog \(ours) bytes, git gc --aggressive \(aggressive) bytes")
    }

    @Test("a grown log is known to start with its base without reading the base; an edited or cut one is not")
    func basePrefix() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try git(["init", "-q", "-b", "main"], in: dir)
        let env = Environment(variables: ["HOME": dir, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@e"], currentDirectory: dir)
        let log = dir + "/prompts.log"
        let first = Array("## 2025-01-01T10:00+00:00  m  p\nTASK: one\n\nPROMPT:\n> the first prompt of the log\n".utf8)
        _ = FileManager.default.createFile(atPath: log, contents: Data(first))
        _ = try Vault.commit(logPath: log, env: env)
        let pack = LogPack(gitDirectory: dir + "/.git/")
        let base = first.withUnsafeBytes { ObjectID.of($0, kind: .blob) }

        let grown = first + Array("\n## 2025-01-02T10:00+00:00  m  p\nTASK: two\n".utf8)
        let found = try grown.withUnsafeBytes { try pack.basePrefix(path: "prompts.log", of: $0) }
        #expect(found == LogPack.BasePrefix(id: base, size: first.count))
        #expect(try first.withUnsafeBytes { try pack.basePrefix(path: "prompts.log", of: $0) } == LogPack.BasePrefix(id: base, size: first.count))
        var edited = grown
        edited[3] = UInt8(ascii: "3")
        #expect(try edited.withUnsafeBytes { try pack.basePrefix(path: "prompts.log", of: $0) } == nil)
        #expect(try Array(first.dropLast()).withUnsafeBytes { try pack.basePrefix(path: "prompts.log", of: $0) } == nil)
        #expect(try grown.withUnsafeBytes { try pack.basePrefix(path: "other.log", of: $0) } == nil)

        // Both kinds of change commit the right bytes.
        for version in [grown, edited] {
            _ = FileManager.default.createFile(atPath: log, contents: Data(version))
            let report = try Vault.commit(logPath: log, env: env)
            let id = try #require(report.commit)
            #expect(try gitBlob("\(id.hex):prompts.log", in: dir) == Data(version))
        }
        #expect(try git(["fsck", "--full", "--strict"], in: dir).isEmpty)
    }

    @Test("two pieces of work run on two threads and both results come back")
    func parallel() {
        let (a, b) = Parallel.both({ (0..<1000).reduce(0, +) }, { "done" })
        #expect(a == 499_500)
        #expect(b == "done")
    }

    @Test("thousands of loose objects left by git are packed with libgit2's packbuilder after a commit")
    func looseObjectsPacked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try git(["init", "-q", "-b", "main"], in: dir)
        let env = Environment(variables: ["HOME": dir, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@e"], currentDirectory: dir)
        let log = dir + "/prompts.log"
        try "## 2025-01-01T10:00+00:00\nTASK: one\n".write(toFile: log, atomically: true, encoding: .utf8)
        _ = try Vault.commit(logPath: log, env: env)
        var paths: [String] = []
        for k in 0..<3000 {
            let p = dir + "/scratch-\(k).txt"
            try "scratch \(k)\n".write(toFile: p, atomically: true, encoding: .utf8)
            paths.append(p)
        }
        let ids = try git(["hash-object", "-w"] + paths, in: dir).split(separator: "\n").map(String.init)
        #expect(LooseObjects.list(dir + "/.git/").count >= 3000)
        try "## 2025-01-01T10:00+00:00\nTASK: one\n\n## 2025-01-02T10:00+00:00\nTASK: two\n".write(toFile: log, atomically: true, encoding: .utf8)
        #expect(try Vault.commit(logPath: log, env: env).committed)
        #expect(LooseObjects.list(dir + "/.git/").count < 10)
        #expect(try git(["cat-file", "-p", ids[1234]], in: dir) == "scratch 1234\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects").count < 20, "empty fan-out directories are removed")
        #expect(try git(["fsck", "--full", "--strict", "--no-dangling"], in: dir).isEmpty)
    }

    @Test("objects of an absorbed pack move into plog's pack as deltas, and the absorbed pack goes")
    func absorb() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try git(["init", "-q", "-b", "main"], in: dir)
        let env = Environment(variables: ["HOME": dir, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@e"], currentDirectory: dir)
        let log = dir + "/prompts.log"
        let first = String(repeating: "## 2025-01-01T10:00+00:00\nTASK: base text that repeats\n\n", count: 200)
        try first.write(toFile: log, atomically: true, encoding: .utf8)
        _ = try Vault.commit(logPath: log, env: env)
        // git itself commits a longer version and packs it (as a fetch would bring it).
        try (first + "## 2025-01-02T10:00+00:00\nTASK: from git\n").write(toFile: log, atomically: true, encoding: .utf8)
        try git(["-c", "user.name=G", "-c", "user.email=g@e", "commit", "-q", "-am", "by git"], in: dir)
        try git(["repack", "-q"], in: dir)
        let repo = try LogRepository(logPath: log)
        let pack = LogPack(gitDirectory: repo.gitDirectory)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack").filter { $0.hasSuffix(".idx") }
        let foreign = before.map { String($0.dropLast(4)) }.filter { $0 != pack.loadState().pack }
        #expect(foreign.count == 1)
        let outcome = try pack.write(repository: repo.repository, objects: [], logVersion: nil, absorb: foreign)
        let after = try FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack").filter { $0.hasSuffix(".idx") }
        #expect(after == [outcome.packName + ".idx"])
        #expect(try git(["fsck", "--full", "--strict"], in: dir).isEmpty)
        #expect(try gitBlob("HEAD:prompts.log", in: dir) == Data((first + "## 2025-01-02T10:00+00:00\nTASK: from git\n").utf8))
        let verify = try git(["verify-pack", "-v", dir + "/.git/objects/pack/" + outcome.packName + ".idx"], in: dir)
        #expect(verify.contains("chain length = 1: 1 object"), "\(verify)")
    }
}
