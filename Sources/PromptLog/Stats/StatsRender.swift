/// A breakdown `plog stats --by` shows in full.
public enum StatsDimension: String, CaseIterable, Sendable {
    case model, project, month, shape, task
}

/// How the text report is drawn.
public struct StatsTextOptions: Sendable {
    /// Columns available (default 80); the layout fits 80 and narrows the key column below that.
    public var width: Int
    /// ANSI colour (default false; the command turns it on for a terminal without NO_COLOR).
    public var color: Bool
    /// Show only this breakdown, in full (default: the overview).
    public var dimension: StatsDimension?
    /// Whether filters were given (changes what an empty report says).
    public var filtered: Bool

    public init(width: Int = 80, color: Bool = false, dimension: StatsDimension? = nil, filtered: Bool = false) {
        self.width = width; self.color = color; self.dimension = dimension; self.filtered = filtered
    }
}

/// The report as text for a terminal: 80 columns, bars, every rate with its n and 95% interval.
public enum StatsText {
    /// Rows per breakdown in the overview; `--by` shows all.
    static let overviewRows = 6
    static let overviewMonths = 12
    static let overviewRepeats = 8

    public static func render(_ r: StatsReport, _ o: StatsTextOptions = StatsTextOptions()) -> String {
        var out = Painter(color: o.color, width: max(60, min(o.width, 80)))
        if r.blocks == 0 {
            out.line(o.filtered ? "No block matches the filters." : "No blocks yet: add one with `plog add`.")
            return out.text
        }
        headline(r, &out)
        if let d = o.dimension {
            out.line()
            switch d {
            case .model: groups("By model", r.byModel, r, &out, limit: nil, more: nil)
            case .project: groups("By project", r.byProject, r, &out, limit: nil, more: nil)
            case .month: months(r, &out, limit: nil)
            case .shape: shapes(r, &out)
            case .task: repeats(r, &out, limit: nil)
            }
            if d != .task { legend(r, &out) }
            return out.text
        }
        out.line()
        outcomes(r, &out)
        out.line()
        groups("By model", r.byModel, r, &out, limit: overviewRows, more: "model")
        out.line()
        groups("By project", r.byProject, r, &out, limit: overviewRows, more: "project")
        out.line()
        months(r, &out, limit: overviewMonths)
        out.line()
        shapes(r, &out)
        out.line()
        repeats(r, &out, limit: overviewRepeats)
        legend(r, &out)
        return out.text
    }

    static func legend(_ r: StatsReport, _ out: inout Painter) {
        out.line()
        out.line(out.dim("n: blocks with a verdict (hit, partial, miss). 95% CI: Wilson interval."))
        out.line(out.dim("Groups with n under \(r.minN) are too few to rank (--min-n)."))
    }

    static func headline(_ r: StatsReport, _ out: inout Painter) {
        var s = TextFormat.thousands(r.blocks) + (r.blocks == 1 ? " block" : " blocks")
        if let f = r.first, let l = r.last {
            let a = String(f.prefix(10)), b = String(l.prefix(10))
            s += a == b ? ", " + a : ", " + a + " to " + b
        }
        if let w = r.perWeek {
            s += ", " + fixed(w, 1) + " a week " + (r.recentDays >= Stats.recentWindowDays ? "lately" : "so far")
        }
        out.line(out.bold(s))
    }

    static func outcomes(_ r: StatsReport, _ out: inout Painter) {
        let t = r.total
        let parts: [(String, Int, String)] = [("hit", t.hits, "32"), ("partial", t.partials, "33"), ("miss", t.misses, "31"),
                                              ("unclassified", t.unclassified, "35"), ("none", t.none, "2")]
        out.line(out.bold("Outcomes") + "  " + parts.map { out.paint($0.0, $0.2) + " " + TextFormat.thousands($0.1) }.joined(separator: "  "))
        if t.verdicts == 0 {
            out.line(out.bold("Hit rate") + "  no verdicts yet: no block has an OUTCOME read as hit, partial or miss")
        } else {
            out.line(out.bold("Hit rate") + "  " + rateLine(t.hitRate, "with a verdict"))
            out.line("          " + rateLine(t.hitRateNoneAsMiss, "counting no OUTCOME as a miss"))
        }
        if let m = t.meanTurns {
            out.line(out.bold("Turns") + "     " + fixed(m, 1) + " on average to a working answer ("
                + TextFormat.thousands(t.turnsKnown) + " with turns known)")
        }
        if t.unclassified > 0 {
            out.line(out.dim("          " + TextFormat.thousands(t.unclassified) + " unclassified: plog stats --unclassified lists them"))
        }
    }

    static func rateLine(_ rate: Rate, _ what: String) -> String {
        guard let v = rate.value else { return "-" }
        return leftPad(percent(v), 4) + "  " + TextFormat.thousands(rate.successes) + " of " + TextFormat.thousands(rate.trials) + " " + what
            + ", 95% CI " + interval(rate)
    }

    // MARK: Tables

    /// Column layout: key, blocks, bar and rate, interval, n.
    static let barWidth = 12

    static func keyWidth(_ out: Painter) -> Int { max(12, 26 - (80 - out.width)) }

    static func tableHeader(_ title: String, _ out: inout Painter) {
        let kw = keyWidth(out)
        let head = rightPad(title, 2 + kw) + leftPad("blocks", 7) + "  " + rightPad("hit rate", barWidth + 5)
            + leftPad("95% CI", 10) + leftPad("n", 7)
        out.line(out.bold(head))
    }

    static func row(_ g: StatsGroup, _ out: inout Painter, minN: Int) {
        let kw = keyWidth(out)
        var s = "  " + rightPad(truncate(g.label, kw - 1), kw) + leftPad(TextFormat.thousands(g.counts.blocks), 7) + "  "
        let rate = g.counts.hitRate
        if g.tooSmall || rate.value == nil {
            s += out.dim(rightPad(g.counts.verdicts == 0 ? "no verdicts" : "too few to rank", barWidth + 5 + 10))
        } else {
            s += out.paint(bar(rate.value!, width: barWidth), "36") + leftPad(percent(rate.value!), 5)
                + leftPad(interval(rate), 10)
        }
        s += leftPad(TextFormat.thousands(g.counts.verdicts), 7)
        out.line(s)
    }

    static func groups(_ title: String, _ groups: [StatsGroup], _ r: StatsReport, _ out: inout Painter,
                       limit: Int?, more: String?) {
        tableHeader(title, &out)
        if groups.isEmpty { out.line(out.dim("  (none)")); return }
        var shown = groups
        if let limit, groups.count > limit {
            // The most used groups, in report order (ranked first, then too small).
            let top = Set(groups.sorted { $0.counts.blocks != $1.counts.blocks ? $0.counts.blocks > $1.counts.blocks : $0.key < $1.key }
                .prefix(limit).map(\.key))
            shown = groups.filter { top.contains($0.key) }
        }
        for g in shown { row(g, &out, minN: r.minN) }
        if shown.count < groups.count, let more {
            out.line(out.dim("  ... " + TextFormat.thousands(groups.count - shown.count) + " more: plog stats --by " + more))
        }
    }

    static func months(_ r: StatsReport, _ out: inout Painter, limit: Int?) {
        tableHeader("By month", &out)
        var shown = r.byMonth
        if let limit, shown.count > limit { shown = Array(shown.suffix(limit)) }
        if shown.count < r.byMonth.count {
            out.line(out.dim("  ... " + TextFormat.thousands(r.byMonth.count - shown.count) + " earlier months: plog stats --by month"))
        }
        for g in shown { row(g, &out, minN: r.minN) }
    }

    static func shapes(_ r: StatsReport, _ out: inout Painter) {
        tableHeader("By prompt shape", &out)
        let measured = r.byShape.first.map { _ in r.byShape[0].counts.blocks + r.byShape[1].counts.blocks + r.byShape[2].counts.blocks } ?? 0
        if measured == 0 { out.line(out.dim("  (no block has a prompt)")); return }
        for (i, g) in r.byShape.enumerated() {
            if i == 3 || i == 5 || i == 7 || i == 9 { out.line() }
            row(g, &out, minN: r.minN)
        }
    }

    static func repeats(_ r: StatsReport, _ out: inout Painter, limit: Int?) {
        out.line(out.bold("Repeated tasks") + out.dim(" (\(Stats.repeatMinimum)+ times over \(Stats.repeatMonths)+ months: template candidates)"))
        if r.repeats.isEmpty {
            out.line(out.dim("  none yet"))
            if !r.repeatsComplete { out.line(out.dim("  (too many distinct tasks to track them all; some may be missing)")) }
            return
        }
        out.line(out.bold("  times  first       last         hit  task"))
        let shown = limit.map { Array(r.repeats.prefix($0)) } ?? r.repeats
        let taskWidth = out.width - 39
        for t in shown {
            let rate = t.counts.hitRate
            let rateText = t.counts.verdicts >= r.minN && rate.value != nil ? percent(rate.value!) : "-"
            out.line("  " + leftPad(TextFormat.thousands(t.count), 5) + "  " + rightPad(String(t.first.prefix(10)), 10) + "  "
                + rightPad(String(t.last.prefix(10)), 10) + "  " + leftPad(rateText, 4) + "  " + truncate(t.task, taskWidth))
        }
        if shown.count < r.repeats.count {
            out.line(out.dim("  ... " + TextFormat.thousands(r.repeats.count - shown.count) + " more: plog stats --by task"))
        }
        if !r.repeatsComplete { out.line(out.dim("  (too many distinct tasks to track them all; some may be missing)")) }
    }

    // MARK: Formatting

    /// A horizontal bar of `fraction` (0...1) in eighths of a cell, padded with a light shade.
    public static func bar(_ fraction: Double, width: Int) -> String {
        TextFormat.bar(eighths: Int((max(0, min(1, fraction)) * Double(width * 8)).rounded()), width: width, track: true)
    }

    static func percent(_ v: Double) -> String { String(Int((v * 100).rounded())) + "%" }

    static func interval(_ rate: Rate) -> String {
        guard let lo = rate.low, let hi = rate.high else { return "-" }
        return String(Int((lo * 100).rounded())) + "-" + String(Int((hi * 100).rounded())) + "%"
    }

    static func fixed(_ v: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let n = Int((v * scale).rounded())
        let whole = n / Int(scale), frac = n % Int(scale)
        return decimals == 0 ? String(whole) : String(whole) + "." + pad(frac, decimals)
    }

    /// Display width: one column per scalar (good enough for names and tasks; wide CJK is rare here).
    static func columns(_ s: String) -> Int { s.unicodeScalars.count }

    static func truncate(_ s: String, _ width: Int) -> String {
        let flat = s.map { $0 == "\n" || $0 == "\t" ? " " : $0 }
        if flat.count <= width { return String(flat) }
        return String(flat.prefix(max(0, width - 1))) + "…"
    }

    static func leftPad(_ s: String, _ w: Int) -> String {
        let c = columns(s)
        return c >= w ? s : String(repeating: " ", count: w - c) + s
    }

    static func rightPad(_ s: String, _ w: Int) -> String {
        let c = columns(s)
        return c >= w ? s : s + String(repeating: " ", count: w - c)
    }

    /// Collects lines; colour codes only when asked; no trailing spaces.
    struct Painter {
        let color: Bool
        let width: Int
        var text = ""

        mutating func line(_ s: String = "") {
            var t = Substring(s)
            while t.last == " " { t = t.dropLast() }
            text += t + "\n"
        }

        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[" + code + "m" + s + "\u{1B}[0m" : s }
        func bold(_ s: String) -> String { paint(s, "1") }
        func dim(_ s: String) -> String { paint(s, "2") }
    }

    /// The `--unclassified` listing: `PATH:LINE: TIMESTAMP  MODEL  PROJECT  TEXT`, one line per
    /// block (the form editors read as a list of places: `vim -q`).
    public static func unclassified(_ items: [UnclassifiedBlock], path: String) -> String {
        var out = ""
        for b in items {
            let text = b.text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingCharacters(in: " \t") }
                .joined(separator: " ")
            out += path + ":" + String(b.line) + ": " + b.timestamp + "  " + (b.model ?? "-") + "  " + (b.project ?? "-")
                + "  " + text + "\n"
        }
        return out
    }
}
