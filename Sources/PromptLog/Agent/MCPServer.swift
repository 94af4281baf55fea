/// A Model Context Protocol server over stdio: newline-delimited JSON-RPC 2.0 messages on
/// standard input, answers on standard output, nothing else on standard output (diagnostics go
/// to standard error). It speaks what plog needs of the protocol: `initialize`,
/// `notifications/initialized`, `ping`, `tools/list`, `tools/call`, and ignores other
/// notifications. Requests are answered one at a time, in the order they arrive.
///
/// Errors in a message are JSON-RPC errors (-32700 unreadable JSON, -32600 not a request,
/// -32601 unknown method, -32602 bad parameters or an unknown tool) and the server goes on; a
/// tool that fails answers with `isError: true` and says why. End of input ends the server.
public final class MCPServer {
    /// Protocol versions understood, newest first. An `initialize` that asks for one of them gets
    /// it; any other gets the newest.
    public static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// The longest message read; a longer line is answered with a parse error and skipped.
    public static let maxMessageBytes = 64 << 20

    /// What the agent is told about when to call which tool (sent as `instructions`; Claude
    /// Code puts them in the model's system prompt). Kept under 2,000 characters.
    public static let instructions = """
        plog is the user's own log of past LLM prompts: each block has a TASK, the PROMPT as sent, and an \
        OUTCOME saying whether it worked (hit, partial, miss). Use it to reuse what worked and avoid what failed.
        - Before a non-trivial task, or when the user says "like last time", "again" or "how did I", call \
        plog_search with 1-3 distinctive words or identifiers (all must match; PCRE2, caseless), or plog_like \
        with the draft prompt to find related blocks without guessing words.
        - Results list each block under an id; call plog_get with an id for one block in full.
        - plog_recent shows what the user worked on lately; plog_stats gives hit rates by model, project and \
        prompt shape.
        - Failed attempts are in the log on purpose: read their OUTCOME before repeating an approach.
        - Only when the user asks: plog_add logs a prompt, plog_outcome records how the newest one went.
        Results are bounded (max_tokens, default 4000, at most 10000) and say when they were cut; narrow with \
        project, since or more words rather than raising max_tokens.
        """

    let tools: MCPTools
    let name: String
    let version: String
    /// Where diagnostics go (default standard error).
    let diagnosticsFD: Int32

    /// - Parameters:
    ///   - tools: what `tools/call` runs.
    ///   - name: `serverInfo.name` (default `plog`).
    ///   - version: `serverInfo.version`.
    public init(tools: MCPTools, name: String = "plog", version: String, diagnosticsFD: Int32 = 2) {
        self.tools = tools; self.name = name; self.version = version; self.diagnosticsFD = diagnosticsFD
    }

    /// Serves until end of input. Returns the exit status: 0 at end of input, 1 when standard
    /// output is closed or standard input cannot be read.
    public func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var pending: [UInt8] = []
        var skipping = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        func handleLine(_ line: ArraySlice<UInt8>) -> Bool {
            guard let reply = handle(Array(line)) else { return true }
            return send(reply, to: output)
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                diagnose("cannot read standard input: \(String(cString: strerror(errno)))")
                return 1
            }
            if n == 0 {
                if !pending.isEmpty && !skipping, !handleLine(pending[...]) { return 1 }
                return 0
            }
            var start = 0
            for i in 0..<n where chunk[i] == 10 {
                if skipping {
                    skipping = false
                } else {
                    pending += chunk[start..<i]
                    if !handleLine(pending[...]) { return 1 }
                }
                pending.removeAll(keepingCapacity: true)
                start = i + 1
            }
            if !skipping { pending += chunk[start..<n] }
            if pending.count > MCPServer.maxMessageBytes {
                pending.removeAll()
                skipping = true
                let reply = MCPServer.error(id: .null, code: -32700,
                                            message: "message longer than \(MCPServer.maxMessageBytes) bytes; skipped")
                if !send(reply, to: output) { return 1 }
            }
        }
    }

    /// The answer to one line of input, or nil when it needs none (a notification, a response,
    /// a blank line).
    public func handle(_ line: [UInt8]) -> JSONValue? {
        guard line.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { return nil }
        let message: JSONValue
        do {
            message = try JSONValue.parse(line)
        } catch {
            return MCPServer.error(id: .null, code: -32700, message: "Parse error: \(error)")
        }
        guard case .object(let object) = message else {
            if case .array = message {
                return MCPServer.error(id: .null, code: -32600, message: "Invalid Request: batches are not supported; send one message per line")
            }
            return MCPServer.error(id: .null, code: -32600, message: "Invalid Request: a message is a JSON object")
        }
        let id = object["id"]
        if let id, !MCPServer.isValidId(id) {
            return MCPServer.error(id: .null, code: -32600, message: "Invalid Request: id must be a string or a number")
        }
        guard object["jsonrpc"] == "2.0" else {
            return id == nil ? nil : MCPServer.error(id: id!, code: -32600, message: "Invalid Request: \"jsonrpc\" must be \"2.0\"")
        }
        guard let method = object["method"]?.stringValue else {
            // A response (to a request this server never sends) or junk: answer only what has an id and no result.
            if id != nil, object["result"] == nil, object["error"] == nil {
                return MCPServer.error(id: id!, code: -32600, message: "Invalid Request: no method")
            }
            return nil
        }
        guard let id else {
            // Notifications (initialized, cancelled, ...) need no answer; plog has nothing to do for them.
            return nil
        }
        let params = object["params"]
        if let params, params.objectValue == nil && !params.isNull {
            return MCPServer.error(id: id, code: -32602, message: "Invalid params: params must be an object")
        }
        switch method {
        case "initialize":
            return MCPServer.result(id: id, initializeResult(params))
        case "ping":
            return MCPServer.result(id: id, .object(JSONObject()))
        case "tools/list":
            return MCPServer.result(id: id, ["tools": .array(MCPTools.definitions)])
        case "tools/call":
            guard let name = params?["name"]?.stringValue else {
                return MCPServer.error(id: id, code: -32602, message: "Invalid params: tools/call needs a tool \"name\"")
            }
            do {
                let r = try tools.call(name, arguments: params?["arguments"])
                return MCPServer.result(id: id, ["content": [["type": "text", "text": .string(r.text)]],
                                                 "isError": .bool(r.isError)])
            } catch {
                return MCPServer.error(id: id, code: -32602, message: "Invalid params: \(error)")
            }
        default:
            return MCPServer.error(id: id, code: -32601, message: "Method not found: \(method)")
        }
    }

    func initializeResult(_ params: JSONValue?) -> JSONValue {
        let asked = params?["protocolVersion"]?.stringValue
        let version = asked.flatMap { MCPServer.protocolVersions.contains($0) ? $0 : nil } ?? MCPServer.protocolVersions[0]
        return ["protocolVersion": .string(version),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": ["name": .string(name), "title": "plog prompt log", "version": .string(self.version)],
                "instructions": .string(MCPServer.instructions)]
    }

    static func isValidId(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .number: return true
        default: return false
        }
    }

    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSONValue, code: Int, message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(String(code)), "message": .string(message)]]
    }

    /// Writes one message and its newline; false when standard output is gone.
    func send(_ message: JSONValue, to fd: Int32) -> Bool {
        var bytes = Array(message.compact.utf8)
        bytes.append(10)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                diagnose("cannot write to standard output: \(String(cString: strerror(errno)))")
                return false
            }
            done += n
        }
        return true
    }

    func diagnose(_ message: String) {
        let bytes = Array(("plog-mcp: " + message + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(diagnosticsFD, $0.baseAddress!, $0.count) }
    }
}
