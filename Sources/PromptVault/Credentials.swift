import PromptLog

/// The parts of a remote URL that credentials depend on.
struct RemoteURL: Equatable {
    var scheme: String
    var user: String?
    var host: String
    var port: Int?
    var path: String

    init(scheme: String, user: String?, host: String, port: Int?, path: String) {
        self.scheme = scheme; self.user = user; self.host = host; self.port = port; self.path = path
    }

    /// Parses `scheme://[user@]host[:port]/path` and scp-like `[user@]host:path` (ssh). nil for
    /// local paths and `file://` URLs.
    init?(_ url: String) {
        if let sep = url.firstRange(of: "://") {
            scheme = url[..<sep.lowerBound].lowercased()
            guard scheme != "file" else { return nil }
            var rest = url[sep.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<slash]
            path = String(rest[slash...].dropFirst())
            rest = authority
            if let at = authority.lastIndex(of: "@") {
                user = String(authority[..<at])
                authority = authority[authority.index(after: at)...]
            } else {
                user = nil
            }
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                host = String(authority[authority.index(after: authority.startIndex)..<close])
                let after = authority[authority.index(after: close)...]
                port = after.hasPrefix(":") ? Int(after.dropFirst()) : nil
            } else if let colon = authority.lastIndex(of: ":") {
                host = String(authority[..<colon])
                port = Int(authority[authority.index(after: colon)...])
            } else {
                host = String(authority)
                port = nil
            }
            guard !host.isEmpty else { return nil }
        } else {
            // scp-like syntax: a colon before any slash.
            guard let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") else { return nil }
            scheme = "ssh"
            var authority = url[..<colon]
            if let at = authority.lastIndex(of: "@") {
                user = String(authority[..<at])
                authority = authority[authority.index(after: at)...]
            } else {
                user = nil
            }
            host = String(authority)
            port = nil
            path = String(url[url.index(after: colon)...])
            guard !host.isEmpty else { return nil }
        }
    }

    var isSSH: Bool { scheme == "ssh" || scheme == "git+ssh" || scheme == "ssh+git" }
}

/// Credentials for `plog sync`, tried in order, each once:
/// - ssh: the user name from the URL (else `git`); ssh-agent (`$SSH_AUTH_SOCK`); then the key
///   files `~/.ssh/id_ed25519`, `id_ecdsa`, `id_rsa` (without a passphrase).
/// - https: `$PLOG_GIT_TOKEN` as the password, with the URL's user name, else
///   `$PLOG_GIT_USERNAME`, else `x-access-token`; then git's credential helper
///   (`credential.helper`, run with `get` as git would).
final class Credentials: CredentialSource {
    private let env: Environment
    private let helper: String?
    private var tried: [Credential] = []

    init(env: Environment, helper: String?) {
        self.env = env
        self.helper = helper
    }

    /// What was tried, for the error message when nothing worked.
    var triedDescription: String {
        if tried.isEmpty { return "no credentials were available" }
        return "tried " + tried.map { c -> String in
            switch c {
            case .sshAgent: return "ssh-agent"
            case let .sshKeyFile(_, key, _): return key
            case .userPassword: return "a token"
            case let .username(u): return "user \(u)"
            }
        }.joined(separator: ", ")
    }

    func next(url: String, username: String?, allowed: CredentialKinds) -> Credential? {
        for candidate in candidates(url: url, username: username, allowed: allowed) where !tried.contains(candidate) {
            tried.append(candidate)
            return candidate
        }
        return nil
    }

    private func candidates(url: String, username: String?, allowed: CredentialKinds) -> [Credential] {
        let parsed = RemoteURL(url)
        let user = username ?? parsed?.user
        var out: [Credential] = []
        if allowed.contains(.username) { out.append(.username(user ?? "git")) }
        if allowed.contains(.sshKey) {
            let name = user ?? "git"
            if env["SSH_AUTH_SOCK"] != nil { out.append(.sshAgent(username: name)) }
            for file in ["id_ed25519", "id_ecdsa", "id_rsa"] {
                let key = env.home + "/.ssh/" + file
                if Path.exists(key) {
                    out.append(.sshKeyFile(username: name, privateKey: key,
                                           publicKey: Path.exists(key + ".pub") ? key + ".pub" : nil))
                }
            }
        }
        if allowed.contains(.userPassword) {
            if let token = env["PLOG_GIT_TOKEN"] {
                out.append(.userPassword(username: user ?? env["PLOG_GIT_USERNAME"] ?? "x-access-token", password: token))
            }
            if let helper, let parsed, let found = CredentialHelper.fill(helper: helper, url: parsed, username: user, env: env) {
                out.append(.userPassword(username: found.username, password: found.password))
            }
        }
        return out
    }
}

/// git's credential helper protocol: `<helper> get` with `protocol=`, `host=`, `path=` on stdin
/// answers `username=` and `password=` lines.
enum CredentialHelper {
    /// Directories where git keeps its `git-credential-*` helpers.
    static let gitExecDirectories = [
        "/usr/lib/git-core", "/usr/libexec/git-core", "/usr/local/libexec/git-core",
        "/opt/homebrew/opt/git/libexec/git-core", "/usr/local/opt/git/libexec/git-core",
        "/Library/Developer/CommandLineTools/usr/libexec/git-core",
        "/Applications/Xcode.app/Contents/Developer/usr/libexec/git-core",
    ]

    /// The command line for `helper` (a name such as `store`, an absolute path, or `!shell command`).
    static func command(for helper: String, env: Environment) -> [String]? {
        let trimmed = helper.trimmingCharacters(in: " \t")
        if trimmed.isEmpty { return nil }
        if trimmed.hasPrefix("!") { return ["/bin/sh", "-c", String(trimmed.dropFirst()) + " get"] }
        guard var words = try? Subprocess.splitCommandLine(trimmed), let first = words.first else { return nil }
        if first.hasPrefix("/") || first.hasPrefix("~") {
            words[0] = env.absolutePath(first)
            return words + ["get"]
        }
        let program = "git-credential-" + first
        if let found = Subprocess.which(program, env: env) { return [found] + words.dropFirst() + ["get"] }
        for dir in gitExecDirectories where access(dir + "/" + program, X_OK) == 0 {
            return [dir + "/" + program] + words.dropFirst() + ["get"]
        }
        return nil
    }

    static func fill(helper: String, url: RemoteURL, username: String?, env: Environment) -> (username: String, password: String)? {
        guard let argv = command(for: helper, env: env) else { return nil }
        var request = "protocol=\(url.scheme)\nhost=\(url.host)\(url.port.map { ":\($0)" } ?? "")\npath=\(url.path)\n"
        if let username { request += "username=\(username)\n" }
        request += "\n"
        guard let (status, out) = try? Subprocess.run(argv, env: env, stdin: Array(request.utf8)), status == 0 else {
            return nil
        }
        var user = username, password: String?
        for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("username=") { user = String(line.dropFirst("username=".count)) }
            if line.hasPrefix("password=") { password = String(line.dropFirst("password=".count)) }
        }
        guard let user, let password else { return nil }
        return (user, password)
    }
}

/// Checks ssh host keys against `~/.ssh/known_hosts` and `/etc/ssh/ssh_known_hosts`, as ssh's
/// `StrictHostKeyChecking` does: a host whose key is not recorded, or does not match, is refused.
final class KnownHosts: HostKeyChecker {
    private let files: [String]
    private let port: Int?

    init(env: Environment, port: Int?) {
        files = [env.home + "/.ssh/known_hosts", "/etc/ssh/ssh_known_hosts"]
        self.port = port
    }

    init(files: [String], port: Int?) {
        self.files = files
        self.port = port
    }

    func problem(host: String, keyType: String, key: [UInt8]) -> String? {
        let name = port.map { $0 == 22 ? host : "[\(host)]:\($0)" } ?? host
        var hostKnown = false
        for file in files {
            guard let bytes = try? FileIO.readAll(file) else { continue }
            for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let line = raw.trimmingCharacters(in: " \t\r")
                if line.isEmpty || line.hasPrefix("#") { continue }
                var fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                var revoked = false
                if fields.first == "@revoked" { revoked = true; fields.removeFirst() }
                else if fields.first?.hasPrefix("@") == true { continue }
                guard fields.count >= 3, KnownHosts.matches(patterns: fields[0], host: name) else { continue }
                guard let recorded = Base64.decode(Array(fields[2].utf8)) else { continue }
                if revoked {
                    if recorded == key { return "the host key of \(host) is marked @revoked in \(file)" }
                    continue
                }
                hostKnown = true
                if recorded == key { return nil }
            }
        }
        if hostKnown {
            return "the \(keyType) host key of \(name) does not match ~/.ssh/known_hosts; someone may be "
                + "intercepting the connection. If the key changed on purpose, run `ssh-keygen -R \(name)` and connect once with ssh"
        }
        return "\(name) is not in ~/.ssh/known_hosts; connect once with ssh (e.g. `ssh -T git@\(host)`) to check and record its key"
    }

    /// Whether a known_hosts host field (comma-separated patterns, `!` negation, `*`/`?`
    /// wildcards, or a hashed `|1|salt|hash` entry) matches `host`.
    static func matches(patterns: String, host: String) -> Bool {
        if patterns.hasPrefix("|1|") {
            let parts = patterns.split(separator: "|")
            guard parts.count == 3, let salt = Base64.decode(Array(parts[1].utf8)), let hash = Base64.decode(Array(parts[2].utf8)) else {
                return false
            }
            return HMAC.sha1(key: salt, message: Array(host.utf8)) == hash
        }
        var matched = false
        for pattern in patterns.split(separator: ",") {
            if pattern.hasPrefix("!") {
                if glob(String(pattern.dropFirst()).lowercased(), host.lowercased()) { return false }
            } else if glob(String(pattern).lowercased(), host.lowercased()) {
                matched = true
            }
        }
        return matched
    }

    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == t.count }
            if p[i] == "*" { return (j...t.count).contains { match(i + 1, $0) } }
            guard j < t.count, p[i] == "?" || p[i] == t[j] else { return false }
            return match(i + 1, j + 1)
        }
        return match(0, 0)
    }
}

enum HMAC {
    static func sha1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var k = key.count > 64 ? SHA1.digest(key) : key
        k += [UInt8](repeating: 0, count: 64 - k.count)
        let inner = SHA1.digest(k.map { $0 ^ 0x36 } + message)
        return SHA1.digest(k.map { $0 ^ 0x5C } + inner)
    }
}
