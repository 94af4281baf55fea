/// What one tool call returns: text for the agent, and whether the call failed.
public struct MCPToolResult: Sendable, Equatable {
    public var text: String
    public var isError: Bool

    public init(text: String, isError: Bool = false) { self.text = text; self.isError = isError }
}

/// The tools `plog-mcp` serves: their names, descriptions and input schemas (the contract agents
/// rely on), and what each call does. Every call reads the log afresh (it is mapped per call),
/// so blocks appended while the server runs are seen on the next call.
public final class MCPTools {
    /// Results are bounded by this many approximate tokens (one per 4 bytes, as recall counts) unless a call asks otherwise.
    public static let defaultMaxTokens = 4000
    /// The most a call may ask for with `max_tokens`; agents warn about tool results above
    /// about 10,000 tokens (Claude Code), so no result goes past it.
    public static let maxTokensCeiling = 10_000
    /// The least `max_tokens` a call may give.
    public static let minMaxTokens = 200
    /// The most blocks a search or like call returns (`limit`).
    public static let limitCeiling = 50
    /// Blocks `plog_recent` returns by default (`count`), and its ceiling.
    public static let defaultRecentCount = 5

    let logPath: String
    let env: Environment
    let config: Config
    let preamble: String

    /// - Parameters:
    ///   - logPath: the log every call reads and appends to.
    ///   - preamble: the bundle preamble template (default `RecallBundle.defaultPreamble`).
    public init(logPath: String, env: Environment, config: Config, preamble: String = RecallBundle.defaultPreamble) {
        self.logPath = logPath; self.env = env; self.config = config; self.preamble = preamble
    }

    // MARK: The contract

    public static let names = ["plog_search", "plog_like", "plog_get", "plog_recent", "plog_stats", "plog_add", "plog_outcome"]

    static let idText = "An id is @OFFSET/TIMESTAMP (the byte offset of the block's header in the log and its timestamp, "
        + "checked so that a stale id is refused) or, for blocks captured from an agent, TOOL:PROMPT-ID from its SOURCE line."

    static let filterProperties: [(String, JSONValue)] = [
        ("model", ["type": "string", "description": "Only blocks whose model matches this PCRE2 pattern (unanchored, caseless: `claude` matches claude-opus-4-1)."]),
        ("project", ["type": "string", "description": "Only blocks whose project matches this PCRE2 pattern (unanchored, caseless)."]),
        ("since", ["type": "string", "description": "Only blocks written on or after: 2025, 2025-08, 2025-08-14, a timestamp, 30d, 2w, 6m, 1y, today, yesterday."]),
        ("until", ["type": "string", "description": "Only blocks written on or before (a whole period: 2025-08 includes August 31)."]),
        ("outcome", ["type": "array", "items": ["type": "string", "enum": ["hit", "partial", "miss", "none", "unclassified"]],
                     "description": "Only blocks with one of these verdicts: hit (worked first try), partial, miss (failed), none (no OUTCOME), unclassified."]),
    ]

    static func budgetProperties(limitWhat: String) -> [(String, JSONValue)] {
        [("limit", ["type": "integer", "minimum": 1, "maximum": .number(String(limitCeiling)),
                    "description": .string("Most \(limitWhat) to return (default: as many as max_tokens allows; at most \(limitCeiling)).")]),
         ("max_tokens", maxTokensProperty)]
    }

    static let maxTokensProperty: JSONValue = [
        "type": "integer", "minimum": .number(String(minMaxTokens)), "maximum": .number(String(maxTokensCeiling)),
        "description": .string("Bound on the result in approximate tokens (4 bytes each), default \(defaultMaxTokens), at most \(maxTokensCeiling). A result that was cut says so."),
    ]

    static func schema(_ properties: [(String, JSONValue)], required: [String]) -> JSONValue {
        ["type": "object", "properties": .object(JSONObject(properties)),
         "required": .array(required.map { .string($0) }), "additionalProperties": false]
    }

    static func tool(_ name: String, _ title: String, _ description: String, _ schema: JSONValue,
                     readOnly: Bool, destructive: Bool = false) -> JSONValue {
        var annotations = JSONObject([("title", .string(title)), ("readOnlyHint", .bool(readOnly))])
        if !readOnly {
            annotations["destructiveHint"] = .bool(destructive)
            annotations["idempotentHint"] = false
        }
        annotations["openWorldHint"] = false
        return ["name": .string(name), "title": .string(title), "description": .string(description),
                "inputSchema": schema, "annotations": .object(annotations)]
    }

    /// The tool list, as `tools/list` returns it.
    public static let definitions: [JSONValue] = [
        tool("plog_search", "Search the prompt log",
             "Search the user's log of past LLM prompts and their outcomes. Every pattern (PCRE2, caseless) must match "
                + "somewhere in a block; use 1-3 distinctive words or identifiers, e.g. [\"actor\", \"Sendable\"]. Returns "
                + "matching blocks whole, newest first, each under its id, failures included (learn from them). " + idText,
             schema([("patterns", ["type": "array", "items": ["type": "string"], "minItems": 1,
                                   "description": "PCRE2 patterns, caseless; all must match in a block."]),
                     ("literal", ["type": "boolean", "description": "Take patterns as plain text, not regular expressions (default false)."])]
                    + filterProperties + budgetProperties(limitWhat: "blocks"), required: ["patterns"]),
             readOnly: true),
        tool("plog_like", "Find past prompts like a draft",
             "The past blocks most related to a draft prompt, ranked by the draft's rarest words in the log (BM25, no "
                + "embeddings), most related first. Use before sending a non-trivial prompt: pass the draft; optional "
                + "patterns must also match. " + idText,
             schema([("draft", ["type": "string", "description": "The prompt being written, as text."]),
                     ("patterns", ["type": "array", "items": ["type": "string"], "description": "Optional PCRE2 patterns that must all match too."])]
                    + filterProperties + budgetProperties(limitWhat: "blocks"), required: ["draft"]),
             readOnly: true),
        tool("plog_get", "Get one block by id",
             "One block of the log, whole (bounded by max_tokens), by the id a search listed. " + idText,
             schema([("id", ["type": "string", "description": "@OFFSET/TIMESTAMP or TOOL:PROMPT-ID, as listed."]),
                     ("max_tokens", maxTokensProperty)], required: ["id"]),
             readOnly: true),
        tool("plog_recent", "Newest blocks",
             "The newest blocks of the log, newest first, each under its id: what the user worked on lately.",
             schema([("count", ["type": "integer", "minimum": 1, "maximum": .number(String(limitCeiling)),
                                "description": .string("How many blocks (default \(defaultRecentCount), at most \(limitCeiling)).")]),
                     filterProperties[1], ("max_tokens", maxTokensProperty)], required: []),
             readOnly: true),
        tool("plog_stats", "Prompt hit rates",
             "Summary of the log as JSON (the `plog stats --json` report): blocks, verdict counts, hit rate with a 95% "
                + "interval, and breakdowns by model, project, month, prompt shape and repeated task.",
             schema(Array(filterProperties[0..<4]) + [filterProperties[4], ("max_tokens", maxTokensProperty)], required: []),
             readOnly: true),
        tool("plog_add", "Log a prompt",
             "Append a new block to the user's prompt log (never rewrites existing blocks; credentials are redacted "
                + "first). Use when the user asks to log a prompt. Returns the new block's id.",
             schema([("task", ["type": "string", "description": "One line naming the shape of the request."]),
                     ("prompt", ["type": "string", "description": "The prompt text, verbatim."]),
                     ("model", ["type": "string", "description": "The model it went to (default: the user's configured or last model)."]),
                     ("project", ["type": "string", "description": "The project (default: the user's configured project or the git repository's name)."]),
                     ("outcome", ["type": "array", "items": ["type": "string"],
                                  "description": "OUTCOME bullets; the first carries the verdict, e.g. \"Worked first try.\""])],
                    required: ["task", "prompt"]),
             readOnly: false),
        tool("plog_outcome", "Record an outcome",
             "Record how a prompt went by appending an OUTCOME bullet to its block. The log is append-only, so only "
                + "the newest block can take one: pass its id (from plog_add or plog_recent). " + idText,
             schema([("id", ["type": "string", "description": "The newest block's id."]),
                     ("verdict", ["type": "string", "enum": ["hit", "partial", "miss"],
                                  "description": "hit: worked first try; partial: worked after more turns or partly; miss: failed."]),
                     ("turns", ["type": "integer", "minimum": 1, "description": "Turns it took (partial) or tried before giving up (miss)."]),
                     ("text", ["type": "string", "description": "What happened, in a sentence."])],
                    required: ["id", "verdict"]),
             readOnly: false),
    ]

    // MARK: Calls

    /// Runs tool `name`. Failures (bad arguments, a bad pattern, an unreadable log) come back as
    /// results with `isError`, naming the problem, so the agent can correct itself. Throws only
    /// `MCPTools.UnknownTool`, which the server answers as a protocol error.
    public func call(_ name: String, arguments: JSONValue?) throws -> MCPToolResult {
        do {
            switch name {
            case "plog_search": return try search(arguments)
            case "plog_like": return try like(arguments)
            case "plog_get": return try get(arguments)
            case "plog_recent": return try recent(arguments)
            case "plog_stats": return try stats(arguments)
            case "plog_add": return try add(arguments)
            case "plog_outcome": return try outcome(arguments)
            default: throw UnknownTool(name: name)
            }
        } catch let e as UnknownTool {
            throw e
        } catch let e as PlogError {
            return MCPToolResult(text: e.description, isError: true)
        } catch {
            return MCPToolResult(text: String(describing: error), isError: true)
        }
    }

    public struct UnknownTool: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "unknown tool \(name); the tools are " + MCPTools.names.joined(separator: ", ") }
    }

    func search(_ raw: JSONValue?) throws -> MCPToolResult {
        var args = try MCPArguments(tool: "plog_search", raw,
                                    known: ["patterns", "literal"] + MCPTools.filterKeys + ["limit", "max_tokens"])
        let patterns = try args.strings("patterns", required: true)!
        if patterns.contains(where: \.isEmpty) {
            throw PlogError.invalidInput(input: "patterns", reason: "plog_search argument holds an empty pattern",
                                         hint: "give words or regular expressions, e.g. [\"actor\", \"Sendable\"]")
        }
        var literal = false
        if let l = args.object["literal"], !l.isNull {
            guard let b = l.boolValue else {
                throw PlogError.invalidInput(input: "literal", reason: "plog_search argument must be true or false", hint: "")
            }
            literal = b
        }
        let limit = try args.integer("limit", default: nil, ceiling: MCPTools.limitCeiling)
        let maxTokens = try args.integer("max_tokens", default: MCPTools.defaultMaxTokens,
                                         ceiling: MCPTools.maxTokensCeiling, minimum: MCPTools.minMaxTokens)!
        let query = RecallQuery(patterns: patterns, literal: literal, filter: try args.filter())
        let request = RecallRequest(query: query, budget: RecallBudget(tokens: blockBudget(maxTokens), blocks: limit),
                                    preambleTemplate: preamble)
        let r = try Recall.run(request, logPath: logPath)
        guard !r.blocks.isEmpty else {
            return MCPToolResult(text: "No block matches \(r.info.queryText)\(filterSummary(args)) in \(logPath)."
                + (args.notes.isEmpty ? "" : "\n" + noteLines(args.notes)))
        }
        return MCPToolResult(text: try bundle(r.blocks, info: r.info, maxTokens: maxTokens, limit: limit, notes: args.notes))
    }

    func like(_ raw: JSONValue?) throws -> MCPToolResult {
        var args = try MCPArguments(tool: "plog_like", raw,
                                    known: ["draft", "patterns"] + MCPTools.filterKeys + ["limit", "max_tokens"])
        let draft = try args.string("draft", required: true)!
        let patterns = try args.strings("patterns") ?? []
        let limit = try args.integer("limit", default: nil, ceiling: MCPTools.limitCeiling)
        let maxTokens = try args.integer("max_tokens", default: MCPTools.defaultMaxTokens,
                                         ceiling: MCPTools.maxTokensCeiling, minimum: MCPTools.minMaxTokens)!
        let request = LikeRequest(draft: draft, query: RecallQuery(patterns: patterns, filter: try args.filter()),
                                  budget: RecallBudget(tokens: blockBudget(maxTokens), blocks: limit),
                                  preambleTemplate: preamble)
        let r = try Recall.like(request, logPath: logPath)
        guard !r.blocks.isEmpty else {
            let why = r.nothingFound(draft: draft, filters: filterSummary(args), log: logPath)
            return MCPToolResult(text: "No related block: " + why + (args.notes.isEmpty ? "" : "\n" + noteLines(args.notes)))
        }
        return MCPToolResult(text: try bundle(r.blocks, info: r.info, maxTokens: maxTokens, limit: limit, notes: args.notes))
    }

    func get(_ raw: JSONValue?) throws -> MCPToolResult {
        var args = try MCPArguments(tool: "plog_get", raw, known: ["id", "max_tokens"])
        let idText = try args.string("id", required: true)!
        let id = try BlockId.parse(idText)
        let maxTokens = try args.integer("max_tokens", default: MCPTools.defaultMaxTokens,
                                         ceiling: MCPTools.maxTokensCeiling, minimum: MCPTools.minMaxTokens)!
        let file = try mapLog()
        return try file.withBytes { buf in
            let span = try id.locate(buf, text: idText)
            var block = RecalledBlock(buf, span)
            let budget = RecallBudget(tokens: blockBudget(maxTokens))
            if block.tokens > budget.tokens! { block = BudgetFiller.cut(block, to: budget) }
            var out = "id: " + BlockId.of(buf, offset: span.offset)
            if let source = BlockId.sourceId(of: LogParser.block(buf, span)) { out += "  (also " + source + ")" }
            out += "\n" + String(decoding: block.text, as: UTF8.self)
            if block.isCut {
                out += "[plog: \(block.omittedLines) lines of this block were cut to fit max_tokens \(maxTokens); "
                    + "ask again with a larger max_tokens (at most \(MCPTools.maxTokensCeiling))]\n"
            }
            if !args.notes.isEmpty { out += noteLines(args.notes) }
            return MCPToolResult(text: MCPTools.bounded(out, maxTokens: maxTokens))
        }
    }

    func recent(_ raw: JSONValue?) throws -> MCPToolResult {
        var args = try MCPArguments(tool: "plog_recent", raw, known: ["count", "project", "max_tokens"])
        let count = try args.integer("count", default: MCPTools.defaultRecentCount, ceiling: MCPTools.limitCeiling)!
        let maxTokens = try args.integer("max_tokens", default: MCPTools.defaultMaxTokens,
                                         ceiling: MCPTools.maxTokensCeiling, minimum: MCPTools.minMaxTokens)!
        let filter = try args.filter()
        let file = try mapLog()
        return try file.withBytes { buf in
            let check = try FilterCheck(filter, caseless: true)
            var filler = BudgetFiller(RecallBudget(tokens: blockBudget(maxTokens), blocks: count))
            var end = buf.count
            var stoppedByTokens = false
            while end > 0, let start = LogScanner.headerAtOrBefore(buf, end - 1) {
                let span = BlockSpan(offset: start, end: end, headerEnd: LogScanner.lineEnd(buf, from: start), line: 0)
                end = start
                guard try check.admitsHeader(buf, span) else { continue }
                if filler.offer(RecalledBlock(buf, span)) == .stop { stoppedByTokens = true; break }
                if filler.taken.count >= count { break }
            }
            guard !filler.taken.isEmpty else {
                return MCPToolResult(text: "The log \(logPath) has no blocks\(filterSummary(args)) yet.")
            }
            let shown = filler.taken.count
            // Only a stop for max_tokens leaves out blocks that were asked for.
            let info = BundleInfo(patterns: [], matched: shown, complete: !stoppedByTokens, newestFirst: true)
            return MCPToolResult(text: try bundle(filler.taken, info: info, maxTokens: maxTokens, limit: nil, notes: args.notes,
                                                  heading: "The \(shown) newest block\(shown == 1 ? "" : "s")"
                                                    + "\(filterSummary(args)) of the prompt log, newest first."))
        }
    }

    func stats(_ raw: JSONValue?) throws -> MCPToolResult {
        var args = try MCPArguments(tool: "plog_stats", raw, known: MCPTools.filterKeys + ["max_tokens"])
        let maxTokens = try args.integer("max_tokens", default: MCPTools.defaultMaxTokens,
                                         ceiling: MCPTools.maxTokensCeiling, minimum: MCPTools.minMaxTokens)!
        let filter = try args.filter()
        let report = try Stats.run(StatsRequest(filter: filter), logPath: logPath)
        let filters = StatsJSON.Filters(since: try args.string("since"), until: try args.string("until"),
                                        model: filter.model, project: filter.project,
                                        outcome: filter.verdicts.map { $0.map(\.rawValue).sorted() } ?? [])
        let json = StatsJSON.render(report, filters: filters)
        var text = MCPTools.fitJSON(json, maxTokens: maxTokens - 20)
        if !args.notes.isEmpty { text += "\n" + noteLines(args.notes) }
        return MCPToolResult(text: text)
    }

    func add(_ raw: JSONValue?) throws -> MCPToolResult {
        let args = try MCPArguments(tool: "plog_add", raw, known: ["task", "prompt", "model", "project", "outcome"])
        let task = try args.string("task", required: true)!
        let prompt = try args.string("prompt", required: true, keepBlank: false)!
        let outcomes = (try args.strings("outcome") ?? []).filter { !$0.allSatisfy(\.isWhitespace) }
        let addition = Capture.Addition(task: task, prompt: Array(prompt.utf8), outcomes: outcomes,
                                        model: try args.string("model"), project: try args.string("project"))
        let added = try Capture.add(addition, logPath: logPath, env: env, config: config)
        let timestamp = added.header.prefix { $0 != " " && $0 != "\t" }
        let id = "@\(added.offset)/" + timestamp
        var text = "Logged as \(id): " + added.header
        let findings = added.secrets
        if !findings.isEmpty {
            text += "\nRedacted \(findings.count) credential\(findings.count == 1 ? "" : "s") before writing: "
                + findings.map { "\($0.kind.rawValue) on line \($0.line)" }.joined(separator: ", ")
        }
        text += "\nRecord how it went with plog_outcome {\"id\": \"\(id)\", \"verdict\": \"hit|partial|miss\"}."
        return MCPToolResult(text: text)
    }

    func outcome(_ raw: JSONValue?) throws -> MCPToolResult {
        var args = try MCPArguments(tool: "plog_outcome", raw, known: ["id", "verdict", "turns", "text"])
        let idText = try args.string("id", required: true)!
        let id = try BlockId.parse(idText)
        let verdictWord = try args.string("verdict", required: true)!.lowercased()
        let turns = try args.integer("turns", default: nil, ceiling: 1000)
        let words = try args.string("text") ?? ""
        let verdict: OutcomeAppender.Verdict
        switch verdictWord {
        case "hit":
            if let turns, turns != 1 {
                throw PlogError.invalidInput(input: "turns", reason: "a hit is one turn, not \(turns)",
                                             hint: "use verdict partial with turns \(turns)")
            }
            verdict = .hit
        case "partial": verdict = .partial(turns: turns)
        case "miss": verdict = .miss(turns: turns)
        default:
            throw PlogError.invalidInput(input: "verdict", reason: "plog_outcome takes hit, partial or miss, not \"\(verdictWord)\"",
                                         hint: "hit: worked first try; partial: worked after more turns; miss: failed")
        }
        let bullet = OutcomeAppender.bullet(verdict: verdict, text: words)
        guard Path.exists(logPath) else {
            throw PlogError.refused(what: logPath, reason: "the log does not exist yet", hint: "log a prompt first with plog_add")
        }
        let result = try OutcomeAppender.append([bullet], to: logPath) { newest in
            // Checked under the log's lock: the block must still be the newest when the bullet is written.
            let span = try MappedFile(path: logPath).withBytes { try id.locate($0, text: idText) }
            guard span.offset == newest.offset else {
                let newestId = "@\(newest.offset)/" + newest.timestamp.text
                throw PlogError.refused(
                    what: idText, reason: "not the newest block of the log; the log is append-only, so only the newest "
                        + "block (\(newestId)) can take an outcome",
                    hint: "the user can add it by hand with `plog edit`; or pass \(newestId) if that is the block meant")
            }
        }
        var text = "Added to " + result.header.dropFirst(3) + ": " + bullet
        if result.hadOutcome { text += "\n(The block already had an outcome; its first bullet still carries the verdict.)" }
        args.notes.forEach { text += "\n" + $0 }
        return MCPToolResult(text: text)
    }

    // MARK: Rendering

    static let filterKeys = ["model", "project", "since", "until", "outcome"]

    /// Tokens left for blocks once the preamble, ids and the closing note are allowed for.
    func blockBudget(_ maxTokens: Int) -> Int { max(50, maxTokens - 150) }

    func mapLog() throws -> MappedFile {
        guard Path.exists(logPath) else {
            throw PlogError.invalidInput(input: logPath, reason: "no log here yet",
                                         hint: "add a first block with plog_add or `plog add`, or point plog-mcp --file (or PLOG_FILE) at the log")
        }
        return try MappedFile(path: logPath)
    }

    func filterSummary(_ args: MCPArguments) -> String {
        var parts: [String] = []
        for key in MCPTools.filterKeys {
            if let v = try? args.strings(key), !v.isEmpty { parts.append("\(key) \(v.joined(separator: ","))") }
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    func noteLines(_ notes: [String]) -> String { notes.map { "[plog: " + $0 + "]\n" }.joined() }

    /// The blocks as a bundle for an agent: the preamble (or `heading`), then each block under
    /// a line with its id, then a closing note when anything was left out. Never above `maxTokens`.
    func bundle(_ blocks: [RecalledBlock], info: BundleInfo, maxTokens: Int, limit: Int?, notes: [String],
                heading: String? = nil) throws -> String {
        func render(_ shown: ArraySlice<RecalledBlock>, _ parsed: [Block?]) -> String {
            var out = (heading ?? RecallBundle.preamble(preamble, info: info, shown: shown.count)) + "\n"
            for (b, block) in zip(shown, parsed) {
                out += "\nid: " + BlockId.of(text: b.text, offset: b.span.offset)
                if let source = block.flatMap(BlockId.sourceId) { out += "  (also " + source + ")" }
                out += "\n" + String(decoding: b.text, as: UTF8.self)
            }
            var closing: [String] = []
            let left = info.matched - shown.count
            if left > 0 || !info.complete {
                let more = left <= 0 ? "more matching blocks may exist," : info.complete
                    ? "\(left) more matching block\(left == 1 ? "" : "s")" : "\(left)+ more matching blocks"
                let why = limit.flatMap { shown.count >= $0 ? "limit \($0)" : nil } ?? "max_tokens \(maxTokens)"
                closing.append("\(more) not shown (\(why) reached); raise max_tokens (at most "
                    + "\(MCPTools.maxTokensCeiling)) or limit, or narrow with more patterns, since/until or project")
            }
            if let cut = shown.first(where: \.isCut) {
                closing.append("the block \(BlockId.of(text: cut.text, offset: cut.span.offset)) was cut: "
                    + "\(cut.omittedLines) lines left out; plog_get with a larger max_tokens shows more")
            }
            closing += notes
            if !closing.isEmpty { out += "\n" + noteLines(closing) }
            return out
        }
        // Parsed from the printed text (enough for the SOURCE line).
        let parsed = blocks.map { LogParser.parse($0.text).blocks.first }
        var n = blocks.count
        var text = render(blocks[0..<n], parsed)
        // The blocks fit their budget; the ids and notes could still push a long list over.
        while n > 1 && RecallBudget.approximateTokens(bytes: text.utf8.count) > maxTokens {
            n -= 1
            text = render(blocks[0..<n], parsed)
        }
        return MCPTools.bounded(text, maxTokens: maxTokens)
    }

    /// `text` unchanged when it fits `maxTokens`, else cut at a line (or character) boundary with
    /// a closing note: the last guarantee that no result exceeds its bound.
    static func bounded(_ text: String, maxTokens: Int) -> String {
        let limit = maxTokens * 4
        guard text.utf8.count > limit else { return text }
        let note = "\n[plog: result cut to fit max_tokens \(maxTokens)]\n"
        var keep = Array(text.utf8.prefix(limit - note.utf8.count))
        if let nl = keep.lastIndex(of: 10), nl > keep.count / 2 { keep.removeSubrange((nl + 1)...) }
        // Do not end inside a UTF-8 sequence.
        while let last = keep.last, last & 0xC0 == 0x80 || last >= 0xC0 { keep.removeLast(); if last >= 0xC0 { break } }
        return String(decoding: keep, as: UTF8.self) + note
    }

    /// A JSON report made to fit `maxTokens`: while it is too large, the longest array anywhere
    /// in it loses its last element, and a `"cut"` key at the top says which arrays were shortened.
    static func fitJSON(_ json: String, maxTokens: Int) -> String {
        guard RecallBudget.approximateTokens(bytes: json.utf8.count) > maxTokens,
              var value = try? JSONValue.parse(json) else { return json }
        var cut: [String] = []
        func longest(_ v: JSONValue, _ path: [String]) -> ([String], Int)? {
            switch v {
            case .array(let items):
                var best: ([String], Int)? = items.isEmpty ? nil : (path, items.compact.utf8.count)
                for (i, item) in items.enumerated() {
                    if let b = longest(item, path + [String(i)]), b.1 > (best?.1 ?? 0) { best = b }
                }
                return best
            case .object(let o):
                var best: ([String], Int)?
                for (k, item) in o.pairs {
                    if let b = longest(item, path + [k]), b.1 > (best?.1 ?? 0) { best = b }
                }
                return best
            default: return nil
            }
        }
        func dropLast(_ v: inout JSONValue, _ path: ArraySlice<String>) {
            if path.isEmpty {
                if case .array(var items) = v { items.removeLast(); v = .array(items) }
                return
            }
            switch v {
            case .array(var items):
                let i = Int(path.first!)!
                dropLast(&items[i], path.dropFirst()); v = .array(items)
            case .object(var o):
                var child = o[path.first!]!
                dropLast(&child, path.dropFirst()); o[path.first!] = child; v = .object(o)
            default: break
            }
        }
        while RecallBudget.approximateTokens(bytes: value.pretty().utf8.count + 200) > maxTokens,
              let (path, _) = longest(value, []) {
            dropLast(&value, path[...])
            let name = path.joined(separator: ".")
            if !cut.contains(name) { cut.append(name) }
        }
        if case .object(var o) = value {
            o["cut"] = .string("shortened to fit max_tokens \(maxTokens): " + cut.joined(separator: ", ")
                + "; ask with filters or a larger max_tokens for more")
            value = .object(o)
        }
        return bounded(value.pretty(), maxTokens: maxTokens)
    }
}

private extension Array where Element == JSONValue {
    var compact: String { JSONValue.array(self).compact }
}
