/// Finds the blocks of a log that a `RecallQuery` selects, over the log's bytes (normally the
/// memory-mapped file).
///
/// How it is fast:
/// - One pattern drives the search: the literal strings it requires when it has some
///   (`RequiredLiterals`: `\b(mutex|semaphore)\b` is found through `mutex` and `maphore`), else
///   the pattern itself. PCRE2 (JIT) runs over a whole window of the buffer at once, multiline,
///   several times faster than line by line. Each hit grows to its block (`LogScanner`), the block is checked
///   against every pattern and filter, and the search resumes after the block, so a block
///   with many hits costs one check.
/// - Newest-first recall reads the log backwards in windows aligned to block starts, starting
///   small (64 KiB) and growing four-fold, and stops as soon as the caller has enough: a common
///   pattern on a 1 GB log touches only its tail.
/// - Large windows are split at block starts over the available cores, and pages already
///   scanned are handed back to the kernel (`MADV_DONTNEED`; the page cache keeps them), so
///   resident memory stays flat however large the log is.
///
/// Matching semantics: a pattern matches a block when it matches within the block's bytes
/// (header to the next header, trailing blank lines included) with the text before the block
/// visible to lookbehind; a match may not run on into the next block.
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
            var pos = stepStart
            while pos < window.count {
                guard let m = try verifier.driver.firstMatch(in: window, from: pos), m.lowerBound < window.count else { break }
                let start = LogScanner.headerAtOrBefore(buf, m.lowerBound) ?? pos
                let headerEnd = LogScanner.lineEnd(buf, from: start)
                let end = min(LogScanner.nextHeader(buf, from: headerEnd), window.count)
                let span = BlockSpan(offset: start, end: end, headerEnd: headerEnd, line: 0)
                if try verifier.accepts(buf, span, driverMatch: m) { visit(span) }
                pos = end
            }
            if releasePages && stepEnd - stepStart >= step / 2 { PageRelease.drop(buf, from: stepStart, to: stepEnd) }
            stepStart = stepEnd
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
    let model: Matcher?
    let project: Matcher?

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
        } else {
            driverIndex = query.patterns.indices.max { query.patterns[$0].utf8.count < query.patterns[$1].utf8.count } ?? 0
            driver = compiled[driverIndex]
            driverIsPattern = true
        }
        let opts = PCRE2Matcher.Options(caseless: query.caseless)
        model = try query.filter.model.map { try PCRE2Matcher($0, options: opts) }
        project = try query.filter.project.map { try PCRE2Matcher($0, options: opts) }
    }

    private init(copying other: BlockVerifier) {
        query = other.query
        patterns = other.patterns.map { $0.copy() }
        driverIndex = other.driverIndex
        driverIsPattern = other.driverIsPattern
        driver = other.driverIsPattern ? patterns[other.driverIndex] : other.driver.copy()
        model = other.model?.copy()
        project = other.project?.copy()
    }

    func copy() -> BlockVerifier { BlockVerifier(copying: self) }

    func accepts(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan, driverMatch: Range<Int>) throws -> Bool {
        let filter = query.filter
        if filter.needsHeader {
            let header = RecallSearcher.header(buf, span)
            if let since = filter.since, !since.admitsAsLower(header.timestamp) { return false }
            if let until = filter.until, !until.admitsAsUpper(header.timestamp) { return false }
            if let model {
                guard let m = header.model, try model.matches(m) else { return false }
            }
            if let project {
                guard let p = header.project, try project.matches(p) else { return false }
            }
        }
        var parsed: Block? = nil
        if query.fields.isEmpty {
            let subject = UnsafeBufferPointer(start: buf.baseAddress, count: span.end)
            for (i, p) in patterns.enumerated() {
                if driverIsPattern && i == driverIndex && driverMatch.upperBound <= span.end { continue }
                guard let m = try p.firstMatch(in: subject, from: span.offset), m.lowerBound < span.end else { return false }
            }
        } else {
            let block = LogParser.block(buf, span)
            parsed = block
            let texts = query.fields.compactMap { $0.text(of: block) }
            for p in patterns {
                guard try texts.contains(where: { try p.matches($0) }) else { return false }
            }
        }
        if let verdicts = filter.verdicts {
            let block = parsed ?? LogParser.block(buf, span)
            guard verdicts.contains(OutcomeClassifier.classify(block).verdict) else { return false }
        }
        return true
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
