/// `plog when`: when a pattern came up. Scans the whole log on every core.
public struct WhenReport: Sendable {
    /// A block named in the report.
    public struct Mention: Sendable {
        public var timestamp: Timestamp
        public var model: String?
        public var project: String?
        public var task: String?
        /// Byte offset of the header, and its 1-based line number.
        public var offset: Int
        public var line: Int
    }

    public var patterns: [String]
    /// Matching blocks.
    public var total: Int
    /// The earliest and latest matching block, by instant (ties: first in the file).
    public var first: Mention?
    public var last: Mention?
    /// Every month (as written in the headers) from the first match to the last, in order,
    /// with its count (zero months included, so the chart shows gaps).
    public var months: [(month: String, count: Int)]

    /// Builds the report for `query` over the log at `logPath`.
    public static func build(_ query: RecallQuery, logPath: String) throws -> WhenReport {
        let searcher = try RecallSearcher(query: query)
        searcher.releasesScannedPages = true
        guard Path.exists(logPath) else {
            throw PlogError.invalidInput(input: logPath, reason: "no log here yet",
                                         hint: "add a first block with `plog add`, or point --file (or PLOG_FILE) at your log")
        }
        let file = try MappedFile(path: logPath)
        return try file.withBytes { buf in
            struct Acc {
                var total = 0
                var months: [Int: Int] = [:]
                var first: (epoch: Int64, offset: Int)? = nil
                var last: (epoch: Int64, offset: Int)? = nil
            }
            let parts = try searcher.reduce(buf, into: Acc()) { acc, span in
                let h = RecallSearcher.header(buf, span)
                let epoch = h.timestamp.epochSeconds
                acc.total += 1
                acc.months[h.timestamp.year * 100 + h.timestamp.month, default: 0] += 1
                if acc.first.map({ epoch < $0.epoch }) ?? true { acc.first = (epoch, span.offset) }
                if acc.last.map({ epoch >= $0.epoch }) ?? true { acc.last = (epoch, span.offset) }
            }
            var total = 0
            var months: [Int: Int] = [:]
            var first: (epoch: Int64, offset: Int)? = nil
            var last: (epoch: Int64, offset: Int)? = nil
            for p in parts {  // in file order, so ties keep the earlier block for `first`, the later for `last`
                total += p.total
                months.merge(p.months, uniquingKeysWith: +)
                if let f = p.first, first.map({ f.epoch < $0.epoch }) ?? true { first = f }
                if let l = p.last, last.map({ l.epoch >= $0.epoch }) ?? true { last = l }
            }
            let lineNumbers = RecallBundle.lineNumbers(of: [first?.offset, last?.offset].compactMap { $0 }, in: buf)
            func mention(_ offset: Int?, line: Int) -> Mention? {
                guard let offset else { return nil }
                let span = BlockSpan(offset: offset, end: LogScanner.nextHeader(buf, from: LogScanner.lineEnd(buf, from: offset)),
                                     headerEnd: LogScanner.lineEnd(buf, from: offset), line: line)
                let block = LogParser.block(buf, span)
                return Mention(timestamp: block.timestamp, model: block.model, project: block.project,
                               task: block.task, offset: offset, line: line)
            }
            var series: [(String, Int)] = []
            if let lo = months.keys.min(), let hi = months.keys.max() {
                var k = lo
                while k <= hi {
                    series.append((pad(k / 100, 4) + "-" + pad(k % 100, 2), months[k] ?? 0))
                    k = k % 100 == 12 ? (k / 100 + 1) * 100 + 1 : k + 1
                }
            }
            return WhenReport(patterns: query.patterns, total: total,
                              first: mention(first?.offset, line: lineNumbers.first ?? 0),
                              last: mention(last?.offset, line: lineNumbers.last ?? 0), months: series)
        }
    }

    /// The report for a terminal or a pipe: the totals, the first and last block, and one bar per
    /// month scaled to `width` columns. `unicode` draws bars with eighth blocks, else with `#`.
    public func renderText(width: Int, unicode: Bool) -> String {
        let query = patterns.map { "\"" + $0 + "\"" }.joined(separator: " + ")
        guard total > 0, let first, let last else { return "" }
        var s = "\(query): \(total) block\(total == 1 ? "" : "s"), first \(first.timestamp.dayKey), last \(last.timestamp.dayKey)\n"
        func describe(_ label: String, _ m: Mention) {
            var line = label + "  " + m.timestamp.text
            if let model = m.model { line += "  " + model }
            if let project = m.project { line += "  " + project }
            line += "  (line \(m.line))\n"
            s += line
            if let task = m.task {
                let oneLine = task.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
                s += "       TASK: " + clip(oneLine, to: max(20, width - 13)) + "\n"
            }
        }
        describe("first", first)
        if last.offset != first.offset { describe("last ", last) }
        s += "\n"
        let peak = months.map(\.count).max() ?? 1
        let countWidth = String(peak).count
        let barWidth = max(10, min(50, width - 8 - countWidth - 2))
        for (month, count) in months {
            let bar = WhenReport.bar(count, of: peak, width: barWidth, unicode: unicode)
            let padded = bar + String(repeating: " ", count: barWidth - bar.count)
            let num = String(count)
            s += month + "  " + padded + " " + String(repeating: " ", count: countWidth - num.count) + num + "\n"
        }
        return s
    }

    /// A bar of `count / peak` of `width` columns; any non-zero count gets at least a sliver.
    static func bar(_ count: Int, of peak: Int, width: Int, unicode: Bool) -> String {
        guard count > 0, peak > 0 else { return "" }
        return TextFormat.bar(eighths: max(1, (count * width * 8 + peak / 2) / peak), width: width, unicode: unicode)
    }

    func clip(_ s: String, to n: Int) -> String { s.count <= n ? s : String(s.prefix(n - 1)) + "…" }

    /// The report as one JSON object: patterns, total, first, last (objects or null), months.
    public func renderJSON() -> String {
        func mention(_ m: Mention?) -> String {
            guard let m else { return "null" }
            return "{\"timestamp\": \(JSONText.quote(m.timestamp.text)), \"model\": \(JSONText.quoteOrNull(m.model)), "
                + "\"project\": \(JSONText.quoteOrNull(m.project)), \"task\": \(JSONText.quoteOrNull(m.task)), "
                + "\"offset\": \(m.offset), \"line\": \(m.line)}"
        }
        var s = "{\n  \"patterns\": [" + patterns.map(JSONText.quote).joined(separator: ", ") + "],\n"
        s += "  \"total\": \(total),\n  \"first\": \(mention(first)),\n  \"last\": \(mention(last)),\n  \"months\": ["
        s += months.map { "{\"month\": \"\($0.month)\", \"count\": \($0.count)}" }.joined(separator: ", ")
        return s + "]\n}\n"
    }
}
