import ArgumentParser
import PromptLog

/// The programs plog ships, by name, so that commands which describe the whole tool
/// (`plog completions`, `plog manpage`) can reach the root command of each one.
package enum Programs {
    /// Root commands registered by the executables, in registration order. `CommandRunner.main`
    /// registers the running program's root; an executable may register its siblings too.
    nonisolated(unsafe) private static var registered: [(name: String, type: any ParsableCommand.Type)] = []

    /// Makes `root` known under its command name (default: the configuration's `commandName`).
    package static func register(_ root: any ParsableCommand.Type, name: String? = nil) {
        let name = name ?? root.configuration.commandName ?? "plog"
        if !registered.contains(where: { $0.name == name }) { registered.append((name, root)) }
    }

    /// The root command registered as `name`, if any.
    package static func root(named name: String) -> (any ParsableCommand.Type)? {
        registered.first(where: { $0.name == name })?.type
    }

    /// The names of every registered program.
    package static var names: [String] { registered.map(\.name) }
}

/// A program whose completion script or manual page can be generated.
package enum ProgramName: String, CaseIterable, ExpressibleByArgument, Sendable {
    case plog
    case prompthist

    /// The registered root command (prompthist's lives in this module, so it is always known),
    /// or an error naming the program when this binary cannot describe it.
    func root() throws -> any ParsableCommand.Type {
        if self == .prompthist { return Programs.root(named: rawValue) ?? PromptHistCommand.self }
        guard let root = Programs.root(named: rawValue) else {
            throw PlogError.invalidInput(
                input: rawValue, reason: "this binary cannot describe \(rawValue)",
                hint: "run `\(rawValue) --generate-completion-script SHELL` or `\(rawValue) --help` instead")
        }
        return root
    }
}
