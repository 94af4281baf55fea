/// What plog reads from the process: variables, working directory, home. Tests pass their own.
public struct Environment: Sendable {
    public var variables: [String: String]
    public var currentDirectory: String

    public init(variables: [String: String], currentDirectory: String) {
        self.variables = variables
        self.currentDirectory = currentDirectory
    }

    /// The running process's environment.
    public static var process: Environment {
        var vars: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") {
                vars[String(s[..<eq])] = String(s[s.index(after: eq)...])
            }
            p += 1
        }
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd = getcwd(&buf, buf.count) != nil ? String(cString: buf) : (vars["PWD"] ?? "/")
        return Environment(variables: vars, currentDirectory: cwd)
    }

    public subscript(_ name: String) -> String? {
        guard let v = variables[name], !v.isEmpty else { return nil }
        return v
    }

    /// `$HOME`, else the password database's home directory, else `/`.
    public var home: String {
        if let h = self["HOME"] { return h }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    /// `$XDG_CONFIG_HOME/plog`, default `~/.config/plog`.
    public var configDirectory: String { (self["XDG_CONFIG_HOME"] ?? home + "/.config") + "/plog" }

    /// `$XDG_STATE_HOME/plog`, default `~/.local/state/plog`.
    public var stateDirectory: String { (self["XDG_STATE_HOME"] ?? home + "/.local/state") + "/plog" }

    /// Expands a leading `~` or `~/` to the home directory and makes a relative path absolute.
    public func absolutePath(_ path: String) -> String {
        var p = path
        if p == "~" { p = home } else if p.hasPrefix("~/") { p = home + String(p.dropFirst(1)) }
        if !p.hasPrefix("/") { p = currentDirectory + (currentDirectory.hasSuffix("/") ? "" : "/") + p }
        return p
    }
}

/// Path helpers on plain strings (no Foundation on the fast paths).
public enum Path {
    public static func dirname(_ p: String) -> String {
        guard let slash = p.lastIndex(of: "/") else { return "." }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }

    public static func basename(_ p: String) -> String {
        var s = Substring(p)
        while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
        guard let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    public static func exists(_ p: String) -> Bool { access(p, F_OK) == 0 }

    public static func isDirectory(_ p: String) -> Bool {
        var st = stat()
        return stat(p, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `path` and missing parents with `mode` (existing directories are left as they are).
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws {
        if isDirectory(path) { return }
        let parent = dirname(path)
        if parent != path && !isDirectory(parent) { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw PlogError.io(operation: "cannot create directory", path: path, errno: errno)
        }
    }
}

/// The running program.
public enum Executable {
    /// The absolute path of the running executable, symlinks resolved (so `prompthist`, a link to
    /// `plog`, is `plog`); nil when the system does not say.
    public static func runningPath() -> String? {
        #if os(Linux)
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        buf[n] = 0
        return String(cString: buf)
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buf = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buf, &size) == 0, let real = realpath(buf, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
        #else
        return nil
        #endif
    }

    /// The `plog` executable beside the running one (for command lines written into other
    /// programs' configuration, and the daily job); `plog` when the path is unknown.
    public static func plogBesideThis() -> String {
        guard let exe = runningPath() else { return "plog" }
        return Path.dirname(exe) + "/plog"
    }
}

/// What a command needs to know about where it runs: the process environment, the config and
/// the log it names (`--file`, else the usual lookup), read once per command.
public struct CommandContext {
    public var env: Environment
    public var config: Config
    public var location: LogLocation
    public var logPath: String { location.path }

    public init(file: String?) throws {
        env = Environment.process
        config = try Config.load(env)
        location = LogLocator.locate(flag: file, env: env, config: config)
    }
}

extension Executable {
    /// The helper `name` (`plog-git`, `plog-import`, `plog-mcp`) beside the running executable
    /// (symlinks resolved), else on `PATH`.
    public static func helper(named name: String, env: Environment) -> String? {
        if let exe = runningPath() {
            let candidate = Path.dirname(exe) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return Subprocess.which(name, env: env)
    }
}
