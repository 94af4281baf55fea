/// The formats a recall bundle can take.
public enum BundleFormat: String, CaseIterable, Sendable {
    /// The blocks as written, after a one-line preamble, separated by blank lines.
    case text
    /// The preamble, then each block under a `###` heading in a fenced code block.
    case markdown
    /// `<prompt_history>` with the `<query>` patterns, a `<note>` (the preamble) and one
    /// `<block timestamp= model= project= outcome= turns=>` per block.
    case xml
    /// A JSON array of blocks: timestamp, model, project, task, prompt, outcome, verdict,
    /// turns, offset, line, text (DESIGN.md section 4).
    case json
}

/// What a bundle says about the search that made it.
public struct BundleInfo: Sendable {
    /// The patterns, as given.
    public var patterns: [String]
    /// Matching blocks found; a lower bound unless `complete`.
    public var matched: Int
    /// Whether the whole log was searched (otherwise the search stopped once the budget was full).
    public var complete: Bool
    public var newestFirst: Bool
    /// The terms chosen from a draft when the blocks are ranked by it (`--like`), in the order
    /// chosen; nil for plain recall (default).
    public var draftTerms: [String]?

    public init(patterns: [String], matched: Int, complete: Bool, newestFirst: Bool, draftTerms: [String]? = nil) {
        self.patterns = patterns; self.matched = matched; self.complete = complete; self.newestFirst = newestFirst
        self.draftTerms = draftTerms
    }

    /// `17`, or `17+` when the search stopped early.
    public var matchedText: String { complete ? String(matched) : "\(matched)+" }

    /// The query for people: `"property wrapper"`, or `"property" + "wrapper"`; with a draft,
    /// `a draft (terms: actor, sendable)`, after the patterns.
    public var queryText: String {
        var parts = patterns.map { "\"" + $0 + "\"" }
        if let terms = draftTerms { parts.append("a draft (terms: " + terms.joined(separator: ", ") + ")") }
        return parts.joined(separator: " + ")
    }

    /// `newest first`, `oldest first`, or `most related first` for a ranking by a draft.
    public var orderText: String {
        draftTerms != nil ? "most related first" : newestFirst ? "newest first" : "oldest first"
    }
}

/// Renders recalled blocks as a context bundle.
public enum RecallBundle {
    /// The default preamble, used when no template is found. Placeholders: `{query}`, `{shown}`,
    /// `{matched}` (with a `+` when the search stopped early), `{order}` (`newest first`, `oldest first`, or `most related first` with `--like`).
    public static let defaultPreamble =
        "Prompt history for {query}: {shown} of {matched} matching blocks from my prompt log, {order}. "
        + "Failed attempts are included on purpose: learn from what did not work."

    /// The preamble template: `bundle-preamble` from the user's template directory, else the
    /// shipped one, else `defaultPreamble`. Its `# ` description line is not part of it.
    public static func preambleTemplate(env: Environment, config: Config) -> String {
        guard let t = try? Templates.load("bundle-preamble", env: env, config: config) else { return defaultPreamble }
        let body = t.body.trimmingCharacters(in: "\n\r")
        return body.isEmpty ? defaultPreamble : body
    }

    /// The preamble with its placeholders filled in, on one line.
    public static func preamble(_ template: String, info: BundleInfo, shown: Int) -> String {
        var t = template
        while let last = t.last, last == "\n" || last == "\r" { t.removeLast() }
        return t.replacing("{query}", with: info.queryText)
            .replacing("{shown}", with: String(shown))
            .replacing("{matched}", with: info.matchedText)
            .replacing("{order}", with: info.orderText)
    }

    /// The bundle's bytes. `buf` is the log the blocks came from (for the parsed fields and,
    /// in JSON, line numbers).
    public static func render(_ blocks: [RecalledBlock], format: BundleFormat, info: BundleInfo,
                              preambleTemplate: String, buf: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let preamble = preamble(preambleTemplate, info: info, shown: blocks.count)
        var out: [UInt8] = []
        out.reserveCapacity(blocks.reduce(256) { $0 + $1.text.count + 128 })
        switch format {
        case .text:
            out += preamble.utf8
            out.append(10)
            for b in blocks {
                out.append(10)
                out += b.text
            }
        case .markdown:
            out += preamble.utf8
            out.append(10)
            for b in blocks {
                let block = LogParser.block(buf, b.span)
                var heading = "\n### " + block.timestamp.text
                if let m = block.model { heading += " · " + m }
                if let p = block.project { heading += " · " + p }
                heading += " · " + OutcomeClassifier.classify(block).verdict.rawValue + "\n\n"
                out += heading.utf8
                let fence = String(repeating: "`", count: max(3, longestRun(of: 96, in: b.text) + 1))
                out += (fence + "text\n").utf8
                out += b.text
                out += (fence + "\n").utf8
            }
        case .xml:
            out += "<prompt_history shown=\"\(blocks.count)\" matched=\"\(info.matchedText)\" order=\"\(info.orderText.replacing(" ", with: "-"))\">\n".utf8
            for p in info.patterns { out += ("<query>" + xml(p, attribute: false) + "</query>\n").utf8 }
            out += ("<note>" + xml(preamble, attribute: false) + "</note>\n").utf8
            for b in blocks {
                let block = LogParser.block(buf, b.span)
                let c = OutcomeClassifier.classify(block)
                var tag = "<block timestamp=\"\(xml(block.timestamp.text, attribute: true))\""
                if let m = block.model { tag += " model=\"\(xml(m, attribute: true))\"" }
                if let p = block.project { tag += " project=\"\(xml(p, attribute: true))\"" }
                tag += " outcome=\"\(c.verdict.rawValue)\""
                if let t = c.turns { tag += " turns=\"\(t)\"" }
                if b.isCut { tag += " cut=\"\(b.omittedLines) lines\"" }
                out += (tag + ">\n").utf8
                out += xml(String(decoding: b.text, as: UTF8.self), attribute: false).utf8
                out += "</block>\n".utf8
            }
            out += "</prompt_history>\n".utf8
        case .json:
            let lines = lineNumbers(of: blocks.map(\.span.offset), in: buf)
            out += "[".utf8
            for (i, b) in blocks.enumerated() {
                out += (i == 0 ? "\n  " : ",\n  ").utf8
                out += json(LogParser.block(buf, b.span), recalled: b, line: lines[i]).utf8
            }
            out += (blocks.isEmpty ? "]\n" : "\n]\n").utf8
        }
        return out
    }

    /// One block as a JSON object (DESIGN.md section 4), plus `"cut"` (lines omitted) when cut.
    static func json(_ block: Block, recalled: RecalledBlock, line: Int) -> String {
        BlockJSON.object(block, line: line, text: recalled.text,
                         extra: recalled.isCut ? ", \"cut\": \(recalled.omittedLines)" : "")
    }

    /// 1-based line numbers of the lines starting at `offsets`, counting newlines once over the
    /// log from the smallest offset up.
    static func lineNumbers(of offsets: [Int], in buf: UnsafeBufferPointer<UInt8>) -> [Int] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [Int](repeating: 0, count: offsets.count)
        var pos = 0
        var line = 1
        for i in order {
            line += ByteCount.newlinesParallel(buf, from: pos, to: offsets[i])
            pos = offsets[i]
            result[i] = line
        }
        return result
    }

    static func longestRun(of byte: UInt8, in bytes: [UInt8]) -> Int {
        var best = 0, run = 0
        for c in bytes {
            if c == byte { run += 1; best = max(best, run) } else { run = 0 }
        }
        return best
    }

    /// Text escaped for XML 1.0: `&`, `<`, and `>` where it must be (in attributes, after `]]`), so
    /// quoted prompt lines keep their readable `> `; quotes and newlines in attributes; characters XML
    /// cannot hold (controls other than tab, newline and carriage return) become U+FFFD; invalid
    /// UTF-8 was already decoded as U+FFFD.
    static func xml(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">" where attribute || out.hasSuffix("]]"): out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
