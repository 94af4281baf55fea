import Foundation
import Testing

/// Secrets kept out of the log by `plog add`, and `plog doctor` on the built binaries.
@Suite struct TrustTests {
    // Fabricated, in the real formats (never real keys).
    static let awsKey = "AKIA" + "QWERTYUIOP234567"
    static let githubToken = "ghp_" + "Zq8rT2xK7pWm4Yb9Lc3Nd6Fg1Hj5Vt0Rs8Ue"

    func plainLog(_ s: Sandbox) -> String { s.root + "/prompts.log" }

    // MARK: plog add

    @Test func addRedactsAndSaysWhatWithoutTheSecret() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-f", plainLog(s), "-t", "debug the client",
                                   "--prompt", "why is this rejected?\nexport AWS_ACCESS_KEY_ID=\(Self.awsKey)\ntoken: \(Self.githubToken)"])
        #expect(r.status == 0, "\(r.stderr)")
        let log = try s.read("prompts.log")
        #expect(!log.contains(Self.awsKey) && !log.contains(Self.githubToken))
        #expect(log.contains("> export AWS_ACCESS_KEY_ID=[redacted:aws-access-key-id]\n"))
        #expect(log.contains("> token: [redacted:github-token]\n"))
        #expect(r.stderr.contains("redacted 2 credentials before logging: aws-access-key-id on line 6, github-token on line 7 of the block"))
        #expect(!r.stderr.contains(Self.awsKey) && !r.stderr.contains(Self.githubToken))
        #expect(r.stdout.isEmpty)
    }

    @Test func quietStillReportsARedaction() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-q", "-f", plainLog(s), "--prompt", "key \(Self.awsKey)"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("redacted 1 credential"))
        #expect(!r.stderr.contains("logged"))
    }

    @Test func keepSecretsLogsAsTyped() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-q", "-f", plainLog(s), "--keep-secrets", "--prompt", "key \(Self.awsKey)"])
        #expect(r.status == 0)
        #expect(try s.read("prompts.log").contains("> key \(Self.awsKey)\n"))
        #expect(!r.stderr.contains("redacted"))
    }

    @Test func editorAndDraftModesAreRedactedToo() throws {
        let s = try Sandbox()
        let fill = try scriptedEditor(s, "fill.sh", "printf 'TASK: from the editor\\nPROMPT:\\n> my key \(Self.awsKey)\\n' >> \"$1\"")
        var r = try s.run("plog", ["add", "--edit", "-f", plainLog(s)], env: ["EDITOR": fill])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("redacted 1 credential"))
        try s.write("draft.txt", "## 2025-08-14T16:32+09:00  m  p\nTASK: saved\n\nPROMPT:\n> password = \"Tr0ub4dor&3x!\"\n")
        r = try s.run("plog", ["add", "-f", plainLog(s), "--draft", s.root + "/draft.txt"])
        #expect(r.status == 0, "\(r.stderr)")
        let log = try s.read("prompts.log")
        #expect(!log.contains(Self.awsKey) && !log.contains("Tr0ub4dor"))
        #expect(log.contains("> my key [redacted:aws-access-key-id]\n"))
        #expect(log.contains("> password = \"[redacted:password]\"\n"))
        // A draft that is not plog's own is left in place.
        #expect(s.exists("draft.txt"))
    }

    // MARK: plog doctor

    func healthyLog(_ s: Sandbox) throws {
        try s.write("prompts.log", "## 2025-08-14T16:32+09:00  claude  proj\nTASK: t\n\nPROMPT:\n> p\n", mode: 0o600)
    }

    @Test func healthyLogExitsZero() throws {
        let s = try Sandbox()
        try healthyLog(s)
        let r = try s.run("plog", ["doctor", "-f", plainLog(s)])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("  ok      log          1 block, 5 lines"))
        #expect(r.stdout.hasSuffix("healthy: no problems found\n"))
        #expect(!r.stdout.contains("\u{1B}["), "colour when piped")
        // --quiet prints nothing when healthy.
        let q = try s.run("plog", ["doctor", "-q", "-f", plainLog(s)])
        #expect(q.status == 0 && q.stdout.isEmpty)
    }

    @Test func worldReadableLogIsAProblem() throws {
        let s = try Sandbox()
        try healthyLog(s)
        chmod(plainLog(s), 0o644)
        let r = try s.run("plog", ["doctor", "-q", "-f", plainLog(s)])
        #expect(r.status == 1)
        #expect(r.stdout.contains("PROBLEM permissions  the log is readable by group and others (mode 0644)"))
        #expect(r.stdout.contains("hint: prompts often hold private code and keys: chmod 600"))
        #expect(!r.stdout.contains("  ok "))
    }

    @Test func secretsAreReportedByLineNeverPrinted() throws {
        let s = try Sandbox()
        try s.write("prompts.log", "## 2025-08-14T16:32Z\nPROMPT:\n> a\n> key \(Self.awsKey)\n\n## 2025-08-15T16:32Z\nTASK: \(Self.githubToken)\n",
                    mode: 0o600)
        var r = try s.run("plog", ["doctor", "-f", plainLog(s)])
        #expect(r.status == 0, "without --secrets the log is not scanned")
        #expect(r.stdout.contains("--      secrets      not scanned"))
        r = try s.run("plog", ["doctor", "--secrets", "-f", plainLog(s)])
        #expect(r.status == 1)
        #expect(r.stdout.contains("2 credentials in the log (aws-access-key-id, github-token)"))
        #expect(r.stdout.contains("line 4: aws-access-key-id\n"))
        #expect(r.stdout.contains("line 7: github-token\n"))
        #expect(!(r.stdout + r.stderr).contains(Self.awsKey) && !(r.stdout + r.stderr).contains(Self.githubToken))
    }

    @Test func cutTailIsReportedAndTheNextAddStartsFresh() throws {
        let s = try Sandbox()
        try s.write("prompts.log", "## 2025-08-14T16:32Z\nTASK: whole\n\n## 2025-08-15T16:32Z\nPROMPT:\n> a cut-off li", mode: 0o600)
        var r = try s.run("plog", ["doctor", "--json", "-f", plainLog(s)])
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
        #expect(json["healthy"] as? Bool == false)
        let checks = try #require(json["checks"] as? [[String: Any]])
        let tail = try #require(checks.first { $0["name"] as? String == "tail" })
        #expect(tail["status"] as? String == "problem")
        #expect((tail["summary"] as? String)?.contains("line 6") == true)
        #expect((tail["details"] as? [String]) == ["the block at line 4 is incomplete"])

        r = try s.run("plog", ["add", "-q", "-f", plainLog(s), "-t", "next", "--prompt", "fresh"])
        #expect(r.status == 0)
        let text = try s.read("prompts.log")
        #expect(text.contains("> a cut-off li\n\n## "))
        #expect(text.hasSuffix("TASK: next\n\nPROMPT:\n> fresh\n"))
        r = try s.run("plog", ["doctor", "-f", plainLog(s)])
        #expect(r.stdout.contains("ok      tail"))
    }

    @Test func malformedHeaderNamesTheFirstBadLine() throws {
        let s = try Sandbox()
        try s.write("prompts.log", "## 2025-08-14T16:32Z\nTASK: a\n\n## 2025-08-15 09:00  claude\nTASK: b\n", mode: 0o600)
        let r = try s.run("plog", ["doctor", "-f", plainLog(s)])
        #expect(r.status == 1)
        #expect(r.stdout.contains("first bad line: 4"))
        #expect(r.stdout.contains("line 4: starts like a header but its timestamp does not parse"))
    }

    @Test func missingLogIsHealthyAndADirectoryIsNot() throws {
        let s = try Sandbox()
        var r = try s.run("plog", ["doctor", "-f", s.root + "/none.log"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("note    log          no log yet at"))
        try FileManager.default.createDirectory(atPath: s.root + "/dir.log", withIntermediateDirectories: true)
        r = try s.run("plog", ["doctor", "-f", s.root + "/dir.log"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("is a directory"))
    }

    @Test func savedDraftsAreListedWithTheCommandToLogThem() throws {
        let s = try Sandbox()
        try healthyLog(s)
        // An append that fails (the log is a directory) keeps a draft.
        try FileManager.default.createDirectory(atPath: s.root + "/dir.log", withIntermediateDirectories: true)
        var r = try s.run("plog", ["add", "-f", s.root + "/dir.log", "--prompt", "keep me"])
        #expect(r.status == 2)
        r = try s.run("plog", ["doctor", "-f", plainLog(s)])
        #expect(r.status == 1)
        #expect(r.stdout.contains("PROBLEM drafts       1 saved draft not yet in the log"))
        #expect(r.stdout.contains("plog add --draft " + s.home + "/.local/state/plog/drafts/"))
    }

    @Test func repositoryAndScheduleFromARealRepositoryAndAFakeCrontab() throws {
        let s = try Sandbox()
        let notes = s.home + "/notes"
        var r = try s.run("plog", ["init", notes, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        // A fake crontab on PATH that lists plog's line.
        try s.write("bin/crontab", "#!/bin/sh\n[ \"$1\" = -l ] && echo '55 23 * * * /x/plog commit --quiet # plog: daily commit (managed by plog cron)'\n",
                    mode: 0o755)
        let path = ["PATH": s.root + "/bin:/usr/local/bin:/usr/bin:/bin"]
        r = try s.run("plog", ["doctor", "-f", notes + "/prompts.log"], env: path)
        #expect(r.stdout.contains("ok      repository   ~/notes on "), "\(r.stdout)")
        #expect(r.stdout.contains("last commit just now"))
        #expect(r.stdout.contains("ok      schedule     cron runs `plog commit` (55 23 * * *)"))
        // Without the line, a versioned log with no schedule is a problem.
        try s.write("bin/crontab", "#!/bin/sh\necho 'no crontab for you' >&2; exit 1\n", mode: 0o755)
        r = try s.run("plog", ["doctor", "-f", notes + "/prompts.log"], env: path)
        #expect(r.status == 1)
        #expect(r.stdout.contains("PROBLEM schedule     no crontab for this user"))
        #expect(r.stdout.contains("hint: plog cron install"))
    }

    @Test func colourOnlyWhenAsked() throws {
        let s = try Sandbox()
        try healthyLog(s)
        chmod(plainLog(s), 0o644)
        // NO_COLOR is set by the sandbox; without it, output to a pipe is still plain.
        var env = s.env
        env.removeValue(forKey: "NO_COLOR")
        s.env = env
        let r = try s.run("plog", ["doctor", "-f", plainLog(s)])
        #expect(!r.stdout.contains("\u{1B}["))
    }

    // MARK: Nasty files through the reading commands

    @Test func nastyFilesNeverCrashAnyReader() throws {
        let s = try Sandbox()
        var files: [String: Data] = [
            "empty": Data(),
            "one-byte": Data([0x23]),
            "nul": Data(repeating: 0, count: 65_536),
            "years": Data("## 0000-01-01T00:00Z  m\nTASK: zero\n\n## 9999-12-31T23:59+14:00  m\nTASK: end\n".utf8),
            "deep": Data(("## 2025-08-14T16:32Z\nPROMPT:\n" + String(repeating: "> ", count: 50_000) + "x\n").utf8),
        ]
        var random = Data(count: 200_000)
        var state: UInt64 = 6
        for i in 0..<random.count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            random[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        files["random"] = random
        for (name, data) in files {
            try s.write(name + ".log", data, mode: 0o600)
            let path = s.root + "/" + name + ".log"
            for (program, args) in [("plog", ["last", "2"]), ("plog", ["export", "--jsonl"]), ("plog", ["stats", "--json"]),
                                    ("prompthist", ["--print", "zebra"]), ("plog", ["doctor", "--secrets"])] {
                let r = try s.run(program, args + ["-f", path])
                #expect([0, 1].contains(r.status), "\(program) \(args) on \(name): \(r.status) \(r.stderr.prefix(200))")
                #expect(!r.stderr.contains("Fatal error"))
            }
        }
        let r = try s.run("plog", ["export", "--jsonl", "-f", s.root + "/years.log"])
        #expect(r.stdout.split(separator: "\n").count == 2)
    }
}
