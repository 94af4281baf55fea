/// Everything `prompthist` needs to know to make a bundle.
public struct RecallRequest: Sendable {
    public var query: RecallQuery
    /// Default: 400 lines.
    public var budget: RecallBudget
    /// Default: newest first.
    public var newestFirst: Bool
    /// Default: text.
    public var format: BundleFormat
    /// The preamble template (see `RecallBundle.preamble`); default `RecallBundle.defaultPreamble`.
    public var preambleTemplate: String

    public init(query: RecallQuery, budget: RecallBudget = .standard, newestFirst: Bool = true,
                format: BundleFormat = .text, preambleTemplate: String = RecallBundle.defaultPreamble) {
        self.query = query; self.budget = budget; self.newestFirst = newestFirst
        self.format = format; self.preambleTemplate = preambleTemplate
    }
}

/// A finished recall: the bundle and what went into it.
public struct RecallOutcome: Sendable {
    /// The rendered bundle (empty when nothing matched).
    public var bundle: [UInt8]
    public var info: BundleInfo
    /// Blocks in the bundle, in bundle order.
    public var blocks: [RecalledBlock]
    /// Lines and approximate tokens of the blocks in the bundle (budget units).
    public var lines: Int
    public var tokens: Int
}

public enum Recall {
    /// Searches the log at `logPath` and renders the bundle.
    public static func run(_ request: RecallRequest, logPath: String) throws -> RecallOutcome {
        let searcher = try RecallSearcher(query: request.query)
        searcher.releasesScannedPages = true
        guard Path.exists(logPath) else {
            throw PlogError.invalidInput(input: logPath, reason: "no log here yet",
                                         hint: "add a first block with `plog add`, or point --file (or PLOG_FILE) at your log")
        }
        let file = try MappedFile(path: logPath)
        return try file.withBytes { buf in
            var filler = BudgetFiller(request.budget)
            let (found, complete) = try searcher.search(buf, newestFirst: request.newestFirst) { span in
                filler.offer(RecalledBlock(buf, span)) == .take && !filler.isFull
            }
            let info = BundleInfo(patterns: request.query.patterns, matched: found, complete: complete,
                                  newestFirst: request.newestFirst)
            let blocks = filler.taken
            let bundle = blocks.isEmpty ? [] : RecallBundle.render(blocks, format: request.format, info: info,
                                                                   preambleTemplate: request.preambleTemplate, buf: buf)
            return RecallOutcome(bundle: bundle, info: info, blocks: blocks, lines: filler.lines, tokens: filler.tokens)
        }
    }
}
