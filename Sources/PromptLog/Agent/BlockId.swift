/// How a block is named to an agent, so that it can fetch it again (`plog_get`) or record its
/// outcome (`plog_outcome`).
///
/// - `@<offset>/<timestamp>`, e.g. `@48213/2025-08-14T16:32+09:00`: the byte offset of the
///   block's header line and the timestamp as written there. The timestamp is checked, so an
///   offset that went stale (a sync or an import inserts blocks by time, which moves later
///   blocks) is refused instead of naming another block. `@<offset>` alone is accepted and
///   checked only for a header at that offset.
/// - `<tool>:<prompt id>`, e.g. `claude-code:7c1e2f0a-…`: the tool and the prompt's own id of the
///   block's `SOURCE:` line (captured blocks only). These never go stale.
public enum BlockId: Sendable, Equatable {
    case offset(Int, timestamp: String?)
    case source(tool: String, id: String)

    /// The id of the block whose header starts at `offset` in `buf`.
    static func of(_ buf: UnsafeBufferPointer<UInt8>, offset: Int) -> String {
        "@\(offset)/" + (headerTimestampText(buf, at: offset) ?? "")
    }

    /// The id of a block given its printed text (header first) and its offset in the log.
    static func of(text: [UInt8], offset: Int) -> String {
        text.withUnsafeBufferPointer { "@\(offset)/" + (headerTimestampText($0, at: 0) ?? "") }
    }

    /// `tool:id` for a block with a SOURCE line, else nil.
    static func sourceId(of block: Block) -> String? {
        block.source.map { $0.tool + ":" + $0.id }
    }

    /// Reads an id as an agent passes it (surrounding spaces ignored; a bare number is an offset).
    public static func parse(_ text: String) throws -> BlockId {
        let t = text.trimmingCharacters(in: " \t\n\r")
        func bad() -> PlogError {
            .invalidInput(input: text, reason: "not a block id",
                          hint: "use an id as listed in a plog_search, plog_like or plog_recent result: "
                            + "@OFFSET/TIMESTAMP (e.g. @48213/2025-08-14T16:32+09:00) or TOOL:PROMPT-ID (e.g. claude-code:7c1e2f0a)")
        }
        var body = Substring(t)
        if body.hasPrefix("@") { body = body.dropFirst() }
        let number = body.prefix { $0.isASCII && $0.isNumber }
        if !number.isEmpty, t.hasPrefix("@") || number.count == body.count {
            guard let offset = Int(number) else { throw bad() }
            let rest = body.dropFirst(number.count)
            if rest.isEmpty { return .offset(offset, timestamp: nil) }
            guard rest.hasPrefix("/"), rest.count > 1 else { throw bad() }
            return .offset(offset, timestamp: String(rest.dropFirst()))
        }
        guard let colon = t.firstIndex(of: ":") else { throw bad() }
        let tool = String(t[..<colon]), id = String(t[t.index(after: colon)...])
        guard !tool.isEmpty, !id.isEmpty, !tool.contains(where: \.isWhitespace), !id.contains(where: \.isWhitespace)
        else { throw bad() }
        return .source(tool: tool, id: id)
    }

    /// The block this id names in `buf`, or an error that says why none is found and what to do.
    func locate(_ buf: UnsafeBufferPointer<UInt8>, text: String) throws -> BlockSpan {
        switch self {
        case let .offset(offset, timestamp):
            let stale = PlogError.refused(
                what: text, reason: "no block of the log starts at byte \(offset)"
                    + (timestamp.map { " with the timestamp \($0)" } ?? ""),
                hint: "the log changed since this id was listed (a sync or an import inserts blocks by time); "
                    + "search again (plog_search or plog_recent) for a fresh id")
            guard offset >= 0, offset < buf.count, offset == 0 || buf[offset - 1] == 10,
                  LogScanner.isHeader(buf, at: offset) else { throw stale }
            if let timestamp, BlockId.headerTimestampText(buf, at: offset) != timestamp { throw stale }
            let headerEnd = LogScanner.lineEnd(buf, from: offset)
            return BlockSpan(offset: offset, end: LogScanner.nextHeader(buf, from: headerEnd), headerEnd: headerEnd, line: 0)
        case let .source(tool, id):
            // The SOURCE line writes each word percent-encoded where it holds spaces or `%`.
            let word = { (w: String) in BlockId.regexEscaped(SourceRef.encode(w)) }
            let pattern = "^SOURCE:[ \\t]+" + word(tool) + "[ \\t]+\\S+[ \\t]+" + word(id) + "(?=[ \\t\\r]|$)"
            let searcher = try RecallSearcher(query: RecallQuery(patterns: [pattern], caseless: false))
            var found: BlockSpan?
            _ = try searcher.search(buf, newestFirst: true) { span in
                // The pattern finds the line; the block's own SOURCE (its first) must be the one.
                if let s = LogParser.block(buf, span).source, s.tool == tool, s.id == id { found = span; return false }
                return true
            }
            guard let found else {
                throw PlogError.refused(what: text, reason: "no block of the log has the SOURCE \(tool) … \(id)",
                                        hint: "ids of the form TOOL:ID name captured blocks; check the id in a "
                                            + "plog_search result, or use its @OFFSET/TIMESTAMP id")
            }
            return found
        }
    }

    /// The timestamp token of the header line at `p`, as written; nil when no header starts there.
    static func headerTimestampText(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> String? {
        guard let (start, end) = LogScanner.headerTimestampEnd(buf, at: p) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[start..<end]), as: UTF8.self)
    }

    /// `s` with every ASCII character that is not a letter or digit escaped, for a PCRE2 pattern.
    static func regexEscaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u.isASCII && !(("a"..."z").contains(u) || ("A"..."Z").contains(u) || ("0"..."9").contains(u)) {
                out += "\\"
            }
            out.unicodeScalars.append(u)
        }
        return out
    }
}
