/// What `plog stats` is asked for.
public struct StatsRequest: Sendable {
    /// Which blocks count: model and project patterns (PCRE2, unanchored, caseless, as for
    /// recall), dates, verdicts. Default: every block.
    public var filter: RecallFilter
    /// Groups with fewer blocks with a verdict than this are marked too small instead of ranked (default 5).
    public var minN: Int
    /// Collect the blocks whose outcome the classifier cannot place (default false).
    public var listUnclassified: Bool
    /// Threads to use (default: the online processors, `PLOG_THREADS` to override).
    public var threads: Int?
    /// Collect what stats read of each block it counted, as `StatsReport.eachBlock` (default
    /// false): a diagnostic that shows stats' own reading, to hold it to the parser's.
    public var listBlocks = false

    public init(filter: RecallFilter = RecallFilter(), minN: Int = 5, listUnclassified: Bool = false, threads: Int? = nil) {
        self.filter = filter; self.minN = minN; self.listUnclassified = listUnclassified; self.threads = threads
    }
}

/// One row of a breakdown: a model, project, month or prompt-shape bucket and its verdicts.
public struct StatsGroup: Sendable, Equatable {
    /// The value (`claude-sonnet-4-5`, `ios/captio`, `2025-08`, `words:<80`); `-` for blocks without a model or project.
    public var key: String
    /// A readable label (for shapes: `under 80 words`); the key otherwise.
    public var label: String
    public var counts: OutcomeCounts
    /// Whether the group has fewer blocks with a verdict than the request's minimum n.
    public var tooSmall: Bool
    /// 1-based rank by hit rate among groups that are not too small (nil for those that are, and for months and shapes).
    public var rank: Int?

    public init(key: String, label: String? = nil, counts: OutcomeCounts, tooSmall: Bool = false, rank: Int? = nil) {
        self.key = key; self.label = label ?? key; self.counts = counts; self.tooSmall = tooSmall; self.rank = rank
    }
}

/// A TASK shape that keeps coming back: a candidate for a template.
public struct RepeatedTask: Sendable, Equatable {
    /// The most used wording of the shape's leading form, as written (lines joined by a space).
    public var task: String
    /// The normalised shape (`write: parser test unit`).
    public var key: String
    /// Blocks with this shape.
    public var count: Int
    /// Distinct task lines merged into the shape.
    public var variants: Int
    /// Timestamps (as written) of the earliest and latest block.
    public var first: String
    public var last: String
    /// Calendar months from the first to the last (inclusive); at least 2.
    public var monthsSpanned: Int
    public var counts: OutcomeCounts
}

/// What stats read of one block it counted (`StatsRequest.listBlocks`): the same reading the
/// report is computed from.
public struct StatsBlock: Sendable, Equatable {
    public var line: Int
    public var offset: Int
    public var timestamp: String
    public var model: String?
    public var project: String?
    /// The verdict of `bullet`.
    public var classification: Classification
    /// The first OUTCOME bullet; nil when the block has none.
    public var bullet: String?
    /// The task as stats keys it: `Block.task` with its lines joined by a space; nil without one.
    public var task: String?
    /// The first prompt's shape; nil without a prompt, or one with no word and no code block.
    public var shape: PromptShape?
}

/// A block whose first OUTCOME bullet the rules cannot place.
public struct UnclassifiedBlock: Sendable, Equatable {
    public var line: Int
    public var offset: Int
    public var timestamp: String
    public var model: String?
    public var project: String?
    /// The first OUTCOME bullet.
    public var text: String
}

/// Everything `plog stats` reports.
public struct StatsReport: Sendable {
    public var total: OutcomeCounts
    public var blocks: Int { total.blocks }
    /// Header timestamps (as written) of the earliest and latest block by instant.
    public var first: String?
    public var last: String?
    /// Blocks in the recent window (the 8 weeks up to the latest block, or the whole span when shorter) and its length in days.
    public var recentBlocks: Int
    public var recentDays: Int
    /// Blocks per week in the recent window.
    public var perWeek: Double? { recentDays > 0 ? Double(recentBlocks) * 7 / Double(recentDays) : nil }
    /// Ranked first (by hit rate), then the groups too small to rank (by blocks).
    public var byModel: [StatsGroup]
    public var byProject: [StatsGroup]
    /// Oldest month first.
    public var byMonth: [StatsGroup]
    /// In feature order: length, names a file or function, number with a unit, second person, code block.
    public var byShape: [StatsGroup]
    /// Most frequent first.
    public var repeats: [RepeatedTask]
    /// False when the log had so many distinct task lines that some seen once were dropped.
    public var repeatsComplete: Bool
    /// In log order; empty unless asked for.
    public var unclassified: [UnclassifiedBlock]
    public var minN: Int
    /// Every block counted, in log order, when the request asked for them (`listBlocks`); else empty.
    public var eachBlock: [StatsBlock] = []
}

public enum Stats {
    /// Repeats: a task shape must come up at least this often ...
    public static let repeatMinimum = 3
    /// ... over at least this many calendar months.
    public static let repeatMonths = 2
    /// The recent window for "blocks per week lately".
    public static let recentWindowDays = 56

    /// Computes the statistics of the log at `logPath`. A missing log is an error; an empty one is not.
    public static func run(_ request: StatsRequest, logPath: String) throws -> StatsReport {
        guard Path.exists(logPath) else {
            throw PlogError.invalidInput(input: logPath, reason: "no log here yet",
                                         hint: "add a first block with `plog add`, or point --file (or PLOG_FILE) at your log")
        }
        let file = try MappedFile(path: logPath)
        file.adviseSequential()
        return try file.withBytes { try compute($0, request, releasePages: true) }
    }

    /// Computes the statistics of a log given as text (tests, small logs).
    public static func compute(_ text: String, _ request: StatsRequest = StatsRequest()) throws -> StatsReport {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try compute($0, request) }
    }

    /// Computes the statistics of a log held in memory. `releasePages` (only for a file mapping:
    /// on other memory it would discard the data) hands pages already read back to the kernel,
    /// so resident memory stays flat however big the log.
    public static func compute(_ buf: UnsafeBufferPointer<UInt8>, _ request: StatsRequest,
                               releasePages: Bool = false) throws -> StatsReport {
        try compute(buf, request, releasePages: releasePages, taskCapacity: StatsAccumulator.taskCapacity)
    }

    static func compute(_ buf: UnsafeBufferPointer<UInt8>, _ request: StatsRequest, releasePages: Bool,
                        taskCapacity: Int) throws -> StatsReport {
        let opts = PCRE2Matcher.Options(caseless: true)
        let filter = StatsFilter(since: request.filter.since, until: request.filter.until,
                                 model: try request.filter.model.map { try PCRE2Matcher($0, options: opts) },
                                 project: try request.filter.project.map { try PCRE2Matcher($0, options: opts) },
                                 verdicts: request.filter.verdicts, listUnclassified: request.listUnclassified,
                                 listBlocks: request.listBlocks)
        let n = buf.count
        // Below a few megabytes threads cost more than they save.
        let parts = n >= 4 << 20 ? max(1, request.threads ?? Parallel.cores) : 1
        var bounds = [0]
        for i in 1..<parts { bounds.append(max(bounds[i - 1], LogScanner.nextHeader(buf, from: n * i / parts))) }
        bounds.append(n)
        let accumulators = try Parallel.map(parts) { i -> StatsAccumulator in
            var acc = StatsAccumulator(filter: i == 0 ? filter : filter.copy(), taskCapacity: taskCapacity)
            try acc.scan(buf, from: bounds[i], to: bounds[i + 1], releasePages: releasePages)
            return acc
        }
        var acc = accumulators[0]
        acc.finish()
        for other in accumulators.dropFirst() { acc.merge(other) }
        return report(acc, buf, request)
    }

    static func report(_ acc: StatsAccumulator, _ buf: UnsafeBufferPointer<UInt8>, _ request: StatsRequest) -> StatsReport {
        let minN = request.minN
        func timestampText(_ offset: Int) -> String {
            let ts = LogScanner.headerTimestampEnd(buf, at: offset)!
            return LogParser.decode(buf, ts.start, ts.end)
        }

        // Recent pace: the 8 weeks up to the latest block (whole days, UTC), or the span when shorter.
        var recentBlocks = 0, recentDays = 0
        if let first = acc.first, let last = acc.last {
            let lastDay = Int32(last.epoch >= 0 ? last.epoch / 86_400 : (last.epoch - 86_399) / 86_400)
            let firstDay = Int32(first.epoch >= 0 ? first.epoch / 86_400 : (first.epoch - 86_399) / 86_400)
            recentDays = Int(min(Int32(recentWindowDays), lastDay - firstDay + 1))
            let from = lastDay - Int32(recentDays) + 1
            recentBlocks = acc.days.reduce(0) { $0 + ($1.key >= from ? $1.value : 0) }
        }

        let byMonth = acc.months.keys.sorted().map { k -> StatsGroup in
            let key = pad(Int(k) / 12, 4) + "-" + pad(Int(k) % 12 + 1, 2)
            let c = acc.months[k]!
            return StatsGroup(key: key, counts: c, tooSmall: c.verdicts < minN)
        }
        let shapeNames: [(String, String)] = [
            ("words:<80", "under 80 words"), ("words:80-199", "80-199 words"), ("words:200+", "200+ words"),
            ("names_file:yes", "names a file/function"), ("names_file:no", "no file/function"),
            ("number_with_unit:yes", "number with a unit"), ("number_with_unit:no", "no number with a unit"),
            ("second_person:yes", "second person (you)"), ("second_person:no", "not second person"),
            ("code_block:yes", "has a code block"), ("code_block:no", "no code block"),
        ]
        let shapeRows = acc.shapes
        let byShape = ShapeFeature.allCases.map { f -> StatsGroup in
            let c = shapeRows[f.rawValue]
            return StatsGroup(key: shapeNames[f.rawValue].0, label: shapeNames[f.rawValue].1, counts: c,
                              tooSmall: c.verdicts < minN)
        }
        var unclassified: [UnclassifiedBlock] = []
        if request.listUnclassified {
            var items = acc.unclassified
            items.sort { $0.offset < $1.offset }
            var line = 1, at = 0
            for item in items {
                line += ByteCount.newlines(buf, from: at, to: item.offset)
                at = item.offset
                unclassified.append(UnclassifiedBlock(line: line, offset: item.offset, timestamp: item.timestamp,
                                                      model: item.model, project: item.project, text: item.text))
            }
        }
        var eachBlock: [StatsBlock] = []
        if request.listBlocks {
            var line = 1, at = 0
            for var item in acc.eachBlock {  // in log order: parts are merged in order
                line += ByteCount.newlines(buf, from: at, to: item.offset)
                at = item.offset
                item.line = line
                eachBlock.append(item)
            }
        }
        var result = StatsReport(total: acc.total, first: acc.first.map { timestampText($0.offset) },
                           last: acc.last.map { timestampText($0.offset) },
                           recentBlocks: recentBlocks, recentDays: recentDays,
                           byModel: ranked(acc.models.groups, minN: minN), byProject: ranked(acc.projects.groups, minN: minN),
                           byMonth: byMonth, byShape: byShape,
                           repeats: repeats(acc.tasks, acc.taskTexts), repeatsComplete: !acc.tasksPruned,
                           unclassified: unclassified, minN: minN)
        result.eachBlock = eachBlock
        return result
    }

    /// Groups with at least `minN` blocks with a verdict, by hit rate (ties: more blocks, then
    /// key); then the rest, marked too small, by blocks.
    public static func ranked(_ groups: [(key: String, counts: OutcomeCounts)], minN: Int) -> [StatsGroup] {
        let big = groups.filter { $0.counts.verdicts >= minN && $0.counts.verdicts > 0 }.sorted { a, b in
            let ra = a.counts.hitRate.value!, rb = b.counts.hitRate.value!
            if ra != rb { return ra > rb }
            if a.counts.blocks != b.counts.blocks { return a.counts.blocks > b.counts.blocks }
            return a.key < b.key
        }
        let small = groups.filter { !($0.counts.verdicts >= minN && $0.counts.verdicts > 0) }.sorted { a, b in
            a.counts.blocks != b.counts.blocks ? a.counts.blocks > b.counts.blocks : a.key < b.key
        }
        return big.enumerated().map { StatsGroup(key: $1.key, counts: $1.counts, rank: $0 + 1) }
            + small.map { StatsGroup(key: $0.key, counts: $0.counts, tooSmall: true) }
    }

    /// Clusters distinct task lines into shapes (see `TaskShape`) and keeps those that come up
    /// at least `repeatMinimum` times over at least `repeatMonths` calendar months.
    static func repeats(_ tasks: TaskTable, _ texts: [UInt64: [UInt8]]) -> [RepeatedTask] {
        // Exact shapes first: distinct task lines with the same normalised words.
        struct Line { var text: String; var entry: TaskEntry }
        // Normalising every distinct task line is the costly part: spread it over the cores.
        var entries: [(entry: TaskEntry, text: [UInt8])] = []
        tasks.forEach { h, entry in entries.append((entry, texts[h] ?? [])) }
        let parts = entries.count >= 2048 ? Parallel.cores : 1
        let shaped = (try? Parallel.map(parts) { p -> [(TaskShape, Line)] in
            var out: [(TaskShape, Line)] = []
            for k in stride(from: p, to: entries.count, by: parts) {
                let shape = entries[k].text.withUnsafeBufferPointer { TaskShape.of(utf8: $0) }
                let text = String(decoding: entries[k].text, as: UTF8.self)
                if !shape.isEmpty { out.append((shape, Line(text: text, entry: entries[k].entry))) }
            }
            return out
        }) ?? []
        var byShape: [TaskShape: [Line]] = [:]
        for part in shaped { for (shape, line) in part { byShape[shape, default: []].append(line) } }
        let clusters = cluster(byShape.map { shape, lines in
            (shape: shape, count: lines.reduce(0) { $0 + $1.entry.counts.blocks }, first: lines.map(\.entry.firstEpoch).min()!)
        })
        var out: [RepeatedTask] = []
        for members in clusters {
            let lines = members.flatMap { byShape[$0]! }
            var entry = TaskEntry()
            for line in lines { entry.merge(line.entry) }
            guard entry.counts.blocks >= repeatMinimum, entry.maxMonth - entry.minMonth + 1 >= Int32(repeatMonths) else { continue }
            // Shown: the leader's most used wording (ties: the first used, then the first in order).
            let top = byShape[members[0]]!.min { a, b in
                if a.entry.counts.blocks != b.entry.counts.blocks { return a.entry.counts.blocks > b.entry.counts.blocks }
                if a.entry.firstEpoch != b.entry.firstEpoch { return a.entry.firstEpoch < b.entry.firstEpoch }
                return a.text < b.text
            }!
            out.append(RepeatedTask(task: top.text, key: members[0].key, count: entry.counts.blocks,
                                    variants: lines.count, first: timestampText(entry.firstEpoch, entry.firstZone),
                                    last: timestampText(entry.lastEpoch, entry.lastZone),
                                    monthsSpanned: Int(entry.maxMonth - entry.minMonth) + 1, counts: entry.counts))
        }
        return out.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.last != b.last { return a.last > b.last }
            return a.task < b.task
        }
    }

    /// An instant as the writer's clock showed it (canonical form; no offset when none was written).
    static func timestampText(_ epoch: Int64, _ zone: Int16) -> String {
        let offset = zone == Int16.min ? 0 : Int(zone)
        let local = epoch + Int64(offset) * 60
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = Int(local - days * 86_400)
        let (y, m, d) = DateBound.civilFromDays(Int(days))
        return Timestamp(year: y, month: m, day: d, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60,
                         offsetMinutes: zone == Int16.min ? nil : offset).canonical
    }

    /// Groups shapes: in order of frequency (then of first use), each shape joins the most
    /// similar cluster leader (the cluster's most frequent shape) it `matches`, ties going to the
    /// older cluster, or leads a new cluster. Each result lists its leader first.
    ///
    /// Candidates are found by prefix filtering (Chaudhuri et al.; Bayardo et al., "All pairs"):
    /// with words ordered rarest first, two sets with Jaccard similarity >= t share a word among
    /// the first |x| - ceil(t|x|) + 1 of each, so only leaders sharing such a word are compared.
    /// The result is the same as comparing with every leader, at a fraction of the cost.
    static func cluster(_ shapes: [(shape: TaskShape, count: Int, first: Int64)]) -> [[TaskShape]] {
        let ordered = shapes.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.first != b.first { return a.first < b.first }
            if a.shape.head != b.shape.head { return a.shape.head < b.shape.head }
            return a.shape.words.lexicographicallyPrecedes(b.shape.words)
        }
        var wordIDs: [String: Int32] = [:]
        var frequency: [Int] = []
        var headIDs: [String: Int32] = [:]
        var items: [(head: Int32, ids: [Int32])] = []
        items.reserveCapacity(ordered.count)
        for (shape, _, _) in ordered {
            var ids: [Int32] = []
            for w in shape.words {
                let id = wordIDs[w] ?? { let n = Int32(frequency.count); wordIDs[w] = n; frequency.append(0); return n }()
                frequency[Int(id)] += 1
                ids.append(id)
            }
            let head = headIDs[shape.head] ?? { let n = Int32(headIDs.count); headIDs[shape.head] = n; return n }()
            items.append((head, ids.sorted()))
        }
        func prefix(_ ids: [Int32]) -> ArraySlice<Int32> {
            let rarest = ids.sorted { frequency[Int($0)] != frequency[Int($1)] ? frequency[Int($0)] < frequency[Int($1)] : $0 < $1 }
            let needed = Int((TaskShape.threshold * Double(ids.count)).rounded(.up))
            return rarest.prefix(ids.count - needed + 1)
        }
        func similarity(_ a: [Int32], _ b: [Int32]) -> Double {
            if a.isEmpty && b.isEmpty { return 1 }
            var i = 0, j = 0, shared = 0
            while i < a.count && j < b.count {
                if a[i] == b[j] { shared += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
            }
            return Double(shared) / Double(a.count + b.count - shared)
        }
        var leaders: [Int] = []          // item index of each cluster's leader
        var members: [[Int]] = []
        var index: [Int64: [Int]] = [:]  // (head, word) -> clusters; word -1 for shapes with no other words
        var seen: [Int] = []             // last item that looked at a cluster
        for (k, item) in items.enumerated() {
            let keys: [Int64] = item.ids.isEmpty ? [Int64(item.head) << 32 | 0xFFFF_FFFF]
                : prefix(item.ids).map { Int64(item.head) << 32 | Int64($0) }
            var best: (cluster: Int, similarity: Double)? = nil
            for key in keys {
                for c in index[key] ?? [] where seen[c] != k {
                    seen[c] = k
                    let s = similarity(items[leaders[c]].ids, item.ids)
                    // Ties go to the older cluster, as if every leader were compared in order.
                    if s >= TaskShape.threshold && (best == nil || s > best!.similarity || (s == best!.similarity && c < best!.cluster)) {
                        best = (c, s)
                    }
                }
            }
            if let best {
                members[best.cluster].append(k)
            } else {
                let c = leaders.count
                leaders.append(k)
                members.append([k])
                seen.append(k)
                for key in keys { index[key, default: []].append(c) }
            }
        }
        return members.map { $0.map { ordered[$0].shape } }
    }
}
