import ArgumentParser
import PromptLog

/// `plog init [DIR]`: set up a git repository for the log.
package struct InitCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Set up a git repository for the log (idempotent).",
        discussion: """
            In DIR (default: the log's directory, ~/notes unless configured): creates the directory \
            (mode 0700) and a git repository when missing, the log (0600), and a .gitattributes line \
            `prompts.log merge=union` (with the log's real name) so that git merges two machines' \
            appends without conflict markers; then makes the first commit. Running it again only \
            does what is missing. When DIR does not hold the log plog uses, a log of the same name \
            is created in DIR. Prints what it did and the crontab line `plog cron install` would add.
            """)

    @OptionGroup package var log: LogOptions

    @Option(help: ArgumentHelp("Add this URL as the remote `origin`, for `plog sync`.", valueName: "url"))
    package var remote: String?

    @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong.")
    package var quiet = false

    @Argument(help: ArgumentHelp("The repository's directory (default: the log's directory).", valueName: "dir"))
    package var directory: String?

    package init() {}

    package func validate() throws {
        if let remote, remote.allSatisfy(\.isWhitespace) { throw ValidationError("--remote is empty") }
        if let directory, directory.isEmpty { throw ValidationError("DIR is empty") }
    }

    package func run() throws {
        try GitHandoff.run(GitRequest(verb: .initialize, file: log.file, remote: remote, directory: directory, quiet: quiet, noColor: log.noColor))
    }
}
