import ArgumentParser
import PromptLog

/// `plog path`: the log in use and the rule that chose it.
package struct PathCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the log in use and why it was chosen.",
        discussion: """
            Rules, first match wins: --file, $PLOG_FILE, the nearest prompts.log in the current \
            directory or a parent, `log` in ~/.config/plog/config ($XDG_CONFIG_HOME respected), \
            ~/notes/prompts.log. The path goes to stdout, the reason to stderr, so `$(plog path)` works.
            """)

    @OptionGroup package var log: LogOptions
    @Flag(name: .long, help: "Print only the path, without the reason.") package var quiet = false

    package init() {}

    package func run() throws {
        let context = try log.context()
        Terminal.write(context.logPath + "\n")
        if !quiet { Terminal.printNote(context.location.reason) }
    }
}
