/// Finds the blocks of a log that a `RecallQuery` selects, over the log's bytes (normally the
/// memory-mapped file).
///
/// How it is fast:
/// - One pattern drives the search: the literal strings it requires when it has some
///   (`RequiredLiterals`: `\b(mutex|semaphore)\b` is found through `mutex` and `maphore`), else
///   the pattern itself. PCRE2 (JIT) runs over a whole window of the buffer at once, multiline,
///   several times faster than line by line. Each hit grows to its block (`LogScanner`), the block is checked
///   against every pattern and filter, and the search resumes after the block, so a block
///   with many hits costs one check. A driver pattern that can see the end of its subject
///   (`\z`, `$`, a lookahead: `SubjectEnd`) is run on each block alone instead, since in a
///   window a block's end is followed by the next block.
/// - Newest-first recall reads the log backwards in windows aligned to block starts, starting
///   small (64 KiB) and growing four-fold, and stops as soon as the caller has enough: a common
///   pattern on a 1 GB log touches only its tail.
/// - Large windows are split at block starts over the available cores, and pages already
///   scanned are handed back to the kernel (`MADV_DONTNEED`; the page cache keeps them), so
///   resident memory stays flat however large the log is.
///
/// Matching semantics: a pattern matches a block when it matches within the block's bytes
/// (header to the next header, trailing blank lines included) with the text before the block
/// visible to lookbehind; a match may not run on into the next block, and the block's end is
/// the subject's end (`\z`, `$`, a lookahead see nothing after it).
///
/// CRLF: a block that contains `\r\n` (or whose lookbehind reach does) is matched as if every
/// `\r\n` of the log were `\n`, so `^`, `$`, `\n`, `.` and everything else behave on CRLF lines
/// as on LF lines: a CRLF log selects the same blocks as its LF copy. A block with only `\n`
/// line ends is matched on its bytes as they are (a lone `\r` stays an ordinary character).
/// Spans and printed blocks are always the log's own bytes.
public final class RecallSearcher {
    public let query: RecallQuery
    /// One verifier per thread; index 0 is used by the calling thread.
    private let verifiers: [BlockVerifier]

    /// First window of a newest- or oldest-first search, and the largest.
    static let firstWindow = 64 << 10
    static let largestWindow = 64 << 20
    /// Windows at least this large are split over the cores.
    static let parallelThreshold = 2 << 20
    /// Each thread scans its part in steps of this size, releasing pages after each.
    static let step = 8 << 20

    /// Whether the buffers searched are read-only file mappings whose scanned pages may be
    /// handed back to the kernel (default false: on ordinary memory that would zero them).
    public var releasesScannedPages = false

    public init(query: RecallQuery) throws {
        guard !query.patterns.isEmpty else {
            throw PlogError.invalidInput(input: "", reason: "no pattern given", hint: "give at least one PATTERN")
        }
        self.query = query
        let first = try BlockVerifier(query: query)
        var all = [first]
        for _ in 1..<max(1, Parallel.cores) { all.append(first.copy()) }
        verifiers = all
    }

    /// Visits matching blocks from the newest (end of the log) or the oldest, until `visit`
    /// returns false. Returns the number of matching blocks found (at least those visited:
    /// a window is searched completely before its blocks are visited) and whether the whole
    /// log was searched.
    public func search(_ buf: UnsafeBufferPointer<UInt8>, newestFirst: Bool,
                       _ visit: (BlockSpan) throws -> Bool) throws -> (found: Int, complete: Bool) {
        let preambleEnd = LogScanner.nextHeader(buf, from: 0)
        var found = 0
        var size = RecallSearcher.firstWindow
        if newestFirst {
            var end = buf.count
            while end > preambleEnd {
                let guess = end - size
                let start = guess <= preambleEnd ? preambleEnd : (LogScanner.headerAtOrBefore(buf, guess) ?? preambleEnd)
                let spans = try collect(buf, from: start, to: end)
                found += spans.count
                end = start
                for s in spans.reversed() where try !visit(s) { return (found, end <= preambleEnd) }
                size = min(size * 4, RecallSearcher.largestWindow)
            }
        } else {
            var start = preambleEnd
            while start < buf.count {
                let end = start + size >= buf.count ? buf.count : LogScanner.nextHeader(buf, from: start + size)
                let spans = try collect(buf, from: start, to: end)
                found += spans.count
                start = end
                for s in spans where try !visit(s) { return (found, start >= buf.count) }
                size = min(size * 4, RecallSearcher.largestWindow)
            }
        }
        return (found, true)
    }

    /// Every matching block of `buf[from..<to]` (both block boundaries), in file order.
    public func collect(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) throws -> [BlockSpan] {
        try reduce(buf, from: from, to: to, into: [BlockSpan]()) { $0.append($1) }.flatMap { $0 }
    }

    /// Scans the whole log (every core) and folds each matching block into one accumulator per
    /// part; the parts are in file order, and each part's blocks were visited in file order.
    public func reduce<A>(_ buf: UnsafeBufferPointer<UInt8>, into initial: A,
                          _ fold: @escaping (inout A, BlockSpan) -> Void) throws -> [A] {
        try reduce(buf, from: LogScanner.nextHeader(buf, from: 0), to: buf.count, into: initial, fold)
    }

    func reduce<A>(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, into initial: A,
                   _ fold: @escaping (inout A, BlockSpan) -> Void) throws -> [A] {
        guard from < to else { return [] }
        let parts = to - from >= RecallSearcher.parallelThreshold ? verifiers.count : 1
        var bounds = [from]
        for i in 1..<parts {
            let guess = from + (to - from) * i / parts
            let b = LogScanner.headerAtOrBefore(buf, guess) ?? from
            if b > bounds.last! { bounds.append(b) }
        }
        bounds.append(to)
        let verifiers = self.verifiers
        let release = releasesScannedPages
        return try Parallel.map(bounds.count - 1) { i -> A in
            var acc = initial
            try RecallSearcher.scan(buf, from: bounds[i], to: bounds[i + 1], verifier: verifiers[i],
                                    releasePages: release) { fold(&acc, $0) }
            return acc
        }
    }

    /// The driver loop over `buf[from..<to]`, in steps whose pages are released once scanned.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, verifier: BlockVerifier,
                     releasePages: Bool, _ visit: (BlockSpan) -> Void) throws {
        var stepStart = from
        while stepStart < to {
            let stepEnd = to - stepStart <= step ? to : LogScanner.nextHeader(buf, from: stepStart + step)
            let window = UnsafeBufferPointer(start: buf.baseAddress, count: min(stepEnd, to))
            if verifier.checksEveryBlock {
                try scanEveryBlock(buf, window: window, from: stepStart, verifier: verifier, visit)
            } else {
                try scanCandidates(buf, window: window, from: stepStart, verifier: verifier, visit)
            }
            if releasePages && stepEnd - stepStart >= step / 2 { PageRelease.drop(buf, from: stepStart, to: stepEnd) }
            stepStart = stepEnd
        }
    }

    /// Checks the blocks the driver points at: those where it matches in the window, and (when
    /// the driver could miss them on raw bytes) those with CRLF line ends and those that can see
    /// one through lookbehind. `from` is a block start; blocks end at `window.count` at the latest.
    static func scanCandidates(_ buf: UnsafeBufferPointer<UInt8>, window: UnsafeBufferPointer<UInt8>, from: Int,
                               verifier: BlockVerifier, _ visit: (BlockSpan) -> Void) throws {
        var pos = from
        // The driver's next match at or after `pos` (it stays the leftmost until `pos` passes
        // its start), and the next `\r\n`: each found once, not again for every block between.
        var driverHit: Range<Int>?? = nil
        var nextCRLF: Int? = nil
        // Blocks starting before this see a CRLF line end through lookbehind.
        var crlfReach = 0
        while pos < window.count {
            if let cached = driverHit, let hit = cached, hit.lowerBound < pos { driverHit = nil }
            if driverHit == nil {
                let m = try verifier.driver.firstMatch(in: window, from: pos)
                driverHit = .some(m.flatMap { $0.lowerBound < window.count ? $0 : nil })
            }
            var candidate = driverHit!?.lowerBound ?? window.count
            var driverMatch = driverHit!
            if verifier.driverMissesCRLF {
                if nextCRLF.map({ $0 < pos }) ?? true {
                    nextCRLF = CRLF.next(window, from: pos, to: window.count) ?? window.count
                }
                if pos < crlfReach { candidate = pos; driverMatch = nil }
                if nextCRLF! < candidate { candidate = nextCRLF!; driverMatch = nil }
            }
            guard candidate < window.count else { break }
            let start = LogScanner.headerAtOrBefore(buf, candidate) ?? pos
            let headerEnd = LogScanner.lineEnd(buf, from: start)
            let end = min(LogScanner.nextHeader(buf, from: headerEnd), window.count)
            let span = BlockSpan(offset: start, end: end, headerEnd: headerEnd, line: 0)
            if try verifier.accepts(buf, span, driverMatch: driverMatch) { visit(span) }
            if verifier.driverMissesCRLF, CRLF.next(buf, from: start, to: end) != nil {
                crlfReach = end + verifier.lookbehindBytes
            }
            pos = end
        }
    }

    /// Checks every block of the window on its own: for a driver pattern whose matches can
    /// depend on where the subject ends (`\z`, `$`, lookahead...), which a scan over the whole
    /// window would not see at a block's end.
    static func scanEveryBlock(_ buf: UnsafeBufferPointer<UInt8>, window: UnsafeBufferPointer<UInt8>, from: Int,
                               verifier: BlockVerifier, _ visit: (BlockSpan) -> Void) throws {
        var pos = from
        while pos < window.count {
            let headerEnd = LogScanner.lineEnd(buf, from: pos)
            let end = min(LogScanner.nextHeader(buf, from: headerEnd), window.count)
            let span = BlockSpan(offset: pos, end: end, headerEnd: headerEnd, line: 0)
            if try verifier.accepts(buf, span, driverMatch: nil) { visit(span) }
            pos = end
        }
    }
}

/// Decides whether a block found by the driver pattern is selected: every pattern (in the
/// chosen fields), then the header filters and the verdict filter. Not thread-safe; `copy()`.
final class BlockVerifier {
    let query: RecallQuery
    let patterns: [Matcher]
    /// What the scan searches for: the literals one of which every match of pattern
    /// `driverIndex` contains (see `RequiredLiterals`), or that pattern itself.
    let driver: Matcher
    let driverIndex: Int
    /// Whether `driver` is the pattern itself (so a driver match inside a block needs no re-check).
    let driverIsPattern: Bool
    /// Whether the blocks are checked one by one instead of through a scan of the whole window:
    /// the driver pattern's matches can depend on where the subject ends (see `SubjectEnd`), or
    /// the patterns match in decoded fields, which the driver may not find in the bytes.
    let checksEveryBlock: Bool
    /// Whether the driver, run over raw bytes, can miss a match in the CRLF-as-LF text: it is a
    /// pattern, or a literal holds `\n`. Blocks with CRLF line ends are then checked as well.
    let driverMissesCRLF: Bool
    /// Bytes before a block that are converted with it when it is matched CRLF-as-LF: more than
    /// any pattern's lookbehind can reach (a character is at most 4 bytes, `\r\n` 2 bytes for 1).
    let lookbehindBytes: Int
    let filters: FilterCheck
    /// The CRLF-as-LF copy of the block being checked (reused).
    private var converted: [UInt8] = []

    init(query: RecallQuery) throws {
        self.query = query
        let compiled = try query.compilePatterns()
        patterns = compiled
        let literals = query.patterns.map {
            query.usePrefilter ? RequiredLiterals.of($0, literal: query.literal, caseless: query.caseless) : nil
        }
        // Drive with the most selective literal set (longest shortest string); without one, with
        // the longest pattern, the best cheap guess at the rarest.
        let withLiterals = literals.indices.filter { literals[$0] != nil }
        if let best = withLiterals.max(by: { a, b in
            literals[a]!.strings.map(\.count).min()! < literals[b]!.strings.map(\.count).min()!
        }) {
            driverIndex = best
            driver = try LiteralSetMatcher(strings: literals[best]!.strings, caseless: literals[best]!.caseless,
                                           describing: query.patterns[best])
            driverIsPattern = false
            // Field texts are decoded (`TASK: ` and `> ` taken off, lines rejoined without blank
            // ones, `\r` and invalid UTF-8 replaced), so only a literal of ASCII without line ends
            // found in a field is sure to be in the block's bytes.
            checksEveryBlock = !query.fields.isEmpty
                && literals[best]!.strings.contains { $0.contains { $0 == 10 || $0 == 13 || $0 >= 0x80 } }
            driverMissesCRLF = literals[best]!.strings.contains { $0.contains(10) }
        } else {
            driverIndex = query.patterns.indices.max { query.patterns[$0].utf8.count < query.patterns[$1].utf8.count } ?? 0
            driver = compiled[driverIndex]
            driverIsPattern = true
            // A pattern matched on a field's text (`^` after a prompt's `> `) may not match the bytes.
            checksEveryBlock = !query.fields.isEmpty || (!query.literal && SubjectEnd.mayMatter(in: query.patterns[driverIndex]))
            driverMissesCRLF = true
        }
        lookbehindBytes = ((compiled.map(\.maxLookbehind).max() ?? 0) + 2) * 8
        filters = try FilterCheck(query.filter, caseless: query.caseless)
    }

    private init(copying other: BlockVerifier) {
        query = other.query
        patterns = other.patterns.map { $0.copy() }
        driverIndex = other.driverIndex
        driverIsPattern = other.driverIsPattern
        driver = other.driverIsPattern ? patterns[other.driverIndex] : other.driver.copy()
        checksEveryBlock = other.checksEveryBlock
        driverMissesCRLF = other.driverMissesCRLF
        lookbehindBytes = other.lookbehindBytes
        filters = other.filters.copy()
    }

    func copy() -> BlockVerifier { BlockVerifier(copying: self) }

    /// Whether the block `span` is selected. `driverMatch` is where the driver matched in the
    /// window, inside the block (nil when the block was picked otherwise).
    func accepts(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan, driverMatch: Range<Int>?) throws -> Bool {
        guard try filters.admitsHeader(buf, span) else { return false }
        var parsed: Block? = nil
        if query.fields.isEmpty {
            let contextStart = max(0, span.offset - lookbehindBytes)
            if CRLF.next(buf, from: contextStart, to: span.end) != nil {
                guard try allMatchCRLFAsLF(buf, from: contextStart, block: span) else { return false }
            } else {
                let subject = UnsafeBufferPointer(start: buf.baseAddress, count: span.end)
                for (i, p) in patterns.enumerated() {
                    // A match of the driver pattern that ends before the block's end is one in the
                    // block, unless it may have looked past where it ended (`^` after the block's
                    // last newline matches in the window but not at the end of a subject).
                    if driverIsPattern && i == driverIndex && !checksEveryBlock,
                       let d = driverMatch, d.upperBound < span.end { continue }
                    guard let m = try p.firstMatch(in: subject, from: span.offset), m.lowerBound < span.end else { return false }
                }
            }
        } else {
            let block = LogParser.block(buf, span)
            parsed = block
            let texts = query.fields.compactMap { $0.text(of: block) }
            for p in patterns {
                guard try texts.contains(where: { try p.matches($0) }) else { return false }
            }
        }
        return filters.admitsVerdict(buf, span, parsed: parsed)
    }

    /// Whether every pattern matches in the block `span` with each `\r\n` of it, and of the
    /// text from `contextStart` before it, read as `\n`.
    private func allMatchCRLFAsLF(_ buf: UnsafeBufferPointer<UInt8>, from contextStart: Int, block span: BlockSpan) throws -> Bool {
        // Built in a local (the buffer kept for the next block): appending to a property
        // checks exclusive access on every call.
        var text = converted
        converted = []
        defer { converted = text }
        text.removeAll(keepingCapacity: true)
        // No `\r\n` straddles the block's start: the byte before a header is its `\n`.
        CRLF.appendAsLF(buf, from: contextStart, to: span.offset, into: &text)
        let blockStart = text.count
        CRLF.appendAsLF(buf, from: span.offset, to: span.end, into: &text)
        return try text.withUnsafeBufferPointer { subject in
            for pattern in patterns {
                guard let m = try pattern.firstMatch(in: subject, from: blockStart), m.lowerBound < subject.count else {
                    return false
                }
            }
            return true
        }
    }
}

/// The header filters (model, project, dates) and the verdict filter of a query, checked on one
/// block: recall checks them after its patterns, `--like` on every block it ranks. Not
/// thread-safe (the matchers keep scratch memory); `copy()` for another thread.
final class FilterCheck {
    let filter: RecallFilter
    let model: Matcher?
    let project: Matcher?

    init(_ filter: RecallFilter, caseless: Bool) throws {
        self.filter = filter
        let opts = PCRE2Matcher.Options(caseless: caseless)
        model = try filter.model.map { try PCRE2Matcher($0, options: opts) }
        project = try filter.project.map { try PCRE2Matcher($0, options: opts) }
    }

    private init(copying other: FilterCheck) {
        filter = other.filter
        model = other.model?.copy()
        project = other.project?.copy()
    }

    func copy() -> FilterCheck { FilterCheck(copying: self) }

    /// Whether the block's header passes the model, project, since and until filters.
    func admitsHeader(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan) throws -> Bool {
        guard filter.needsHeader else { return true }
        let header = RecallSearcher.header(buf, span)
        if let since = filter.since, !since.admitsAsLower(header.timestamp) { return false }
        if let until = filter.until, !until.admitsAsUpper(header.timestamp) { return false }
        if let model {
            guard let m = header.model, try model.matches(m) else { return false }
        }
        if let project {
            guard let p = header.project, try project.matches(p) else { return false }
        }
        return true
    }

    /// Whether the block's verdict is one the filter keeps (always, without a verdict filter).
    /// `parsed` is the block when the caller has parsed it already.
    func admitsVerdict(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan, parsed: Block? = nil) -> Bool {
        guard let verdicts = filter.verdicts else { return true }
        let block = parsed ?? LogParser.block(buf, span)
        return verdicts.contains(OutcomeClassifier.classify(block).verdict)
    }
}

/// Finding `\r\n` line ends.
enum CRLF {
    /// The offset of the first `\r\n` in `buf[from..<to]`, or nil.
    static func next(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = buf.baseAddress else { return nil }
        var p = from
        while p + 1 < to, let cr = memchr(base + p, 13, to - 1 - p) {
            let at = base.distance(to: cr.assumingMemoryBound(to: UInt8.self))
            if base[at + 1] == 10 { return at }
            p = at + 1
        }
        return nil
    }

    /// Appends `buf[from..<to]` to `text` with each `\r\n` as `\n`.
    static func appendAsLF(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, into text: inout [UInt8]) {
        var p = from
        while let cr = next(buf, from: p, to: to) {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: buf[p..<cr]))
            p = cr + 1
        }
        if p < to { text.append(contentsOf: UnsafeBufferPointer(rebasing: buf[p..<to])) }
    }
}

extension RecallSearcher {
    /// The header's timestamp, model and project, decoded without parsing the rest of the block.
    static func header(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan)
        -> (timestamp: Timestamp, model: String?, project: String?) {
        let ts = LogScanner.headerTimestampEnd(buf, at: span.offset)!
        let timestamp = Timestamp.parse(buf, ts.start, ts.end)!
        let lineEnd = LogParser.trimLineEnd(buf, span.offset, span.headerEnd)
        let fields = LogParser.headerFields(buf, ts.end, lineEnd)
        func field(_ i: Int) -> String? { i < fields.count && fields[i] != "-" ? fields[i] : nil }
        return (timestamp, field(0), field(1))
    }
}

/// Hands scanned pages of a read-only mapping back to the kernel. The page cache keeps the
/// data, so touching the pages again just maps them again; this only keeps resident memory flat.
enum PageRelease {
    static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    static func drop(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) {
        guard let base = buf.baseAddress else { return }
        let address = Int(bitPattern: base)
        let first = (address + from + pageSize - 1) / pageSize * pageSize
        let last = (address + to) / pageSize * pageSize
        guard last > first, let p = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(p, last - first, MADV_DONTNEED)
    }
}
