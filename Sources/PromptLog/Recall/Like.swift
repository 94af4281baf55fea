import CSupport

/// What `prompthist --like` (and other front ends) ask for: the blocks of a log most related to
/// a draft prompt.
public struct LikeRequest: Sendable {
    /// The draft prompt, as text.
    public var draft: String
    /// Patterns (optional: a block must match them all, as in recall; they filter, the draft
    /// ranks) and the header and outcome filters. Default: no pattern, no filter.
    public var query: RecallQuery
    /// Default: 400 lines (`RecallBudget.standard`); `blocks` is the most blocks to return.
    public var budget: RecallBudget
    /// Default: text.
    public var format: BundleFormat
    /// Default: `RecallBundle.defaultPreamble`.
    public var preambleTemplate: String

    public init(draft: String, query: RecallQuery = RecallQuery(patterns: []), budget: RecallBudget = .standard,
                format: BundleFormat = .text, preambleTemplate: String = RecallBundle.defaultPreamble) {
        self.draft = draft; self.query = query; self.budget = budget
        self.format = format; self.preambleTemplate = preambleTemplate
    }

    /// A request with header filters only, for front ends that take a draft and a few fields.
    public init(draft: String, filter: RecallFilter, limit: Int? = nil, maxTokens: Int? = nil) {
        let budget = limit == nil && maxTokens == nil ? RecallBudget.standard : RecallBudget(tokens: maxTokens, blocks: limit)
        self.init(draft: draft, query: RecallQuery(patterns: [], filter: filter), budget: budget)
    }
}

/// A term chosen from the draft, with its document frequency and weight.
public struct LikeTerm: Sendable, Equatable {
    /// The normalised term (see `LikeTerms`), e.g. `propertywrapper`, `属性`.
    public var text: String
    /// Blocks of the whole log that contain it (filters do not change this).
    public var blocks: Int
    /// Its weight (BM25 inverse document frequency): `ln(1 + (N - df + 0.5) / (df + 0.5))`.
    public var weight: Double
}

/// A block ranked by a draft.
public struct LikeMatch: Sendable {
    public var span: BlockSpan
    /// BM25 score (see `LikeRanking`); higher is more related.
    public var score: Double
    /// `score` over the sum of the chosen terms' weights, at most 1 (see `LikeRanking.relatedness`).
    public var relatedness: Double
    /// How often each chosen term occurs in the block, in the order of `LikeOutcome.terms`.
    public var termCounts: [Int]
}

/// Why a ranking found nothing, for messages.
public enum LikeEmptyReason: Sendable, Equatable {
    /// Nothing was empty.
    case none
    /// The log has no block.
    case emptyLog
    /// The draft has no word to search for (only stop words, short words or none at all).
    case noTerms
    /// No word of the draft occurs in the log.
    case noneInLog
    /// Every word of the draft that the log has occurs in more than half of its blocks.
    case onlyCommon
    /// Terms were chosen, but no block with them passed the patterns and filters.
    case filtered
}

/// A finished `--like` recall: the bundle, the ranked blocks in it, and how they were ranked.
public struct LikeOutcome: Sendable {
    /// The rendered bundle (empty when nothing was found).
    public var bundle: [UInt8]
    public var info: BundleInfo
    /// Blocks in the bundle, best first, and their ranking (same order, same count).
    public var blocks: [RecalledBlock]
    public var matches: [LikeMatch]
    /// The chosen terms, rarest first.
    public var terms: [LikeTerm]
    /// Candidate words of the draft that were looked up.
    public var candidates: Int
    /// Blocks in the log.
    public var logBlocks: Int
    /// Lines and approximate tokens of the blocks in the bundle (budget units).
    public var lines: Int
    public var tokens: Int
    public var emptyReason: LikeEmptyReason

    /// The best block when it is related enough to offer without being asked
    /// (`LikeRanking.isOfferable`), else nil.
    public var offerable: LikeMatch? {
        guard let best = matches.first, LikeRanking.isOfferable(best, termCount: terms.count) else { return nil }
        return best
    }
}

extension LikeOutcome {
    /// For `--explain`: the chosen terms with their blocks and weights, then each returned
    /// block's score, relatedness, header and term counts. Ends with a newline.
    public var explanation: String {
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, n - s.count))
            return left ? fill + s : s + fill
        }
        func fixed(_ v: Double, _ digits: Int) -> String {
            let scale = digits == 2 ? 100.0 : 1000.0
            let r = (v * scale).rounded() / scale
            var t = String(r)
            let decimals = t.split(separator: ".").last.map(\.count) ?? 0
            t += String(repeating: "0", count: max(0, digits - decimals))
            return t
        }
        var out = "like: \(terms.count) term\(terms.count == 1 ? "" : "s") of \(candidates) candidate word"
            + "\(candidates == 1 ? "" : "s"), \(logBlocks) block\(logBlocks == 1 ? "" : "s") in the log\n"
        if !terms.isEmpty {
            let width = max(4, terms.map(\.text.count).max()!)
            out += "  " + pad("term", width) + "  blocks  weight\n"
            for t in terms {
                out += "  " + pad(t.text, width) + "  " + pad(String(t.blocks), 6, left: true) + "  "
                    + pad(fixed(t.weight, 2), 6, left: true) + "\n"
            }
        }
        if !matches.isEmpty {
            out += "ranked (BM25, k1 \(LikeRanking.k1), b \(LikeRanking.b)): \(info.matched) block\(info.matched == 1 ? "" : "s") "
                + "with a term, \(matches.count) shown\n"
            out += "   score  related  block\n"
            for (m, b) in zip(matches, blocks) {
                let header = String(decoding: b.text.prefix { $0 != 10 }.dropFirst(3), as: UTF8.self)
                let found = zip(terms, m.termCounts).filter { $0.1 > 0 }.map { "\($0.0.text) \($0.1)" }
                out += "  " + pad(fixed(m.score, 2), 6, left: true) + "  " + pad(fixed(m.relatedness, 2), 7, left: true)
                    + "  " + header + "  [" + found.joined(separator: ", ") + "]\n"
            }
        }
        return out
    }

    /// Why nothing was found, for the note on standard error.
    public func nothingFound(draft: String, filters: String, log: String) -> String {
        switch emptyReason {
        case .emptyLog:
            return "\(log) has no blocks yet; nothing to compare the draft with"
        case .noTerms:
            return "nothing to search for in \(draft): only short or common words; "
                + "name what the prompt is about (files, errors, libraries, terms)"
        case .noneInLog:
            return "no word of \(draft) occurs in \(log) (\(candidates) word\(candidates == 1 ? "" : "s") looked up)"
        case .onlyCommon:
            return "every word of \(draft) found in \(log) is in more than half of its blocks; "
                + "nothing distinctive to rank by"
        case .filtered, .none:
            let patterns = info.patterns.isEmpty ? "" : " and " + info.patterns.map { "\"" + $0 + "\"" }.joined(separator: " + ")
            return "no block with the draft's terms (\(terms.map(\.text).joined(separator: ", ")))\(patterns) "
                + "matches\(filters.isEmpty ? "" : filters) in \(log)"
        }
    }
}

/// How `--like` ranks: the rule, its constants, and the threshold for offering a block unasked.
///
/// 1. Candidates: the draft's words (`LikeTerms`).
/// 2. Their document frequency (df): the number of blocks of the whole log that contain each,
///    counted in one pass over the log.
/// 3. Terms: candidates that occur in at least one block and in at most half of them (rounded
///    up); of those, the `maxTerms` rarest (lowest df; ties: the candidate order).
/// 4. Score of a block: BM25 over the terms, blocks as documents, lengths in words:
///    `sum over terms of weight × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average length))`,
///    with `weight = ln(1 + (N − df + 0.5) / (df + 0.5))`, `k1 = 1.2`, `b = 0.75`, N the log's
///    blocks. Blocks without any term are not ranked.
/// 5. Order: score, highest first; equal scores: the block later in the log (the newer) first.
public enum LikeRanking {
    /// Most terms chosen from a draft.
    public static let maxTerms = 12
    public static let k1 = 1.2
    public static let b = 0.75
    /// Blocks with a candidate word remembered per part of the counting pass (one part per core;
    /// each costs about 50 bytes and 4 per candidate it has). A log with more such blocks (a
    /// 1 GB log and a draft of common words) costs a second pass over the log.
    static let rememberedBlocks = 131_072

    /// Relatedness: a block's score over the sum of the chosen terms' weights, at most 1. A block
    /// of average length that has every term once scores 1.0; one that has the rarer half of
    /// the weight, about 0.5.
    public static func relatedness(score: Double, terms: [LikeTerm]) -> Double {
        let total = terms.reduce(0) { $0 + $1.weight }
        return total > 0 ? min(1, score / total) : 0
    }

    /// Relatedness at which a block is offered without being asked (a prompt hook, say). Set on
    /// the 23 labelled corpus drafts (Tests/PromptLogTests/Fixtures/like): their best blocks
    /// scored 0.38 to 1.0 (21 of 23 at 0.70 or more as printed, 19 of them labelled related), while six
    /// drafts on subjects the corpus lacks (Swift actors, Rust lifetimes, Helm, React, Postgres
    /// tuning, a bash script) reached 0.27 to 0.69.
    public static let offerThreshold = 0.7

    /// Whether `match` is related enough to offer unasked: relatedness at least `offerThreshold`,
    /// and at least two of the chosen terms in it (one when only one term was chosen).
    public static func isOfferable(_ match: LikeMatch, termCount: Int) -> Bool {
        match.relatedness >= offerThreshold && match.termCounts.filter { $0 > 0 }.count >= min(2, termCount)
    }

    /// BM25 weight of a term in `df` of `n` blocks.
    static func weight(df: Int, n: Int) -> Double {
        let ratio = (Double(n) - Double(df) + 0.5) / (Double(df) + 0.5)
        return log(1 + ratio)
    }

    /// The score of a block of `length` words with `counts[i]` occurrences of term `i`.
    static func score(counts: [Int], length: Int, weights: [Double], averageLength: Double) -> Double {
        var s = 0.0
        let norm = k1 * (1 - b + b * Double(length) / max(averageLength, 1))
        for (i, tf) in counts.enumerated() where tf > 0 {
            let f = Double(tf)
            s += weights[i] * f * (k1 + 1) / (f + norm)
        }
        return s
    }
}

extension Recall {
    /// The blocks of the log at `logPath` most related to `request.draft`, best first, within the
    /// request's budget and filters, rendered as a bundle (`LikeRanking` states the rule).
    ///
    /// Nothing found is no error: the outcome has no blocks and says why (`emptyReason`).
    /// Throws when the log is missing or unreadable, or a pattern or filter is invalid.
    public static func like(_ request: LikeRequest, logPath: String) throws -> LikeOutcome {
        guard Path.exists(logPath) else {
            throw PlogError.invalidInput(input: logPath, reason: "no log here yet",
                                         hint: "add a first block with `plog add`, or point --file (or PLOG_FILE) at your log")
        }
        let verifier = request.query.patterns.isEmpty ? nil : try BlockVerifier(query: request.query)
        let filters = try FilterCheck(request.query.filter, caseless: request.query.caseless)
        let file = try MappedFile(path: logPath)
        return try file.withBytes { buf in
            try like(request, buf: buf, verifier: verifier, filters: filters, releasePages: true)
        }
    }

    /// `like` over a log's bytes.
    /// `remembered`: blocks with a candidate remembered per part in the counting pass (tests make
    /// it small to take the second pass).
    static func like(_ request: LikeRequest, buf: UnsafeBufferPointer<UInt8>, verifier: BlockVerifier?,
                     filters: FilterCheck, releasePages: Bool,
                     remembered: Int = LikeRanking.rememberedBlocks) throws -> LikeOutcome {
        let candidates = LikeTerms.candidates(of: request.draft)
        let counted = LikeCounter.count(buf, terms: candidates.map(\.bytes), remembered: remembered,
                                        releasePages: releasePages)
        let n = counted.blocks
        func empty(_ reason: LikeEmptyReason, terms: [LikeTerm] = []) -> LikeOutcome {
            let info = BundleInfo(patterns: request.query.patterns, matched: 0, complete: true, newestFirst: true,
                                  draftTerms: terms.map(\.text))
            return LikeOutcome(bundle: [], info: info, blocks: [], matches: [], terms: terms, candidates: candidates.count,
                               logBlocks: n, lines: 0, tokens: 0, emptyReason: reason)
        }
        if n == 0 { return empty(.emptyLog) }
        if candidates.isEmpty { return empty(.noTerms) }
        let occurring = candidates.indices.filter { counted.df[$0] > 0 }
        if occurring.isEmpty { return empty(.noneInLog) }
        let chosen = occurring.filter { counted.df[$0] <= (n + 1) / 2 }
            .sorted { counted.df[$0] != counted.df[$1] ? counted.df[$0] < counted.df[$1] : $0 < $1 }
            .prefix(LikeRanking.maxTerms)
        if chosen.isEmpty { return empty(.onlyCommon) }
        let terms = chosen.map {
            LikeTerm(text: candidates[$0].text, blocks: counted.df[$0], weight: LikeRanking.weight(df: counted.df[$0], n: n))
        }
        let weights = terms.map(\.weight)
        let average = Double(counted.words) / Double(n)

        // Every block with a term, with its counts: from the counting pass's records when it kept
        // them all, else from a second pass for the chosen terms. Each part of the log is ranked
        // on its own thread, with its own filter checker (the matchers keep scratch memory).
        // Only the best blocks the budget could ever take are kept.
        let limit = request.budget.mostBlocks
        let k = chosen.count
        /// Offers the block `span` with `counts[i]` of chosen term `i` (all 0 when none) to `top`
        /// when it passes the filters. `counts` is the caller's buffer, reused block after block:
        /// a match keeps its own copy only when it is kept.
        func offer(_ span: BlockSpan, _ counts: [Int], _ length: Int, _ filters: FilterCheck, _ verifier: BlockVerifier?,
                   to top: inout LikeTop) throws {
            // Each check returns at once when it has nothing to check (most requests).
            guard try filters.admitsHeader(buf, span) else { return }
            if let verifier, try !verifier.accepts(buf, span, driverMatch: nil) { return }
            guard filters.admitsVerdict(buf, span) else { return }
            let s = LikeRanking.score(counts: counts, length: length, weights: weights, averageLength: average)
            top.offer(score: s, offset: span.offset) {
                LikeMatch(span: span, score: s, relatedness: LikeRanking.relatedness(score: s, terms: terms),
                          termCounts: counts)
            }
        }
        let checkers = (0..<Parallel.cores).map { $0 == 0 ? (filters, verifier) : (filters.copy(), verifier?.copy()) }
        var top = LikeTop(limit: limit)
        if let records = counted.records {
            // Position of each candidate among the chosen terms (-1: not chosen).
            let slot = candidates.indices.map { chosen.firstIndex(of: $0) ?? -1 }
            let tops = try Parallel.map(records.count) { part -> LikeTop in
                var top = LikeTop(limit: limit)
                var counts = Array(repeating: 0, count: k)
                let (filters, verifier) = checkers[part]
                try records[part].forEach { record, pairs in
                    var any = false
                    for pair in pairs where slot[Int(pair & 63)] >= 0 {
                        counts[slot[Int(pair & 63)]] = Int(pair >> 6)
                        any = true
                    }
                    guard any else { return }
                    try offer(record.span, counts, record.length, filters, verifier, to: &top)
                    for i in 0..<k { counts[i] = 0 }
                }
                return top
            }
            for t in tops { top.merge(t) }
        } else {
            let parts = LikeCounter.forEachBlock(buf, terms: chosen.map { candidates[$0].bytes }, releasePages: releasePages,
                                                 initial: (top: LikeTop(limit: limit), counts: Array(repeating: 0, count: k),
                                                           error: Error?.none)) {
                acc, part, span, counts, found, length in
                guard acc.error == nil, found != 0 else { return }
                for i in 0..<k { acc.counts[i] = Int(counts[i]) }
                do {
                    try offer(span, acc.counts, length, checkers[part].0, checkers[part].1, to: &acc.top)
                } catch { acc.error = error }
            }
            for p in parts {
                if let e = p.error { throw e }
                top.merge(p.top)
            }
        }
        let ranked = top.best
        if ranked.isEmpty { return empty(.filtered, terms: terms) }

        var filler = BudgetFiller(request.budget)
        var matches: [LikeMatch] = []
        for m in ranked {
            guard filler.offer(RecalledBlock(buf, m.span)) == .take else {
                if filler.taken.count > matches.count { matches.append(m) }  // the first block, cut
                break
            }
            matches.append(m)
            if filler.isFull { break }
        }
        let info = BundleInfo(patterns: request.query.patterns, matched: top.offered, complete: true, newestFirst: true,
                              draftTerms: terms.map(\.text))
        let blocks = filler.taken
        let bundle = blocks.isEmpty ? [] : RecallBundle.render(blocks, format: request.format, info: info,
                                                               preambleTemplate: request.preambleTemplate, buf: buf)
        return LikeOutcome(bundle: bundle, info: info, blocks: blocks, matches: matches, terms: terms,
                           candidates: candidates.count, logBlocks: n, lines: filler.lines, tokens: filler.tokens,
                           emptyReason: .none)
    }
}

/// The best matches offered, by score and then later in the log first, at most `limit` of them
/// (nil: all); and how many were offered.
struct LikeTop {
    let limit: Int?
    private(set) var kept: [LikeMatch] = []
    private(set) var offered = 0

    init(limit: Int?) { self.limit = limit }

    static func isBetter(_ a: LikeMatch, _ b: LikeMatch) -> Bool {
        isBetter(a.score, a.span.offset, than: b)
    }

    /// Whether a match scoring `score` for the block at `offset` goes before `b`.
    static func isBetter(_ score: Double, _ offset: Int, than b: LikeMatch) -> Bool {
        score != b.score ? score > b.score : offset > b.span.offset
    }

    /// The worst of `limit` kept matches after a cut: a match not better than it can never be
    /// among the best `limit`, so it is not kept.
    private var floor: LikeMatch?

    /// Offers a match scoring `score` for the block at `offset`; `make` builds it, only when it
    /// is kept.
    mutating func offer(score: Double, offset: Int, _ make: () -> LikeMatch) {
        offered += 1
        if let floor, !LikeTop.isBetter(score, offset, than: floor) { return }
        kept.append(make())
        // Cut now and then, so that at most twice the limit is ever held.
        if let limit, kept.count >= 2 * max(limit, 64) {
            cut(to: limit)
            floor = limit > 0 ? kept.min { LikeTop.isBetter($1, $0) } : nil
        }
    }

    /// Keeps the `limit` best of `kept`, in no order: found by quickselect, in time linear in
    /// `kept`, where sorting them all at every cut was most of the ranking's time (a log with
    /// many equal blocks cuts often: a later block beats an equal floor).
    private mutating func cut(to limit: Int) {
        // Hoare's partition around the middle match, on the side that holds position `limit - 1`;
        // the order is total (offsets differ), so the scans stop at the pivot at the latest.
        var lo = 0, hi = kept.count - 1
        while limit > 0 && lo < hi {
            let pivot = kept[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while LikeTop.isBetter(kept[i], pivot) { i += 1 }
                while LikeTop.isBetter(pivot, kept[j]) { j -= 1 }
                if i <= j {
                    kept.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if limit - 1 <= j {
                hi = j
            } else if limit - 1 >= i {
                lo = i
            } else {
                break
            }
        }
        kept.removeLast(max(0, kept.count - limit))
    }

    mutating func offer(_ m: LikeMatch) { offer(score: m.score, offset: m.span.offset) { m } }

    mutating func merge(_ other: LikeTop) {
        offered += other.offered
        for m in other.kept {
            offered -= 1
            offer(m)
        }
    }

    /// The kept matches, best first.
    var best: [LikeMatch] {
        let sorted = kept.sorted(by: LikeTop.isBetter)
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }
}

/// The passes over the log: document frequencies of the candidates, and the blocks with the
/// chosen terms. Both read every block once with `plog_like_count`, split over the cores at
/// block starts, releasing scanned pages as they go. The counting pass also keeps, for each block
/// that has any candidate, a small record (its span, its length in words, and the counts of the
/// candidates it has), so the blocks can be ranked without reading the log again; at most
/// `remembered` records per part (per core), so resident memory stays bounded: a log with more
/// such blocks is ranked from a second pass for the chosen terms.
enum LikeCounter {
    /// One block with a candidate: where it is, its words, and where its counts are in `pairs`.
    struct Record {
        var span: BlockSpan
        /// Words in the block.
        var length: Int
        /// Its (candidate, count) pairs are `pairs[previous record's pairsEnd..<pairsEnd]`.
        var pairsEnd: Int
    }

    /// The records of one part of the log, in log order.
    struct Records {
        var list: [Record] = []
        /// Candidate index in the low 6 bits, count above (`pair >> 6`).
        var pairs: [UInt32] = []
        /// Set when the part had more blocks with a candidate than it could keep; the list is then
        /// incomplete and not used.
        var overflowed = false

        /// Each record with its (candidate, count) pairs.
        func forEach(_ body: (Record, UnsafeBufferPointer<UInt32>) throws -> Void) rethrows {
            try pairs.withUnsafeBufferPointer { pairs in
                var from = 0
                for r in list {
                    try body(r, UnsafeBufferPointer(rebasing: pairs[from..<r.pairsEnd]))
                    from = r.pairsEnd
                }
            }
        }
    }

    struct Counts {
        var blocks = 0
        var words = 0
        /// Per term: blocks that contain it.
        var df: [Int]
        /// Per part, in log order: the blocks with a candidate; nil when a part overflowed.
        var records: [Records]?
    }

    /// Counts the terms (normalised bytes, at most `PLOG_LIKE_TERMS`) in every block of `buf`,
    /// keeping up to `remembered` records per part.
    static func count(_ buf: UnsafeBufferPointer<UInt8>, terms: [[UInt8]], remembered: Int, releasePages: Bool) -> Counts {
        struct Part {
            var blocks = 0
            var words = 0
            var df: [Int]
            var records = Records()
        }
        // Pairs are bounded too: 16 per record on average is more than any draft's candidates
        // in most blocks.
        let pairLimit = remembered.multipliedReportingOverflow(by: 16).overflow ? Int.max : remembered * 16
        // Room for a record per 256 bytes of a part, taken at its first record: growing the
        // lists by doubling would copy them and touch twice their pages (untouched room costs
        // no memory).
        let room = min(remembered, buf.count / Parallel.cores / 256)
        let parts = forEachBlock(buf, terms: terms, releasePages: releasePages,
                                 initial: Part(df: Array(repeating: 0, count: terms.count))) { acc, _, span, counts, found, length in
            acc.blocks += 1
            acc.words += length
            guard found != 0 else { return }
            var rest = found
            while rest != 0 {
                acc.df[rest.trailingZeroBitCount] += 1
                rest &= rest - 1
            }
            guard !acc.records.overflowed else { return }
            if acc.records.list.count >= remembered || acc.records.pairs.count + terms.count > pairLimit {
                acc.records.overflowed = true
                acc.records.list = []
                acc.records.pairs = []
                return
            }
            if acc.records.list.isEmpty {
                acc.records.list.reserveCapacity(room)
                acc.records.pairs.reserveCapacity(min(pairLimit, room * 4))
            }
            rest = found
            while rest != 0 {
                let i = rest.trailingZeroBitCount
                acc.records.pairs.append(UInt32(i) | min(counts[i], UInt32.max >> 6) << 6)
                rest &= rest - 1
            }
            acc.records.list.append(Record(span: span, length: length, pairsEnd: acc.records.pairs.count))
        }
        var total = Counts(df: Array(repeating: 0, count: terms.count), records: [])
        for p in parts {
            total.blocks += p.blocks
            total.words += p.words
            for i in 0..<terms.count { total.df[i] += p.df[i] }
            total.records = p.records.overflowed ? nil : total.records.map { $0 + [p.records] }
        }
        return total
    }

    /// Folds every block of `buf` (the part's index, below `Parallel.cores`; the block's span,
    /// the counts of `terms` in it, a mask of the terms it has (bit `i`: `counts[i] > 0`), its
    /// length in words) into one accumulator per part; parts in log order, each part's blocks in
    /// log order.
    static func forEachBlock<A>(_ buf: UnsafeBufferPointer<UInt8>, terms: [[UInt8]], releasePages: Bool, initial: A,
                                _ fold: @escaping (inout A, Int, BlockSpan, UnsafeMutablePointer<UInt32>, UInt64, Int) -> Void)
        -> [A] {
        let from = LogScanner.nextHeader(buf, from: 0)
        let to = buf.count
        guard from < to, let base = buf.baseAddress else { return [initial] }
        // Candidates are never empty, longer than PLOG_LIKE_TERM_MAX or more than PLOG_LIKE_TERMS.
        precondition(terms.count <= Int(PLOG_LIKE_TERMS)
            && terms.allSatisfy { !$0.isEmpty && $0.count <= Int(PLOG_LIKE_TERM_MAX) })
        let table = UnsafeMutablePointer<plog_like_table>.allocate(capacity: 1)
        defer { table.deallocate() }
        plog_like_table_init(table)
        for t in terms { _ = t.withUnsafeBufferPointer { plog_like_table_add(table, $0.baseAddress, $0.count) } }
        let parts = to - from >= RecallSearcher.parallelThreshold ? Parallel.cores : 1
        var bounds = [from]
        for i in 1..<max(parts, 1) {
            let b = LogScanner.headerAtOrBefore(buf, from + (to - from) * i / parts) ?? from
            if b > bounds.last! { bounds.append(b) }
        }
        bounds.append(to)
        let shared = UnsafePointer(table)
        // `Parallel.map` rethrows; nothing here throws.
        return (try? Parallel.map(bounds.count - 1) { part -> A in
            var acc = initial
            let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: Int(PLOG_LIKE_TERMS))
            defer { counts.deallocate() }
            var start = bounds[part]
            let end = bounds[part + 1]
            var released = start
            while start < end {
                let headerEnd = LogScanner.lineEnd(buf, from: start)
                let next = min(LogScanner.nextHeader(buf, from: headerEnd), end)
                var found: UInt64 = 0
                let length = plog_like_count(base, start, next, shared, counts, &found)
                fold(&acc, part, BlockSpan(offset: start, end: next, headerEnd: headerEnd, line: 0), counts, found, length)
                if releasePages && next - released >= RecallSearcher.step {
                    PageRelease.drop(buf, from: released, to: next)
                    released = next
                }
                start = next
            }
            return acc
        }) ?? [initial]
    }
}
