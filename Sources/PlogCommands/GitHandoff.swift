import ArgumentParser
import PromptLog

/// Hands the commands that need git (`init`, `commit`, `sync`) to `plog-git`.
///
/// libgit2 costs every program that links it ~3 ms at start-up, so `plog` does not link it: its
/// git commands parse their arguments (so `--help`, completions and usage errors work as for any
/// command) and then replace themselves with `plog-git`, passing a `GitRequest`, the way `git`
/// runs its `git-*` programs.
package enum GitHandoff {
    /// The helper's name.
    package static let helperName = "plog-git"

    /// Replaces this process with `plog-git`, asking it for `request`.
    static func run(_ request: GitRequest) throws -> Never {
        try exec(helperName, arguments: request.arguments)
    }

    /// Replaces this process with the helper `helperName` (`plog-git`, `plog-import`), passing the
    /// arguments `plog` was given.
    static func handOff(to helperName: String = helperName) throws -> Never {
        try exec(helperName, arguments: Array(CommandLine.arguments.dropFirst()))
    }

    /// Replaces this process with the helper `helperName` run with `arguments`.
    static func exec(_ helperName: String, arguments: [String]) throws -> Never {
        let env = Environment.process
        guard let helper = locateHelper(helperName, env: env) else {
            throw PlogError.refused(
                what: "\(helperName) was not found", reason: "plog hands these commands to \(helperName), which ships beside plog",
                hint: "reinstall plog (shell/install) so that \(helperName) sits next to \(runningExecutable() ?? "plog"), or put it on PATH")
        }
        let args = [helper] + arguments
        let cArgs = args.map { strdup($0) } + [nil]
        execv(helper, cArgs)
        let e = errno
        cArgs.forEach { free($0) }
        throw PlogError.io(operation: "cannot run", path: helper, errno: e)
    }

    /// The helper `helperName` (default `plog-git`) beside the running executable, else on `PATH`.
    package static func locateHelper(_ helperName: String = helperName, env: Environment) -> String? {
        Executable.helper(named: helperName, env: env)
    }

    /// The absolute path of the running executable, symlinks resolved.
    package static func runningExecutable() -> String? { Executable.runningPath() }

    /// The `plog` executable that sits beside the running one (for the daily job's command line).
    package static func plogExecutable() -> String { Executable.plogBesideThis() }
}
