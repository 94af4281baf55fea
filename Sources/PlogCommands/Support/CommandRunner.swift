import ArgumentParser
import PromptLog

/// Runs a root command with plog's exit-code contract: 0 success, 1 "nothing found" (commands
/// that search), 2 for every error, usage errors included, so scripts can rely on the codes.
package enum CommandRunner {
    package static func main(_ root: any ParsableCommand.Type, arguments: [String]? = nil) -> Never {
        // A closed pipe (`prompthist x | head`) must end the process quietly, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        Programs.register(root)
        // `--no-color` takes effect before parsing, so even usage errors come out plain.
        let args = arguments ?? Array(CommandLine.arguments.dropFirst())
        if args.prefix(while: { $0 != "--" }).contains("--no-color") { Terminal.colorDisabled = true }
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch let error as PlogError {
            Terminal.printError(error.description, program: programName(root))
            exit(error.exitCode)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let code = root.exitCode(for: error)
            if code == .success {
                // --help, --version and the like print to stdout.
                print(root.fullMessage(for: error))
                exit(0)
            }
            if code == .failure, case let message = root.message(for: error), !message.isEmpty {
                // Not one of ArgumentParser's own usage errors but one a validate() threw (a
                // PlogError such as a bad date or template name), which ArgumentParser wraps: say
                // it the way plog says every error.
                Terminal.printError(message, program: programName(root))
                exit(2)
            }
            // ArgumentParser's usage errors ("Error: ...", then the usage): the first line as plog
            // words every error, the usage after it.
            let message = root.fullMessage(for: error)
            if message.hasPrefix("Error: ") {
                let lines = message.dropFirst("Error: ".count).split(separator: "\n", maxSplits: 1,
                                                                      omittingEmptySubsequences: false)
                Terminal.printError(String(lines[0]), program: programName(root))
                if lines.count > 1 { Terminal.writeError(String(lines[1]) + "\n") }
            } else if !message.isEmpty {
                Terminal.writeError(message + "\n")
            }
            exit(code == .validationFailure ? 2 : (code.rawValue == 1 ? 2 : code.rawValue))
        }
    }

    static func programName(_ root: any ParsableCommand.Type) -> String {
        root.configuration.commandName ?? "plog"
    }
}
