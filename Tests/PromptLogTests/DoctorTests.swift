import Foundation
import Testing
@testable import PromptLog

/// A temporary directory removed at deinit.
final class TempDir {
    let path: String
    init() throws {
        var template = Array((NSTemporaryDirectory() + "plog-doctor-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw POSIXError(.EIO) }
        path = String(cString: p)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String, mode: mode_t = 0o600) throws {
        try write(name, Array(text.utf8), mode: mode)
    }

    func write(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws {
        let full = path + "/" + name
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        chmod(full, mode)
    }

    func mkdir(_ name: String, mode: mode_t = 0o700) {
        try? FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
        chmod(path + "/" + name, mode)
    }

    func touch(_ name: String, epoch: Int) {
        var times = [timespec(tv_sec: epoch, tv_nsec: 0), timespec(tv_sec: epoch, tv_nsec: 0)]
        utimensat(AT_FDCWD, path + "/" + name, &times, 0)
    }
}

let goodLog = """
    ## 2025-08-14T16:32+09:00  claude-sonnet-4-5  ios/captio
    TASK: Make the preview render fast.

    PROMPT:
    > Show me a faster version.

    OUTCOME:
    - Worked first try.

    ## 2025-08-15T09:00+09:00  gpt-5
    TASK: second

    """

@Suite struct LogHealthTests {
    @Test func cleanLog() {
        let h = LogHealth.analyze(Array(goodLog.utf8))
        #expect(h.isClean)
        #expect(h.blocks == 2)
        #expect(h.lines == 11)
        #expect(h.endsWithNewline)
    }

    @Test func emptyLogIsClean() {
        let h = LogHealth.analyze([UInt8]())
        #expect(h.isClean && h.blocks == 0 && h.lines == 0)
    }

    @Test func cutTailNamesTheLineAndBlock() {
        let cut = goodLog + "## 2025-08-16T10:00+09:00  m\nPROMPT:\n> half a li"
        let h = LogHealth.analyze(Array(cut.utf8))
        #expect(!h.endsWithNewline)
        #expect(h.cutLine == 14)
        #expect(h.cutBlockLine == 12)
        #expect(h.blocks == 3)
        // A cut inside the preamble has no block.
        let pre = LogHealth.analyze(Array("notes before any block".utf8))
        #expect(pre.cutLine == 1 && pre.cutBlockLine == nil)
    }

    @Test func malformedHeadersAreCountedFromTheFirst() {
        let text = "## 2025-08-14 16:32  m\nx\n## 2025-13-01T10:00Z\n## 2025-08-14T16:32Z  fine\n## plans for 2025\n"
        let h = LogHealth.analyze(Array(text.utf8))
        #expect(h.firstMalformedHeaderLine == 1)
        #expect(h.malformedHeaders == 2)
        #expect(h.blocks == 1)
    }

    @Test func nulAndInvalidUTF8() {
        var bytes = Array("## 2025-08-14T16:32Z\nok line\n".utf8)
        bytes += [0x61, 0x00, 0x62, 10]  // line 3: NUL
        bytes += [0xC3, 0x28, 10]  // line 4: bad continuation
        bytes += Array("caf\u{E9} \u{1F600} fine\n".utf8)  // line 5: valid multi-byte
        bytes += [0xED, 0xA0, 0x80, 10]  // line 6: a surrogate
        let h = LogHealth.analyze(bytes)
        #expect(h.firstNULLine == 3)
        #expect(h.firstInvalidUTF8Line == 4)
        #expect(h.invalidUTF8Lines == 2)
    }

    /// Invalid UTF-8 at every position of a header: never a crash, never a lost byte, and the
    /// header either still starts a block or is reported.
    @Test func invalidUTF8AtEveryHeaderPosition() {
        let header = Array("## 2025-08-14T16:32+09:00  claude  proj\n".utf8)
        for i in 0..<header.count {
            for bad: UInt8 in [0xFF, 0xC0, 0x80] {
                var bytes = Array("## 2025-08-13T10:00Z\nbefore\n\n".utf8)
                var h = header
                h.insert(bad, at: i)
                bytes += h + Array("TASK: t\n".utf8)
                let health = LogHealth.analyze(bytes)
                #expect(health.firstInvalidUTF8Line == 4, "position \(i)")
                let parsed = LogParser.parse(bytes)
                let total = parsed.preamble.count + parsed.blocks.reduce(0) { $0 + ($1.span.end - $1.span.offset) }
                #expect(total == bytes.count, "bytes dropped with 0x\(String(bad, radix: 16)) at \(i)")
                #expect(parsed.blocks.count == 1 || parsed.blocks.count == 2)
            }
        }
    }

    @Test func utf8CheckAgreesWithTheStandardLibrary() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let n = Int.random(in: 0..<40, using: &rng)
            var bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Mostly ASCII with a few high bytes, so the fast path and valid sequences get exercised.
            for k in bytes.indices where Bool.random(using: &rng) { bytes[k] &= 0x7F }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let mine = bytes.withUnsafeBufferPointer { UTF8Check.firstInvalid($0, from: 0) } == nil
            #expect(valid == mine, "\(bytes)")
        }
    }
}

@Suite struct DoctorTests {
    static func options(crontab: String? = nil, now: Int64 = 1_760_000_000, secrets: Bool = false) -> Doctor.Options {
        Doctor.Options(scanSecrets: secrets, now: now, crontab: { _ in (crontab, "no crontab for this user") })
    }

    func env(_ dir: TempDir) -> Environment {
        Environment(variables: ["HOME": dir.path + "/home", "PATH": "/nonexistent"], currentDirectory: dir.path)
    }

    @Test func healthyLogWithoutRepository() throws {
        let dir = try TempDir()
        try dir.write("prompts.log", goodLog)
        let r = Doctor.examine(logPath: dir.path + "/prompts.log", env: env(dir), config: Config(path: "/x"),
                               options: Self.options())
        #expect(r.isHealthy, "\(Doctor.render(r, color: false))")
        #expect(r.check("log")?.status == .ok)
        #expect(r.check("tail")?.status == .ok)
        #expect(r.check("permissions")?.status == .ok)
        #expect(r.check("secrets")?.status == .skipped)
        #expect(r.check("repository")?.status == .note)
        #expect(r.check("schedule")?.status == .note)
        #expect(r.check("clipboard")?.status == .note)
    }

    @Test func missingLogIsANote() throws {
        let dir = try TempDir()
        let r = Doctor.examine(logPath: dir.path + "/none.log", env: env(dir), config: Config(path: "/x"), options: Self.options())
        #expect(r.isHealthy)
        #expect(r.check("log")?.status == .note)
        #expect(r.check("tail") == nil)
    }

    @Test func directoryInsteadOfLogIsAProblem() throws {
        let dir = try TempDir()
        dir.mkdir("prompts.log")
        let r = Doctor.examine(logPath: dir.path + "/prompts.log", env: env(dir), config: Config(path: "/x"), options: Self.options())
        #expect(r.check("log")?.status == .problem)
        #expect(r.check("log")?.summary.contains("directory") == true)
    }

    @Test(arguments: [(mode_t(0o644), true), (0o640, true), (0o604, true), (0o620, true), (0o600, false), (0o400, false)])
    func permissions(mode: mode_t, problem: Bool) throws {
        let dir = try TempDir()
        try dir.write("prompts.log", goodLog, mode: mode)
        let c = Doctor.permissionsCheck(dir.path + "/prompts.log")
        #expect((c.status == .problem) == problem, "\(c)")
        if problem { #expect(c.hint?.contains("chmod 600") == true) }
    }

    @Test func cutTailAndSecretsAreProblemsWithLineNumbersOnly() throws {
        let dir = try TempDir()
        let key = "AKIA" + "QWERTYUIOP234567"
        try dir.write("prompts.log", goodLog + "## 2025-08-16T10:00Z\nPROMPT:\n> my key is " + key + "\n> and then the wri")
        let r = Doctor.examine(logPath: dir.path + "/prompts.log", env: env(dir), config: Config(path: "/x"),
                               options: Self.options(secrets: true))
        #expect(!r.isHealthy)
        #expect(r.check("tail")?.status == .problem)
        #expect(r.check("tail")?.summary.contains("line 15") == true)
        let s = try #require(r.check("secrets"))
        #expect(s.status == .problem)
        #expect(s.details == ["line 14: aws-access-key-id"])
        let text = Doctor.render(r, color: false) + Doctor.json(r)
        #expect(!text.contains(key))
        #expect(!text.contains("QWERTY"))
    }

    @Test func savedDraftsAreProblemsWithTheCommandToLogThem() throws {
        let dir = try TempDir()
        try dir.write("prompts.log", goodLog)
        let e = env(dir)
        let drafts = Drafts.directory(e)
        try dir.write(String(drafts.dropFirst(dir.path.count + 1)) + "/2025-08-14T163200-42.txt", "## 2025-08-14T16:32Z\nTASK: t\n")
        chmod(drafts, 0o700)
        let c = Doctor.draftsCheck(env: e)
        #expect(c.status == .problem)
        #expect(c.details.first?.hasPrefix("plog add --draft ") == true)
        #expect(c.summary.contains("1 saved draft"))
        chmod(drafts, 0o755)
        #expect(Doctor.draftsCheck(env: e).summary.contains("0755"))
    }

    // MARK: Repository state, from hand-made .git directories

    func makeRepo(_ dir: TempDir, head: String = "ref: refs/heads/main\n", branch: Bool = true, reflogTime: Int64? = nil) throws {
        dir.mkdir("notes/.git/refs/heads")
        dir.mkdir("notes/.git/logs")
        chmod(dir.path + "/notes", 0o700)
        try dir.write("notes/.git/HEAD", head)
        if branch { try dir.write("notes/.git/refs/heads/main", String(repeating: "a", count: 40) + "\n") }
        if let t = reflogTime {
            let z = String(repeating: "0", count: 40), a = String(repeating: "a", count: 40)
            try dir.write("notes/.git/logs/HEAD", "\(z) \(a) plog <plog@localhost> \(t - 86400) +0000\tcommit (initial): first\n"
                + "\(z) \(a) plog <plog@localhost> \(t) +0900\tcommit: plog: 2025-10-09, +2 blocks\n")
        }
        try dir.write("notes/prompts.log", goodLog)
    }

    @Test func repositoryCommittedRecently() throws {
        let dir = try TempDir()
        let now: Int64 = 1_760_000_000
        try makeRepo(dir, reflogTime: now - 3 * 3600)
        dir.touch("notes/prompts.log", epoch: Int(now - 4 * 3600))
        let log = dir.path + "/notes/prompts.log"
        let repo = try #require(GitRepositoryState.inspect(path: log))
        #expect(repo.head == .branch("main"))
        #expect(repo.lastUpdate == now - 3 * 3600)
        let c = Doctor.repositoryCheck(repo, logPath: log, env: env(dir), options: Self.options(now: now))
        #expect(c.status == .ok, "\(c)")
        #expect(c.summary.contains("last commit 3 hours ago"))
        #expect(c.details.contains("last: commit: plog: 2025-10-09, +2 blocks"))
    }

    @Test func staleCommitWithChangesIsAProblem() throws {
        let dir = try TempDir()
        let now: Int64 = 1_760_000_000
        try makeRepo(dir, reflogTime: now - 5 * 86400)
        dir.touch("notes/prompts.log", epoch: Int(now - 3600))
        let log = dir.path + "/notes/prompts.log"
        let c = Doctor.repositoryCheck(GitRepositoryState.inspect(path: log), logPath: log, env: env(dir), options: Self.options(now: now))
        #expect(c.status == .problem)
        #expect(c.summary.contains("5 days ago"))
        // Unchanged since that commit: fine, however old.
        dir.touch("notes/prompts.log", epoch: Int(now - 6 * 86400))
        let ok = Doctor.repositoryCheck(GitRepositoryState.inspect(path: log), logPath: log, env: env(dir), options: Self.options(now: now))
        #expect(ok.status == .ok)
    }

    @Test func unbornDetachedMergeAndLock() throws {
        let now: Int64 = 1_760_000_000
        do {
            let dir = try TempDir()
            try makeRepo(dir, branch: false)
            let log = dir.path + "/notes/prompts.log"
            let repo = try #require(GitRepositoryState.inspect(path: log))
            #expect(repo.head == .unborn("main"))
            #expect(Doctor.repositoryCheck(repo, logPath: log, env: env(dir), options: Self.options(now: now)).status == .problem)
        }
        do {
            let dir = try TempDir()
            try makeRepo(dir, head: String(repeating: "b", count: 40) + "\n", reflogTime: now)
            let log = dir.path + "/notes/prompts.log"
            let repo = try #require(GitRepositoryState.inspect(path: log))
            #expect(repo.head == .detached("bbbbbbbbbbbb"))
            let c = Doctor.repositoryCheck(repo, logPath: log, env: env(dir), options: Self.options(now: now))
            #expect(c.status == .problem && c.summary.contains("detached"))
        }
        do {
            let dir = try TempDir()
            try makeRepo(dir, reflogTime: now)
            try dir.write("notes/.git/MERGE_HEAD", String(repeating: "c", count: 40) + "\n")
            try dir.write("notes/.git/index.lock", "")
            dir.touch("notes/.git/index.lock", epoch: Int(now - 7200))
            dir.touch("notes/prompts.log", epoch: Int(now - 60))
            let log = dir.path + "/notes/prompts.log"
            let c = Doctor.repositoryCheck(GitRepositoryState.inspect(path: log), logPath: log, env: env(dir), options: Self.options(now: now))
            #expect(c.status == .problem)
            #expect(c.summary.contains("a merge is in progress"))
            #expect(c.summary.contains("index.lock has been held for 2 hours"))
        }
    }

    @Test func packedRefsAndGitFileAndSymlinkedLog() throws {
        let dir = try TempDir()
        // A worktree-style `.git` file pointing elsewhere, refs only in packed-refs.
        dir.mkdir("store/refs/heads")
        try dir.write("store/HEAD", "ref: refs/heads/trunk\n")
        try dir.write("store/packed-refs", "# pack-refs with: peeled\n\(String(repeating: "d", count: 40)) refs/heads/trunk\n")
        dir.mkdir("notes")
        try dir.write("notes/.git", "gitdir: ../store\n")
        try dir.write("notes/prompts.log", goodLog)
        // The log as the user sees it: a symlink from elsewhere into the repository.
        dir.mkdir("project")
        symlink(dir.path + "/notes/prompts.log", dir.path + "/project/prompts.log")
        let repo = try #require(GitRepositoryState.inspect(path: dir.path + "/project/prompts.log"))
        #expect(repo.head == .branch("trunk"))
        #expect(repo.workTree.hasSuffix("/notes"))
        #expect(GitRepositoryState.inspect(path: dir.path + "/elsewhere.log") == nil)
    }

    // MARK: Schedule

    @Test func scheduleFromCrontab() throws {
        let dir = try TempDir()
        try makeRepo(dir, reflogTime: 1_760_000_000)
        let repo = GitRepositoryState.inspect(path: dir.path + "/notes/prompts.log")
        let e = env(dir)
        let yes = Doctor.scheduleCheck(repo, env: e, options: Self.options(crontab: "MAILTO=me\n55 23 * * * /usr/local/bin/plog commit --quiet >> log 2>&1 # mine\n"))
        #expect(yes.status == .ok && yes.summary.contains("55 23 * * *"))
        // The line `plog cron install` writes.
        let job = DailyJob(plog: "/opt/bin/plog", log: dir.path + "/notes/prompts.log", hour: 6, minute: 5, output: "/tmp/c.log")
        let installed = Doctor.scheduleCheck(repo, env: e, options: Self.options(crontab: "# mine\n" + job.cronLine + "\n"))
        #expect(installed.status == .ok && installed.summary.contains("5 6 * * *"))
        let commented = Doctor.scheduleCheck(repo, env: e, options: Self.options(crontab: "# 55 23 * * * plog commit\n"))
        #expect(commented.status == .problem)
        let none = Doctor.scheduleCheck(repo, env: e, options: Self.options(crontab: nil))
        #expect(none.status == .problem && none.hint?.contains("plog cron install") == true)
        // Without a repository there is nothing to schedule: a note.
        #expect(Doctor.scheduleCheck(nil, env: e, options: Self.options(crontab: nil)).status == .note)
        // A systemd user timer counts.
        try dir.write("home/.config/systemd/user/plog-commit.timer", "[Timer]\n")
        #expect(Doctor.scheduleCheck(repo, env: e, options: Self.options(crontab: nil)).status == .ok)
    }

    // MARK: Output

    @Test func renderAndJSON() throws {
        let report = DoctorReport(logPath: "/l/prompts.log", checks: [
            DoctorCheck("log", .ok, "2 blocks"),
            DoctorCheck("tail", .problem, "cut \"here\"", details: ["the block at line 3 is incomplete"], hint: "fix it"),
        ])
        let text = Doctor.render(report, color: false)
        #expect(text == """
            log: /l/prompts.log
              ok      log          2 blocks
              PROBLEM tail         cut "here"
                                   the block at line 3 is incomplete
                                   hint: fix it
            1 problem found

            """)
        #expect(Doctor.render(report, color: true).contains("\u{1B}[31;1mPROBLEM\u{1B}[0m"))
        let json = try JSONSerialization.jsonObject(with: Data(Doctor.json(report).utf8)) as? [String: Any]
        #expect(json?["healthy"] as? Bool == false)
        #expect(json?["problems"] as? Int == 1)
        let checks = json?["checks"] as? [[String: Any]]
        #expect(checks?.count == 2)
        #expect(checks?[1]["summary"] as? String == "cut \"here\"")
        #expect(checks?[0]["hint"] is NSNull)
    }

    @Test func formatting() {
        #expect(TextFormat.thousands(1_234_567) == "1,234,567")
        #expect(TextFormat.thousands(12) == "12")
        #expect(TextFormat.byteSize(812) == "812 bytes")
        #expect(TextFormat.byteSize(1536) == "1.5 KB")
        #expect(duration(59) == "59 seconds")
        #expect(duration(3 * 86400) == "3 days")
        #expect(octal(0o644) == "0644")
    }
}
