import Foundation
import Testing

private func today() -> String {
    let f = DateFormatter()
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyy-MM-dd"
    return f.string(from: Date())
}

@Suite("Keep: plog init and plog commit, checked with git")
struct KeepCommitTests {
    @Test("init creates the directory (0700), repository, log (0600), .gitattributes and a first commit; again, it changes nothing")
    func initFresh() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["init"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try box.mode("home/notes") == 0o700)
        #expect(try box.mode("home/notes/prompts.log") == 0o600)
        #expect(try box.read("home/notes/.gitattributes") == "prompts.log merge=union\n")
        #expect(try box.gitLog("home/notes") == ["plog: start prompts.log"])
        #expect(try box.git(["ls-files"], in: "home/notes").stdout == ".gitattributes\nprompts.log\n")
        #expect(try box.git(["status", "--porcelain"], in: "home/notes").stdout.isEmpty)
        try box.expectFsckClean("home/notes")
        #expect(r.stderr.contains("created git repository"))
        // The crontab line `plog cron install` would add.
        #expect(r.stdout.hasPrefix("55 23 * * * "))
        #expect(r.stdout.contains(" commit --quiet --file \(box.home)/notes/prompts.log >> \(box.home)/.local/state/plog/cron.log 2>&1 # plog"))

        let again = try box.run("plog", ["init"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("already set up"))
        #expect(try box.gitLog("home/notes").count == 1)
    }

    @Test("init in a directory others can read makes .git private (0700): its history holds every version of the log")
    func initMakesTheRepositoryPrivate() throws {
        let box = try Sandbox()
        try box.write("work/open/README", "notes\n")
        #expect(chmod(box.absolute("work/open"), 0o755) == 0)
        let r = try box.run("plog", ["init", "open"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try box.mode("work/open/.git") == 0o700)
        #expect(try box.mode("work/open") == 0o755)  // the user's directory is left as it was
        #expect(r.stderr.contains("(0700, branch "))
    }

    @Test("init DIR makes the log in DIR and says how to use it")
    func initDirectory() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["init", "shared"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(box.exists("work/shared/prompts.log"))
        #expect(box.exists("work/shared/.git"))
        #expect(r.stderr.contains("to use \(box.work)/shared/prompts.log"))
        // Inside the directory the nearest prompts.log is found, so commit needs no --file.
        try box.appendBlock("work/shared/prompts.log", "2025-08-14T16:32+09:00", "shared block")
        let c = try box.run("plog", ["commit"], cwd: box.work + "/shared")
        #expect(c.status == 0, "\(c.stderr)")
        #expect(try box.gitLog("work/shared").first == "plog: \(today()), +1 block (1 total)")
    }

    @Test("commit commits a changed log with the default message; an unchanged log makes no commit and exits 0")
    func commitAndNoChange() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T16:32+09:00", "first")
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T17:00+09:00", "second")
        let r = try box.run("plog", ["commit"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("committed "))
        #expect(try box.gitLog("home/notes") == ["plog: \(today()), +2 blocks (2 total)", "plog: start prompts.log"])

        let same = try box.run("plog", ["commit"])
        #expect(same.status == 0)
        #expect(same.stderr.contains("nothing to commit"))
        let quiet = try box.run("plog", ["commit", "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        #expect(try box.gitLog("home/notes").count == 2)

        try box.appendBlock("home/notes/prompts.log", "2025-08-15T09:00+09:00", "third")
        #expect(try box.run("plog", ["commit", "-q"]).status == 0)
        #expect(try box.gitLog("home/notes").first == "plog: \(today()), +1 block (3 total)")
        let custom = try box.run("plog", ["commit", "-m", "my message"])
        #expect(custom.status == 0)
        try box.appendBlock("home/notes/prompts.log", "2025-08-15T10:00+09:00", "fourth")
        #expect(try box.run("plog", ["commit", "-m", "my message"]).status == 0)
        #expect(try box.gitLog("home/notes").first == "my message")
        #expect(try box.git(["status", "--porcelain"], in: "home/notes").stdout.isEmpty)
        try box.expectFsckClean("home/notes")
    }

    @Test("only the log is committed: the user's staged and unstaged changes stay as they were")
    func userChangesUntouched() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        try box.write("home/notes/todo.txt", "staged, not for plog\n")
        try box.git(["add", "todo.txt"], in: "home/notes")
        try box.write("home/notes/scratch.txt", "untracked\n")
        try box.write("home/notes/.gitattributes", "prompts.log merge=union\n*.png binary\n")  // unstaged edit
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T16:32+09:00", "a block")
        let r = try box.run("plog", ["commit"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try box.git(["show", "--name-only", "--format=", "HEAD"], in: "home/notes").stdout
        #expect(files == "prompts.log\n")
        #expect(try box.git(["diff", "--cached", "--name-only"], in: "home/notes").stdout == "todo.txt\n")
        let status = try box.git(["status", "--porcelain"], in: "home/notes").stdout
        #expect(status == " M .gitattributes\nA  todo.txt\n?? scratch.txt\n")
        try box.expectFsckClean("home/notes")
    }

    @Test("the first commit on an unborn HEAD, in a repository made by git")
    func unbornHead() throws {
        let box = try Sandbox()
        try box.git(["init", "-q", "-b", "trunk", "repo"], in: ".")
        try box.appendBlock("repo/prompts.log", "2025-08-14T16:32+09:00", "only block")
        let r = try box.run("plog", ["commit", "--file", box.absolute("repo/prompts.log")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("on trunk"))
        #expect(try box.gitLog("repo") == ["plog: \(today()), +1 block (1 total)"])
        #expect(try box.git(["ls-files"], in: "repo").stdout == ".gitattributes\nprompts.log\n")
        #expect(try box.read("repo/.gitattributes") == "prompts.log merge=union\n")
        try box.expectFsckClean("repo")
    }

    @Test("not in a repository: exit 2 and a hint to run plog init")
    func notInRepository() throws {
        let box = try Sandbox()
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T16:32+09:00", "loose")
        let r = try box.run("plog", ["commit"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is not in a git repository"))
        #expect(r.stderr.contains("plog init"))
        let missing = try box.run("plog", ["commit", "--file", box.absolute("nowhere/prompts.log")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no log at"))
    }

    @Test("a held index.lock (after PLOG_GIT_WAIT): exit 2, no commit, the lock left alone, the repository intact")
    func indexLock() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        let head = try box.git(["rev-parse", "HEAD"], in: "home/notes").stdout
        try box.write("home/notes/.git/index.lock", "")
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T16:32+09:00", "blocked")
        let r = try box.run("plog", ["commit"], env: ["PLOG_GIT_WAIT": "0.2"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("index.lock"))
        #expect(box.exists("home/notes/.git/index.lock"))
        #expect(try box.git(["rev-parse", "HEAD"], in: "home/notes").stdout == head)
        try FileManager.default.removeItem(atPath: box.absolute("home/notes/.git/index.lock"))
        try box.expectFsckClean("home/notes")
        #expect(try box.run("plog", ["commit", "-q"]).status == 0)
        #expect(try box.gitLog("home/notes").count == 2)
    }

    @Test("a merge in progress or a detached HEAD: refused with what to do, nothing written")
    func refusals() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        let repo = "home/notes"
        let id = ["-c", "user.name=U", "-c", "user.email=u@e"]
        try box.write(repo + "/other.txt", "base\n")
        try box.git(["add", "other.txt"], in: repo)
        try box.git(id + ["commit", "-q", "-m", "base"], in: repo)
        try box.git(["switch", "-q", "-c", "side"], in: repo)
        try box.write(repo + "/other.txt", "side\n")
        try box.git(id + ["commit", "-q", "-am", "side"], in: repo)
        try box.git(["switch", "-q", "main"], in: repo)
        try box.write(repo + "/other.txt", "main\n")
        try box.git(id + ["commit", "-q", "-am", "main"], in: repo)
        try box.git(id + ["merge", "side"], in: repo, expectSuccess: false)  // conflicts
        #expect(box.exists(repo + "/.git/MERGE_HEAD"))
        let head = try box.git(["rev-parse", "HEAD"], in: repo).stdout
        try box.appendBlock(repo + "/prompts.log", "2025-08-14T16:32+09:00", "during a merge")
        let merging = try box.run("plog", ["commit"])
        #expect(merging.status == 2)
        #expect(merging.stderr.contains("in the middle of a merge"))
        #expect(try box.git(["rev-parse", "HEAD"], in: repo).stdout == head)
        try box.git(["merge", "--abort"], in: repo)

        try box.git(["checkout", "-q", "--detach"], in: repo)
        let detached = try box.run("plog", ["commit"])
        #expect(detached.status == 2)
        #expect(detached.stderr.contains("HEAD is detached"))
        #expect(try box.git(["rev-parse", "HEAD"], in: repo).stdout == head)
    }

    @Test("a log with invalid UTF-8, NUL, CRLF and no final newline is committed byte for byte")
    func oddBytes() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        var bytes = Data("## 2025-08-14T16:32+09:00  m  p\r\nTASK: caf\u{E9}\r\n".utf8)
        bytes += Data([0xFF, 0xFE, 0x00, 0xC3, 0x28, 0x0A])
        bytes += Data("## 2025-08-15T16:32+09:00\r\nPROMPT:\r\n> no newline".utf8)
        try box.write("home/notes/prompts.log", bytes)
        let r = try box.run("plog", ["commit"])
        #expect(r.status == 0, "\(r.stderr)")
        let committed = try box.run("/usr/bin/git", ["cat-file", "blob", "HEAD:prompts.log"], cwd: box.absolute("home/notes"))
        #expect(committed.stdoutData == bytes)
        #expect(try box.gitLog("home/notes").first == "plog: \(today()), +2 blocks (2 total)")
        try box.expectFsckClean("home/notes")
    }

    @Test("a log that is a symlink into a repository is committed there, under its real name")
    func symlinkedLog() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: box.absolute("work/prompts.log"),
                                                   withDestinationPath: box.absolute("home/notes/prompts.log"))
        try box.appendBlock("work/prompts.log", "2025-08-14T16:32+09:00", "through the link")
        let r = try box.run("plog", ["commit"])  // the nearest prompts.log is the link in work/
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("in \(box.home)/notes"))
        #expect(try box.gitLog("home/notes").first == "plog: \(today()), +1 block (1 total)")
        #expect(try box.git(["status", "--porcelain"], in: "home/notes").stdout.isEmpty)
    }

    @Test("author: GIT_AUTHOR_NAME/EMAIL, else git's user.name/email, else plog <plog@host>")
    func author() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        #expect(try box.git(["log", "-1", "--format=%an <%ae>|%cn <%ce>"], in: "home/notes").stdout
                .hasPrefix("plog <plog@"))
        try box.git(["config", "user.name", "Ada Lovelace"], in: "home/notes")
        try box.git(["config", "user.email", "ada@example.com"], in: "home/notes")
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T16:32+09:00", "one")
        #expect(try box.run("plog", ["commit", "-q"]).status == 0)
        #expect(try box.git(["log", "-1", "--format=%an <%ae>|%cn <%ce>"], in: "home/notes").stdout
                == "Ada Lovelace <ada@example.com>|Ada Lovelace <ada@example.com>\n")
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T17:32+09:00", "two")
        #expect(try box.run("plog", ["commit", "-q"], env: ["GIT_AUTHOR_NAME": "Env", "GIT_AUTHOR_EMAIL": "env@e"]).status == 0)
        #expect(try box.git(["log", "-1", "--format=%an <%ae>"], in: "home/notes").stdout == "Env <env@e>\n")
    }

    @Test("a log in a linked work tree (git worktree add) is committed on that work tree's branch")
    func linkedWorktree() throws {
        let box = try Sandbox()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        try box.git(["worktree", "add", "-q", "-b", "laptop", box.absolute("wt")], in: "home/notes")
        try box.appendBlock("wt/prompts.log", "2025-08-14T16:32+09:00", "in the work tree")
        let r = try box.run("plog", ["commit", "--file", box.absolute("wt/prompts.log")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("on laptop"))
        #expect(try box.git(["log", "--format=%s", "laptop"], in: "home/notes").stdout.hasPrefix("plog: "))
        #expect(try box.git(["status", "--porcelain"], in: "wt").stdout.isEmpty)
        try box.expectFsckClean("home/notes")
    }

    @Test("plog does not link libgit2; plog-git does", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")))
    func linking() throws {
        let box = try Sandbox()
        let plog = try box.run("/usr/bin/ldd", [Binaries.path("plog")])
        let helper = try box.run("/usr/bin/ldd", [Binaries.path("plog-git")])
        #expect(plog.status == 0 && helper.status == 0)
        #expect(!plog.stdout.contains("libgit2"))
        #expect(helper.stdout.contains("libgit2"))
    }

    @Test("without plog-git, --help still shows the real flags, and running says what is missing")
    func missingHelper() throws {
        let box = try Sandbox()
        let lonely = box.absolute("lonely")
        try FileManager.default.createDirectory(atPath: lonely, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binaries.path("plog"), toPath: lonely + "/plog")
        box.env["PATH"] = "/usr/bin:/bin"
        let help = try box.run(lonely + "/plog", ["commit", "--help"])
        #expect(help.status == 0)
        for flag in ["--push", "--quiet", "--message", "--file"] { #expect(help.stdout.contains(flag), "\(flag)") }
        let syncHelp = try box.run(lonely + "/plog", ["sync", "--help"])
        #expect(syncHelp.stdout.contains("--remote"))
        let r = try box.run(lonely + "/plog", ["commit"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("plog-git was not found"))
        let usage = try box.run(lonely + "/plog", ["commit", "--bogus"])
        #expect(usage.status == 2)
    }
}
