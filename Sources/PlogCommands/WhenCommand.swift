import ArgumentParser
import PromptLog

/// `plog when`: first and last time a pattern came up, and how often per month.
package struct WhenCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "when",
        abstract: "When a pattern came up: first and last block, total, and a bar per month.",
        discussion: """
            Patterns and filters work as in `prompthist` (every pattern must match in a block). \
            Months are those written in the headers; months without a match show an empty bar. \
            Exit status: 0 when something matched, 1 when nothing did, 2 on an error.
            """)

    @OptionGroup package var log: LogOptions

    @Argument(parsing: .allUnrecognized, help: PatternInputs.help)
    var inputs: [String] = []

    @Option(name: [.customShort("e"), .customLong("regexp")], parsing: .unconditionalSingleValue,
            help: PatternInputs.expressionHelp)
    package var expressions: [String] = []

    /// Every pattern given (after `-e`, then positional).
    package var patterns: [String] { PatternInputs.patterns(inputs: inputs, expressions: expressions) }

    @OptionGroup(title: "Filters") package var filters: RecallFilterOptions

    @Flag(name: .long, help: "Print the report as JSON.")
    package var json = false

    package init() {}

    package func validate() throws {
        try PatternInputs.check(inputs: inputs, expressions: expressions, example: "plog when \"property wrapper\"",
                                help: WhenCommand.helpMessage())
    }

    package func run() throws {
        let ctx = try log.context()
        let query = try filters.query(patterns)
        let report = try WhenReport.build(query, logPath: ctx.logPath)
        if json {
            Terminal.write(report.renderJSON())
        } else if report.total > 0 {
            let onTerminal = Terminal.stdoutIsTerminal
            Terminal.write(report.renderText(width: onTerminal ? Terminal.width(env: ctx.env) : 80, unicode: onTerminal))
        } else {
            let query = patterns.map { "\"" + $0 + "\"" }.joined(separator: " + ")
            Terminal.printNote("no block matches \(query)\(filters.summary) in \(ctx.logPath)")
        }
        if report.total == 0 { throw ExitCode(1) }
    }
}
