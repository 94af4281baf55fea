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
        var o = Object()
        o.int("blocks", r.blocks)
        o.string("first", r.first)
        o.string("last", r.last)
        o.number("per_week", r.perWeek.map { ($0 * 100).rounded() / 100 })
        o.int("recent_days", r.recentDays)
        o.raw("outcomes", outcomes(r.total))
        o.number("hit_rate", r.total.hitRate.value)
        o.number("ci_low", r.total.hitRate.low)
        o.number("ci_high", r.total.hitRate.high)
        o.number("hit_rate_none_as_miss", r.total.hitRateNoneAsMiss.value)
        o.number("none_as_miss_ci_low", r.total.hitRateNoneAsMiss.low)
        o.number("none_as_miss_ci_high", r.total.hitRateNoneAsMiss.high)
        o.number("mean_turns", r.total.meanTurns)
        o.int("turns_known", r.total.turnsKnown)
        o.int("min_n", r.minN)
        var f = Object()
        f.string("since", filters.since)
        f.string("until", filters.until)
        f.string("model", filters.model)
        f.string("project", filters.project)
        f.raw("outcome", filters.outcome.isEmpty ? "null" : "[" + filters.outcome.map(JSONText.quote).joined(separator: ",") + "]")
        o.raw("filters", f.text)
        o.raw("by_model", array(r.byModel.map { group($0) }))
        o.raw("by_project", array(r.byProject.map { group($0) }))
        o.raw("by_month", array(r.byMonth.map { group($0) }))
        o.raw("by_shape", array(r.byShape.map { group($0, label: true) }))
        o.raw("repeats", array(r.repeats.map(repeat_)))
        o.bool("repeats_complete", r.repeatsComplete)
        return o.text + "\n"
    }

    static func outcomes(_ c: OutcomeCounts) -> String {
        var o = Object()
        for v in Verdict.allCases { o.int(v.rawValue, c.count(v)) }
        return o.text
    }

    static func group(_ g: StatsGroup, label: Bool = false) -> String {
        var o = Object()
        o.string("key", g.key)
        if label { o.string("label", g.label) }
        counts(g.counts, into: &o)
        o.bool("too_small", g.tooSmall)
        o.raw("rank", g.rank.map(String.init) ?? "null")
        return o.text
    }

    static func counts(_ c: OutcomeCounts, into o: inout Object) {
        o.int("blocks", c.blocks)
        o.int("hits", c.hits)
        o.int("partials", c.partials)
        o.int("misses", c.misses)
        o.int("unclassified", c.unclassified)
        o.int("none", c.none)
        o.int("n", c.verdicts)
        o.number("hit_rate", c.hitRate.value)
        o.number("ci_low", c.hitRate.low)
        o.number("ci_high", c.hitRate.high)
        o.number("hit_rate_none_as_miss", c.hitRateNoneAsMiss.value)
        o.number("mean_turns", c.meanTurns)
    }

    static func repeat_(_ t: RepeatedTask) -> String {
        var o = Object()
        o.string("task", t.task)
        o.string("key", t.key)
        o.int("count", t.count)
        o.int("variants", t.variants)
        o.string("first", t.first)
        o.string("last", t.last)
        o.int("months_spanned", t.monthsSpanned)
        counts(t.counts, into: &o)
        return o.text
    }

    /// What stats read of each block, one JSON object per line (for the diagnostic `--each-block`):
    /// `{line, offset, timestamp, model, project, verdict, turns, bullet, task}`.
    public static func eachBlock(_ items: [StatsBlock]) -> String {
        var out = ""
        for b in items {
            var o = Object()
            o.int("line", b.line)
            o.int("offset", b.offset)
            o.string("timestamp", b.timestamp)
            o.string("model", b.model)
            o.string("project", b.project)
            o.string("verdict", b.classification.verdict.rawValue)
            o.raw("turns", b.classification.turns.map(String.init) ?? "null")
            o.string("bullet", b.bullet)
            o.string("task", b.task)
            out += o.text + "\n"
        }
        return out
    }

    /// Blocks the classifier could not place, as a JSON array (for `--unclassified --json`).
    public static func unclassified(_ items: [UnclassifiedBlock]) -> String {
        array(items.map { b in
            var o = Object()
            o.int("line", b.line)
            o.int("offset", b.offset)
            o.string("timestamp", b.timestamp)
            o.string("model", b.model)
            o.string("project", b.project)
            o.string("text", b.text)
            return o.text
        }) + "\n"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// A JSON number: integers as they are, fractions to four decimals; `null` for nil or non-finite.
    static func number(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "null" }
        let r = (v * 10_000).rounded() / 10_000
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }

    /// Keys in the order they are added.
    struct Object {
        private var parts: [String] = []
        var text: String { "{" + parts.joined(separator: ",") + "}" }
        mutating func raw(_ key: String, _ value: String) { parts.append(JSONText.quote(key) + ":" + value) }
        mutating func int(_ key: String, _ v: Int) { raw(key, String(v)) }
        mutating func number(_ key: String, _ v: Double?) { raw(key, StatsJSON.number(v)) }
        mutating func string(_ key: String, _ v: String?) { raw(key, JSONText.quoteOrNull(v)) }
        mutating func bool(_ key: String, _ v: Bool) { raw(key, v ? "true" : "false") }
    }
}
