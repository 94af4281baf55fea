/// What recall looks for: patterns that must all match in a block, where they may match, and
/// which blocks are eligible at all.
public struct RecallQuery: Sendable {
    /// PCRE2 patterns; every one must match somewhere in a block (in `fields` when given).
    public var patterns: [String]
    /// Ignore case in patterns and in the model and project filters (default true).
    public var caseless: Bool
    /// Take patterns as literal text instead of regular expressions (default false).
    public var literal: Bool
    /// Where patterns may match; empty (the default) means anywhere in the block, header included.
    public var fields: [RecallField]
    /// Header and outcome filters (default: none).
    public var filter: RecallFilter
    /// Whether the search may drive with the literals a pattern requires (default true; tests
    /// turn it off to check that the prefilter never changes a result).
    var usePrefilter = true

    public init(patterns: [String], caseless: Bool = true, literal: Bool = false, fields: [RecallField] = [],
                filter: RecallFilter = RecallFilter()) {
        self.patterns = patterns; self.caseless = caseless; self.literal = literal
        self.fields = fields; self.filter = filter
    }

    /// Compiles the patterns (in order) with the query's options.
    public func compilePatterns() throws -> [PCRE2Matcher] {
        try patterns.map { try PCRE2Matcher($0, options: .init(caseless: caseless, literal: literal)) }
    }
}

/// A part of a block that `--field` can restrict matching to. Matching runs on the decoded
/// text: the TASK line(s), the prompt without its `> ` quoting, the OUTCOME bullets.
public enum RecallField: String, CaseIterable, Sendable {
    case task, prompt, outcome

    /// The field's text in `block`, or nil when the block has none.
    public func text(of block: Block) -> String? {
        switch self {
        case .task: return block.task
        case .prompt: return block.prompt
        case .outcome:
            let bullets = block.outcomeBullets
            return bullets.isEmpty ? nil : bullets.joined(separator: "\n")
        }
    }
}

/// Which blocks are eligible, whatever the patterns say.
public struct RecallFilter: Sendable {
    /// A PCRE2 pattern the model must match (unanchored, so `claude` matches `claude-opus-4-1`;
    /// anchor with `^...$` for an exact name). A block without a model never matches. Default none.
    public var model: String?
    /// Same, for the project.
    public var project: String?
    /// Blocks at or after this date (default none).
    public var since: DateBound?
    /// Blocks at or before this date (default none).
    public var until: DateBound?
    /// Verdicts to keep (default: any). Needs the outcome classifier, so it costs a full parse per candidate.
    public var verdicts: Set<Verdict>?

    public init(model: String? = nil, project: String? = nil, since: DateBound? = nil, until: DateBound? = nil,
                verdicts: Set<Verdict>? = nil) {
        self.model = model; self.project = project; self.since = since; self.until = until; self.verdicts = verdicts
    }

    public var isEmpty: Bool { model == nil && project == nil && since == nil && until == nil && verdicts == nil }
    var needsHeader: Bool { model != nil || project != nil || since != nil || until != nil }
}

/// One end of a date range, as given to `--since` / `--until`.
///
/// - `2025`, `2025-08`, `2025-08-14`, `2025-08-14T16:32`: calendar dates compared with the
///   date and time *as written in each header* (the writer's local time), so `--since 2025-08-14`
///   means "written on the 14th or later" wherever it was written. As an upper bound the whole
///   period is included (`--until 2025-08` takes all of August).
/// - A full timestamp with an offset (`2025-08-14T16:32+09:00`, `...Z`): an instant.
/// - `30d`, `2w`, `6m`, `1y`, `12h`: that long before now (an instant; a month is 30 days, a year 365).
/// - `today`, `yesterday`: the local calendar day.
public struct DateBound: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// A civil `YYYYMMDDhhmmss` key: the first moment of the period and the first after it.
        case civil(first: Int64, after: Int64)
        case instant(Int64)
    }

    var kind: Kind
    /// The text as given (for messages).
    public var text: String

    /// Parses `text`; `now` (seconds since the epoch) anchors relative forms.
    public static func parse(_ text: String, now: Int64, localToday: Timestamp? = nil) throws -> DateBound {
        let t = text.trimmingCharacters(in: " \t")
        func bad() -> PlogError {
            .invalidInput(input: text, reason: "not a date",
                          hint: "use 2025, 2025-08, 2025-08-14, 2025-08-14T16:32, a timestamp with an offset, "
                            + "30d / 2w / 6m / 1y / 12h (that long ago), today or yesterday")
        }
        let lower = t.lowercased()
        if lower == "today" || lower == "yesterday" {
            let today = localToday ?? Timestamp.local(epochSeconds: now)
            let days = Timestamp.daysFromCivil(year: today.year, month: today.month, day: today.day)
            let (y, m, d) = civilFromDays(lower == "yesterday" ? days - 1 : days)
            let key = civilKey(y, m, d, 0, 0, 0)
            return DateBound(kind: .civil(first: key, after: key + 240_000), text: text)
        }
        if let unit = lower.last, "hdwmy".contains(unit), let n = Int64(lower.dropLast()), n >= 0, n < 100_000 {
            let seconds: Int64 = ["h": 3600, "d": 86_400, "w": 604_800, "m": 2_592_000, "y": 31_536_000][String(unit)]!
            return DateBound(kind: .instant(now - n * seconds), text: text)
        }
        let parts = t.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        func num(_ s: Substring, _ digits: Int, _ range: ClosedRange<Int>) -> Int? {
            guard s.count == digits, s.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(s), range.contains(v)
            else { return nil }
            return v
        }
        switch parts.count {
        case 1:
            guard let y = num(parts[0], 4, 0...9999) else { throw bad() }
            return DateBound(kind: .civil(first: civilKey(y, 0, 0, 0, 0, 0), after: civilKey(y, 13, 0, 0, 0, 0)), text: text)
        case 2:
            guard let y = num(parts[0], 4, 0...9999), let m = num(parts[1], 2, 1...12) else { throw bad() }
            return DateBound(kind: .civil(first: civilKey(y, m, 0, 0, 0, 0), after: civilKey(y, m, 32, 0, 0, 0)), text: text)
        default:
            if parts[2].count == 2 {
                guard let y = num(parts[0], 4, 0...9999), let m = num(parts[1], 2, 1...12),
                      let d = num(parts[2], 2, 1...31) else { throw bad() }
                return DateBound(kind: .civil(first: civilKey(y, m, d, 0, 0, 0), after: civilKey(y, m, d, 24, 0, 0)),
                                 text: text)
            }
            guard let ts = Timestamp.parse(t) else { throw bad() }
            if ts.offsetMinutes != nil { return DateBound(kind: .instant(ts.epochSeconds), text: text) }
            let key = civilKey(ts.year, ts.month, ts.day, ts.hour, ts.minute, ts.second)
            // Without seconds, an upper bound takes the whole minute.
            return DateBound(kind: .civil(first: key, after: key + (ts.text.count <= 16 ? 60 : 1)), text: text)
        }
    }

    /// Whether `ts` is at or after the start of this bound.
    public func admitsAsLower(_ ts: Timestamp) -> Bool {
        switch kind {
        case let .civil(first, _): return DateBound.civilKey(of: ts) >= first
        case let .instant(t): return ts.epochSeconds >= t
        }
    }

    /// Whether `ts` is at or before the end of this bound.
    public func admitsAsUpper(_ ts: Timestamp) -> Bool {
        switch kind {
        case let .civil(_, after): return DateBound.civilKey(of: ts) < after
        case let .instant(t): return ts.epochSeconds <= t
        }
    }

    public var description: String { text }

    static func civilKey(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Int64 {
        // Decimal digits YYYYMMDDhhmmss; `after` keys use out-of-range fields (month 13, day 32,
        // hour 24, second 60) so that no calendar arithmetic is needed.
        let date = Int64(y) * 10_000 + Int64(mo) * 100 + Int64(d)
        return date * 1_000_000 + Int64(h) * 10_000 + Int64(mi) * 100 + Int64(s)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func civilKey(of ts: Timestamp) -> Int64 {
        civilKey(ts.year, ts.month, ts.day, ts.hour, ts.minute, ts.second)
    }
}
