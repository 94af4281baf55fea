/// `plog outcome`: adds OUTCOME bullets to the newest block by appending, never rewriting.
public enum OutcomeAppender {
    /// The verdict written as the bullet's opening words, in phrasings the classifier reads.
    public enum Verdict: Equatable, Sendable {
        case hit
        case partial(turns: Int?)
        /// A miss, with the turns tried before giving up when known.
        case miss(turns: Int?)
    }

    /// The bullet text for a verdict and the user's words.
    public static func bullet(verdict: Verdict?, text: String) -> String {
        let words = text.trimmingCharacters(in: " \t\n")
        switch verdict {
        case nil: return words
        case .hit: return words.isEmpty ? "Worked first try." : "Worked first try. " + words
        case .partial(let turns?):
            let head = "Worked after \(turns) turn\(turns == 1 ? "" : "s")."
            return words.isEmpty ? head : head + " " + words
        case .partial(nil): return words.isEmpty ? "Partly worked." : "Partly worked. " + words
        case .miss(nil): return words.isEmpty ? "Failed." : "Failed: " + words
        case .miss(let turns?):
            let head = "Failed after \(turns) turn\(turns == 1 ? "" : "s")"
            return words.isEmpty ? head + "." : head + ": " + words
        }
    }

    public struct Result: Equatable, Sendable {
        /// The header of the block that got the outcome.
        public var header: String
        /// Whether a new OUTCOME section was started (else bullets were added to the last one).
        public var newSection: Bool
        /// Whether the block already had an outcome before this one (its first bullet stays the verdict).
        public var hadOutcome: Bool
    }

    /// Appends `bullets` to the newest block of the log at `path`, under the log's lock.
    /// `check` sees that block first, under the lock, and may refuse it by throwing (default: accept).
    public static func append(_ bullets: [String], to path: String,
                              check: (Block) throws -> Void = { _ in }) throws -> Result {
        guard Path.exists(path) else {
            throw PlogError.refused(what: path, reason: "the log does not exist yet", hint: "log a prompt first: plog add")
        }
        var result: Result? = nil
        try LogAppender.appendLocked(to: path, create: false) { size in
            guard let block = try CaptureDefaults.newestBlock(logPath: path) else {
                throw PlogError.refused(what: path, reason: "the log has no block to add an outcome to",
                                        hint: "log a prompt first: plog add")
            }
            try check(block)
            let header = String(decoding: block.raw.prefix { $0 != 10 && $0 != 13 }, as: UTF8.self)
            let last = block.sections.last
            let hadOutcome = block.hasOutcome
            var bytes: [UInt8] = []
            let tail = try FileIO.readTail(path, count: 2).bytes
            let endsWithNewline = tail.last == 10
            if last?.name == "OUTCOME" {
                if !endsWithNewline { bytes.append(10) }
                result = Result(header: header, newSection: false, hadOutcome: hadOutcome)
            } else if hadOutcome {
                throw PlogError.refused(
                    what: "plog outcome",
                    reason: "the newest block (\(header)) already has an OUTCOME section, followed by \(last!.name):; "
                        + "adding to it would mean rewriting the block",
                    hint: "open the log with `plog edit` and add the bullet under OUTCOME: yourself")
            } else {
                // A new section starts after a blank line.
                let endsWithBlank = tail.count == 2 && tail[0] == 10 && tail[1] == 10
                bytes += endsWithBlank ? [] : (endsWithNewline ? [10] : [10, 10])
                bytes += Array("OUTCOME:\n".utf8)
                result = Result(header: header, newSection: true, hadOutcome: false)
            }
            for b in bullets { bytes += Array(BlockRenderer.bullet(b).utf8) }
            return (bytes, block.offset)
        }
        return result!
    }
}
