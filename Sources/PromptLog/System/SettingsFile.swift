/// Another tool's JSON settings file (Claude Code's `settings.json`, Codex's and Cursor's
/// `hooks.json`, ...), edited in place by `plog hook install` and `plog mcp install`.
///
/// The file is read with `JSONValue`, so key order, number text and every key plog does not
/// touch survive. `save()` writes only when the value changed: to a temporary file beside it,
/// fsynced, then renamed over it (a reader sees the old file or the new one, never half of one),
/// keeping the previous bytes in `<file>.plog-backup`. The file's mode is kept; a new file is 0600.
public struct SettingsFile {
    /// The file's absolute path.
    public let path: String
    /// The bytes read; nil when the file did not exist.
    public let original: [UInt8]?
    /// The settings; an empty object when the file did not exist or held only whitespace.
    public var value: JSONValue
    /// What was changed, one line each, for the user (`+ UserPromptSubmit: plog hook claude-code`).
    public var changes: [String] = []

    /// Reads `path`. A missing file (or one holding only whitespace) is an empty object; a file
    /// that is not a JSON object is refused with its name, the byte offset and a hint, and nothing
    /// is changed.
    public static func load(_ path: String) throws -> SettingsFile {
        guard Path.exists(path) else { return SettingsFile(path: path, original: nil, value: .object(JSONObject())) }
        let bytes = try FileIO.readAll(path)
        if bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) {
            return SettingsFile(path: path, original: bytes, value: .object(JSONObject()))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch let e as JSONError {
            throw PlogError.invalidInput(
                input: path, reason: "is not valid JSON: \(e.reason) at byte \(e.offset) (line \(line(of: e.offset, in: bytes)))",
                hint: "fix the file (or move it away) and run the command again; nothing was changed")
        }
        guard value.objectValue != nil else {
            throw PlogError.invalidInput(input: path, reason: "holds JSON that is not an object ({...})",
                                         hint: "fix the file (or move it away) and run the command again; nothing was changed")
        }
        return SettingsFile(path: path, original: bytes, value: value)
    }

    init(path: String, original: [UInt8]?, value: JSONValue) {
        self.path = path; self.original = original; self.value = value
    }

    /// The bytes `save()` writes: the value indented by two spaces, ending with a newline.
    public var rendered: [UInt8] { Array((value.pretty(indent: 2) + "\n").utf8) }

    /// Whether the value differs from what was read.
    public var isChanged: Bool {
        guard let original else { return true }
        if let before = try? JSONValue.parse(original) { return before != value }
        return value != .object(JSONObject())
    }

    /// Where the previous bytes are kept: `<file>.plog-backup`.
    public var backupPath: String { path + ".plog-backup" }

    public struct SaveResult: Sendable, Equatable {
        /// True when nothing changed, so nothing was written.
        public var unchanged: Bool
        /// True when the file did not exist before.
        public var created: Bool
        /// The backup of the previous bytes, when there were any.
        public var backup: String?
    }

    /// Writes the value when it changed (see the type's comment), creating missing parent
    /// directories (0700). On failure the file is left as it was.
    @discardableResult
    public func save() throws -> SaveResult {
        guard isChanged else { return SaveResult(unchanged: true, created: false, backup: nil) }
        let dir = Path.dirname(path)
        try Path.makeDirectories(dir)
        var mode: mode_t = 0o600
        var st = stat()
        if stat(path, &st) == 0 { mode = st.st_mode & 0o7777 }
        var backup: String?
        if let original {
            let b = backupPath
            unlink(b)
            try FileIO.writeNew(b, original, mode: mode)
            backup = b
        }
        let temp = dir + "/." + Path.basename(path) + ".plog-" + String(getpid()) + ".tmp"
        unlink(temp)
        try FileIO.writeNew(temp, rendered, mode: mode)
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw PlogError.io(operation: "cannot replace", path: path, errno: e)
        }
        // The rename is durable only once the directory is synced.
        let dfd = open(dir, O_RDONLY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
        return SaveResult(unchanged: false, created: original == nil, backup: backup)
    }

    /// Sets the value at `keys` (objects on the way created where missing); nil removes the key.
    /// Returns false, changing nothing, when a value on the way is not an object.
    @discardableResult
    public mutating func set(_ newValue: JSONValue?, at keys: [String]) -> Bool {
        guard !keys.isEmpty else { return false }
        guard let updated = SettingsFile.setting(newValue, at: keys[...], in: value) else { return false }
        value = updated
        return true
    }

    /// The value at `keys`, nil when missing.
    public func get(_ keys: [String]) -> JSONValue? {
        var current: JSONValue? = value
        for key in keys { current = current?[key] }
        return current
    }

    static func setting(_ newValue: JSONValue?, at keys: ArraySlice<String>, in node: JSONValue) -> JSONValue? {
        guard var object = node.objectValue, let key = keys.first else { return nil }
        if keys.count == 1 {
            object[key] = newValue
            return .object(object)
        }
        let child = object[key] ?? .object(JSONObject())
        if newValue == nil && object[key] == nil { return .object(object) }
        guard let updated = setting(newValue, at: keys.dropFirst(), in: child) else { return nil }
        object[key] = updated
        return .object(object)
    }

    /// The 1-based line of byte `offset`.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes.prefix(min(offset, bytes.count)).reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }
}
