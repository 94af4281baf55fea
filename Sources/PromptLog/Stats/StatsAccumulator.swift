/// One distinct TASK text (by hash) and where and how often it came up.
struct TaskEntry {
    var counts = OutcomeCounts()
    var firstEpoch = Int64.max
    var lastEpoch = Int64.min
    /// UTC offsets (minutes; `Int16.min` for none) of the earliest and latest timestamps, to show
    /// them in the writer's time without going back into the log.
    var firstZone = Int16.min
    var lastZone = Int16.min
    /// Smallest and largest month as written (year * 12 + month - 1): two months or more when they differ.
    var minMonth = Int32.max
    var maxMonth = Int32.min

    mutating func add(epoch: Int64, zone: Int16, month: Int32, _ c: Classification) {
        counts.add(c)
        if epoch < firstEpoch { firstEpoch = epoch; firstZone = zone }
        if epoch >= lastEpoch { lastEpoch = epoch; lastZone = zone }
        minMonth = min(minMonth, month)
        maxMonth = max(maxMonth, month)
    }

    mutating func merge(_ o: TaskEntry) {
        counts.merge(o.counts)
        if o.firstEpoch < firstEpoch { firstEpoch = o.firstEpoch; firstZone = o.firstZone }
        if o.lastEpoch >= lastEpoch { lastEpoch = o.lastEpoch; lastZone = o.lastZone }
        minMonth = min(minMonth, o.minMonth)
        maxMonth = max(maxMonth, o.maxMonth)
    }
}

/// A block the classifier could not place, for `--unclassified`.
struct UnclassifiedItem {
    var offset: Int
    var timestamp: String
    var model: String?
    var project: String?
    var text: String
}

/// The prompt-shape rows, in report order.
enum ShapeFeature: Int, CaseIterable {
    case wordsUnder80, words80to199, words200plus, namesFile, noFile, number, noNumber, secondPerson,
         notSecondPerson, codeBlock, noCodeBlock
}

/// Aggregates blocks for one part of the log (one per thread); parts are merged at the end.
/// Memory depends on the number of distinct models, projects, months, days and task lines,
/// never on the number of blocks: nothing of a block is kept.
struct StatsAccumulator {
    /// Distinct task lines kept before those seen only once are dropped (see `pruneTasks`).
    static let taskCapacity = 1 << 16

    var total = OutcomeCounts()
    var first: (epoch: Int64, offset: Int)? = nil
    var last: (epoch: Int64, offset: Int)? = nil
    var models = KeyedCounts()
    var projects = KeyedCounts()
    private(set) var months: [Int32: OutcomeCounts] = [:]
    /// Blocks per day (days since 1970 of the instant, UTC).
    private(set) var days: [Int32: Int] = [:]
    private var currentMonth = Int32.min
    private var currentMonthCounts = OutcomeCounts()
    private var currentDay = Int32.min
    private var currentDayCount = 0

    private mutating func flushMonth() {
        if currentMonthCounts.blocks > 0 { months[currentMonth, default: OutcomeCounts()].merge(currentMonthCounts) }
        currentMonthCounts = OutcomeCounts()
    }

    private mutating func flushDay() {
        if currentDayCount > 0 { days[currentDay, default: 0] += currentDayCount }
        currentDayCount = 0
    }

    /// Files the current month and day; call when the scan is done.
    mutating func finish() {
        flushMonth()
        flushDay()
    }
    /// Counts per combination of prompt features (length bucket x 4 yes/no features: 48), one
    /// add per block; folded into the rows of `ShapeFeature` by `shapes`.
    private var shapeCombinations = Array(repeating: OutcomeCounts(), count: 48)

    /// Counts per row of `ShapeFeature`.
    var shapes: [OutcomeCounts] {
        var rows = Array(repeating: OutcomeCounts(), count: ShapeFeature.allCases.count)
        for (k, c) in shapeCombinations.enumerated() where c.blocks > 0 {
            rows[[ShapeFeature.wordsUnder80, .words80to199, .words200plus][k / 16].rawValue].merge(c)
            rows[(k & 8 != 0 ? ShapeFeature.namesFile : .noFile).rawValue].merge(c)
            rows[(k & 4 != 0 ? ShapeFeature.number : .noNumber).rawValue].merge(c)
            rows[(k & 2 != 0 ? ShapeFeature.secondPerson : .notSecondPerson).rawValue].merge(c)
            rows[(k & 1 != 0 ? ShapeFeature.codeBlock : .noCodeBlock).rawValue].merge(c)
        }
        return rows
    }
    var tasks = TaskTable()
    /// The text of each distinct task (see `BlockReader.task`), kept from its first block so the
    /// report need not go back into the log.
    var taskTexts: [UInt64: [UInt8]] = [:]
    /// Set when task lines seen once were dropped to keep memory bounded.
    var tasksPruned = false
    var unclassified: [UnclassifiedItem] = []
    /// Each block counted, when the filter asks (`StatsRequest.listBlocks`); line numbers are set by the report.
    var eachBlock: [StatsBlock] = []

    private var reader = BlockReader()
    private var verdictCache = ByteTable<Classification>(capacity: 4096, fixedCapacity: true, maxKeyLength: 400)
    private let filter: StatsFilter
    private let taskCapacity: Int

    init(filter: StatsFilter, taskCapacity: Int = StatsAccumulator.taskCapacity) {
        self.filter = filter
        self.taskCapacity = taskCapacity
    }

    /// Reads and counts the blocks in `buf[from..<to]` (`from` at a header or the preamble's start;
    /// `to` at a header or the end). With `releasePages` (a file mapping only), pages already
    /// read are handed back to the kernel as it goes.
    mutating func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, releasePages: Bool) throws {
        var start = LogScanner.nextHeader(buf, from: from)
        var released = from
        let step = 8 << 20
        while start < to {
            let (facts, next) = reader.read(buf, at: start, limit: to)
            try add(buf, facts, offset: start)
            start = next
            if releasePages && start - released >= step {
                PageRelease.drop(buf, from: released, to: start)
                released = start
            }
        }
    }

    mutating func add(_ buf: UnsafeBufferPointer<UInt8>, _ facts: BlockFacts, offset: Int) throws {
        let ts = facts.timestamp
        if let since = filter.since, !since.admitsAsLower(ts) { return }
        if let until = filter.until, !until.admitsAsUpper(ts) { return }
        let modelID = facts.model.map { models.id(buf, $0) }
        let projectID = facts.project.map { projects.id(buf, $0) }
        if let m = filter.model {
            guard let id = modelID, try models.allowed(id, by: m) else { return }
        }
        if let p = filter.project {
            guard let id = projectID, try projects.allowed(id, by: p) else { return }
        }
        let c = classify(facts.hasBullet)
        if let verdicts = filter.verdicts, !verdicts.contains(c.verdict) { return }

        let epoch = ts.epochSeconds
        total.add(c)
        if first == nil || epoch < first!.epoch { first = (epoch, offset) }
        if last == nil || epoch >= last!.epoch { last = (epoch, offset) }
        models.add(modelID, c)
        projects.add(projectID, c)
        let month = Int32(ts.year * 12 + ts.month - 1)
        let day = Int32(epoch >= 0 ? epoch / 86_400 : (epoch - 86_399) / 86_400)
        // Logs are in time order: count into the current month and day, file them when they change.
        if month != currentMonth { flushMonth(); currentMonth = month }
        currentMonthCounts.add(c)
        if day != currentDay { flushDay(); currentDay = day }
        currentDayCount += 1
        if let shape = facts.shape {
            let k = shape.lengthBucket * 16 + (shape.namesFileOrFunction ? 8 : 0) + (shape.numberWithUnit ? 4 : 0)
                + (shape.secondPerson ? 2 : 0) + (shape.codeBlock ? 1 : 0)
            shapeCombinations[k].add(c)
        }
        if let h = facts.taskHash {
            let zone = ts.offsetMinutes.map { Int16(clamping: $0) } ?? Int16.min
            if tasks.add(h, epoch: epoch, zone: zone, month: month, c) { taskTexts[h] = Array(reader.task) }
            if tasks.count > taskCapacity { pruneTasks() }
        }
        if filter.listBlocks {
            func text(_ r: Range<Int>?) -> String? { r.map { LogParser.decode(buf, $0.lowerBound, $0.upperBound) } }
            eachBlock.append(StatsBlock(line: 0, offset: offset, timestamp: text(facts.timestampText)!,
                                        model: text(facts.model), project: text(facts.project), classification: c,
                                        bullet: facts.hasBullet ? String(decoding: reader.bullet, as: UTF8.self) : nil,
                                        task: facts.taskHash == nil ? nil : String(decoding: reader.task, as: UTF8.self),
                                        shape: facts.shape))
        }
        if c.verdict == .unclassified && filter.listUnclassified {
            func text(_ r: Range<Int>?) -> String? { r.map { LogParser.decode(buf, $0.lowerBound, $0.upperBound) } }
            unclassified.append(UnclassifiedItem(offset: offset, timestamp: text(facts.timestampText)!,
                                                 model: text(facts.model),
                                                 project: text(facts.project),
                                                 text: String(decoding: reader.bullet, as: UTF8.self)))
        }
    }

    /// The verdict of the bullet the reader holds, remembered for texts seen before.
    private mutating func classify(_ hasBullet: Bool) -> Classification {
        guard hasBullet else { return .none }
        let b = reader.bullet
        if let known = verdictCache.get(b) { return known }
        // The verdict is that of the decoded text, as `Block.verdictText` has it (an invalid byte
        // reads as U+FFFD, which the byte form of the classifier does not see the same way).
        let c = UTF8Check.firstInvalid(b, from: 0) == nil ? OutcomeClassifier.classify(utf8: b)
            : OutcomeClassifier.classify(text: String(decoding: b, as: UTF8.self))
        verdictCache.set(b, c)
        return c
    }

    /// Keeps memory bounded on logs with a great many distinct task lines: drops those seen
    /// once (raising the bar until at most half the capacity is used). Repeats are then
    /// reported as possibly incomplete.
    mutating func pruneTasks() {
        var bar = 1
        while tasks.count > taskCapacity / 2 {
            tasks.keep { $0.counts.blocks > bar }
            bar += 1
        }
        if taskTexts.count > tasks.count {
            taskTexts = taskTexts.filter { tasks.contains($0.key) }
        }
        tasksPruned = true
    }

    mutating func merge(_ o: StatsAccumulator) {
        var o = o
        o.finish()
        finish()
        total.merge(o.total)
        if let f = o.first, first == nil || f.epoch < first!.epoch { first = f }
        if let l = o.last, last == nil || l.epoch >= last!.epoch { last = l }
        models.merge(o.models)
        projects.merge(o.projects)
        for (k, v) in o.months { months[k, default: OutcomeCounts()].merge(v) }
        for (k, v) in o.days { days[k, default: 0] += v }
        for i in shapeCombinations.indices { shapeCombinations[i].merge(o.shapeCombinations[i]) }
        o.tasks.forEach { tasks.merge($0, $1) }
        for (k, v) in o.taskTexts where taskTexts[k] == nil { taskTexts[k] = v }
        tasksPruned = tasksPruned || o.tasksPruned
        if tasks.count > taskCapacity { pruneTasks() }
        unclassified += o.unclassified
        eachBlock += o.eachBlock
    }
}

/// Counts per header value (model or project), keyed by the value's bytes.
struct KeyedCounts {
    private var ids = ByteTable<Int>()
    /// Counts per id; blocks without the field are counted under `absent`.
    private(set) var counts: [OutcomeCounts] = []
    private(set) var keys: [String] = []
    private(set) var absent = OutcomeCounts()
    private var verdictsOfFilter: [Bool?] = []

    mutating func id(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int {
        let key = UnsafeBufferPointer(rebasing: buf[r])
        if let id = ids.get(key) { return id }
        let id = counts.count
        ids.set(key, id)
        counts.append(OutcomeCounts())
        keys.append(String(decoding: key, as: UTF8.self))
        verdictsOfFilter.append(nil)
        return id
    }

    /// Whether the filter pattern matches the value with this id (asked once per distinct value).
    mutating func allowed(_ id: Int, by matcher: Matcher) throws -> Bool {
        if let known = verdictsOfFilter[id] { return known }
        let ok = try matcher.matches(keys[id])
        verdictsOfFilter[id] = ok
        return ok
    }

    mutating func add(_ id: Int?, _ c: Classification) {
        if let id { counts[id].add(c) } else { absent.add(c) }
    }

    mutating func merge(_ o: KeyedCounts) {
        for (k, key) in o.keys.enumerated() where o.counts[k].blocks > 0 {
            var copy = key
            let id = copy.withUTF8 { b in self.id(b, 0..<b.count) }
            counts[id].merge(o.counts[k])
        }
        absent.merge(o.absent)
    }

    /// Every value with blocks, and `-` for blocks without one.
    var groups: [(key: String, counts: OutcomeCounts)] {
        var out = keys.indices.filter { counts[$0].blocks > 0 }.map { (keys[$0], counts[$0]) }
        if absent.blocks > 0 { out.append(("-", absent)) }
        return out
    }
}

/// The filters as stats applies them: compiled once, copied per thread.
struct StatsFilter {
    var since: DateBound?
    var until: DateBound?
    var model: Matcher?
    var project: Matcher?
    var verdicts: Set<Verdict>?
    var listUnclassified: Bool
    var listBlocks = false

    func copy() -> StatsFilter {
        var f = self
        f.model = model?.copy()
        f.project = project?.copy()
        return f
    }
}

/// Distinct task lines by hash: open addressing with the entries inline, so counting a block
/// costs one probe (a `Dictionary` hashes its key again with SipHash on every lookup). Each key
/// sits with its entry: a probe of a big table is a cache miss, and one is enough.
struct TaskTable {
    private struct Slot {
        var key: UInt64 = 0  // 0: empty
        var entry = TaskEntry()
    }
    private var slots: [Slot]
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
    }

    @inline(__always) private static func key(_ h: UInt64) -> UInt64 { h == 0 ? 1 : h }

    @inline(__always) private func slot(_ k: UInt64) -> (Int, Bool) {
        slots.withUnsafeBufferPointer { s in
            let mask = s.count - 1
            var i = Int(truncatingIfNeeded: (k &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while true {
                let found = s[i].key
                if found == k { return (i, true) }
                if found == 0 { return (i, false) }
                i = (i + 1) & mask
            }
        }
    }

    func contains(_ h: UInt64) -> Bool { slot(TaskTable.key(h)).1 }

    /// Counts a block for the task with hash `h`; true when the task is new.
    @discardableResult
    mutating func add(_ h: UInt64, epoch: Int64, zone: Int16, month: Int32, _ c: Classification) -> Bool {
        let k = TaskTable.key(h)
        let (i, found) = slot(k)
        if found {
            slots[i].entry.add(epoch: epoch, zone: zone, month: month, c)
            return false
        }
        var e = TaskEntry()
        e.add(epoch: epoch, zone: zone, month: month, c)
        insert(k, e, at: i)
        return true
    }

    mutating func merge(_ h: UInt64, _ e: TaskEntry) {
        let k = TaskTable.key(h)
        let (i, found) = slot(k)
        if found { slots[i].entry.merge(e) } else { insert(k, e, at: i) }
    }

    private mutating func insert(_ k: UInt64, _ e: TaskEntry, at i: Int) {
        slots[i] = Slot(key: k, entry: e)
        count += 1
        if count * 2 > slots.count { rebuild(size: slots.count * 2) { _ in true } }
    }

    /// Keeps only the entries `keep` accepts.
    mutating func keep(_ keep: (TaskEntry) -> Bool) {
        rebuild(size: slots.count, keep)
    }

    private mutating func rebuild(size: Int, _ keep: (TaskEntry) -> Bool) {
        let old = slots
        slots = Array(repeating: Slot(), count: size)
        count = 0
        for o in old where o.key != 0 && keep(o.entry) {
            let (i, _) = slot(o.key)
            slots[i] = o
            count += 1
        }
    }

    func forEach(_ body: (UInt64, TaskEntry) -> Void) {
        for o in slots where o.key != 0 { body(o.key, o.entry) }
    }
}
