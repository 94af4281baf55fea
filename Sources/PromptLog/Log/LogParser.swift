import CSupport

/// A whole log, parsed: the preamble and the blocks in file order.
public struct ParsedLog: Sendable {
    /// Bytes before the first header, kept as written.
    public var preamble: [UInt8]
    public var blocks: [Block]
}

/// Turns log bytes into blocks. Never fails and never drops bytes: anything that is not
/// structure stays in the text of the block (or the preamble) it sits in.
public enum LogParser {
    /// Parses a whole log.
    public static func parse(_ bytes: [UInt8]) -> ParsedLog {
        bytes.withUnsafeBufferPointer { buf in
            var blocks: [Block] = []
            let preambleEnd = LogScanner.scan(buf) { blocks.append(block(buf, $0)) }
            return ParsedLog(preamble: Array(buf[0..<preambleEnd]), blocks: blocks)
        }
    }

    /// Parses a whole log given as text.
    public static func parse(_ text: String) -> ParsedLog { parse(Array(text.utf8)) }

    /// Decodes the block at `span` (found by `LogScanner`).
    public static func block(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan) -> Block {
        let tsBounds = LogScanner.headerTimestampEnd(buf, at: span.offset)!
        let timestamp = Timestamp.parse(buf, tsBounds.start, tsBounds.end)!
        let headerLineEnd = trimLineEnd(buf, span.offset, span.headerEnd)
        let fields = headerFields(buf, tsBounds.end, headerLineEnd)
        func field(_ i: Int) -> String? {
            guard i < fields.count, fields[i] != "-" else { return nil }
            return fields[i]
        }
        let contentEnd = LogScanner.contentEnd(buf, span)

        var leading: [String] = []
        var sections: [Section] = []
        var current: (name: String, inline: String, bodyStart: Int, bodyEnd: Int)? = nil
        func close() {
            guard let c = current else { return }
            sections.append(Section(name: c.name, inline: c.inline, body: body(buf, c.bodyStart, c.bodyEnd)))
            current = nil
        }
        var p = span.headerEnd
        while p < contentEnd {
            let next = min(LogScanner.lineEnd(buf, from: p), contentEnd)
            let textEnd = trimLineEnd(buf, p, next)
            if let colon = keywordColon(buf, p, textEnd) {
                close()
                var inlineStart = colon + 1
                if inlineStart < textEnd && (buf[inlineStart] == 32 || buf[inlineStart] == 9) { inlineStart += 1 }
                current = (decode(buf, p, colon), decode(buf, inlineStart, textEnd), next, next)
            } else if current != nil {
                current!.bodyEnd = next
            } else {
                leading.append(decode(buf, p, textEnd))
            }
            p = next
        }
        close()
        while let l = leading.last, l.allSatisfy({ $0 == " " || $0 == "\t" }) { leading.removeLast() }
        return Block(span: span, timestamp: timestamp, model: field(0), project: field(1),
                     extraHeaderFields: fields.count > 2 ? Array(fields[2...]) : [],
                     leadingLines: leading, sections: sections,
                     raw: Array(buf[span.offset..<contentEnd]))
    }

    /// The header fields in `buf[from..<end]` (after the timestamp, line end excluded), decoded:
    /// `plog_header_field` splits them (two or more spaces, a tab or a stray `\r` separate), the
    /// rule stats' reader uses too.
    static func headerFields(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> [String] {
        guard from < end, let base = buf.baseAddress else { return [] }
        precondition(from >= 0 && end <= buf.count, "header fields outside the buffer")
        var fields: [String] = []
        var p = from, s = 0, e = 0
        while plog_header_field(base, p, end, &s, &e) != 0 {
            fields.append(decode(buf, s, e))
            p = e
        }
        return fields
    }

    /// If the line `buf[p..<end]` starts a section (`KEYWORD:` at column 0: an upper-case letter,
    /// then 1 to 31 of `A-Z 0-9 _ -`, a colon, then the line's end, a space or a tab), the colon's
    /// offset. The rule is `plog_keyword_colon`, which stats' block reader uses too.
    static func keywordColon(_ buf: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> Int? {
        guard p < end else { return nil }
        precondition(p >= 0 && end <= buf.count, "keyword line outside the buffer")
        let colon = plog_keyword_colon(buf.baseAddress!, p, end)
        return colon > 0 ? colon : nil
    }

    /// The end of a line's text: before its `\n` and the `\r`s ahead of it. All of them: a line
    /// whose text ended in `\r` could not be written back (`x\r` + `\n` reads as `x`), so the
    /// canonical form would change on every round (found by the parser fuzzer).
    @inline(__always)
    static func trimLineEnd(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var e = end
        if e > start && buf[e - 1] == 10 { e -= 1 }
        while e > start && buf[e - 1] == 13 { e -= 1 }
        return e
    }

    @inline(__always)
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[start..<end]), as: UTF8.self)
    }

    /// A section body: lines joined by `\n`, `\r` before line ends removed, leading and trailing blank lines dropped.
    static func body(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var s = start
        var e = end
        // Drop leading blank lines.
        while s < e {
            let le = LogScanner.lineEnd(buf, from: s)
            let te = trimLineEnd(buf, s, min(le, e))
            if (s..<te).allSatisfy({ buf[$0] == 32 || buf[$0] == 9 }) { s = min(le, e) } else { break }
        }
        e = trimLineEnd(buf, s, LogScanner.trimTrailingBlankLines(buf, from: s, to: e))
        guard s < e else { return "" }
        let slice = UnsafeBufferPointer(rebasing: buf[s..<e])
        if memchr(slice.baseAddress!, 13, slice.count) == nil {
            return String(decoding: slice, as: UTF8.self)
        }
        // Drop every run of `\r` that ends a line (as `trimLineEnd` does); keep the others.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(slice.count)
        var i = 0
        while i < slice.count {
            if slice[i] == 13 {
                var j = i
                while j < slice.count && slice[j] == 13 { j += 1 }
                if j < slice.count && slice[j] != 10 { bytes += slice[i..<j] }
                i = j
                continue
            }
            bytes.append(slice[i])
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
