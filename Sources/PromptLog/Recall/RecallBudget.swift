/// How much recall may return. Blocks are taken whole, newest first (or oldest first), until the
/// next one would not fit; only a first block that is larger than the whole budget is cut, and
/// then visibly (`cutMarker`).
///
/// Counting: a block's lines and bytes are those of its text as printed (header to its last
/// non-blank line, `\r\n` read as `\n`); the bundle's preamble and the blank lines between
/// blocks are not counted. Tokens are approximated as one per 4 bytes, rounded up
/// (`approximateTokens`): a common rule of thumb for English prose and code with the
/// tokenizers of current chat models; it errs high for plain English and low for CJK text.
public struct RecallBudget: Sendable, Equatable {
    /// Most lines (default 400 when no budget is given at all).
    public var lines: Int?
    /// Most approximate tokens (default none).
    public var tokens: Int?
    /// Most blocks (default none).
    public var blocks: Int?

    public static let defaultLines = 400

    public init(lines: Int? = nil, tokens: Int? = nil, blocks: Int? = nil) {
        self.lines = lines; self.tokens = tokens; self.blocks = blocks
    }

    /// No limit at all.
    public static let unlimited = RecallBudget()

    /// The default: 400 lines.
    public static let standard = RecallBudget(lines: defaultLines)

    public var isUnlimited: Bool { lines == nil && tokens == nil && blocks == nil }

    /// The most blocks this budget can ever take (nil: no bound): a block has at least one line
    /// and at least 5 tokens (its header line: `## `, a timestamp of 16 bytes or more, `\n`).
    public var mostBlocks: Int? {
        [blocks, lines, tokens.map { $0 / 5 + 1 }].compactMap { $0 }.min()
    }

    /// Tokens for `bytes` bytes of text: one per 4 bytes, rounded up.
    public static func approximateTokens(bytes: Int) -> Int { (bytes + 3) / 4 }
}

/// A block's printed text and its size in budget units.
public struct RecalledBlock: Sendable {
    public var span: BlockSpan
    /// The block's bytes as printed: header to last non-blank line, `\r\n` as `\n`, ending in
    /// `\n`; when `omittedLines > 0`, cut and ending with the marker line.
    public var text: [UInt8]
    public var lines: Int
    /// Lines of the block left out to fit the budget (0 when whole).
    public var omittedLines: Int

    public var tokens: Int { RecallBudget.approximateTokens(bytes: text.count) }
    public var isCut: Bool { omittedLines > 0 }

    /// The printed text of the block at `span`.
    public init(_ buf: UnsafeBufferPointer<UInt8>, _ span: BlockSpan) {
        self.span = span
        let end = LogScanner.contentEnd(buf, span)
        var out: [UInt8] = []
        out.reserveCapacity(end - span.offset + 1)
        var lines = 0
        var i = span.offset
        while i < end {
            let c = buf[i]
            if c == 13 && i + 1 < end && buf[i + 1] == 10 {
                i += 1
                continue
            }
            out.append(c)
            if c == 10 { lines += 1 }
            i += 1
        }
        if out.last != 10 {
            // The last block of a file that does not end in a newline, or one ending in a lone `\r`.
            if out.last == 13 { out.removeLast() }
            out.append(10)
            lines += 1
        }
        text = out
        self.lines = lines
        omittedLines = 0
    }
}

/// Fills a budget with blocks offered in order.
struct BudgetFiller {
    enum Decision { case take, stop }

    let budget: RecallBudget
    private(set) var taken: [RecalledBlock] = []
    private(set) var lines = 0
    private(set) var tokens = 0

    init(_ budget: RecallBudget) { self.budget = budget }

    /// Offers the next block: taken whole if it fits, cut if it is the first and alone exceeds
    /// the budget, otherwise refused (and the caller stops).
    mutating func offer(_ block: RecalledBlock) -> Decision {
        if let max = budget.blocks, taken.count >= max { return .stop }
        let fits = (budget.lines.map { lines + block.lines <= $0 } ?? true)
            && (budget.tokens.map { tokens + block.tokens <= $0 } ?? true)
        if fits {
            append(block)
            return .take
        }
        if taken.isEmpty {
            append(BudgetFiller.cut(block, to: budget))
            return .stop
        }
        return .stop
    }

    /// Whether nothing more can be taken.
    var isFull: Bool {
        if let max = budget.blocks, taken.count >= max { return true }
        if let max = budget.lines, lines >= max { return true }
        if let max = budget.tokens, tokens >= max { return true }
        return false
    }

    private mutating func append(_ block: RecalledBlock) {
        taken.append(block)
        lines += block.lines
        tokens += block.tokens
    }

    /// `block` cut to its first lines so that they and the marker fit `budget`. The header line
    /// is always kept, so a cut block still says which block it is.
    static func cut(_ block: RecalledBlock, to budget: RecallBudget) -> RecalledBlock {
        // Line starts of the block's text.
        var starts = [0]
        for (i, c) in block.text.enumerated() where c == 10 && i + 1 < block.text.count { starts.append(i + 1) }
        var keep = starts.count
        func marker(_ kept: Int) -> [UInt8] { Array(cutMarker(omitted: block.lines - kept, budget: budget).utf8) }
        func fits(_ kept: Int) -> Bool {
            let bytes = (kept < starts.count ? starts[kept] : block.text.count) + marker(kept).count
            return (budget.lines.map { kept + 1 <= $0 } ?? true)
                && (budget.tokens.map { RecallBudget.approximateTokens(bytes: bytes) <= $0 } ?? true)
        }
        while keep > 1 && !fits(keep) { keep -= 1 }
        var out = block
        out.text = Array(block.text[0..<(keep < starts.count ? starts[keep] : block.text.count)]) + marker(keep)
        out.lines = keep + 1
        out.omittedLines = block.lines - keep
        return out
    }

    /// The line that ends a cut block, e.g. `[plog: block cut to fit the 400-line budget; 812 more lines not shown]`.
    static func cutMarker(omitted: Int, budget: RecallBudget) -> String {
        var limits: [String] = []
        if let l = budget.lines { limits.append("\(l)-line") }
        if let t = budget.tokens { limits.append("\(t)-token") }
        let what = limits.isEmpty ? "the budget" : "the " + limits.joined(separator: " / ") + " budget"
        return "[plog: block cut to fit \(what); \(omitted) more line\(omitted == 1 ? "" : "s") not shown]\n"
    }
}
