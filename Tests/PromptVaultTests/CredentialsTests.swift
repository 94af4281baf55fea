import Foundation
import PromptLog
import Testing
@testable import PromptVault

@Suite("Keep: remote URLs, credentials, known_hosts")
struct CredentialsTests {
    @Test("remote URLs: https, ssh, scp-like, ports, users; local paths have no host")
    func urls() {
        let https = RemoteURL("https://alice@github.com/alice/notes.git")
        #expect(https == RemoteURL(scheme: "https", user: "alice", host: "github.com", port: nil, path: "alice/notes.git"))
        let ssh = RemoteURL("ssh://git@example.com:2222/srv/notes.git")
        #expect(ssh?.host == "example.com")
        #expect(ssh?.port == 2222)
        #expect(ssh?.isSSH == true)
        let scp = RemoteURL("git@github.com:alice/notes.git")
        #expect(scp == RemoteURL(scheme: "ssh", user: "git", host: "github.com", port: nil, path: "alice/notes.git"))
        #expect(RemoteURL("/srv/git/notes.git") == nil)
        #expect(RemoteURL("file:///srv/git/notes.git") == nil)
        #expect(RemoteURL("../notes.git") == nil)
    }

    @Test("https: the token from the environment first, then the credential helper; each tried once")
    func tokenThenHelper() throws {
        let dir = try temporaryDirectory()
        let helper = dir + "/helper"
        // Put in place by a child `cp`: a file this process had open for writing can be inherited
        // by a fork on another test thread, and running it then fails with "Text file busy".
        try "#!/bin/sh\ncat > \(dir)/request\necho username=helper-user\necho password=helper-secret\n"
            .write(toFile: helper + ".source", atomically: true, encoding: .utf8)
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [helper + ".source", helper]
        try cp.run()
        cp.waitUntilExit()
        try #require(cp.terminationStatus == 0)
        chmod(helper, 0o755)
        let env = Environment(variables: ["HOME": dir, "PATH": "/usr/bin:/bin", "PLOG_GIT_TOKEN": "tok"], currentDirectory: dir)
        let creds = Credentials(env: env, helper: helper)
        let url = "https://example.com/team/notes.git"
        #expect(creds.next(url: url, username: nil, allowed: .userPassword) == .userPassword(username: "x-access-token", password: "tok"))
        #expect(creds.next(url: url, username: nil, allowed: .userPassword) == .userPassword(username: "helper-user", password: "helper-secret"))
        #expect(creds.next(url: url, username: nil, allowed: .userPassword) == nil)
        let request = try String(contentsOfFile: dir + "/request", encoding: .utf8)
        #expect(request == "protocol=https\nhost=example.com\npath=team/notes.git\n\n")
    }

    @Test("ssh: the agent when there is one, then key files that exist")
    func sshKeys() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/.ssh", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/.ssh/id_rsa", contents: Data("k".utf8))
        let env = Environment(variables: ["HOME": dir, "SSH_AUTH_SOCK": "/tmp/agent"], currentDirectory: dir)
        let creds = Credentials(env: env, helper: nil)
        let url = "ssh://git@example.com/notes.git"
        #expect(creds.next(url: url, username: "git", allowed: .sshKey) == .sshAgent(username: "git"))
        #expect(creds.next(url: url, username: "git", allowed: .sshKey)
                == .sshKeyFile(username: "git", privateKey: dir + "/.ssh/id_rsa", publicKey: nil))
        #expect(creds.next(url: url, username: "git", allowed: .sshKey) == nil)
        #expect(creds.triedDescription == "tried ssh-agent, \(dir)/.ssh/id_rsa")
    }

    @Test("credential helpers by name, path or shell command")
    func helperCommands() {
        let env = Environment(variables: ["HOME": "/home/u", "PATH": "/nowhere"], currentDirectory: "/")
        #expect(CredentialHelper.command(for: "!pass show git", env: env) == ["/bin/sh", "-c", "pass show git get"])
        #expect(CredentialHelper.command(for: "/opt/h --x", env: env) == ["/opt/h", "--x", "get"])
        #expect(CredentialHelper.command(for: "", env: env) == nil)
        if let store = CredentialHelper.command(for: "store --file /tmp/c", env: env) {
            #expect(store.first?.hasSuffix("/git-credential-store") == true)
            #expect(Array(store.dropFirst()) == ["--file", "/tmp/c", "get"])
        }
    }

    @Test("known_hosts: plain and hashed entries, ports, wildcards, negation, mismatches")
    func knownHosts() throws {
        let dir = try temporaryDirectory()
        let key: [UInt8] = Array("fake-ed25519-key-blob".utf8)
        let other: [UInt8] = Array("another-key".utf8)
        let salt: [UInt8] = Array("0123456789abcdefghij".utf8)
        let hashed = "|1|" + base64(salt) + "|" + base64(HMAC.sha1(key: salt, message: Array("hashed.example".utf8)))
        let file = dir + "/known_hosts"
        try """
            # comment
            github.com,140.82.112.3 ssh-ed25519 \(base64(key))
            [git.example]:2222 ssh-ed25519 \(base64(key))
            *.corp,!bad.corp ssh-ed25519 \(base64(key))
            \(hashed) ssh-ed25519 \(base64(key))
            @revoked revoked.example ssh-ed25519 \(base64(key))
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let hosts = KnownHosts(files: [file], port: nil)
        #expect(hosts.problem(host: "github.com", keyType: "ssh-ed25519", key: key) == nil)
        #expect(hosts.problem(host: "hashed.example", keyType: "ssh-ed25519", key: key) == nil)
        #expect(hosts.problem(host: "build.corp", keyType: "ssh-ed25519", key: key) == nil)
        #expect(hosts.problem(host: "github.com", keyType: "ssh-ed25519", key: other)?.contains("does not match") == true)
        #expect(hosts.problem(host: "bad.corp", keyType: "ssh-ed25519", key: key)?.contains("not in ~/.ssh/known_hosts") == true)
        #expect(hosts.problem(host: "unknown.example", keyType: "ssh-ed25519", key: key)?.contains("not in") == true)
        #expect(hosts.problem(host: "revoked.example", keyType: "ssh-ed25519", key: key)?.contains("@revoked") == true)
        #expect(KnownHosts(files: [file], port: 2222).problem(host: "git.example", keyType: "ssh-ed25519", key: key) == nil)
        #expect(KnownHosts(files: [file], port: 22).problem(host: "git.example", keyType: "ssh-ed25519", key: key) != nil)
    }

    @Test(".gitattributes: the log's pattern, escaped, added once")
    func attributes() {
        #expect(attributesPattern(for: "prompts.log") == "prompts.log")
        #expect(attributesPattern(for: "notes/my prompts[1].log") == "notes/my[ ]prompts\\[1].log")
        #expect(attributesPattern(for: "#odd.log") == "\\#odd.log")
        #expect(attributesWithUnion("", pattern: "prompts.log") == "prompts.log merge=union\n")
        #expect(attributesWithUnion("*.png binary", pattern: "prompts.log") == "*.png binary\nprompts.log merge=union\n")
        #expect(attributesWithUnion("prompts.log   merge=union -diff\n", pattern: "prompts.log") == nil)
        #expect(attributesWithUnion("other.log merge=union\n", pattern: "prompts.log") != nil)
    }

    @Test("commit messages: the default form, and the total read back from it")
    func messages() {
        #expect(CommitDefaults.message(day: "2025-08-14", added: 3, total: 120) == "plog: 2025-08-14, +3 blocks (120 total)")
        #expect(CommitDefaults.message(day: "2025-08-14", added: 1, total: 1) == "plog: 2025-08-14, +1 block (1 total)")
        #expect(CommitDefaults.message(day: "2025-08-14", added: -2, total: 7) == "plog: 2025-08-14, -2 blocks (7 total)")
        #expect(CommitDefaults.total(inMessage: "plog: 2025-08-14, +3 blocks (120 total)\n\nmore") == 120)
        #expect(CommitDefaults.total(inMessage: "plog: merge origin/main, +1 block (9 total)") == 9)
        #expect(CommitDefaults.total(inMessage: "fix typo (3 total)") == nil)
    }
}

func temporaryDirectory() throws -> String {
    var template = Array((NSTemporaryDirectory() + "plog-vault-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    return String(cString: made)
}

func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
