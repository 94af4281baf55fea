import ArgumentParser
import PromptLog

/// Does the work of the commands that need git (`init`, `commit`, `sync`).
///
/// libgit2 costs every program that links it ~3 ms at start-up, so `plog` does not link it: its
/// git commands parse their arguments (so `--help`, completions and usage errors work as for any
/// command) and then hand over to `plog-git`, which links libgit2 and installs its own backend
/// before parsing the same arguments again, the way `git` runs its `git-*` programs.
public protocol GitBackend {
    func initialize(_ command: InitCommand) throws
    func commit(_ command: CommitCommand) throws
    func sync(_ command: SyncCommand) throws
}

public enum GitHandoff {
    /// The backend the git commands use. Default: exec `plog-git` with this process's arguments.
    nonisolated(unsafe) public static var backend: any GitBackend = ExecHelper()

    /// The helper's name.
    public static let helperName = "plog-git"

    /// Replaces this process with `plog-git`, passing the arguments `plog` was given.
    struct ExecHelper: GitBackend {
        func initialize(_ command: InitCommand) throws { try handOff() }
        func commit(_ command: CommitCommand) throws { try handOff() }
        func sync(_ command: SyncCommand) throws { try handOff() }
    }

    static func handOff() throws -> Never {
        try handOff(to: helperName, arguments: Array(CommandLine.arguments.dropFirst()))
    }

    /// Replaces this process with the helper `name` (beside plog, else on PATH), run with `arguments`.
    static func handOff(to name: String, arguments: [String]) throws -> Never {
        let env = Environment.process
        guard let helper = locateHelper(name, env: env) else {
            throw PlogError.refused(
                what: "\(name) was not found", reason: "plog hands this command to \(name), which ships beside plog",
                hint: "reinstall plog (shell/install) so that \(name) sits next to \(runningExecutable() ?? "plog"), or put it on PATH")
        }
        let args = [helper] + arguments
        let cArgs = args.map { strdup($0) } + [nil]
        execv(helper, cArgs)
        let e = errno
        cArgs.forEach { free($0) }
        throw PlogError.io(operation: "cannot run", path: helper, errno: e)
    }

    /// The helper `name` beside the running executable (symlinks resolved), else on `PATH`.
    static func locateHelper(_ name: String = helperName, env: Environment) -> String? {
        if let exe = runningExecutable() {
            let candidate = Path.dirname(exe) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return Subprocess.which(name, env: env)
    }

    /// The absolute path of the running executable, symlinks resolved.
    public static func runningExecutable() -> String? {
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

    /// The `plog` executable that sits beside the running one (for the daily job's command line).
    public static func plogExecutable() -> String {
        guard let exe = runningExecutable() else { return "plog" }
        return Path.dirname(exe) + "/plog"
    }
}
