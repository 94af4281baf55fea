import PromptLog

/// A three-way merge of a log at the level of blocks, for `plog sync`.
///
/// git's own `merge=union` driver merges line by line, and two blocks appended at the same place
/// can share lines ("OUTCOME:", "- Worked first try."), which a line merge may fold into one,
/// corrupting both blocks. Merging whole blocks cannot:
///
/// - Blocks both sides share at the start stay as they are (the local bytes are kept).
/// - After them come the blocks only one side has, in timestamp order; each side keeps its own
///   order, and on equal timestamps the local block comes first.
/// - A block that both sides have is kept once. A block the base had that one side deleted (or
///   edited, which is a deletion plus a new block) and the other left alone stays deleted.
/// - Text before the first block (the preamble) merges the same way, as one unit.
enum LogMerge {
    struct Result: Equatable {
        var bytes: [UInt8]
        /// Blocks taken from `theirs` that `ours` did not have.
        var fromTheirs: Int
        /// Blocks of `ours` dropped because `theirs` deleted them.
        var droppedFromOurs: Int
        /// Blocks in the result.
        var total: Int
    }

    static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> Result {
        let o = Units(ours), t = Units(theirs), b = Units(base)
        if ours == theirs || theirs == base {
            return Result(bytes: ours, fromTheirs: 0, droppedFromOurs: 0, total: o.blocks.count)
        }
        if ours == base {
            let added = t.blocks.filter { !b.keys.contains($0.key) }.count
            return Result(bytes: theirs, fromTheirs: added, droppedFromOurs: 0, total: t.blocks.count)
        }
        let baseKeys = b.keys
        var common = 0
        while common < o.blocks.count && common < t.blocks.count && o.blocks[common].key == t.blocks[common].key {
            common += 1
        }
        var theirsCount: [[UInt8]: Int] = [:]
        for u in t.blocks { theirsCount[u.key, default: 0] += 1 }
        var oursAvailable: [[UInt8]: Int] = [:]
        for u in o.blocks { oursAvailable[u.key, default: 0] += 1 }

        var keptOurs: [Unit] = []
        var dropped = 0
        for u in o.blocks[common...] {
            if theirsCount[u.key, default: 0] > 0 || !baseKeys.contains(u.key) { keptOurs.append(u) } else { dropped += 1 }
        }
        var keptTheirs: [Unit] = []
        for u in t.blocks[common...] {
            if oursAvailable[u.key, default: 0] > 0 {
                oursAvailable[u.key]! -= 1
            } else if !baseKeys.contains(u.key) {
                keptTheirs.append(u)
            }
        }

        // Interleave by time, each side in its own order, local first on ties.
        var merged: [Unit] = Array(o.blocks[..<common])
        var i = 0, j = 0
        while i < keptOurs.count || j < keptTheirs.count {
            if j == keptTheirs.count || i < keptOurs.count && keptOurs[i].time <= keptTheirs[j].time {
                merged.append(keptOurs[i]); i += 1
            } else {
                merged.append(keptTheirs[j]); j += 1
            }
        }

        var out = preamble(base: b.preamble, ours: o.preamble, theirs: t.preamble)
        if !out.isEmpty && out.last != 10 && !merged.isEmpty { out.append(10) }
        for (k, u) in merged.enumerated() {
            out += u.raw
            if k + 1 < merged.count {
                // Each block but the last ends with a blank line before the next header.
                if out.last != 10 { out.append(10) }
                if !endsWithBlankLine(out) { out.append(10) }
            }
        }
        return Result(bytes: out, fromTheirs: keptTheirs.count, droppedFromOurs: dropped, total: merged.count)
    }

    private static func preamble(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> [UInt8] {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        // Both changed it: ours, then the lines of theirs that ours lacks.
        let ourLines = Set(ours.split(separator: 10, omittingEmptySubsequences: false).map(Array.init))
        var out = ours
        for line in theirs.split(separator: 10, omittingEmptySubsequences: false) where !ourLines.contains(Array(line)) {
            if !out.isEmpty && out.last != 10 { out.append(10) }
            out += line
            out.append(10)
        }
        return out
    }

    private static func endsWithBlankLine(_ bytes: [UInt8]) -> Bool {
        // The last line is complete; is the one before it blank?
        var k = bytes.count - 2
        while k >= 0 && (bytes[k] == 13 || bytes[k] == 32 || bytes[k] == 9) { k -= 1 }
        return k < 0 || bytes[k] == 10
    }

    /// One block: its bytes as written (trailing blank lines included), its identity (the
    /// bytes without trailing blank lines) and its time.
    struct Unit {
        var raw: [UInt8]
        var key: [UInt8]
        var time: Int64
    }

    /// A log cut into its preamble and blocks.
    struct Units {
        var preamble: [UInt8] = []
        var blocks: [Unit] = []
        var keys: Set<[UInt8]> { Set(blocks.map(\.key)) }

        init(_ bytes: [UInt8]) {
            var preamble: [UInt8] = []
            var blocks: [Unit] = []
            bytes.withUnsafeBufferPointer { buf in
                let first = LogScanner.scan(buf, countLines: false) { span in
                    let contentEnd = LogScanner.contentEnd(buf, span)
                    var key = Array(buf[span.offset..<max(contentEnd, span.headerEnd)])
                    if key.last != 10 { key.append(10) }
                    // The time the scanner read the header by (splitting the decoded line on characters
                    // missed `2025-...\r\n`: a `\r\n` is one character).
                    let time = LogScanner.headerTime(buf, at: span.offset)?.epochSeconds ?? 0
                    blocks.append(Unit(raw: Array(buf[span.offset..<span.end]), key: key, time: time))
                }
                preamble = Array(buf[0..<first])
            }
            self.preamble = preamble
            self.blocks = blocks
        }
    }
}
