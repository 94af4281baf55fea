/// Blocks as JSON, the shape shared by `prompthist --format json` and `plog export --jsonl`:
/// `{timestamp, model, project, task, prompt, outcome, verdict, turns, offset, line, text}`
/// (and `source: {tool, session, id}` after `turns` for a block with a SOURCE line), where
/// `offset` is the byte offset of the header line in the log and `line` its 1-based line number.
public enum BlockJSON {
    /// One block as a JSON object on one line. `text` is the raw text to show (the whole block,
    /// or a cut of it); `extra` is appended inside the object (`, "key": value` pairs).
    public static func object(_ block: Block, line: Int, text: [UInt8], extra: [(String, JSONValue)] = []) -> String {
        let c = OutcomeClassifier.classify(block)
        let outcome = block.outcomeBullets
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        var o: JSONObject = [
            "timestamp": .string(block.timestamp.text), "model": string(block.model), "project": string(block.project),
            "task": string(block.task), "prompt": string(block.prompt),
            "outcome": string(outcome.isEmpty ? nil : outcome.joined(separator: "\n")),
            "verdict": .string(c.verdict.rawValue), "turns": c.turns.map { JSONValue($0) } ?? .null,
        ]
        if let source = block.source {
            // Only captured blocks carry the key, so other blocks export exactly as before.
            o["source"] = ["tool": .string(source.tool), "session": string(source.session), "id": .string(source.id)]
        }
        o["offset"] = JSONValue(block.offset)
        o["line"] = JSONValue(line)
        o["text"] = .string(String(decoding: text, as: UTF8.self))
        for (key, value) in extra { o[key] = value }
        return JSONValue.object(o).spaced
    }
}
