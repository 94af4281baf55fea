/// What `plog init|commit|sync` (and `plog import`, which commits around an import) ask of
/// `plog-git`, the helper that links libgit2: the command and its options, as arguments in
/// plog's own spelling (`commit --quiet --file LOG --message M`).
///
/// `plog` parses the command line with swift-argument-parser (help, completions, usage errors)
/// and writes a request; `plog-git` reads it here, so it needs neither the argument parser nor
/// the Foundation that comes with it, and stays small.
public struct GitRequest: Equatable, Sendable {
    public enum Verb: String, Sendable, CaseIterable {
        case initialize = "init", commit, sync
    }

    public var verb: Verb
    /// `--file`: the log as the user named it (default: the usual lookup).
    public var file: String?
    /// `commit --message`.
    public var message: String?
    /// `init --remote URL`, `sync --remote NAME`.
    public var remote: String?
    /// `init`'s directory.
    public var directory: String?
    public var push = false
    public var allowSecrets = false
    public var quiet = false
    public var noColor = false

    public init(verb: Verb, file: String? = nil, message: String? = nil, remote: String? = nil,
                directory: String? = nil, push: Bool = false, allowSecrets: Bool = false,
                quiet: Bool = false, noColor: Bool = false) {
        self.verb = verb; self.file = file; self.message = message; self.remote = remote
        self.directory = directory; self.push = push; self.allowSecrets = allowSecrets
        self.quiet = quiet; self.noColor = noColor
    }

    /// The request as arguments (after the program name).
    public var arguments: [String] {
        var a = [verb.rawValue]
        if let file { a += ["--file", file] }
        if let message { a += ["--message", message] }
        if let remote { a += ["--remote", remote] }
        if push { a.append("--push") }
        if allowSecrets { a.append("--allow-secrets") }
        if quiet { a.append("--quiet") }
        if noColor { a.append("--no-color") }
        if let directory { a += ["--", directory] }
        return a
    }

    /// Reads arguments written by `arguments` (also `-f`, `-m`, `-q` and `--option=value`).
    /// Anything else is an error that names it.
    public init(arguments: [String]) throws {
        func refuse(_ what: String, _ reason: String) -> PlogError {
            PlogError.invalidInput(input: what, reason: reason,
                                   hint: "plog-git is run by `plog init`, `plog commit` and `plog sync`; run those instead")
        }
        guard let first = arguments.first, let verb = Verb(rawValue: first) else {
            throw refuse(arguments.first ?? "", "expected init, commit or sync")
        }
        self.init(verb: verb)
        var args = HelperArguments(arguments.dropFirst(), refuse: refuse)
        while let option = args.nextOption() {
            switch option {
            case "-f", "--file": file = try args.value()
            case "-m", "--message": message = try args.value()
            case "--remote": remote = try args.value()
            case "--push": push = true
            case "--allow-secrets": allowSecrets = true
            case "-q", "--quiet": quiet = true
            case "--no-color": noColor = true
            default: throw args.unknown()
            }
        }
        let positional = args.positional
        if verb == .initialize, positional.count <= 1 {
            directory = positional.first
        } else if !positional.isEmpty {
            throw refuse(positional[0], "unexpected argument")
        }
    }
}
