import ArgumentParser
import PromptLog

/// `--file`/`-f`, shared by every command that reads or writes the log.
package struct LogOptions: ParsableArguments {
    @Option(name: [.customShort("f"), .long], help: ArgumentHelp(
        "The log to use.",
        discussion: "Default: $PLOG_FILE, else the nearest prompts.log in this directory or a parent, "
            + "else `log` in ~/.config/plog/config, else ~/notes/prompts.log.",
        valueName: "path"))
    package var file: String?

    /// Read by `CommandRunner` before parsing (it sets `Terminal.colorDisabled`); declared here so
    /// every command that reads the log accepts it and lists it in `--help`.
    @Flag(name: .customLong("no-color"), help: "Never colour the output (as NO_COLOR does); default: colour on a terminal only.")
    package var noColor = false

    package init() {}

    /// The process environment, the config and the located log, read once per command.
    package func context() throws -> CommandContext { try CommandContext(file: file) }
}
