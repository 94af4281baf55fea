import Foundation
import Testing

@Suite("Keep: plog sync and commit --push do not publish a credential unless told to")
struct SyncSecretsTests {
    /// A fabricated AWS key id, written into the log by hand (as an old log or `--keep-secrets` would hold it).
    static let key = "AKIAQF3VFX2Q4GMSGCMX"

    /// A bare remote and machine A with one clean block pushed.
    private func machineA() throws -> Sandbox {
        let box = try Sandbox()
        try box.machineWithSyncedRemote()
        return box
    }

    private func remoteLog(_ box: Sandbox) throws -> String {
        try box.git(["show", "main:prompts.log"], in: "remote.git").stdout
    }

    /// Appends a block whose prompt holds the key; returns the key's line in the log.
    private func appendSecret(_ box: Sandbox, _ path: String) throws -> Int {
        try box.appendBlock(path, "2025-08-02T09:00+00:00", "why does S3 refuse \(Self.key)")
        let lines = try box.read(path).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(Self.key) }) + 1
    }

    @Test("a key in the unpushed lines: nothing pushed, exit 2, line and kind named, the secret never printed; --allow-secrets pushes")
    func refusesThenAllows() throws {
        let box = try machineA()
        let line = try appendSecret(box, "a/prompts.log")
        let refused = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("did not push to origin/main"), "\(refused.stderr)")
        #expect(refused.stderr.contains("line \(line): aws-access-key-id"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-secrets") && refused.stderr.contains("plog doctor --secrets"))
        #expect(!refused.stderr.contains(Self.key) && !refused.stdout.contains(Self.key))
        #expect(!(try remoteLog(box)).contains(Self.key), "the remote must not have the key")
        // The local commit stays.
        #expect(try box.git(["show", "HEAD:prompts.log"], in: "a").stdout.contains(Self.key))

        // commit --push is held back the same way.
        let push = try box.run("plog", ["commit", "--push", "--file", box.absolute("a/prompts.log")])
        #expect(push.status == 2 && push.stderr.contains("line \(line): aws-access-key-id"), "\(push.stderr)")
        #expect(!(try remoteLog(box)).contains(Self.key))

        let allowed = try box.run("plog", ["sync", "--allow-secrets", "--file", box.absolute("a/prompts.log")])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try remoteLog(box).contains(Self.key))
        try box.expectFsckClean("remote.git")
    }

    @Test("commit --push --allow-secrets pushes a key commit --push held back; --allow-secrets alone is a usage error")
    func commitPushAllows() throws {
        let box = try machineA()
        _ = try appendSecret(box, "a/prompts.log")
        let held = try box.run("plog", ["commit", "--push", "--file", box.absolute("a/prompts.log")])
        #expect(held.status == 2 && held.stderr.contains("--allow-secrets"), "\(held.stderr)")
        #expect(!(try remoteLog(box)).contains(Self.key))
        let usage = try box.run("plog", ["commit", "--allow-secrets", "--file", box.absolute("a/prompts.log")])
        #expect(usage.status == 2 && usage.stderr.contains("--allow-secrets goes with --push"), "\(usage.stderr)")
        let pushed = try box.run("plog", ["commit", "--push", "--allow-secrets", "--file", box.absolute("a/prompts.log")])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(try remoteLog(box).contains(Self.key))
        try box.expectFsckClean("remote.git")
    }

    @Test("a key already on the remote does not stop another machine's clean sync")
    func publishedKeyDoesNotBlock() throws {
        let box = try machineA()
        _ = try appendSecret(box, "a/prompts.log")
        #expect(try box.run("plog", ["sync", "--allow-secrets", "-q", "--file", box.absolute("a/prompts.log")]).status == 0)
        try box.git(["clone", "-q", box.absolute("remote.git"), "b"], in: ".")
        try box.appendBlock("b/prompts.log", "2025-08-03T09:00+00:00", "from B")
        try box.appendBlock("a/prompts.log", "2025-08-04T09:00+00:00", "from A")
        let b = try box.run("plog", ["sync", "--file", box.absolute("b/prompts.log")])
        #expect(b.status == 0, "\(b.stderr)")
        // A merges B's block and pushes its own: neither is a new credential.
        let a = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(try remoteLog(box).contains("from A"))
    }

    @Test("a key committed and then edited out is still in the unpushed history: named by commit, with the way to fold it away")
    func keyInUnpushedHistory() throws {
        let box = try machineA()
        _ = try appendSecret(box, "a/prompts.log")
        #expect(try box.run("plog", ["commit", "-q", "--file", box.absolute("a/prompts.log")]).status == 0)
        let committed = try box.git(["rev-parse", "--short", "HEAD"], in: "a").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try box.write("a/prompts.log", try box.read("a/prompts.log").replacingOccurrences(of: Self.key, with: "[redacted:aws-access-key-id]"))
        let refused = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("commit \(committed) line"), "\(refused.stderr)")
        #expect(refused.stderr.contains("reset --soft origin/main"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(Self.key))
        #expect(!(try remoteLog(box)).contains(Self.key))
        // Following the hint publishes the log without the key anywhere in the pushed history.
        try box.git(["reset", "-q", "--soft", "origin/main"], in: "a")
        let again = try box.run("plog", ["sync", "--file", box.absolute("a/prompts.log")])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try !box.git(["log", "-p", "main"], in: "remote.git").stdout.contains(Self.key))
        #expect(try remoteLog(box).contains("[redacted:aws-access-key-id]"))
    }
}
