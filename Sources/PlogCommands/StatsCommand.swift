import ArgumentParser
import PromptLog

extension StatsDimension: ExpressibleByArgument {}

/// `plog stats`: hit rates by model, project, month and prompt shape, and the tasks that keep coming back.
package struct StatsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Hit rates by model, project, month and prompt shape; tasks that keep coming back.",
        discussion: """
            Each block's verdict comes from the first bullet of its OUTCOME section: hit (worked first \
            try), partial (worked after more turns, or partly), miss (failed), unclassified (the rules \
            cannot tell; --unclassified lists them to reword), none (no OUTCOME). The hit rate is given \
            over blocks with a verdict and again counting blocks without an OUTCOME as misses. Every \
            rate shows n (blocks with a verdict) and a 95% Wilson interval; groups with n under \
            --min-n are marked too few to rank.

            Exit status: 0 when the report was written (an empty log included), 1 when --unclassified \
            finds nothing to list, 2 on errors.
            """)

    @OptionGroup package var log: LogOptions

    @OptionGroup package var filters: BlockFilterOptions

    @Option(name: .long, help: ArgumentHelp(
        "Show one breakdown in full: model, project, month, shape (prompt shape) or task (repeated tasks). --json always has them all.",
        valueName: "dimension"))
    package var by: StatsDimension?

    @Flag(name: .long, help: "Print everything as one JSON object (keys in the README).")
    package var json = false

    @Flag(name: .long, help: "List the blocks whose outcome the rules cannot place (PATH:LINE: ...), to reword them.")
    package var unclassified = false

    @Flag(name: .customLong("each-block"), help: ArgumentHelp(
        "Diagnostic: print what stats read of each block it counts, one JSON object per line "
            + "(line, offset, timestamp, model, project, verdict, turns, bullet, task), instead of the report.",
        visibility: .hidden))
    package var eachBlock = false

    @Option(name: .customLong("min-n"), help: ArgumentHelp(
        "Groups with fewer blocks with a verdict are marked too few to rank.", valueName: "N"))
    package var minN: Int = 5

    package init() {}

    package func validate() throws {
        if minN < 1 { throw ValidationError("--min-n must be 1 or more, not \(minN)") }
        if unclassified && by != nil { throw ValidationError("--unclassified lists blocks; drop --by") }
        if eachBlock && (unclassified || by != nil || json) {
            throw ValidationError("--each-block prints its own JSON lines; drop --unclassified, --by and --json")
        }
    }

    package func run() throws {
        let ctx = try log.context()
        let filter = try filters.filter()
        var request = StatsRequest(filter: filter, minN: minN, listUnclassified: unclassified)
        request.listBlocks = eachBlock
        let report = try Stats.run(request, logPath: ctx.logPath)
        if eachBlock {
            Terminal.write(StatsJSON.eachBlock(report.eachBlock))
            return
        }
        if unclassified {
            if json {
                Terminal.write(StatsJSON.unclassified(report.unclassified))
            } else {
                Terminal.write(StatsText.unclassified(report.unclassified, path: ctx.logPath))
            }
            let n = report.unclassified.count
            if n == 0 {
                Terminal.printNote("no unclassified outcomes in \(report.blocks) blocks")
                throw ExitCode(1)
            }
            if !json {
                Terminal.printNote("\(n) unclassified; reword the first OUTCOME bullet, e.g. \"Worked first try.\", "
                    + "\"Worked after 3 turns.\", \"Failed: <why>\" (see the README)")
            }
            return
        }
        if json {
            Terminal.write(StatsJSON.render(report, filters: .init(since: filters.since, until: filters.until,
                                                                   model: filters.model, project: filters.project,
                                                                   outcome: filters.outcome)))
            return
        }
        let options = StatsTextOptions(width: Terminal.stdoutIsTerminal ? Terminal.width(env: ctx.env) : 80,
                                       color: Terminal.useColor(fd: 1, env: ctx.env), dimension: by,
                                       filtered: !filter.isEmpty)
        Terminal.write(StatsText.render(report, options))
    }
}
