import CSupport

/// What stats needs from one block, read straight from the log's bytes without decoding the
/// block (`LogParser.block` builds strings for every section; at a gigabyte that is the cost
/// that matters). The reading mirrors `LogParser` and `Block`: the same header fields, the
/// first TASK and PROMPT sections, the first OUTCOME bullet across OUTCOME sections. Tests
/// check the two agree.
struct BlockFacts {
    /// The header's timestamp, without its `text` (see `timestampText`).
    var timestamp: Timestamp
    var timestampText: Range<Int>
    /// Byte ranges of the model and project header fields; nil when absent or `-`.
    var model: Range<Int>?
    var project: Range<Int>?
    /// The first OUTCOME bullet: its first line and continuation lines, joined by `\n`. Nil when
    /// the block has no bullet at all.
    var hasBullet = false
    /// The prompt's shape; nil when the block has no prompt, or one without a word or code block.
    var shape: PromptShape?
    /// Hash of the task text (`BlockReader.task`); nil without task text.
    var taskHash: UInt64?
}

/// Reads `BlockFacts`, keeping scratch buffers between blocks.
struct BlockReader {
    /// The first OUTCOME bullet of the last block read.
    var bullet: [UInt8] = []
    /// The task text of the last block read: the first TASK section's inline text and lines,
    /// each trimmed, blank ones left out, joined by a space.
    var task: [UInt8] = []

    init() {
        bullet.reserveCapacity(256)
        task.reserveCapacity(256)
    }

    private enum Section { case other, task, prompt, outcome }

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
        var facts: BlockFacts
        let headerEnd = LogScanner.lineEnd(buf, from: offset)
        let headerTextEnd = LogParser.trimLineEnd(buf, offset, headerEnd)
        if nextHeaderOffset == offset {
            let (model, project) = BlockReader.headerFields(buf, from: nextHeaderEnd, to: headerTextEnd)
            facts = BlockFacts(timestamp: nextHeaderTimestamp, timestampText: nextHeaderStart..<nextHeaderEnd,
                               model: model, project: project)
        } else {
            let h = LogScanner.headerTimestamp(buf, at: offset)!
            let (model, project) = BlockReader.headerFields(buf, from: h.end, to: headerTextEnd)
            facts = BlockFacts(timestamp: h.timestamp, timestampText: h.start..<h.end, model: model, project: project)
        }
        nextHeaderOffset = -1

        bullet.removeAll(keepingCapacity: true)
        var section = Section.other
        var seenTask = false, seenPrompt = false
        var bulletState = 0  // 0: looking for the first bullet, 1: in it (continuations), 2: done
        var bodyStarted = false  // within an OUTCOME section: past its leading blank lines
        task.removeAll(keepingCapacity: true)
        var shape = PromptShapeScanner()

        let base = buf.baseAddress!
        var p = headerEnd
        while p < end {
            let c = buf[p]
            if c == 35, let h = LogScanner.headerTimestamp(buf, at: p) {  // the next block
                nextHeaderOffset = p
                nextHeaderStart = h.start
                nextHeaderEnd = h.end
                nextHeaderTimestamp = h.timestamp
                blockEnd = p
                break
            }
            if section == .prompt && !(c >= 65 && c <= 90) {
                // Prompt lines are most of a log: the shape scanner reads on to the next line
                // that may be a header or a keyword.
                p = shape.scanLines(base, from: p, limit: end)
                continue
            }
            if !(c >= 65 && c <= 90) && (section == .other || (section == .outcome && bulletState == 2)) {
                // Nothing here counts until the next header or keyword (NOTES, bullets after the
                // first, blank lines): on to the next line that may be one.
                p += plog_next_marked_line(base + p, end - p)
                continue
            }
            let next = LogScanner.lineEnd(buf, from: p)
            let textEnd = LogParser.trimLineEnd(buf, p, next)
            if c >= 65 && c <= 90, let colon = LogParser.keywordColon(buf, p, textEnd) {
                if bulletState == 1 { bulletState = 2 }
                var inline = colon + 1
                if inline < textEnd && (buf[inline] == 32 || buf[inline] == 9) { inline += 1 }
                section = .other
                switch colon - p {
                case 4 where BlockReader.isName(buf, p, "TASK") && !seenTask:
                    seenTask = true
                    section = .task
                    appendTrimmed(buf, inline, textEnd, to: &task)
                case 6 where BlockReader.isName(buf, p, "PROMPT") && !seenPrompt:
                    seenPrompt = true
                    section = .prompt
                    if inline < textEnd { shape.line(UnsafeBufferPointer(rebasing: buf[inline..<textEnd])) }
                case 7 where BlockReader.isName(buf, p, "OUTCOME"):
                    section = .outcome
                    bodyStarted = false
                    if bulletState == 0 && inline < textEnd {
                        bullet.append(contentsOf: UnsafeBufferPointer(rebasing: buf[inline..<textEnd]))
                        bulletState = 1
                        facts.hasBullet = true
                    }
                default: break
                }
                p = next
                continue
            }
            switch section {
            case .task:
                appendTrimmed(buf, p, textEnd, to: &task)
            case .prompt:
                // A prompt line starting with a capital that is not a section keyword.
                shape.line(UnsafeBufferPointer(rebasing: buf[p..<textEnd]))
            case .outcome:
                if bulletState == 2 { break }
                let blank = BlockReader.isBlank(buf, p, textEnd)
                if !bodyStarted {
                    if blank { break }  // leading blank lines of a section body are dropped
                    bodyStarted = true
                }
                if textEnd == p { break }  // empty lines never end or start a bullet
                if bulletState == 1 {
                    if c == 32 || c == 9 {
                        bullet.append(10)
                        bullet.append(contentsOf: UnsafeBufferPointer(rebasing: buf[p..<textEnd]))
                    } else {
                        bulletState = 2
                    }
                    break
                }
                // The first bullet: `- text`, `-`, or a line that is not a bullet (kept whole).
                var s = p
                if c == 45 && (textEnd == p + 1 || buf[p + 1] == 32) { s = min(p + 2, textEnd) }
                bullet.append(contentsOf: UnsafeBufferPointer(rebasing: buf[s..<textEnd]))
                bulletState = 1
                facts.hasBullet = true
            case .other:
                break
            }
            p = next
        }
        if !task.isEmpty { facts.taskHash = task.withUnsafeBufferPointer { ByteTable<Int>.hash($0) } }
        if seenPrompt && !shape.shape.isEmpty { facts.shape = shape.shape }
        return facts
    }

    /// The model and project: header fields after the timestamp, separated by two or more
    /// spaces or a tab (as `LogParser.splitFields`); `-` means absent.
    static func headerFields(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (Range<Int>?, Range<Int>?) {
        var first: Range<Int>? = nil, second: Range<Int>? = nil
        var count = 0
        var i = from
        var start = -1, last = -1
        var spaces = 0
        while i < to && count < 2 {
            let c = buf[i]
            if c == 32 { spaces += 1 }
            else if c == 9 { spaces = 2 }
            else {
                if spaces >= 2 && start >= 0 {
                    if count == 0 { first = start..<last + 1 } else { second = start..<last + 1 }
                    count += 1
                    start = -1
                }
                if start < 0 { start = i }
                last = i
                spaces = 0
            }
            i += 1
        }
        if start >= 0 && count < 2 {
            if count == 0 { first = start..<last + 1 } else { second = start..<last + 1 }
        }
        func field(_ r: Range<Int>?) -> Range<Int>? {
            guard let r else { return nil }
            return r.count == 1 && buf[r.lowerBound] == 45 ? nil : r
        }
        return (field(first), field(second))
    }

    @inline(__always)
    static func isName(_ buf: UnsafeBufferPointer<UInt8>, _ p: Int, _ name: StaticString) -> Bool {
        let s = name.utf8Start
        for k in 0..<name.utf8CodeUnitCount where buf[p + k] != s[k] { return false }
        return true
    }

    @inline(__always)
    static func isBlank(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        var i = s
        while i < e {
            if buf[i] != 32 && buf[i] != 9 { return false }
            i += 1
        }
        return true
    }

    /// Appends `buf[s..<e]` without its leading and trailing spaces and tabs, after a space when
    /// `out` has text already; a blank line adds nothing.
    @inline(__always)
    func appendTrimmed(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, to out: inout [UInt8]) {
        var s = s, e = e
        while s < e && (buf[s] == 32 || buf[s] == 9) { s += 1 }
        while e > s && (buf[e - 1] == 32 || buf[e - 1] == 9) { e -= 1 }
        guard s < e else { return }
        if !out.isEmpty { out.append(32) }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[s..<e]))
    }

}

/// A small open-addressing table from byte strings to values, with its keys in one arena (no
/// allocation per lookup). Used to remember verdicts of outcome texts seen before and to give
/// models and projects small ids.
struct ByteTable<Value> {
    private var hashes: [UInt64]
    private var starts: [Int32]
    private var lengths: [Int32]
    private var values: [Value?]
    private var arena: [UInt8] = []
    private(set) var count = 0
    /// When set, a full table stops taking new keys instead of growing (a cache).
    let fixedCapacity: Bool
    /// Keys longer than this are never stored (a cache of short texts).
    let maxKeyLength: Int

    init(capacity: Int = 64, fixedCapacity: Bool = false, maxKeyLength: Int = .max) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = Array(repeating: 0, count: size)
        starts = Array(repeating: -1, count: size)
        lengths = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
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

    private func slot(_ key: UnsafeBufferPointer<UInt8>, _ h: UInt64) -> (index: Int, found: Bool) {
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            if hashes[i] == 0 { return (i, false) }
            if hashes[i] == h && Int(lengths[i]) == key.count {
                let s = Int(starts[i])
                let same = arena.withUnsafeBufferPointer { a in
                    key.isEmpty || memcmp(a.baseAddress! + s, key.baseAddress!, key.count) == 0
                }
                if same { return (i, true) }
            }
            i = (i + 1) & mask
        }
    }

    func get(_ key: UnsafeBufferPointer<UInt8>) -> Value? {
        let h = ByteTable.hash(key)
        let s = slot(key, h)
        return s.found ? values[s.index] : nil
    }

    /// Stores `value` for `key` (a fixed-capacity table that is full, or a key that is too long, is left as it is).
    mutating func set(_ key: UnsafeBufferPointer<UInt8>, _ value: Value) {
        guard key.count <= maxKeyLength else { return }
        let h = ByteTable.hash(key)
        let s = slot(key, h)
        if s.found { values[s.index] = value; return }
        if (count + 1) * 4 > hashes.count * 3 {
            if fixedCapacity { return }
            grow()
            set(key, value)
            return
        }
        hashes[s.index] = h
        starts[s.index] = Int32(arena.count)
        lengths[s.index] = Int32(key.count)
        values[s.index] = value
        arena.append(contentsOf: key)
        count += 1
    }

    private mutating func grow() {
        let old = (hashes, starts, lengths, values, arena)
        let size = hashes.count * 2
        hashes = Array(repeating: 0, count: size)
        starts = Array(repeating: -1, count: size)
        lengths = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        arena = []
        count = 0
        old.4.withUnsafeBufferPointer { a in
            for i in 0..<old.0.count where old.0[i] != 0 {
                let s = Int(old.1[i])
                set(UnsafeBufferPointer(rebasing: a[s..<s + Int(old.2[i])]), old.3[i]!)
            }
        }
    }

    /// Every key with its value.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Value) -> Void) {
        arena.withUnsafeBufferPointer { a in
            for i in 0..<hashes.count where hashes[i] != 0 {
                let s = Int(starts[i])
                body(UnsafeBufferPointer(rebasing: a[s..<s + Int(lengths[i])]), values[i]!)
            }
        }
    }
}
