import CSupport

/// What `plog doctor` learns from a log's bytes: how many blocks, and the first line of each
/// kind of damage. The parser never fails (it keeps every byte), so "does not parse" here means
/// lines that will not be read the way the user meant them.
public struct LogHealth: Sendable, Equatable {
    /// Size in bytes.
    public var bytes: Int
    /// Number of lines (a last line without `\n` counts).
    public var lines: Int
    public var blocks: Int
    /// First line holding a byte sequence that is not UTF-8, and how many lines do.
    public var firstInvalidUTF8Line: Int?
    public var invalidUTF8Lines: Int
    /// First line holding a NUL byte.
    public var firstNULLine: Int?
    /// First `## YYYY-...` line whose timestamp does not parse: it reads as text of the block
    /// above instead of starting a block. And how many there are.
    public var firstMalformedHeaderLine: Int?
    public var malformedHeaders: Int
    /// Whether the log is empty or ends with `\n`. When false, the last write was cut off.
    public var endsWithNewline: Bool
    /// The 1-based line where the unfinished last line starts (when `endsWithNewline` is false).
    public var cutLine: Int?
    /// The header line of the block holding the unfinished line (nil when it is in the preamble).
    public var cutBlockLine: Int?

    /// Whether nothing is wrong.
    public var isClean: Bool {
        firstInvalidUTF8Line == nil && firstNULLine == nil && firstMalformedHeaderLine == nil && endsWithNewline
    }

    /// Examines `buf` (a whole log) in a few linear passes, all at memory speed.
    public static func analyze(_ buf: UnsafeBufferPointer<UInt8>) -> LogHealth {
        let n = buf.count
        var blocks = 0
        LogScanner.scan(buf, countLines: false) { _ in blocks += 1 }
        var lineStarts = LineIndex(buf)
        var health = LogHealth(bytes: n, lines: 0, blocks: blocks, firstInvalidUTF8Line: nil, invalidUTF8Lines: 0,
                               firstNULLine: nil, firstMalformedHeaderLine: nil, malformedHeaders: 0,
                               endsWithNewline: n == 0 || buf[n - 1] == 10, cutLine: nil, cutBlockLine: nil)
        health.lines = LogScanner.countNewlines(buf, from: 0, to: n) + (health.endsWithNewline ? 0 : 1)

        // Invalid UTF-8: count lines, not sequences (one bad paste is one problem to fix).
        var p = 0
        var lastBadLine = 0
        while let bad = UTF8Check.firstInvalid(buf, from: p) {
            let line = lineStarts.line(of: bad)
            if line != lastBadLine {
                health.invalidUTF8Lines += 1
                if health.firstInvalidUTF8Line == nil { health.firstInvalidUTF8Line = line }
                lastBadLine = line
            }
            p = bad + 1
        }

        if let base = buf.baseAddress, n > 0, let nul = memchr(base, 0, n) {
            health.firstNULLine = lineStarts.line(of: base.distance(to: nul.assumingMemoryBound(to: UInt8.self)))
        }

        // Lines that start like a header (`## ` and a date) but are not one.
        // (`plog_header_start`: the first step of the header test, the rest is the timestamp.)
        func checkHeaderLike(_ lineStart: Int) {
            guard let base = buf.baseAddress, plog_header_start(base, lineStart, n) != 0 else { return }
            if !LogScanner.isHeader(buf, at: lineStart) {
                health.malformedHeaders += 1
                if health.firstMalformedHeaderLine == nil { health.firstMalformedHeaderLine = lineStarts.line(of: lineStart) }
            }
        }
        if let base = buf.baseAddress, n > 0 {
            checkHeaderLike(0)
            var lineStart = plog_header_line_candidate(base, 1, n)
            while lineStart < n {
                checkHeaderLike(lineStart)
                lineStart = plog_header_line_candidate(base, lineStart + 1, n)
            }
        }

        if !health.endsWithNewline, let base = buf.baseAddress {
            var lastLineStart = 0
            if let nl = plog_memrchr(base, 10, n) {
                lastLineStart = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
            }
            health.cutLine = health.lines
            if let header = LogScanner.headerAtOrBefore(buf, lastLineStart) {
                health.cutBlockLine = lineStarts.line(of: header)
            }
        }
        return health
    }

    /// Analyzes bytes held in an array (tests, small logs).
    public static func analyze(_ bytes: [UInt8]) -> LogHealth {
        bytes.withUnsafeBufferPointer { analyze($0) }
    }
}

/// Line numbers of offsets, asked in increasing order (it counts forward from the last answer;
/// an earlier offset restarts from the top).
struct LineIndex {
    let buf: UnsafeBufferPointer<UInt8>
    var offset = 0
    var line = 1

    init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

    mutating func line(of target: Int) -> Int {
        if target < offset { offset = 0; line = 1 }
        line += LogScanner.countNewlines(buf, from: offset, to: target)
        offset = target
        return line
    }
}

/// UTF-8 validation over bytes, eight ASCII bytes at a time.
enum UTF8Check {
    /// The offset of the first byte at or after `from` that starts an invalid sequence, or nil.
    static func firstInvalid(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = buf.count
        guard let base = buf.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var i = from
        while i < n {
            // ASCII fast path.
            while i + 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { return nil }
            let c = buf[i]
            if c < 0x80 { i += 1; continue }
            let len: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: len = 2
            case 0xE0: len = 3; lo = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: len = 3
            case 0xED: len = 3; hi = 0x9F  // no surrogates
            case 0xF0: len = 4; lo = 0x90
            case 0xF1...0xF3: len = 4
            case 0xF4: len = 4; hi = 0x8F  // nothing above U+10FFFF
            default: return i
            }
            guard i + len <= n else { return i }
            let c1 = buf[i + 1]
            guard c1 >= lo && c1 <= hi else { return i }
            for k in 2..<len where buf[i + k] & 0xC0 != 0x80 { return i }
            i += len
        }
        return nil
    }
}
