import Foundation
import Testing

/// A repository where plog commits and git does its own housekeeping: every version plog
/// committed is remembered, to be read back with `git show REV:prompts.log`.
private final class Housekept {
    let box: Sandbox
    let repo = "home/notes"
    let log = "home/notes/prompts.log"
    private(set) var versions: [(rev: String, bytes: Data)] = []
    private var blocks = 0

    init(_ box: Sandbox) throws {
        self.box = box
        let r = try box.run("plog", ["init", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        try remember()
    }

    var pack: String { box.absolute(repo + "/.git/objects/pack") }

    /// Appends `n` blocks (each a few KB, so that the log has something to delta) and commits.
    @discardableResult
    func commit(adding n: Int = 1, env: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        for _ in 0..<n {
            blocks += 1
            let stamp = String(format: "2025-08-%02dT%02d:%02d+09:00", 1 + blocks / 96, blocks / 4 % 24, blocks % 4 * 15)
            try box.appendBlock(log, stamp, "block \(blocks) " + String(repeating: "text of block \(blocks) ", count: 150))
        }
        let r = try box.run("plog", ["commit", "-q"], env: env)
        #expect(r.status == 0, "plog commit: \(r.stderr)", sourceLocation: sourceLocation)
        try remember()
        return r
    }

    private func remember() throws {
        let rev = try box.git(["rev-parse", "HEAD"], in: repo).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if versions.last?.rev != rev { versions.append((rev, try box.readData(log))) }
    }

    /// Names (`pack-<hash>`) of the packs in the repository.
    func packs() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pack)) ?? []
        return Set(names.filter { $0.hasSuffix(".pack") }.map { String($0.dropLast(5)) })
    }

    /// The pack plog wrote last (from `.git/plog/logpack`).
    func plogPack() throws -> String {
        let state = try box.read(repo + "/.git/plog/logpack")
        return String(state.split(separator: "\n").first { $0.hasPrefix("pack ") }!.dropFirst(5))
    }

    /// What the issue asks after every step: fsck clean, the multi-pack-index and commit-graph
    /// verify (when git wrote them), every committed version reads back byte for byte.
    func expectIntact(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try box.expectFsckClean(repo, sourceLocation: sourceLocation)
        if FileManager.default.fileExists(atPath: pack + "/multi-pack-index") {
            let r = try box.git(["multi-pack-index", "verify"], in: repo, expectSuccess: false)
            #expect(r.status == 0, "multi-pack-index verify: \(r.stderr)", sourceLocation: sourceLocation)
        }
        if box.exists(repo + "/.git/objects/info/commit-graph") || box.exists(repo + "/.git/objects/info/commit-graphs") {
            let r = try box.git(["commit-graph", "verify"], in: repo, expectSuccess: false)
            #expect(r.status == 0, "commit-graph verify: \(r.stderr)", sourceLocation: sourceLocation)
        }
        for (rev, bytes) in versions {
            let shown = try box.run("/usr/bin/git", ["show", "\(rev):prompts.log"], env: ["GIT_CONFIG_NOSYSTEM": "1"],
                                    cwd: box.absolute(repo))
            #expect(shown.status == 0 && shown.stdoutData == bytes, "\(rev):prompts.log does not read back: \(shown.stderr)",
                    sourceLocation: sourceLocation)
        }
    }
}

/// A program that runs until `stop` (for a live `gc.pid`, or a git process in the repository).
private final class Running {
    let process = Process()
    private let input = Pipe()

    init(_ program: String, _ arguments: [String], cwd: String) throws {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        process.environment = ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "HOME": cwd]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

private func hostName() -> String {
    var buf = [CChar](repeating: 0, count: 256)
    return gethostname(&buf, buf.count - 1) == 0 ? String(cString: buf) : ""
}

@Suite("Keep: plog commit beside git gc, git maintenance, repack, multi-pack-index and .keep files")
struct KeepHousekeepingTests {
    @Test("the issue's sequence: repack -adk --write-midx, maintenance incremental-repack and commit-graph, then a commit: nothing breaks")
    func repackMaintenanceCommit() throws {
        let h = try Housekept(try Sandbox())
        for _ in 0..<3 { try h.commit() }
        try h.box.git(["repack", "-adk", "--write-midx"], in: h.repo)
        try h.expectIntact()
        for _ in 0..<2 { try h.commit() }
        try h.box.git(["maintenance", "run", "--task=incremental-repack", "--task=commit-graph"], in: h.repo)
        try h.expectIntact()
        try h.commit(adding: 2)
        try h.expectIntact()
        // And on: git expires what plog left, plog keeps committing.
        try h.box.git(["maintenance", "run", "--task=incremental-repack", "--task=commit-graph"], in: h.repo)
        try h.commit()
        try h.box.git(["repack", "-adk", "--write-midx"], in: h.repo)
        try h.commit()
        try h.expectIntact()
        #expect(h.versions.count == 9)
    }

    @Test("a pack the multi-pack-index lists stays until git drops it from the index; then plog removes it")
    func midxListedPackStays() throws {
        let h = try Housekept(try Sandbox())
        try h.commit()
        let listed = try h.plogPack()
        try h.box.git(["multi-pack-index", "write"], in: h.repo)
        try h.commit()
        #expect(h.packs().contains(listed), "plog deleted \(listed), which the multi-pack-index lists")
        #expect(try h.plogPack() != listed)
        try h.expectIntact()
        #expect(try h.box.read(h.repo + "/.git/plog/logpack").contains("retired \(listed)"))
        // Without the index, the next commit removes it.
        try FileManager.default.removeItem(atPath: h.pack + "/multi-pack-index")
        try h.commit()
        #expect(!h.packs().contains(listed))
        #expect(h.packs().count == 1)
        #expect(!(try h.box.read(h.repo + "/.git/plog/logpack").contains("retired")))
        try h.expectIntact()
    }

    @Test("a pack with a .keep file is never deleted, and its .keep stays")
    func keptPackStays() throws {
        let h = try Housekept(try Sandbox())
        try h.commit()
        let kept = try h.plogPack()
        try h.box.write(h.pack + "/\(kept).keep", "mine\n")
        try h.commit()
        try h.commit()
        #expect(h.packs().contains(kept))
        #expect(try h.box.read(h.pack + "/\(kept).keep") == "mine\n")
        #expect(h.packs().count == 2)  // the kept pack and plog's newest; the one between is gone
        try h.expectIntact()
        // git repack -ad leaves a kept pack alone and packs the rest; plog starts a new pack.
        try h.box.git(["repack", "-ad"], in: h.repo)
        try h.commit()
        #expect(h.packs().contains(kept))
        try h.expectIntact()
    }

    @Test("after git gc (and --aggressive) moved plog's objects into git's packs, plog commit keeps working")
    func commitAfterGC() throws {
        let h = try Housekept(try Sandbox())
        for _ in 0..<3 { try h.commit() }
        try h.box.git(["gc", "-q"], in: h.repo)
        try h.commit()
        try h.commit()
        try h.box.git(["gc", "-q", "--aggressive"], in: h.repo)
        try h.commit()
        try h.box.git(["maintenance", "run"], in: h.repo)
        try h.commit()
        try h.box.git(["maintenance", "run", "--auto"], in: h.repo)
        try h.commit()
        try h.expectIntact()
        #expect(h.versions.count == 9)
    }

    @Test("git gc running (a live gc.pid): plog waits, then commits and leaves the replaced pack for a later run, saying so even with --quiet")
    func gcRunning() throws {
        let h = try Housekept(try Sandbox())
        try h.commit()
        let first = try h.plogPack()
        // A gc that runs as long as this test does.
        let gc = ProcessInfo.processInfo.processIdentifier
        try h.box.write(h.repo + "/.git/gc.pid", "\(gc) \(hostName())")
        let r = try h.commit(env: ["PLOG_GIT_WAIT": "0.5"])
        #expect(r.stderr.contains("git gc is running (pid \(gc)"), "\(r.stderr)")
        #expect(r.stderr.contains("committing anyway"))
        #expect(r.stderr.contains("left the pack it replaced (\(first)) in place"))
        #expect(h.packs().contains(first))
        try h.expectIntact()
        // gc finished: the next commit removes it.
        try FileManager.default.removeItem(atPath: h.box.absolute(h.repo + "/.git/gc.pid"))
        let after = try h.commit()
        #expect(after.stderr.isEmpty, "\(after.stderr)")
        #expect(!h.packs().contains(first))
        #expect(h.packs().count == 1)
        try h.expectIntact()
    }

    @Test("a gc.pid whose process is gone is stale: no wait, the old pack goes")
    func staleGCPid() throws {
        let h = try Housekept(try Sandbox())
        try h.commit()
        let gone = try Running("/bin/true", [], cwd: h.box.absolute(h.repo))
        gone.stop()
        try h.box.write(h.repo + "/.git/gc.pid", "\(gone.process.processIdentifier) \(hostName())")
        let r = try h.commit(env: ["PLOG_GIT_WAIT": "5"])
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        #expect(h.packs().count == 1)
    }

    @Test("git maintenance running (objects/maintenance.lock): the replaced pack stays; a lock left by a killed plog is cleared")
    func maintenanceRunning() throws {
        let h = try Housekept(try Sandbox())
        try h.commit()
        let first = try h.plogPack()
        let lock = h.repo + "/.git/objects/maintenance.lock"
        try h.box.write(lock, "")
        let r = try h.commit(env: ["PLOG_GIT_WAIT": "0.3"])
        #expect(r.stderr.contains("git maintenance is running"), "\(r.stderr)")
        #expect(r.stderr.contains("left the pack it replaced (\(first)) in place"))
        #expect(h.packs().contains(first))
        #expect(h.box.exists(lock))  // git's lock is git's
        try FileManager.default.removeItem(atPath: h.box.absolute(lock))
        // A plog killed while it held the lock left "plog PID" in it: that one is not git's.
        let gone = try Running("/bin/true", [], cwd: h.box.absolute(h.repo))
        gone.stop()
        try h.box.write(lock, "plog \(gone.process.processIdentifier)\n")
        let after = try h.commit(env: ["PLOG_GIT_WAIT": "0.3"])
        #expect(after.stderr.isEmpty, "\(after.stderr)")
        #expect(!h.packs().contains(first))
        #expect(h.packs().count == 1)
        #expect(!h.box.exists(lock))
        try h.expectIntact()
        // git maintenance runs fine afterwards.
        try h.box.git(["maintenance", "run", "--task=incremental-repack", "--task=commit-graph"], in: h.repo)
        try h.expectIntact()
    }

    @Test("a git process working in the repository: the replaced pack stays until it is gone",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cwd")))
    func gitProcessInRepository() throws {
        let h = try Housekept(try Sandbox())
        try h.commit()
        let first = try h.plogPack()
        let git = try Running("/usr/bin/git", ["cat-file", "--batch"], cwd: h.box.absolute(h.repo))
        let r = try h.commit()
        git.stop()
        #expect(r.stderr.contains("git (pid \(git.process.processIdentifier)) is working in"), "\(r.stderr)")
        #expect(h.packs().contains(first))
        try h.commit()
        #expect(!h.packs().contains(first))
        try h.expectIntact()
    }

    @Test("plog sync folds the pack it fetched into its own; not while a git process works in the repository (that new pack may be git's)",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cwd")))
    func syncFetchedPack() throws {
        let box = try Sandbox()
        try box.git(["init", "-q", "--bare", "-b", "main", "remote.git"], in: ".")
        #expect(try box.run("plog", ["init", "-q", "--remote", box.absolute("remote.git"), box.absolute("a")]).status == 0)
        #expect(try box.run("plog", ["sync", "-q", "--file", box.absolute("a/prompts.log")]).status == 0)
        try box.git(["clone", "-q", box.absolute("remote.git"), "b"], in: ".")
        let packDir = box.absolute("a/.git/objects/pack")
        func packs() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: packDir)) ?? []).filter { $0.hasSuffix(".pack") }.count }
        func fromB(_ task: String) throws {
            try box.appendBlock("b/prompts.log", "2025-08-0\(task.count % 9 + 1)T09:00+00:00", task + String(repeating: " words", count: 300))
            #expect(try box.run("plog", ["sync", "-q", "--file", box.absolute("b/prompts.log")]).status == 0)
        }
        try fromB("first from B")
        let r = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(r.status == 0 && r.stderr.contains("fast-forwarded"), "\(r.stderr)")
        #expect(packs() == 1, "the fetched pack is folded into plog's")

        try fromB("second from B")
        let git = try Running("/usr/bin/git", ["cat-file", "--batch"], cwd: box.absolute("a"))
        let busy = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        git.stop()
        #expect(busy.status == 0 && busy.stderr.contains("fast-forwarded"), "\(busy.stderr)")
        #expect(packs() == 2, "a new pack that appeared while git was at work is left alone")
        try box.expectFsckClean("a")
        #expect(try box.read("a/prompts.log") == box.read("b/prompts.log"))
    }

    @Test("index.lock held for a moment (git status): plog waits for it and commits")
    func indexLockReleased() throws {
        let h = try Housekept(try Sandbox())
        let lock = h.box.absolute(h.repo + "/.git/index.lock")
        try h.box.write(lock, "")
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.0) { try? FileManager.default.removeItem(atPath: lock) }
        let r = try h.commit(env: ["PLOG_GIT_WAIT": "20"])
        #expect(r.stderr.contains("waited "), "\(r.stderr)")
        #expect(r.stderr.contains("index.lock exists"))
        #expect(h.versions.count == 2)
        try h.expectIntact()
    }

    @Test("a stale index.lock: plog waits PLOG_GIT_WAIT seconds, then exits 2 and commits nothing; a bad PLOG_GIT_WAIT is named")
    func indexLockStale() throws {
        let box = try Sandbox()
        let h = try Housekept(box)
        try box.write(h.repo + "/.git/index.lock", "")
        try box.appendBlock(h.log, "2025-08-14T16:32+09:00", "blocked")
        let r = try box.run("plog", ["commit", "-q"], env: ["PLOG_GIT_WAIT": "0.3"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("index.lock exists") && r.stderr.contains("waited 0."), "\(r.stderr)")
        #expect(try box.gitLog(h.repo).count == 1)
        let bad = try box.run("plog", ["commit", "-q"], env: ["PLOG_GIT_WAIT": "soon"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("PLOG_GIT_WAIT=soon"), "\(bad.stderr)")
    }

    @Test("a commit by hand of another file, then plog: both commits stay, the index keeps the hand-staged file")
    func handCommitBeside() throws {
        let h = try Housekept(try Sandbox())
        let id = ["-c", "user.name=U", "-c", "user.email=u@e"]
        try h.commit()
        try h.box.write(h.repo + "/notes.md", "one\n")
        try h.box.git(["add", "notes.md"], in: h.repo)
        try h.box.git(id + ["commit", "-q", "-m", "notes"], in: h.repo)
        try h.commit()
        try h.box.write(h.repo + "/notes.md", "two\n")
        try h.box.git(["add", "notes.md"], in: h.repo)
        try h.commit()
        #expect(try h.box.git(["diff", "--cached", "--name-only"], in: h.repo).stdout == "notes.md\n")
        #expect(try h.box.gitLog(h.repo).contains("notes"))
        try h.expectIntact()
    }
}
