/// The report as one JSON object. Key names are stable and listed in the README; rates are
/// fractions (0.4521, four decimals) or `null` when there is nothing to divide by.
public enum StatsJSON {
    /// The filters as given, echoed in the output so a saved report says what it covers.
    public struct Filters: Sendable {
        public var since: String?
        public var until: String?
        public var model: String?
        public var project: String?
        public var outcome: [String]

        public init(since: String? = nil, until: String? = nil, model: String? = nil, project: String? = nil,
                    outcome: [String] = []) {
            self.since = since; self.until = until; self.model = model; self.project = project; self.outcome = outcome
        }
    }

    public static func render(_ r: StatsReport, filters: Filters = Filters()) -> String {
        var o = JSONObject()
        o["blocks"] = JSONValue(r.blocks)
        o["first"] = string(r.first)
        o["last"] = string(r.last)
        o["per_week"] = number(r.perWeek.map { ($0 * 100).rounded() / 100 })
        o["recent_days"] = JSONValue(r.recentDays)
        o["outcomes"] = outcomes(r.total)
        o["hit_rate"] = number(r.total.hitRate.value)
        o["ci_low"] = number(r.total.hitRate.low)
        o["ci_high"] = number(r.total.hitRate.high)
        o["hit_rate_none_as_miss"] = number(r.total.hitRateNoneAsMiss.value)
        o["none_as_miss_ci_low"] = number(r.total.hitRateNoneAsMiss.low)
        o["none_as_miss_ci_high"] = number(r.total.hitRateNoneAsMiss.high)
        o["mean_turns"] = number(r.total.meanTurns)
        o["turns_known"] = JSONValue(r.total.turnsKnown)
        o["min_n"] = JSONValue(r.minN)
        o["filters"] = [
            "since": string(filters.since), "until": string(filters.until), "model": string(filters.model),
            "project": string(filters.project),
            "outcome": filters.outcome.isEmpty ? .null : .array(filters.outcome.map(JSONValue.string)),
        ]
        o["by_model"] = .array(r.byModel.map { group($0) })
        o["by_project"] = .array(r.byProject.map { group($0) })
        o["by_month"] = .array(r.byMonth.map { group($0) })
        o["by_shape"] = .array(r.byShape.map { group($0, label: true) })
        o["repeats"] = .array(r.repeats.map(repeat_))
        o["repeats_complete"] = .bool(r.repeatsComplete)
        return JSONValue.object(o).compact + "\n"
    }

    static func outcomes(_ c: OutcomeCounts) -> JSONValue {
        .object(JSONObject(Verdict.allCases.map { ($0.rawValue, JSONValue(c.count($0))) }))
    }

    static func group(_ g: StatsGroup, label: Bool = false) -> JSONValue {
        var o = JSONObject()
        o["key"] = string(g.key)
        if label { o["label"] = string(g.label) }
        counts(g.counts, into: &o)
        o["too_small"] = .bool(g.tooSmall)
        o["rank"] = g.rank.map { JSONValue($0) } ?? .null
        return .object(o)
    }

    static func counts(_ c: OutcomeCounts, into o: inout JSONObject) {
        o["blocks"] = JSONValue(c.blocks)
        o["hits"] = JSONValue(c.hits)
        o["partials"] = JSONValue(c.partials)
        o["misses"] = JSONValue(c.misses)
        o["unclassified"] = JSONValue(c.unclassified)
        o["none"] = JSONValue(c.none)
        o["n"] = JSONValue(c.verdicts)
        o["hit_rate"] = number(c.hitRate.value)
        o["ci_low"] = number(c.hitRate.low)
        o["ci_high"] = number(c.hitRate.high)
        o["hit_rate_none_as_miss"] = number(c.hitRateNoneAsMiss.value)
        o["mean_turns"] = number(c.meanTurns)
    }

    static func repeat_(_ t: RepeatedTask) -> JSONValue {
        var o = JSONObject()
        o["task"] = string(t.task)
        o["key"] = string(t.key)
        o["count"] = JSONValue(t.count)
        o["variants"] = JSONValue(t.variants)
        o["first"] = string(t.first)
        o["last"] = string(t.last)
        o["months_spanned"] = JSONValue(t.monthsSpanned)
        counts(t.counts, into: &o)
        return .object(o)
    }

    /// What stats read of each block, one JSON object per line (for the diagnostic `--each-block`):
    /// `{line, offset, timestamp, model, project, verdict, turns, bullet, task}`.
    public static func eachBlock(_ items: [StatsBlock]) -> String {
        var out = ""
        for b in items {
            let o: JSONObject = [
                "line": JSONValue(b.line), "offset": JSONValue(b.offset), "timestamp": string(b.timestamp),
                "model": string(b.model), "project": string(b.project),
                "verdict": .string(b.classification.verdict.rawValue),
                "turns": b.classification.turns.map { JSONValue($0) } ?? .null,
                "bullet": string(b.bullet), "task": string(b.task),
            ]
            out += JSONValue.object(o).compact + "\n"
        }
        return out
    }

    /// Blocks the classifier could not place, as a JSON array (for `--unclassified --json`).
    public static func unclassified(_ items: [UnclassifiedBlock]) -> String {
        JSONValue.array(items.map { b in
            ["line": JSONValue(b.line), "offset": JSONValue(b.offset), "timestamp": string(b.timestamp),
             "model": string(b.model), "project": string(b.project), "text": string(b.text)]
        }).compact + "\n"
    }

    static func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    /// A JSON number: integers as they are, fractions to four decimals; `null` for nil or non-finite.
    static func number(_ v: Double?) -> JSONValue {
        guard let v, v.isFinite else { return .null }
        let r = (v * 10_000).rounded() / 10_000
        if r == r.rounded() && abs(r) < 1e15 { return .number(String(Int(r))) }
        return .number(String(r))
    }
}
