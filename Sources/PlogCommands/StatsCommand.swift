import ArgumentParser
import PromptLog

extension StatsDimension: ExpressibleByArgument {}

/// `plog stats`: hit rates by model, project, month and prompt shape, and the tasks that keep coming back.
public struct StatsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
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

    @OptionGroup public var log: LogOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Only blocks whose model matches this pattern (PCRE2, caseless, unanchored: `claude` matches claude-opus-4-1).",
        valueName: "pattern"))
    public var model: String?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Only blocks whose project matches this pattern (like --model).", valueName: "pattern"))
    public var project: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only blocks written on or after DATE: 2025, 2025-08, 2025-08-14, a timestamp, 30d, 2w, 6m, 1y, today.",
        valueName: "date"))
    public var since: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only blocks written on or before DATE (the whole period: --until 2025-08 includes August 31).",
        valueName: "date"))
    public var until: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only blocks with this verdict: hit, partial, miss, unclassified or none. Repeat or use commas.",
        valueName: "verdict"))
    public var outcome: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Show one breakdown in full: model, project, month, shape (prompt shape) or task (repeated tasks). --json always has them all.",
        valueName: "dimension"))
    public var by: StatsDimension?

    @Flag(name: .long, help: "Print everything as one JSON object (keys in the README).")
    public var json = false

    @Flag(name: .long, help: "List the blocks whose outcome the rules cannot place (PATH:LINE: ...), to reword them.")
    public var unclassified = false

    @Option(name: .customLong("min-n"), help: ArgumentHelp(
        "Groups with fewer blocks with a verdict are marked too few to rank.", valueName: "N"))
    public var minN: Int = 5

    public init() {}

    public func validate() throws {
        if minN < 1 { throw ValidationError("--min-n must be 1 or more, not \(minN)") }
        if unclassified && by != nil { throw ValidationError("--unclassified lists blocks; drop --by") }
        _ = try verdicts()
        _ = try dateBounds()
    }

    func verdicts() throws -> Set<Verdict>? {
        let names = outcome.flatMap { $0.split(separator: ",").map { String($0.filter { $0 != " " }) } }
        if names.isEmpty { return nil }
        return Set(try names.map { name in
            guard let v = Verdict(rawValue: name.lowercased()) else {
                throw ValidationError("--outcome takes hit, partial, miss, unclassified or none, not '\(name)'")
            }
            return v
        })
    }

    func dateBounds() throws -> (since: DateBound?, until: DateBound?) {
        let now = Int64(time(nil))
        return (try since.map { try DateBound.parse($0, now: now) }, try until.map { try DateBound.parse($0, now: now) })
    }

    public func run() throws {
        let ctx = try log.context()
        let dates = try dateBounds()
        let filter = RecallFilter(model: model, project: project, since: dates.since, until: dates.until,
                                  verdicts: try verdicts())
        let report = try Stats.run(StatsRequest(filter: filter, minN: minN, listUnclassified: unclassified),
                                   logPath: ctx.logPath)
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
            Terminal.write(StatsJSON.render(report, filters: .init(since: since, until: until, model: model,
                                                                   project: project, outcome: outcome)))
            return
        }
        let options = StatsTextOptions(width: Terminal.stdoutIsTerminal ? Terminal.width(env: ctx.env) : 80,
                                       color: Terminal.useColor(fd: 1, env: ctx.env), dimension: by,
                                       filtered: !filter.isEmpty)
        Terminal.write(StatsText.render(report, options))
    }
}
