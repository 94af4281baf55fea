import CSupport
/// Finds blocks in a log's bytes without decoding them.
///
/// A block starts at a header line: `## ` at column 0 followed by a timestamp (see
/// `Timestamp`). Any other line, including `> ## 2024-...` inside a quoted prompt, is text.
/// Every byte of the log belongs either to the preamble (before the first header) or to
/// exactly one block, so nothing is ever dropped.
public enum LogScanner {
    /// Whether a header line starts at `p` (which must be the start of a line).
    @inline(__always)
    public static func isHeader(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        headerTimestampEnd(buf, at: p) != nil
    }

    /// For a header at `p`: the bounds of its timestamp token. `nil` when `p` starts no header.
    static func headerTimestampEnd(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> (start: Int, end: Int)? {
        guard let h = headerTimestamp(buf, at: p) else { return nil }
        return (h.start, h.end)
    }

    /// The timestamp of the header line at `p` (without `text`); nil when `p` starts no header.
    public static func headerTime(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> Timestamp? {
        headerTimestamp(buf, at: p)?.timestamp
    }

    /// For a header at `p`: its timestamp (without `text`) and the bounds of the token, for
    /// scans that need the time of every block without parsing it twice.
    static func headerTimestamp(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> (start: Int, end: Int, timestamp: Timestamp)? {
        let n = buf.count
        guard p >= 0, p + 3 < n, let b = buf.baseAddress else { return nil }
        // Reads through the base address (every index below is checked against `n`): stats
        // looks at every header of the log.
        guard b[p] == 35 else { return nil }
        // The cheap first step (`## `, spaces or tabs, four digits and `-`) is the C readers'
        // `plog_header_like`, so stats stops at every line this may accept; then the timestamp.
        let s = plog_header_start(b, p, n)
        guard s != 0, s + 16 <= n else { return nil }
        var e = s
        while e < n, b[e] != 32, b[e] != 9, b[e] != 10, b[e] != 13 { e += 1 }
        guard let ts = Timestamp.parse(buf, s, e, keepText: false) else { return nil }
        return (s, e, ts)
    }

    /// The start of the first header line at or after `from`; `buf.count` when there is none.
    public static func nextHeader(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        let n = buf.count
        guard from < n, let base = buf.baseAddress else { return n }
        // A header at 0 has no `\n` before it; every other one is a line start the search finds.
        if from == 0, isHeader(buf, at: 0) { return 0 }
        var p = from
        while p < n {
            p = plog_header_line_candidate(base, p, n)
            if p >= n || isHeader(buf, at: p) { return p }
            p += 1
        }
        return n
    }

    /// The start of the nearest header line at or before `offset`; `nil` when `offset` is in the preamble.
    public static func headerAtOrBefore(_ buf: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int? {
        guard let base = buf.baseAddress, !buf.isEmpty else { return nil }
        var p = min(offset, buf.count - 1)
        // Move to the start of the line containing p.
        while true {
            var lineStart = 0
            if p > 0, let nl = plog_memrchr(base, 10, p) {
                lineStart = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
            }
            if isHeader(buf, at: lineStart) { return lineStart }
            if lineStart == 0 { return nil }
            p = lineStart - 1
        }
    }

    /// Number of `\n` bytes in `buf[from..<to]`.
    public static func countNewlines(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = buf.baseAddress, from < to else { return 0 }
        var count = 0
        var p = from
        while p < to, let nl = memchr(base + p, 10, to - p) {
            count += 1
            p = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    /// Visits every block in order and returns the end of the preamble (the first header's
    /// offset, or `buf.count` when the log has no block).
    @discardableResult
    public static func scan(_ buf: UnsafeBufferPointer<UInt8>, countLines: Bool = true,
                            _ body: (BlockSpan) throws -> Void) rethrows -> Int {
        let n = buf.count
        let first = nextHeader(buf, from: 0)
        var start = first
        var line = countLines ? countNewlines(buf, from: 0, to: start) + 1 : 0
        while start < n {
            let headerEnd = lineEnd(buf, from: start)
            let next = nextHeader(buf, from: headerEnd)
            try body(BlockSpan(offset: start, end: next, headerEnd: headerEnd, line: line))
            if countLines { line += countNewlines(buf, from: start, to: next) }
            start = next
        }
        return first
    }

    /// The offset just past the line starting at `from` (past its `\n`, or the end of the buffer).
    @inline(__always)
    public static func lineEnd(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = buf.baseAddress, from < buf.count else { return buf.count }
        guard let nl = memchr(base + from, 10, buf.count - from) else { return buf.count }
        return base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
    }

    /// The end of a block's content: `span.end` less the trailing blank lines (lines of only
    /// spaces, tabs or `\r`), keeping the last content line's line end.
    public static func contentEnd(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan) -> Int {
        trimTrailingBlankLines(buf, from: span.headerEnd, to: span.end)
    }

    /// `to` less the blank lines (only spaces, tabs, `\r`) that end `buf[from..<to]`; the last
    /// content line keeps its line end. Returns `from` when every line is blank.
    public static func trimTrailingBlankLines(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = buf.baseAddress else { return from }
        var e = to
        while e > from {
            var lineStart = from
            if e - 1 > from, let nl = plog_memrchr(base + from, 10, e - 1 - from) {
                lineStart = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
            }
            for k in lineStart..<e {
                let c = buf[k]
                if c != 10 && c != 13 && c != 32 && c != 9 { return e }
            }
            e = lineStart
        }
        return from
    }
}
