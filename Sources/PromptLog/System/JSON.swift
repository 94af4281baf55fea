/// JSON without Foundation: one reader and one writer for every JSON plog reads or writes (hook
/// input, other tools' histories and settings files, the MCP protocol, `--json` output).
///
/// Objects keep their keys in the order written and numbers keep their text, so a settings file
/// read and written back changes only where plog changed it.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number as written (`5`, `-1.5e3`), so integers and precision survive a round trip.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public init(_ int: Int) { self = .number(String(int)) }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    public var isNull: Bool { self == .null }

    /// The number as an integer when it is one exactly (`3`, `3.0`, `3e0`); nil otherwise.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        guard let d = Double(text), d.rounded() == d, abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// `self[key]` of an object; nil for a missing key or when this is not an object.
    public subscript(_ key: String) -> JSONValue? { objectValue?[key] }

    /// Parses one JSON text (RFC 8259; surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse($0) }
    }

    public static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }

    public static func parse(_ buf: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var reader = JSONReader(buf)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.p == buf.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    /// The value as compact JSON on one line.
    public var compact: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// The value as JSON indented by `indent` spaces per level (default 2), the way settings files are written.
    public func pretty(indent: Int = 2) -> String {
        var out = ""
        write(to: &out, indent: String(repeating: " ", count: indent), level: 0)
        return out
    }

    func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): out += JSONText.quote(s)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let object):
            guard !object.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in object.pairs.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                out += JSONText.quote(key)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

/// A JSON object with its keys in the order written. A repeated key keeps its first place and
/// its last value, as most readers do.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    private var values: [String: JSONValue] = [:]

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }
    public var pairs: [(String, JSONValue)] { keys.map { ($0, values[$0]!) } }

    /// Setting a new key appends it; setting an existing key keeps its place; setting nil removes it.
    public subscript(_ key: String) -> JSONValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.keys == b.keys && a.values == b.values }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

/// Why a JSON text could not be read: what, and the byte offset where.
public struct JSONError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public var description: String { "\(reason) at byte \(offset)" }
}

/// The parser: a cursor over bytes. Nesting is limited so hostile input cannot overflow the stack.
struct JSONReader {
    let buf: UnsafeBufferPointer<UInt8>
    var p = 0
    static let maxDepth = 512

    init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

    func error(_ reason: String) -> JSONError { JSONError(reason: reason, offset: p) }

    mutating func skipSpace() {
        while p < buf.count {
            let c = buf[p]
            guard c == 32 || c == 10 || c == 13 || c == 9 else { return }
            p += 1
        }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < JSONReader.maxDepth else { throw error("nesting deeper than \(JSONReader.maxDepth)") }
        guard p < buf.count else { throw error("unexpected end of input") }
        switch buf[p] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard p + n <= buf.count, memcmp(buf.baseAddress! + p, word.utf8Start, n) == 0 else {
            throw error("expected \(word)")
        }
        p += n
    }

    mutating func object(depth: Int) throws -> JSONValue {
        p += 1
        var object = JSONObject()
        skipSpace()
        if p < buf.count && buf[p] == UInt8(ascii: "}") { p += 1; return .object(object) }
        while true {
            skipSpace()
            guard p < buf.count, buf[p] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard p < buf.count, buf[p] == UInt8(ascii: ":") else { throw error("expected `:` after a key") }
            p += 1
            skipSpace()
            object[key] = try value(depth: depth + 1)
            skipSpace()
            guard p < buf.count else { throw error("unexpected end of input in an object") }
            if buf[p] == UInt8(ascii: ",") { p += 1; continue }
            if buf[p] == UInt8(ascii: "}") { p += 1; return .object(object) }
            throw error("expected `,` or `}`")
        }
    }

    mutating func array(depth: Int) throws -> JSONValue {
        p += 1
        var items: [JSONValue] = []
        skipSpace()
        if p < buf.count && buf[p] == UInt8(ascii: "]") { p += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard p < buf.count else { throw error("unexpected end of input in an array") }
            if buf[p] == UInt8(ascii: ",") { p += 1; continue }
            if buf[p] == UInt8(ascii: "]") { p += 1; return .array(items) }
            throw error("expected `,` or `]`")
        }
    }

    mutating func number() throws -> String {
        let start = p
        if buf[p] == UInt8(ascii: "-") { p += 1 }
        func digits() -> Int {
            let s = p
            while p < buf.count && buf[p] >= 48 && buf[p] <= 57 { p += 1 }
            return p - s
        }
        guard p < buf.count else { throw error("expected digits") }
        if buf[p] == UInt8(ascii: "0") { p += 1 } else if digits() == 0 { throw error("expected digits") }
        if p < buf.count && buf[p] == UInt8(ascii: ".") {
            p += 1
            guard digits() > 0 else { throw error("expected digits after `.`") }
        }
        if p < buf.count && (buf[p] == UInt8(ascii: "e") || buf[p] == UInt8(ascii: "E")) {
            p += 1
            if p < buf.count && (buf[p] == UInt8(ascii: "+") || buf[p] == UInt8(ascii: "-")) { p += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[start..<p]), as: UTF8.self)
    }

    /// A string starting at the opening quote. Invalid UTF-8 becomes U+FFFD; a lone surrogate
    /// escape becomes U+FFFD (as browsers and Python's `errors="replace"` do), never an error,
    /// because histories written by other tools contain both.
    mutating func string() throws -> String {
        p += 1
        let start = p
        // Fast path: no escapes.
        while p < buf.count {
            let c = buf[p]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<p]), as: UTF8.self)
                p += 1
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw error("control character in a string") }
            p += 1
        }
        var bytes = Array(buf[start..<p])
        while p < buf.count {
            let c = buf[p]
            if c == UInt8(ascii: "\"") {
                p += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            if c < 0x20 { throw error("control character in a string") }
            if c != UInt8(ascii: "\\") { bytes.append(c); p += 1; continue }
            p += 1
            guard p < buf.count else { break }
            let e = buf[p]
            p += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
            case UInt8(ascii: "b"): bytes.append(8)
            case UInt8(ascii: "f"): bytes.append(12)
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "r"): bytes.append(13)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), p + 6 <= buf.count,
                   buf[p] == UInt8(ascii: "\\"), buf[p + 1] == UInt8(ascii: "u") {
                    let save = p
                    p += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        p = save
                    }
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                bytes += Array(String(Character(u)).utf8)
            default:
                p -= 2
                throw error("unknown escape `\\\(Character(Unicode.Scalar(e)))`")
            }
        }
        throw error("unterminated string")
    }

    mutating func hex4() throws -> UInt32 {
        guard p + 4 <= buf.count else { throw error("expected four hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = buf[p]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: throw error("expected four hex digits after \\u")
            }
            v = v << 4 | UInt32(d)
            p += 1
        }
        return v
    }
}

/// JSON string literals.
enum JSONText {
    static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func quoteOrNull(_ s: String?) -> String { s.map(quote) ?? "null" }
}
