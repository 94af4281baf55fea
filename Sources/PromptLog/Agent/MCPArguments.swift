/// The arguments of one tool call, read with the checks every tool needs: an unknown name, a
/// wrong type or a value out of range is an error that names the argument and says what it takes.
///
/// Agents send numbers as strings now and then (`"5"`), and one pattern where a list is
/// declared; both are accepted, because refusing them only costs the agent a turn.
struct MCPArguments {
    let tool: String
    let object: JSONObject
    /// Notes for the result: values that were changed to fit (an oversized limit), in order.
    private(set) var notes: [String] = []

    init(tool: String, _ value: JSONValue?, known: [String]) throws {
        self.tool = tool
        switch value {
        case nil, .null?: object = JSONObject()
        case .object(let o)?: object = o
        default:
            throw PlogError.invalidInput(input: "arguments", reason: "\(tool) takes its arguments as a JSON object",
                                         hint: "send {\"name\": \"\(tool)\", \"arguments\": {...}}")
        }
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw PlogError.invalidInput(input: unknown, reason: "\(tool) has no argument of this name",
                                         hint: "its arguments are " + known.joined(separator: ", "))
        }
    }

    private func bad(_ name: String, _ reason: String, _ hint: String = "") -> PlogError {
        .invalidInput(input: name, reason: "\(tool) argument \(reason)", hint: hint)
    }

    /// A string argument; nil when absent or null. A blank string counts as absent unless `keepBlank`.
    func string(_ name: String, required: Bool = false, keepBlank: Bool = false) throws -> String? {
        switch object[name] {
        case nil, .null?:
            if required { throw bad(name, "is required", "give \(name) as a string") }
            return nil
        case .string(let s)?:
            if !keepBlank && s.allSatisfy(\.isWhitespace) {
                if required { throw bad(name, "is empty", "give \(name) as a non-empty string") }
                return nil
            }
            return s
        default:
            throw bad(name, "must be a string")
        }
    }

    /// A list of strings; one string is a list of one. Nil when absent.
    func strings(_ name: String, required: Bool = false) throws -> [String]? {
        switch object[name] {
        case nil, .null?:
            if required { throw bad(name, "is required", "give \(name) as a list of strings, e.g. [\"swift\", \"actor\"]") }
            return nil
        case .string(let s)?: return [s]
        case .array(let items)?:
            let list = try items.map { item -> String in
                guard let s = item.stringValue else { throw bad(name, "must be a list of strings") }
                return s
            }
            if required && list.isEmpty { throw bad(name, "is empty", "give at least one") }
            return list
        default:
            throw bad(name, "must be a list of strings")
        }
    }

    /// An integer in `1...ceiling`, or `default` when absent. Above the ceiling it is lowered to
    /// it, with a note in the result (an agent asking for more is better served than refused).
    mutating func integer(_ name: String, default value: Int?, ceiling: Int, minimum: Int = 1) throws -> Int? {
        let given: Int
        switch object[name] {
        case nil, .null?: return value
        case .number?:
            guard let i = object[name]!.intValue else { throw bad(name, "must be a whole number") }
            given = i
        case .string(let s)?:
            guard let i = Int(s.trimmingCharacters(in: " ")) else { throw bad(name, "must be a whole number, not \"\(s)\"") }
            given = i
        default:
            throw bad(name, "must be a whole number")
        }
        guard given >= minimum else { throw bad(name, "must be at least \(minimum), not \(given)") }
        if given > ceiling {
            notes.append("\(name) \(given) is above the ceiling of \(ceiling); used \(ceiling)")
            return ceiling
        }
        return given
    }

    /// The header and outcome filters (`model`, `project`, `since`, `until`, `outcome`).
    func filter() throws -> RecallFilter {
        let now = Int64(time(nil))
        func date(_ name: String) throws -> DateBound? {
            guard let text = try string(name) else { return nil }
            do { return try DateBound.parse(text, now: now) } catch let e as PlogError {
                guard case let .invalidInput(_, reason, hint) = e else { throw e }
                throw bad(name, "\"\(text)\" is \(reason)", hint)
            }
        }
        var verdicts: Set<Verdict>?
        if let names = try strings("outcome") {
            let words = names.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: " ").lowercased() } }
            verdicts = Set(try words.map { word in
                guard let v = Verdict(rawValue: word) else {
                    throw bad("outcome", "takes hit, partial, miss, none or unclassified, not \"\(word)\"")
                }
                return v
            })
            if verdicts!.isEmpty { verdicts = nil }
        }
        let filter = RecallFilter(model: try string("model"), project: try string("project"),
                                  since: try date("since"), until: try date("until"), verdicts: verdicts)
        // A bad model or project pattern is found here, named, rather than mid-search.
        for (name, pattern) in [("model", filter.model), ("project", filter.project)] {
            guard let pattern else { continue }
            do { _ = try PCRE2Matcher(pattern) } catch let PlogError.pattern(_, offset, message) {
                throw bad(name, "is not a valid PCRE2 pattern: \(message) at offset \(offset)",
                          "it is matched unanchored and caseless; escape special characters")
            }
        }
        return filter
    }
}
