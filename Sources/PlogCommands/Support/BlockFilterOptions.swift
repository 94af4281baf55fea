import ArgumentParser
import PromptLog

/// `--model`, `--project`, `--since`, `--until` and `--outcome`: which blocks a command looks at.
/// Shared by `plog stats` and, through `RecallFilterOptions`, `prompthist` / `plog hist` and `plog when`.
package struct BlockFilterOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Only blocks whose model matches this pattern (PCRE2, caseless by default, unanchored: `claude` matches claude-opus-4-1; `^gpt-4o$` is exact).",
        valueName: "pattern"))
    package var model: String?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Only blocks whose project matches this pattern (unanchored, like --model).", valueName: "pattern"))
    package var project: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only blocks written on or after DATE: 2025, 2025-08, 2025-08-14, a timestamp, 30d, 2w, 6m, 1y, today.",
        valueName: "date"))
    package var since: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only blocks written on or before DATE (the whole period: --until 2025-08 includes August 31).",
        valueName: "date"))
    package var until: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only blocks with this verdict: hit, partial, miss, none (no OUTCOME) or unclassified. Repeat or use commas.",
        valueName: "verdict"))
    package var outcome: [String] = []

    package init() {}

    package func validate() throws {
        _ = try verdicts()
        _ = try dateBounds()
    }

    /// The filter these options describe (relative dates such as 30d count back from now).
    package func filter() throws -> RecallFilter {
        let dates = try dateBounds()
        return RecallFilter(model: model, project: project, since: dates.since, until: dates.until,
                            verdicts: try verdicts())
    }

    func verdicts() throws -> Set<Verdict>? {
        let names = outcome.flatMap { $0.split(separator: ",").map { String($0.filter { $0 != " " }) } }
        if names.isEmpty { return nil }
        return Set(try names.map { name in
            guard let v = Verdict(rawValue: name.lowercased()) else {
                throw ValidationError("--outcome takes hit, partial, miss, none or unclassified, not '\(name)'")
            }
            return v
        })
    }

    func dateBounds() throws -> (since: DateBound?, until: DateBound?) {
        let now = Int64(time(nil))
        return (try since.map { try DateBound.parse($0, now: now) }, try until.map { try DateBound.parse($0, now: now) })
    }

    /// The filters in force as words, e.g. `["model ~ claude", "since 2025-01"]`.
    var summaryParts: [String] {
        var parts: [String] = []
        if let model { parts.append("model ~ \(model)") }
        if let project { parts.append("project ~ \(project)") }
        if let since { parts.append("since \(since)") }
        if let until { parts.append("until \(until)") }
        if !outcome.isEmpty { parts.append("outcome \(outcome.joined(separator: ","))") }
        return parts
    }
}
