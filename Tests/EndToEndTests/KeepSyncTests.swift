import Foundation
import Testing

@Suite("Keep: plog sync and commit --push between two clones of a bare remote, checked with git")
struct KeepSyncTests {
    /// A bare remote and machine A set up with `plog init --remote`, with one block pushed;
    /// machine B is a clone.
    private func twoMachines() throws -> Sandbox {
        let box = try Sandbox()
        try box.machineWithSyncedRemote()
        try box.git(["clone", "-q", box.absolute("remote.git"), "b"], in: ".")
        return box
    }

    private func tasks(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("TASK: ") }.map { String($0.dropFirst(6)) }
    }

    @Test("both machines append, both sync twice: both logs hold every block exactly once, no conflict markers, fsck clean")
    func twoWay() throws {
        let box = try twoMachines()
        try box.appendBlock("a/prompts.log", "2025-08-02T09:00+00:00", "from A one")
        try box.appendBlock("a/prompts.log", "2025-08-04T09:00+00:00", "from A two")
        try box.appendBlock("b/prompts.log", "2025-08-03T09:00+00:00", "from B one")
        try box.appendBlock("b/prompts.log", "2025-08-05T09:00+00:00", "from B two")
        for machine in ["a", "b", "a", "b"] {
            let r = try box.run("plog", ["sync", "--file", box.absolute(machine + "/prompts.log")])
            #expect(r.status == 0, "sync \(machine): \(r.stderr)")
        }
        let a = try box.read("a/prompts.log"), b = try box.read("b/prompts.log")
        #expect(a == b)
        let expected = ["shared start", "from A one", "from A two", "from B one", "from B two"]
        #expect(tasks(a).sorted() == expected.sorted())
        #expect(Set(tasks(a)).count == tasks(a).count, "no block twice")
        #expect(!a.contains("<<<<<<<") && !a.contains(">>>>>>>") && !a.contains("======="))
        for repo in ["a", "b", "remote.git"] { try box.expectFsckClean(repo) }
        #expect(try box.gitLog("remote.git").contains { $0.hasPrefix("plog: merge origin/main, +") })
        #expect(try box.git(["status", "--porcelain"], in: "a").stdout.isEmpty)
        #expect(try box.git(["status", "--porcelain"], in: "b").stdout.isEmpty)
        #expect(try box.git(["rev-parse", "HEAD"], in: "a").stdout == box.git(["rev-parse", "HEAD"], in: "b").stdout)
        // A third round changes nothing.
        let quiet = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(quiet.stderr.contains("up to date"))
    }

    @Test("two machines that each started with plog init merge their unrelated histories")
    func unrelatedHistories() throws {
        let box = try twoMachines()
        try FileManager.default.removeItem(atPath: box.absolute("b"))
        #expect(try box.run("plog", ["init", "-q", "--remote", box.absolute("remote.git"), box.absolute("c")]).status == 0)
        try box.appendBlock("c/prompts.log", "2025-08-06T09:00+00:00", "from C")
        let r = try box.run("plog", ["sync", "--file", box.absolute("c/prompts.log")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(tasks(try box.read("c/prompts.log")) == ["shared start", "from C"])
        #expect(try box.read("c/.gitattributes") == "prompts.log merge=union\n")
        #expect(try box.run("plog", ["sync", "-q", "--file", box.absolute("a/prompts.log")]).status == 0)
        #expect(try box.read("a/prompts.log") == box.read("c/prompts.log"))
        for repo in ["a", "c", "remote.git"] { try box.expectFsckClean(repo) }
    }

    @Test("an unreachable remote: exit 2, the local commit stays, and plog says so")
    func unreachable() throws {
        let box = try twoMachines()
        try box.git(["remote", "set-url", "origin", box.absolute("gone.git")], in: "a")
        try box.appendBlock("a/prompts.log", "2025-08-02T09:00+00:00", "offline block")
        let r = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(r.status == 2)
        #expect(r.stderr.contains("could not fetch from origin"))
        #expect(r.stderr.contains("is kept here"))
        #expect(try box.git(["show", "HEAD:prompts.log"], in: "a").stdout.contains("TASK: offline block"))
        try box.expectFsckClean("a")
        let noRemote = try box.run("plog", ["sync", "--remote", "upstream", "--file", box.absolute("a/prompts.log")])
        #expect(noRemote.status == 2)
        #expect(noRemote.stderr.contains("no remote upstream"))
    }

    @Test("commit --push pushes after committing; a remote that moved on is reported, not overwritten")
    func commitPush() throws {
        let box = try twoMachines()
        try box.appendBlock("a/prompts.log", "2025-08-02T09:00+00:00", "pushed")
        let r = try box.run("plog", ["commit", "--push", "--file", box.absolute("a/prompts.log")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("pushed main"))
        #expect(try box.git(["rev-parse", "main"], in: "remote.git").stdout == box.git(["rev-parse", "HEAD"], in: "a").stdout)

        try box.appendBlock("b/prompts.log", "2025-08-03T09:00+00:00", "behind")
        let behind = try box.run("plog", ["commit", "--push", "--file", box.absolute("b/prompts.log")])
        #expect(behind.status == 2)
        #expect(behind.stderr.contains("plog sync"))
        #expect(try box.git(["rev-parse", "main"], in: "remote.git").stdout == box.git(["rev-parse", "HEAD"], in: "a").stdout)
        #expect(try box.run("plog", ["sync", "-q", "--file", box.absolute("b/prompts.log")]).status == 0)
        #expect(tasks(try box.read("b/prompts.log")) == ["shared start", "pushed", "behind"])
    }

    @Test("other files the remote changed arrive with the log; a conflicting local change stops sync before anything changes")
    func otherFiles() throws {
        let box = try twoMachines()
        let id = ["-c", "user.name=B", "-c", "user.email=b@e"]
        try box.write("b/README.md", "shared notes\n")
        try box.git(["add", "README.md"], in: "b")
        try box.git(id + ["commit", "-q", "-m", "readme"], in: "b")
        try box.git(["push", "-q", "origin", "main"], in: "b")
        // A is behind: a fast-forward brings README.md into A's work tree and index.
        let ff = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(ff.status == 0, "\(ff.stderr)")
        #expect(try box.read("a/README.md") == "shared notes\n")
        #expect(try box.git(["status", "--porcelain"], in: "a").stdout.isEmpty)

        // Both change README.md: sync refuses and leaves A as it was.
        try box.write("b/README.md", "B's version\n")
        try box.git(id + ["commit", "-q", "-am", "b readme"], in: "b")
        try box.git(["push", "-q", "origin", "main"], in: "b")
        try box.write("a/README.md", "A's version\n")
        try box.git(id + ["commit", "-q", "-am", "a readme"], in: "a")
        try box.appendBlock("a/prompts.log", "2025-08-09T09:00+00:00", "before the conflict")
        let head = try box.git(["rev-parse", "HEAD"], in: "a").stdout
        let conflict = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(conflict.status == 2)
        #expect(conflict.stderr.contains("cannot merge README.md"))
        #expect(try box.read("a/README.md") == "A's version\n")
        #expect(try box.git(["rev-parse", "HEAD~1"], in: "a").stdout == head, "only the log commit was added")
        #expect(!box.exists("a/.git/MERGE_HEAD"))
        try box.expectFsckClean("a")

        // An uncommitted local change to a file the remote changed: refused, the change kept.
        try box.git(id + ["reset", "-q", "--hard", "HEAD~2"], in: "a")
        try box.write("a/README.md", "edited, not committed\n")
        let dirty = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(dirty.status == 2)
        #expect(dirty.stderr.contains("would overwrite your changes to README.md"))
        #expect(try box.read("a/README.md") == "edited, not committed\n")
        try box.expectFsckClean("a")
    }

    @Test("the merged log keeps the local bytes as they are and appends the remote's later blocks")
    func appendsRemoteBlocks() throws {
        let box = try twoMachines()
        try box.appendBlock("b/prompts.log", "2025-08-05T09:00+00:00", "from B")
        #expect(try box.run("plog", ["sync", "-q", "--file", box.absolute("b/prompts.log")]).status == 0)
        let before = try box.readData("a/prompts.log")
        try box.appendBlock("a/prompts.log", "2025-08-03T09:00+00:00", "from A")
        let local = try box.readData("a/prompts.log")
        #expect(try box.run("plog", ["sync", "-q", "--file", box.absolute("a/prompts.log")]).status == 0)
        let merged = try box.readData("a/prompts.log")
        #expect(merged.prefix(local.count) == local, "A's own bytes come first, unchanged")
        #expect(merged.count > before.count)
        #expect(tasks(String(decoding: merged, as: UTF8.self)) == ["shared start", "from A", "from B"])
    }
}
