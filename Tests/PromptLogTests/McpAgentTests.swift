import Testing
@testable import PromptLog

/// The parts of the MCP server that need no process: block ids, argument checks and the bounds
/// on results. The protocol itself is tested end to end (EndToEndTests/McpServerTests).
@Suite struct McpAgentTests {
    static let log = """
        ## 2025-03-02T11:05+01:00  claude  ios
        TASK: First

        ## 2025-03-03T09:00+01:00  claude  ios
        TASK: Second
        SOURCE: claude-code s-1 id%25with%20percent

        """

    @Test func idsParse() throws {
        #expect(try BlockId.parse("@123/2025-08-14T16:32+09:00") == .offset(123, timestamp: "2025-08-14T16:32+09:00"))
        #expect(try BlockId.parse(" @5 ") == .offset(5, timestamp: nil))
        #expect(try BlockId.parse("42") == .offset(42, timestamp: nil))
        #expect(try BlockId.parse("claude-code:7c1e-2f0a") == .source(tool: "claude-code", id: "7c1e-2f0a"))
        for bad in ["", "@", "@x", "@12/", "@12x", "nothing", ":id", "tool:", "a b:c"] {
            #expect(throws: PlogError.self, "\(bad)") { try BlockId.parse(bad) }
        }
    }

    @Test func idsLocateAndRefuseStaleOffsets() throws {
        let bytes = Array(McpAgentTests.log.utf8)
        let second = Array(McpAgentTests.log.utf8.split(separator: 10, omittingEmptySubsequences: false).prefix(3).joined(separator: [10])).count + 1
        try bytes.withUnsafeBufferPointer { buf in
            #expect(BlockId.of(buf, offset: second) == "@\(second)/2025-03-03T09:00+01:00")
            let span = try BlockId.offset(second, timestamp: "2025-03-03T09:00+01:00").locate(buf, text: "x")
            #expect(span.offset == second && span.end == bytes.count)
            #expect(try BlockId.offset(0, timestamp: nil).locate(buf, text: "x").end == second)
            // The same offset with another timestamp, and an offset inside a block, are refused.
            #expect(throws: PlogError.self) { try BlockId.offset(second, timestamp: "2025-03-02T11:05+01:00").locate(buf, text: "x") }
            #expect(throws: PlogError.self) { try BlockId.offset(5, timestamp: nil).locate(buf, text: "x") }
            #expect(throws: PlogError.self) { try BlockId.offset(bytes.count + 10, timestamp: nil).locate(buf, text: "x") }
            // A SOURCE id is found by its decoded words (the log writes `%` and spaces encoded).
            let bySource = try BlockId.source(tool: "claude-code", id: "id%with percent").locate(buf, text: "x")
            #expect(bySource.offset == second)
            #expect(throws: PlogError.self) { try BlockId.source(tool: "codex", id: "id%with percent").locate(buf, text: "x") }
        }
    }

    @Test func argumentsAreCheckedByName() throws {
        #expect(throws: PlogError.self) { try MCPArguments(tool: "t", ["patern": "x"], known: ["pattern"]) }
        #expect(throws: PlogError.self) { try MCPArguments(tool: "t", "text", known: []) }
        var args = try MCPArguments(tool: "t", ["limit": "7", "max_tokens": 99_999, "n": 0], known: ["limit", "max_tokens", "n"])
        let limit = try args.integer("limit", default: nil, ceiling: 50)
        let maxTokens = try args.integer("max_tokens", default: 4000, ceiling: 10_000)
        #expect(limit == 7, "a number sent as a string")
        #expect(maxTokens == 10_000)
        #expect(args.notes == ["max_tokens 99999 is above the ceiling of 10000; used 10000"])
        var zero = args
        #expect(throws: PlogError.self) { try zero.integer("n", default: 1, ceiling: 5) }
        #expect(try MCPArguments(tool: "t", ["p": "one"], known: ["p"]).strings("p") == ["one"])
        let filter = try MCPArguments(tool: "t", ["outcome": "hit,miss", "since": "2025-01"], known: MCPTools.filterKeys).filter()
        #expect(filter.verdicts == [.hit, .miss] && filter.since != nil)
        #expect(throws: PlogError.self) { try MCPArguments(tool: "t", ["project": "(ios"], known: MCPTools.filterKeys).filter() }
    }

    @Test func resultsStayWithinTheirBound() throws {
        let text = String(repeating: "héllo wörld ✓\n", count: 2000)
        let cut = MCPTools.bounded(text, maxTokens: 300)
        #expect(cut.utf8.count <= 1200)
        #expect(cut.hasSuffix("[plog: result cut to fit max_tokens 300]\n"))
        #expect(!cut.contains("\u{FFFD}"), "never cut inside a character")
        #expect(MCPTools.bounded("short", maxTokens: 300) == "short")

        let items = (0..<500).map { JSONValue.object(JSONObject([("key", .string("group-\($0)")), ("blocks", JSONValue($0))])) }
        let json = JSONValue.object(JSONObject([("blocks", 500), ("by_month", .array(items)), ("small", [1, 2])])).compact
        let fitted = MCPTools.fitJSON(json, maxTokens: 400)
        #expect(fitted.utf8.count <= 1600)
        let value = try JSONValue.parse(fitted)
        #expect(value["blocks"] == 500, "what is not an array is kept")
        #expect((value["by_month"]?.arrayValue?.count ?? 0) < 500)
        #expect(value["cut"]?.stringValue?.contains("by_month") == true)
    }

    @Test func instructionsAndToolsAreWithinWhatAgentsTake() {
        #expect(MCPServer.instructions.count < 2000)
        let names = MCPTools.definitions.compactMap { $0["name"]?.stringValue }
        #expect(names == MCPTools.names)
        for tool in MCPTools.definitions {
            // Claude Code names tools mcp__<server>__<tool>: letters, digits, `_` and `-` only.
            #expect(tool["name"]!.stringValue!.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            #expect(tool["inputSchema"]?["type"] == "object")
        }
    }
}
