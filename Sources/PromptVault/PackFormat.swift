import PromptLog

// Git's pack format (version 2) and its index (version 2), as far as plog writes and reads
// them: whole objects and REF_DELTA entries. Specification: git's
// Documentation/gitformat-pack.txt.

// MARK: - Deltas

/// A git delta: how to build a target from a source with copy and insert instructions.
struct Delta: Equatable {
    enum Op: Equatable {
        /// Copy `length` bytes of the source starting at `offset`.
        case copy(offset: Int, length: Int)
        /// Insert these bytes.
        case insert([UInt8])
    }

    var sourceSize: Int
    var targetSize: Int
    var ops: [Op]

    /// Bytes the delta inserts (what it costs beyond copy instructions).
    var insertedCount: Int {
        ops.reduce(0) { n, op in if case let .insert(b) = op { return n + b.count }; return n }
    }

    /// The delta from `source` to `target`: copies of the runs they share (see `SourceMap`),
    /// inserts for the rest. For an append-only log this is one copy and one insert; an edit in
    /// the middle costs the edited bytes, not everything after them.
    static func between(source: UnsafeRawBufferPointer, target: UnsafeRawBufferPointer) -> Delta {
        let map = SourceMap(old: source, new: target)
        var ops: [Op] = []
        var at = 0
        for run in map.runs {
            if run.new > at { ops.append(.insert(Array(target[at..<run.new]))) }
            ops.append(.copy(offset: run.old, length: run.length))
            at = run.new + run.length
        }
        if target.count > at { ops.append(.insert(Array(target[at..<target.count]))) }
        return Delta(sourceSize: source.count, targetSize: target.count, ops: ops)
    }

    /// The delta from a source of `sourceSize` bytes to `target`, which starts with the whole
    /// source (a log that grew): one copy and, when it grew, one insert.
    static func appending(to sourceSize: Int, target: UnsafeRawBufferPointer) -> Delta {
        precondition(sourceSize <= target.count)
        var ops: [Op] = sourceSize > 0 ? [.copy(offset: 0, length: sourceSize)] : []
        if target.count > sourceSize { ops.append(.insert(Array(target[sourceSize..<target.count]))) }
        return Delta(sourceSize: sourceSize, targetSize: target.count, ops: ops)
    }

    /// The same target, built from `newSource` instead of `oldSource` (`map` relates the two).
    /// Copies of bytes the new source also has are moved; inserted bytes that the new source
    /// holds where the target continues (text appended to the old source, which the new source
    /// now contains) become copies too; the rest is inserted. The cost is in the inserted bytes,
    /// not in the size of the target.
    func rebased(oldSource: UnsafeRawBufferPointer, newSource: UnsafeRawBufferPointer, map: SourceMap) -> Delta {
        var out: [Op] = []
        func appendCopy(_ offset: Int, _ length: Int) {
            guard length > 0 else { return }
            if case let .copy(o, l)? = out.last, o + l == offset {
                out[out.count - 1] = .copy(offset: o, length: l + length)
            } else {
                out.append(.copy(offset: offset, length: length))
            }
        }
        func appendInsert(_ bytes: ArraySlice<UInt8>) {
            guard !bytes.isEmpty else { return }
            if case let .insert(b)? = out.last { out[out.count - 1] = .insert(b + bytes) } else { out.append(.insert(Array(bytes))) }
        }
        // Where in the new source the target would continue, if it follows the new source.
        var cursor = 0
        for op in ops {
            switch op {
            case let .insert(bytes):
                if cursor + bytes.count <= newSource.count, let base = newSource.baseAddress,
                   bytes.withUnsafeBytes({ memcmp($0.baseAddress!, base + cursor, bytes.count) }) == 0 {
                    appendCopy(cursor, bytes.count)
                } else {
                    appendInsert(bytes[...])
                }
                cursor += bytes.count
            case let .copy(offset, length):
                var pos = offset
                let end = offset + length
                while pos < end {
                    if let run = map.run(containing: pos) {
                        let n = min(end, run.old + run.length) - pos
                        let at = run.new + (pos - run.old)
                        appendCopy(at, n)
                        cursor = at + n
                        pos += n
                    } else {
                        let next = min(end, map.nextRun(after: pos)?.old ?? end)
                        appendInsert(Array(oldSource[pos..<next])[...])
                        cursor += next - pos
                        pos = next
                    }
                }
            }
        }
        return Delta(sourceSize: newSource.count, targetSize: targetSize, ops: out)
    }

    /// The delta's bytes: source and target sizes, then the instructions.
    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 + insertedCount + insertedCount / 127 + ops.count * 8)
        Delta.appendVarint(sourceSize, to: &out)
        Delta.appendVarint(targetSize, to: &out)
        for op in ops {
            switch op {
            case let .insert(bytes):
                var i = 0
                while i < bytes.count {
                    let n = min(127, bytes.count - i)
                    out.append(UInt8(n))
                    out += bytes[i..<(i + n)]
                    i += n
                }
            case let .copy(offset, length):
                var pos = offset
                var left = length
                while left > 0 {
                    let n = min(left, 0xFF_FFFF)
                    var command: UInt8 = 0x80
                    var args: [UInt8] = []
                    for k in 0..<4 {
                        let b = UInt8(truncatingIfNeeded: pos >> (8 * k))
                        if b != 0 { command |= 1 << k; args.append(b) }
                    }
                    if n != 0x10000 {
                        for k in 0..<3 {
                            let b = UInt8(truncatingIfNeeded: n >> (8 * k))
                            if b != 0 { command |= 1 << (4 + k); args.append(b) }
                        }
                    }
                    out.append(command)
                    out += args
                    pos += n
                    left -= n
                }
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) throws -> Delta {
        var i = 0
        func varint() throws -> Int {
            var value = 0, shift = 0
            while true {
                guard i < bytes.count, shift < 63 else { throw PackError.corrupt("delta header") }
                let b = bytes[i]; i += 1
                value |= Int(b & 0x7F) << shift
                shift += 7
                if b & 0x80 == 0 { return value }
            }
        }
        let source = try varint()
        let target = try varint()
        var ops: [Op] = []
        while i < bytes.count {
            let c = bytes[i]; i += 1
            if c & 0x80 != 0 {
                var offset = 0, length = 0
                for k in 0..<4 where c & (1 << k) != 0 {
                    guard i < bytes.count else { throw PackError.corrupt("delta copy") }
                    offset |= Int(bytes[i]) << (8 * k); i += 1
                }
                for k in 0..<3 where c & (1 << (4 + k)) != 0 {
                    guard i < bytes.count else { throw PackError.corrupt("delta copy") }
                    length |= Int(bytes[i]) << (8 * k); i += 1
                }
                if length == 0 { length = 0x10000 }
                ops.append(.copy(offset: offset, length: length))
            } else if c > 0 {
                let n = Int(c)
                guard i + n <= bytes.count else { throw PackError.corrupt("delta insert") }
                ops.append(.insert(Array(bytes[i..<(i + n)])))
                i += n
            } else {
                throw PackError.corrupt("delta instruction 0")
            }
        }
        return Delta(sourceSize: source, targetSize: target, ops: ops)
    }

    /// Builds the target (used to check deltas in tests and after a rebase).
    func apply(to source: UnsafeRawBufferPointer) throws -> [UInt8] {
        guard source.count == sourceSize else { throw PackError.corrupt("delta source size") }
        var out: [UInt8] = []
        out.reserveCapacity(targetSize)
        for op in ops {
            switch op {
            case let .insert(b): out += b
            case let .copy(offset, length):
                guard offset >= 0, offset + length <= source.count else { throw PackError.corrupt("delta copy range") }
                out += source[offset..<(offset + length)]
            }
        }
        guard out.count == targetSize else { throw PackError.corrupt("delta target size") }
        return out
    }

    static func appendVarint(_ value: Int, to out: inout [UInt8]) {
        var v = value
        repeat {
            var b = UInt8(v & 0x7F)
            v >>= 7
            if v > 0 { b |= 0x80 }
            out.append(b)
        } while v > 0
    }
}

/// How an old source relates to a new one: the runs of bytes they share, in order. Found by
/// comparing from the start and from the end, and in between by re-synchronising after each
/// difference on a 16-byte anchor, so that an edit in the middle of a log (or a block pasted
/// into it) breaks one run instead of everything after it. Not a general diff: text that moved
/// is not found, which a log does not need.
struct SourceMap: Equatable {
    struct Run: Equatable {
        var old: Int
        var new: Int
        var length: Int
    }

    var runs: [Run]
    var oldCount: Int
    var newCount: Int

    /// Bytes of the new source that an anchor is searched in after a difference.
    static let searchLimit = 8 << 20
    /// Bytes of the other side indexed for anchors.
    static let window = 1 << 16
    static let anchor = 16

    init(runs: [Run], oldCount: Int, newCount: Int) {
        self.runs = runs; self.oldCount = oldCount; self.newCount = newCount
    }

    init(old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer) {
        oldCount = old.count
        newCount = new.count
        runs = []
        let limit = min(old.count, new.count)
        let prefix = SourceMap.matchForward(old, 0, new, 0, limit)
        var suffix = 0
        while suffix < limit - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        if prefix > 0 { runs.append(Run(old: 0, new: 0, length: prefix)) }
        let oldEnd = old.count - suffix, newEnd = new.count - suffix
        var p = prefix, q = prefix
        var attempts = 0
        // A bounded number of re-synchronisations: a log has few edits; text that shares nothing
        // with the old source should not be searched for long.
        while p + SourceMap.anchor <= oldEnd && q + SourceMap.anchor <= newEnd && attempts < 256 {
            attempts += 1
            guard let (i, j) = SourceMap.resync(old, p, oldEnd, new, q, newEnd) else { break }
            let n = SourceMap.matchForward(old, i, new, j, min(oldEnd - i, newEnd - j))
            runs.append(Run(old: i, new: j, length: n))
            p = i + n
            q = j + n
        }
        if suffix > 0 { runs.append(Run(old: oldEnd, new: newEnd, length: suffix)) }
    }

    /// The run that holds old offset `pos`.
    func run(containing pos: Int) -> Run? {
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].old + runs[mid].length <= pos { lo = mid + 1 } else { hi = mid }
        }
        guard lo < runs.count, runs[lo].old <= pos else { return nil }
        return runs[lo]
    }

    /// The first run starting after old offset `pos`.
    func nextRun(after pos: Int) -> Run? { runs.first { $0.old > pos } }

    /// Length of the common run starting at old[i] and new[j], at most `limit`.
    static func matchForward(_ old: UnsafeRawBufferPointer, _ i: Int, _ new: UnsafeRawBufferPointer, _ j: Int, _ limit: Int) -> Int {
        guard limit > 0, let a = old.baseAddress, let b = new.baseAddress else { return 0 }
        var n = 0
        let chunk = 1 << 12
        while n + chunk <= limit && memcmp(a + i + n, b + j + n, chunk) == 0 { n += chunk }
        while n < limit && old[i + n] == new[j + n] { n += 1 }
        return n
    }

    /// The next place (old offset, new offset) where both sides agree again on an anchor:
    /// old's next window is indexed and new is scanned (an insertion of any size up to
    /// `searchLimit`), then the other way round (a deletion).
    static func resync(_ old: UnsafeRawBufferPointer, _ p: Int, _ oldEnd: Int,
                       _ new: UnsafeRawBufferPointer, _ q: Int, _ newEnd: Int) -> (Int, Int)? {
        if let (i, j) = scan(indexed: old, from: p, to: min(oldEnd, p + window), scanned: new, from: q,
                             to: min(newEnd, q + searchLimit)) { return (i, j) }
        if let (j, i) = scan(indexed: new, from: q, to: min(newEnd, q + window), scanned: old, from: p,
                             to: min(oldEnd, p + searchLimit)) { return (i, j) }
        return nil
    }

    private static func key(_ buf: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        let a = buf.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        let b = buf.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)
        return a &* 0x9E37_79B9_7F4A_7C15 ^ b
    }

    /// The first position in `scanned` whose anchor also starts in the indexed range, with that
    /// indexed position (the earliest one).
    private static func scan(indexed: UnsafeRawBufferPointer, from: Int, to: Int,
                             scanned: UnsafeRawBufferPointer, from sFrom: Int, to sTo: Int) -> (Int, Int)? {
        guard to - from >= anchor, sTo - sFrom >= anchor else { return nil }
        var table: [UInt64: Int] = [:]
        table.reserveCapacity(to - from)
        var k = to - anchor
        while k >= from {
            table[key(indexed, k)] = k
            k -= 1
        }
        var j = sFrom
        while j + anchor <= sTo {
            if let i = table[key(scanned, j)], memcmp(indexed.baseAddress! + i, scanned.baseAddress! + j, anchor) == 0 {
                return (i, j)
            }
            j += 1
        }
        return nil
    }
}

/// Pack data plog cannot read.
package enum PackError: Error, CustomStringConvertible, Equatable {
    case corrupt(String)
    package var description: String {
        switch self { case let .corrupt(what): return "corrupt pack data (\(what))" }
    }
}

// MARK: - Pack entries

/// Pack entry types (git's numbers).
enum PackEntryType: UInt8 {
    case commit = 1, tree = 2, blob = 3, tag = 4, offsetDelta = 6, refDelta = 7

    init(_ kind: ObjectKind) { self.init(rawValue: UInt8(kind.rawValue))! }

    var objectKind: ObjectKind? { ObjectKind(rawValue: Int(rawValue)) }
}

enum PackEntry {
    /// The type-and-size header of an entry.
    static func header(type: PackEntryType, size: Int) -> [UInt8] {
        var out: [UInt8] = []
        var v = size >> 4
        var first = UInt8(size & 15) | type.rawValue << 4
        if v > 0 { first |= 0x80 }
        out.append(first)
        while v > 0 {
            var b = UInt8(v & 0x7F)
            v >>= 7
            if v > 0 { b |= 0x80 }
            out.append(b)
        }
        return out
    }

    /// A whole object, compressed.
    static func whole(kind: ObjectKind, bytes: UnsafeRawBufferPointer, level: Int32 = -1) throws -> [UInt8] {
        header(type: PackEntryType(kind), size: bytes.count) + (try Zlib.deflate(bytes, level: level))
    }

    /// A delta against `base` (another object in the same pack).
    static func refDelta(base: ObjectID, delta: Delta) throws -> [UInt8] {
        let data = delta.encoded()
        return header(type: .refDelta, size: data.count) + base.bytes + (try Zlib.deflate(data))
    }

    /// The parsed header of the entry at `offset`: type, size, where its data starts, and the
    /// base of a REF_DELTA.
    static func parse(_ buf: UnsafeRawBufferPointer, at offset: Int) throws
        -> (type: PackEntryType, size: Int, dataStart: Int, base: ObjectID?) {
        var i = offset
        guard i < buf.count else { throw PackError.corrupt("entry offset") }
        var c = buf[i]; i += 1
        guard let type = PackEntryType(rawValue: (c >> 4) & 7) else { throw PackError.corrupt("entry type") }
        var size = Int(c & 15)
        var shift = 4
        while c & 0x80 != 0 {
            guard i < buf.count, shift < 60 else { throw PackError.corrupt("entry size") }
            c = buf[i]; i += 1
            size |= Int(c & 0x7F) << shift
            shift += 7
        }
        var base: ObjectID? = nil
        if type == .refDelta {
            guard i + 20 <= buf.count else { throw PackError.corrupt("delta base") }
            base = ObjectID(bytes: Array(buf[i..<(i + 20)]))
            i += 20
        } else if type == .offsetDelta {
            // Skip the offset (plog never writes these, but a pack it reads may hold them).
            while i < buf.count && buf[i] & 0x80 != 0 { i += 1 }
            i += 1
        }
        return (type, size, i, base)
    }
}

// MARK: - Pack index (version 2)

/// A parsed `.idx` file: object ids in sorted order, their CRC-32s and offsets in the pack.
struct PackIndex {
    var ids: [ObjectID]
    var crcs: [UInt32]
    var offsets: [Int]
    /// The checksum of the pack this index belongs to.
    var packChecksum: [UInt8]

    init(ids: [ObjectID], crcs: [UInt32], offsets: [Int], packChecksum: [UInt8]) {
        self.ids = ids; self.crcs = crcs; self.offsets = offsets; self.packChecksum = packChecksum
    }

    init(parsing buf: UnsafeRawBufferPointer) throws {
        func u32(_ at: Int) throws -> UInt32 {
            guard at + 4 <= buf.count else { throw PackError.corrupt("index truncated") }
            return UInt32(buf[at]) << 24 | UInt32(buf[at + 1]) << 16 | UInt32(buf[at + 2]) << 8 | UInt32(buf[at + 3])
        }
        guard buf.count >= 8 + 1024 + 40, try u32(0) == 0xFF74_4F63, try u32(4) == 2 else {
            throw PackError.corrupt("not a version 2 pack index")
        }
        let n = Int(try u32(8 + 255 * 4))
        let idsAt = 8 + 1024
        let crcAt = idsAt + n * 20
        let offAt = crcAt + n * 4
        let bigAt = offAt + n * 4
        guard bigAt + 40 <= buf.count else { throw PackError.corrupt("index truncated") }
        var ids: [ObjectID] = [], crcs: [UInt32] = [], offsets: [Int] = []
        ids.reserveCapacity(n); crcs.reserveCapacity(n); offsets.reserveCapacity(n)
        for k in 0..<n {
            ids.append(ObjectID(bytes: Array(buf[(idsAt + k * 20)..<(idsAt + k * 20 + 20)])))
            crcs.append(try u32(crcAt + k * 4))
            let o = try u32(offAt + k * 4)
            if o & 0x8000_0000 != 0 {
                let j = bigAt + Int(o & 0x7FFF_FFFF) * 8
                offsets.append(Int(try u32(j)) << 32 | Int(try u32(j + 4)))
            } else {
                offsets.append(Int(o))
            }
        }
        let trailer = buf.count - 40
        self.init(ids: ids, crcs: crcs, offsets: offsets, packChecksum: Array(buf[trailer..<(trailer + 20)]))
    }

    /// The index file's bytes for `entries` (any order) of a pack whose checksum is `packChecksum`.
    static func encode(_ entries: [(id: ObjectID, crc: UInt32, offset: Int)], packChecksum: [UInt8]) -> [UInt8] {
        let sorted = entries.sorted { $0.id < $1.id }
        var out: [UInt8] = [0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2]
        func put(_ v: UInt32) { out += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
        var fanout = [UInt32](repeating: 0, count: 256)
        for e in sorted { fanout[Int(e.id.bytes[0])] += 1 }
        var running: UInt32 = 0
        for k in 0..<256 { running += fanout[k]; put(running) }
        for e in sorted { out += e.id.bytes }
        for e in sorted { put(e.crc) }
        var big: [Int] = []
        for e in sorted {
            if e.offset < 0x8000_0000 { put(UInt32(e.offset)) } else { put(0x8000_0000 | UInt32(big.count)); big.append(e.offset) }
        }
        for o in big { put(UInt32(truncatingIfNeeded: o >> 32)); put(UInt32(truncatingIfNeeded: o)) }
        out += packChecksum
        out += SHA1.digest(out)
        return out
    }
}
