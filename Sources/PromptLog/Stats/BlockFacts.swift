import CSupport

/// What stats needs from one block, read straight from the log's bytes without decoding the
/// block (`LogParser.block` builds strings for every section; at a gigabyte that is the cost
/// that matters). The rules are those of `LogParser` and `Block` because they are the same C
/// functions (`plog_header_field`, `plog_keyword_colon`, `plog_unquote`, `plog_task_line`,
/// `plog_outcome_line`), and headers are `LogScanner.headerTimestamp`'s; `Invariants.stats`
/// (the `stats` fuzzer and the unit tests) holds the two readings to agree block by block.
struct BlockFacts {
    /// The header's timestamp, without its `text` (see `timestampText`).
    var timestamp: Timestamp
    var timestampText: Range<Int>
    /// Byte ranges of the model and project header fields; nil when absent or `-`.
    var model: Range<Int>?
    var project: Range<Int>?
    /// Whether the block has an OUTCOME bullet (its text is the reader's `bullet`).
    var hasBullet = false
    /// The prompt's shape; nil when the block has no prompt, or one without a word or code block.
    var shape: PromptShape?
    /// Hash of the task text (`BlockReader.task`); nil without task text.
    var taskHash: UInt64?
}

/// Reads `BlockFacts` (the reading itself is `plog_block_read` in C, which documents it): the
/// header's model and project, the first TASK section's text (its lines trimmed, blank ones left
/// out, joined by a space), the first OUTCOME bullet (across OUTCOME sections: its first line and
/// continuation lines, joined by `\n`), the first PROMPT's shape. Tests hold it to `LogParser`.
struct BlockReader {
    /// The texts of the last block read; one reader per thread (copies share the buffers).
    private let scratch = BlockScratch()
    private var state = plog_block()

    /// The first OUTCOME bullet of the last block read (valid until the next read).
    var bullet: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: scratch.bullet, count: state.bullet_length) }
    /// The task text of the last block read (valid until the next read).
    var task: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: scratch.task, count: state.task_length) }

    /// The header the last read stopped at, parsed already (offset -1: none). Plain fields, not
    /// an optional tuple: copying a tuple holding a `Timestamp` goes through generic value witnesses.
    private var nextHeaderOffset = -1
    private var nextHeaderStart = 0, nextHeaderEnd = 0
    private var nextHeaderTimestamp = Timestamp(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0,
                                                offsetMinutes: nil, text: "")

    /// Reads the block whose header starts at `offset`, up to the next header or `limit`
    /// (finding the next header on the way, so the log is read once); returns where it ends.
    mutating func read(_ buf: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> (facts: BlockFacts, end: Int) {
        var blockEnd = limit
        let facts = read(buf, offset: offset, end: limit, stopAtHeader: &blockEnd)
        return (facts, blockEnd)
    }

    /// Reads the block at `span` (found by `LogScanner`).
    mutating func read(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan) -> BlockFacts {
        var ignored = span.end
        return read(buf, offset: span.offset, end: span.end, stopAtHeader: &ignored)
    }

    private mutating func read(_ buf: UnsafeBufferPointer<UInt8>, offset: Int, end: Int,
                               stopAtHeader blockEnd: inout Int) -> BlockFacts {
        let timestamp: Timestamp, stampStart: Int, stampEnd: Int
        if nextHeaderOffset == offset {
            (timestamp, stampStart, stampEnd) = (nextHeaderTimestamp, nextHeaderStart, nextHeaderEnd)
        } else {
            let h = LogScanner.headerTimestamp(buf, at: offset)!
            (timestamp, stampStart, stampEnd) = (h.timestamp, h.start, h.end)
        }
        nextHeaderOffset = -1
        let base = buf.baseAddress!
        while true {
            state.task = scratch.task
            state.task_capacity = scratch.taskCapacity
            state.bullet = scratch.bullet
            state.bullet_capacity = scratch.bulletCapacity
            var p = plog_block_begin(base, stampEnd, end, &state)
            var notHeader: Int32 = 0
            blockEnd = end
            while p < end {
                p = plog_block_read(base, p, end, notHeader, &state)
                guard p < end else { break }
                if let h = LogScanner.headerTimestamp(buf, at: p) {  // the next block
                    nextHeaderOffset = p
                    nextHeaderStart = h.start
                    nextHeaderEnd = h.end
                    nextHeaderTimestamp = h.timestamp
                    blockEnd = p
                    break
                }
                notHeader = 1
            }
            // A text longer than its buffer: a bigger one, and the block again (rare: a buffer
            // grows to the longest task or bullet of the log).
            guard state.task_length > state.task_capacity || state.bullet_length > state.bullet_capacity else { break }
            scratch.grow(task: state.task_length, bullet: state.bullet_length)
        }

        var facts = BlockFacts(timestamp: timestamp, timestampText: stampStart..<stampEnd,
                               model: state.model_start < state.model_end ? state.model_start..<state.model_end : nil,
                               project: state.project_start < state.project_end ? state.project_start..<state.project_end : nil)
        facts.hasBullet = state.has_bullet != 0
        if state.task_length > 0 { facts.taskHash = ByteTable<Int>.hash(task) }
        let s = state.shape
        if state.has_prompt != 0 && (s.words > 0 || s.code_block != 0) {
            facts.shape = PromptShape(words: s.words, namesFileOrFunction: s.names_code != 0,
                                      numberWithUnit: s.number_with_unit != 0, secondPerson: s.second_person != 0,
                                      codeBlock: s.code_block != 0)
        }
        return facts
    }
}

/// The task and bullet buffers `plog_block_read` writes into: allocated once per reader, grown
/// to the longest text met, freed with the reader.
private final class BlockScratch {
    private(set) var task: UnsafeMutablePointer<UInt8>
    private(set) var bullet: UnsafeMutablePointer<UInt8>
    private(set) var taskCapacity: Int
    private(set) var bulletCapacity: Int

    /// 1 KiB each to start with: tasks and bullets are a line or two.
    init(capacity: Int = 1024) {
        task = .allocate(capacity: capacity)
        bullet = .allocate(capacity: capacity)
        taskCapacity = capacity
        bulletCapacity = capacity
    }

    /// Makes room for texts of these lengths.
    func grow(task taskLength: Int, bullet bulletLength: Int) {
        if taskLength > taskCapacity {
            task.deallocate()
            taskCapacity = max(taskLength, taskCapacity * 2)
            task = .allocate(capacity: taskCapacity)
        }
        if bulletLength > bulletCapacity {
            bullet.deallocate()
            bulletCapacity = max(bulletLength, bulletCapacity * 2)
            bullet = .allocate(capacity: bulletCapacity)
        }
    }

    deinit {
        task.deallocate()
        bullet.deallocate()
    }
}

/// A small open-addressing table from byte strings to values, with its keys in one arena (no
/// allocation per lookup). Used to remember verdicts of outcome texts seen before and to give
/// models and projects small ids.
struct ByteTable<Value> {
    /// A key (its hash, and where its bytes are in `arena`) with its value; hash 0: empty.
    private struct Slot {
        var hash: UInt64 = 0
        var start: Int32 = 0
        var length: Int32 = 0
        var value: Value? = nil
    }
    private var slots: [Slot]
    private var arena: [UInt8] = []
    private(set) var count = 0
    /// When set, a full table stops taking new keys instead of growing (a cache).
    let fixedCapacity: Bool
    /// Keys longer than this are never stored (a cache of short texts).
    let maxKeyLength: Int

    init(capacity: Int = 64, fixedCapacity: Bool = false, maxKeyLength: Int = .max) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        self.fixedCapacity = fixedCapacity
        self.maxKeyLength = maxKeyLength
    }

    /// A 64-bit hash of `key`, eight bytes at a time (every block's task, outcome, model and
    /// project are hashed: a byte-at-a-time hash was a tenth of `plog stats`). The length is
    /// mixed in first, and each step is a bijection of the state for a given word, so two keys
    /// of the same length that differ only in their last eight bytes never collide.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = key.count
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: n)
        guard let base = key.baseAddress else { return h | 1 }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func mix(_ w: UInt64) {
            h = (h ^ w) &* 0x9e37_79b9_7f4a_7c15
            h ^= h >> 29
        }
        var i = 0
        while i + 8 <= n {
            mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        if i < n {
            var w: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                w |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            mix(w)
        }
        return h | 1  // 0 marks an empty slot
    }

    /// Where `key` is, or the empty slot where it would go. Through unsafe pointers: every
    /// block looks up its model, project and outcome text.
    private func slot(_ key: UnsafeBufferPointer<UInt8>, _ h: UInt64) -> (index: Int, found: Bool) {
        slots.withUnsafeBufferPointer { s in
            arena.withUnsafeBufferPointer { a in
                let mask = s.count - 1
                var i = Int(truncatingIfNeeded: h) & mask
                while true {
                    let found = s[i].hash
                    if found == 0 { return (i, false) }
                    if found == h && Int(s[i].length) == key.count
                        && (key.isEmpty || memcmp(a.baseAddress! + Int(s[i].start), key.baseAddress!, key.count) == 0) {
                        return (i, true)
                    }
                    i = (i + 1) & mask
                }
            }
        }
    }

    func get(_ key: UnsafeBufferPointer<UInt8>) -> Value? {
        let h = ByteTable.hash(key)
        let s = slot(key, h)
        return s.found ? slots[s.index].value : nil
    }

    /// Stores `value` for `key` (a fixed-capacity table that is full, or a key that is too long, is left as it is).
    mutating func set(_ key: UnsafeBufferPointer<UInt8>, _ value: Value) {
        guard key.count <= maxKeyLength else { return }
        let h = ByteTable.hash(key)
        let s = slot(key, h)
        if s.found { slots[s.index].value = value; return }
        if (count + 1) * 4 > slots.count * 3 {
            if fixedCapacity { return }
            grow()
            set(key, value)
            return
        }
        slots[s.index] = Slot(hash: h, start: Int32(arena.count), length: Int32(key.count), value: value)
        arena.append(contentsOf: key)
        count += 1
    }

    private mutating func grow() {
        let (old, oldArena) = (slots, arena)
        slots = Array(repeating: Slot(), count: slots.count * 2)
        arena = []
        count = 0
        oldArena.withUnsafeBufferPointer { a in
            for o in old where o.hash != 0 {
                set(UnsafeBufferPointer(rebasing: a[Int(o.start)..<Int(o.start) + Int(o.length)]), o.value!)
            }
        }
    }

    /// Every key with its value.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Value) -> Void) {
        arena.withUnsafeBufferPointer { a in
            for o in slots where o.hash != 0 {
                body(UnsafeBufferPointer(rebasing: a[Int(o.start)..<Int(o.start) + Int(o.length)]), o.value!)
            }
        }
    }
}
