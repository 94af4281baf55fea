import Foundation
import Testing

/// `plog-mcp` driven as agents drive it: raw JSON-RPC lines on a pipe, and the official MCP
/// Python client (Fixtures/mcp/client_session.py, run from the `.build-venv` that shell/test makes).
@Suite struct McpServerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/mcp")

    func sandboxWithLog() throws -> (Sandbox, String) {
        let box = try Sandbox()
        let log = box.root + "/prompts.log"
        try box.write(log, try Data(contentsOf: McpServerTests.fixtures.appendingPathComponent("prompts.log")))
        return (box, log)
    }

    /// Every line of `stdout`, parsed; records an issue for any line that is not a JSON-RPC 2.0 response.
    func responses(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        var out: [[String: Any]] = []
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["jsonrpc"] as? String == "2.0", object.keys.contains("id"),
                  (object["result"] != nil) != (object["error"] != nil) else {
                Issue.record("not a JSON-RPC response on stdout: \(line)", sourceLocation: sourceLocation)
                continue
            }
            out.append(object)
        }
        #expect(stdout.isEmpty || stdout.hasSuffix("\n"), "every message ends with a newline", sourceLocation: sourceLocation)
        return out
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#

    @Test func rawPipeCarriesOnlyJSONRPCAndSurvivesBadMessages() throws {
        let (box, log) = try sandboxWithLog()
        let input = [
            McpServerTests.initialize,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            "",
            #"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plog_search","argu"#,  // cut JSON
            #"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#,  // a batch
            #"{"id":4,"method":"ping"}"#,  // no jsonrpc
            #"{"jsonrpc":"2.0","id":5,"method":"resources/list"}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":[1]}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"plog_search","arguments":{"patterns":["regex"]}}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"plog_recent"}}"#,  // no newline at the end
        ].joined(separator: "\n")
        let r = try box.run("plog-mcp", ["--file", log], stdin: input)
        #expect(r.status == 0, "end of input ends the server with status 0")
        #expect(r.stderr.isEmpty, "nothing on stderr: \(r.stderr)")
        let replies = responses(r.stdout)
        func reply(_ id: AnyHashable?) -> [String: Any]? {
            replies.first { ($0["id"] as? AnyHashable) == id || (id == nil && $0["id"] is NSNull) }
        }
        func code(_ m: [String: Any]?) -> Int? { (m?["error"] as? [String: Any])?["code"] as? Int }
        func toolText(_ m: [String: Any]?) -> String {
            (((m?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        }
        #expect(replies.count == 10, "one answer per request, none for the notification or the blank line")
        let initResult = reply(1)?["result"] as? [String: Any]
        #expect(initResult?["protocolVersion"] as? String == "2025-06-18", "the client's version when supported")
        #expect(reply("p")?["result"] != nil)
        let nullIds = replies.filter { $0["id"] is NSNull }.map(code)
        #expect(nullIds == [-32700, -32600], "unreadable JSON and a batch get -32700 and -32600 with a null id")
        #expect(code(reply(4)) == -32600)
        #expect(code(reply(5)) == -32601)
        #expect(code(reply(6)) == -32602)
        #expect(toolText(reply(7)).contains("TASK: A regex for ISO 8601 dates"), "the server kept serving after bad messages")
        let tools = ((reply(8)?["result"] as? [String: Any])?["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(tools == ["plog_search", "plog_like", "plog_get", "plog_recent", "plog_stats", "plog_add", "plog_outcome"])
        #expect(toolText(reply(9)).contains("id: @"), "a last message without a newline is still answered")
    }

    @Test func unsupportedProtocolVersionGetsTheLatest() throws {
        let (box, log) = try sandboxWithLog()
        let r = try box.run("plog-mcp", ["--file", log], stdin:
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1999-01-01"}}"# + "\n")
        let result = responses(r.stdout).first?["result"] as? [String: Any]
        #expect(result?["protocolVersion"] as? String == "2025-11-25")
        #expect((result?["instructions"] as? String).map { $0.count < 2000 } == true)
    }

    @Test func plogMcpHandsOffToTheServer() throws {
        let (box, log) = try sandboxWithLog()
        let r = try box.run("plog", ["mcp", "--file", log], stdin: McpServerTests.initialize + "\n"
            + #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plog_search","arguments":{"patterns":["grid"]}}}"# + "\n")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let replies = responses(r.stdout)
        #expect(replies.count == 2)
        #expect(r.stdout.contains("Center a card with CSS grid"))
    }

    @Test func missingLogIsAToolErrorNotACrash() throws {
        let box = try Sandbox()
        let r = try box.run("plog-mcp", ["--file", box.root + "/none.log"], stdin: McpServerTests.initialize + "\n"
            + #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plog_recent"}}"# + "\n")
        let replies = responses(r.stdout)
        let result = replies.last?["result"] as? [String: Any]
        #expect(result?["isError"] as? Bool == true)
        #expect(r.stdout.contains("no log here yet"))
        #expect(r.status == 0)
    }

    @Test func officialPythonClient() throws {
        let python = repositoryRoot + "/.build-venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python),
              (try? Sandbox().run(python, ["-c", "import mcp"]).status) == 0 else {
            print("McpServerTests.officialPythonClient skipped: no .build-venv with the `mcp` package "
                + "(shell/test makes it; or run: bash -c '. shell/lib.sh; plog_python_peers')")
            return
        }
        let (box, log) = try sandboxWithLog()
        let r = try box.run(python, [McpServerTests.fixtures.appendingPathComponent("client_session.py").path,
                                     Binaries.path("plog-mcp"), log])
        #expect(r.status == 0, "client output:\n\(r.stdout)\nstderr:\n\(r.stderr)")
        #expect(r.stdout.contains("ok: session closed, server ended"))
    }
}
