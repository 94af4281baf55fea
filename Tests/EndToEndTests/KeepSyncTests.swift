import Foundation
import Testing

@Suite("Keep: plog sync and commit --push between two clones of a bare remote, checked with git")
struct KeepSyncTests {
    /// A bare remote and machine A set up with `plog init --remote`, with one block pushed;
    /// machine B is a clone.
    private func twoMachines() throws -> Sandbox {
        let box = try Sandbox()
        try box.git(["init", "-q", "--bare", "-b", "main", "remote.git"], in: ".")
        #expect(try box.run("plog", ["init", "-q", "--remote", box.absolute("remote.git"), box.absolute("a")]).status == 0)
        try box.appendBlock("a/prompts.log", "2025-08-01T09:00+00:00", "shared start")
        let first = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(first.status == 0, "\(first.stderr)")
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
