import PromptLog

/// plog's own pack: every object plog writes (log versions, trees, commits) lives in one pack
/// that is rewritten on each commit, so that the repository holds one full copy of each log plus
/// small deltas instead of a new full blob a day.
///
/// Why not libgit2's packbuilder: it recomputes every delta on every pack (it cannot reuse
/// deltas), measured at ~0.15 s per 5 MB version here, so keeping a year of daily versions packed
/// would cost tens of seconds a day. A log is append-only, so a version's delta against the
/// newest full copy is found by comparing prefix and suffix, and old deltas can be carried over
/// from the previous pack byte for byte. The packbuilder still packs loose objects that others
/// leave behind (`LooseObjects`).
///
/// Layout: per log path one *base* (a whole blob); every other version of that log is a
/// REF_DELTA against it (depth 1, so reading any version applies one delta). New versions are
/// deltas against the base until their deltas add up to a quarter of the base's packed size; then the
/// newest version becomes the base and the old deltas are rewritten against it (cheap: their
/// copy instructions move, nothing is searched).
struct LogPack {
    /// Where the pack's name and bases are recorded: `.git/plog/logpack`.
    let statePath: String
    let packDirectory: String
    /// Removes the packs a write replaced, when git cannot still need them (see `PackRemoval`).
    let removal: PackRemoval

    /// `gitDirectory` is where objects live (a linked work tree's common directory); `workTree`
    /// (default: the directory that holds `gitDirectory`) is where a git process at work would run.
    init(gitDirectory: String, workTree: String? = nil) {
        let dir = gitDirectory.hasSuffix("/") ? gitDirectory : gitDirectory + "/"
        statePath = dir + "plog/logpack"
        packDirectory = dir + "objects/pack"
        removal = PackRemoval(commonDirectory: dir, workTree: workTree ?? Path.dirname(String(dir.dropLast())))
    }

    /// The recorded state: the current pack and the base blob of each log path.
    struct State: Equatable {
        var pack: String?
        /// Log path (relative to the work tree) -> base blob id.
        var bases: [String: ObjectID] = [:]
        /// Small objects plog wrote loose (trees, commits) since the pack was last written; the
        /// next write moves them into the pack.
        var loose: [ObjectID] = []
        /// Packs plog replaced but left in place (a `.keep` file, a multi-pack-index, git at
        /// work): each write tries to remove them again.
        var retired: [String] = []

        func encoded() -> [UInt8] {
            var s = "# plog's pack of log versions; see `plog commit --help`.\n"
            if let pack { s += "pack \(pack)\n" }
            for (path, id) in bases.sorted(by: { $0.key < $1.key }) { s += "base \(id.hex) \(path)\n" }
            for id in loose { s += "loose \(id.hex)\n" }
            for name in retired { s += "retired \(name)\n" }
            return Array(s.utf8)
        }

        static func parse(_ text: String) -> State {
            var st = State()
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                if parts.count == 2, parts[0] == "pack" { st.pack = parts[1] }
                if parts.count == 3, parts[0] == "base", let id = ObjectID(hex: parts[1]) { st.bases[parts[2]] = id }
                if parts.count == 2, parts[0] == "loose", let id = ObjectID(hex: parts[1]) { st.loose.append(id) }
                if parts.count == 2, parts[0] == "retired", isPackName(parts[1]), !st.retired.contains(parts[1]) {
                    st.retired.append(parts[1])
                }
            }
            return st
        }

        /// `pack-` and 40 hex digits: nothing else is ever deleted.
        static func isPackName(_ name: String) -> Bool {
            name.count == 45 && name.hasPrefix("pack-") && name.dropFirst(5).allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }
    }

    /// A new object to store: its id and kind, and its bytes.
    struct NewObject {
        var id: ObjectID
        var kind: ObjectKind
        var bytes: [UInt8]
    }

    /// What a write did, for messages and tests.
    struct Outcome: Equatable {
        var packName: String
        var objects: Int
        var packBytes: Int
        /// Log paths whose base moved to their newest version.
        var rebased: [String]
        /// The replaced packs removed now, and those left in place (and why, when git was busy).
        var removal = PackRemoval.Result()
    }

    func loadState() -> State {
        guard let bytes = try? FileIO.readAll(statePath) else { return State() }
        return State.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Records objects plog has just written loose, for the next `write` to take in.
    func recordLoose(_ ids: [ObjectID]) throws {
        guard !ids.isEmpty else { return }
        var state = loadState()
        for id in ids where !state.loose.contains(id) { state.loose.append(id) }
        try saveState(state)
    }

    /// The base of the log at `path`, when `bytes` (the log now) still starts with it: the usual
    /// case, a log only grows. Found by hashing the log's first bytes as a blob, which costs less
    /// than inflating the base to compare with; `write` then knows the delta without reading
    /// the base (one copy and one insert). Runs while the whole log is hashed.
    func basePrefix(path: String, of bytes: UnsafeRawBufferPointer) throws -> BasePrefix? {
        let state = loadState()
        guard let base = state.bases[path], let name = state.pack,
              let old = try OldPack(directory: packDirectory, name: name), let i = old.position[base],
              old.types[i] == .blob, old.sizes[i] <= bytes.count else { return nil }
        let size = old.sizes[i]
        guard ObjectID.of(UnsafeRawBufferPointer(rebasing: bytes[0..<size]), kind: .blob) == base else { return nil }
        return BasePrefix(id: base, size: size)
    }

    /// A base blob that a newer version of its log starts with.
    struct BasePrefix: Equatable {
        var id: ObjectID
        var size: Int
    }

    /// Rewrites the pack with `objects` added, and the loose objects recorded by `recordLoose`.
    /// `logVersion` is the newest version of the log at `path`, with its bytes (it may be in the
    /// pack already); `absorb` names other packs whose objects move into this one (they are
    /// deleted afterwards); `basePrefix` is what `basePrefix(path:of:)` returned for `logVersion`.
    @discardableResult
    func write(repository: Repository, objects: [NewObject],
               logVersion: (path: String, id: ObjectID, bytes: UnsafeRawBufferPointer)?,
               absorb: [String] = [], basePrefix: BasePrefix? = nil) throws -> Outcome {
        var state = loadState()
        var objects = objects
        var looseTaken: [ObjectID] = []
        for id in state.loose where !objects.contains(where: { $0.id == id }) {
            // A recorded object that is gone (git gc packed it) needs nothing more.
            guard let (kind, bytes) = try? repository.readObject(id) else { continue }
            objects.append(NewObject(id: id, kind: kind, bytes: bytes))
            looseTaken.append(id)
        }
        let old = try state.pack.flatMap { try OldPack(directory: packDirectory, name: $0) }
        if old == nil { state.bases = [:] }

        var entries: [Entry] = []
        var present = Set<ObjectID>()
        if let old {
            for k in 0..<old.index.ids.count {
                entries.append(Entry(id: old.index.ids[k], source: .old(k), type: old.types[k], base: old.bases[k],
                                     size: old.entrySizes[k]))
                present.insert(old.index.ids[k])
            }
        }

        // The newest log version decides whether its log's base moves.
        var rebased: [String] = []
        var pending = objects.filter { !present.contains($0.id) }
        if let (path, newest, bytes) = logVersion, !present.contains(newest) {
            let newestBytes: UnsafeRawBufferPointer? = bytes
            if let base = state.bases[path], let old, let baseIndex = old.position[base], let newestBytes,
               newestBytes.count >= 32 {
                // The base's bytes are read only when the log changed other than by growing, or
                // when the base moves.
                var baseBytes: [UInt8]? = nil
                let delta: Delta
                if let known = basePrefix, known.id == base, known.size == old.sizes[baseIndex] {
                    delta = Delta.appending(to: known.size, target: newestBytes)
                } else {
                    let bytes = try old.wholeObject(at: baseIndex)
                    baseBytes = bytes
                    delta = bytes.withUnsafeBytes { Delta.between(source: $0, target: newestBytes) }
                }
                let deltaEntry = try PackEntry.refDelta(base: base, delta: delta)
                let deltasSoFar = entries.filter { $0.base == base }.reduce(0) { $0 + $1.size }
                let basePackedSize = old.entrySizes[baseIndex]
                if delta.insertedCount * 2 > old.sizes[baseIndex] || (deltasSoFar + deltaEntry.count) * 4 > basePackedSize {
                    let oldBaseBytes = try baseBytes ?? old.wholeObject(at: baseIndex)
                    try rebase(&entries, path: path, oldBase: base, oldBaseBytes: oldBaseBytes, newBase: newest,
                               newBaseBytes: newestBytes, old: old)
                    for (p, b) in state.bases where b == base { state.bases[p] = newest }
                    state.bases[path] = newest
                    rebased.append(path)
                } else {
                    entries.append(Entry(id: newest, source: .bytes(deltaEntry), type: .refDelta, base: base,
                                         size: deltaEntry.count))
                }
                pending.removeAll { $0.id == newest }
                present.insert(newest)
            } else if let newestBytes {
                let whole = try PackEntry.whole(kind: .blob, bytes: newestBytes)
                entries.append(Entry(id: newest, source: .bytes(whole), type: .blob, base: nil, size: whole.count))
                state.bases[path] = newest
                pending.removeAll { $0.id == newest }
                present.insert(newest)
            }
        }
        for object in pending where !present.contains(object.id) {
            let whole = try object.bytes.withUnsafeBytes { try PackEntry.whole(kind: object.kind, bytes: $0) }
            entries.append(Entry(id: object.id, source: .bytes(whole), type: PackEntryType(object.kind), base: nil,
                                 size: whole.count))
            present.insert(object.id)
        }

        // Objects of absorbed packs: log versions become deltas against their log's base.
        var absorbedNames: [String] = []
        for name in absorb where name != state.pack {
            guard let foreign = try OldPack(directory: packDirectory, name: name) else { continue }
            absorbedNames.append(name)
            var baseCache: [ObjectID: [UInt8]] = [:]
            for id in foreign.index.ids where !present.contains(id) {
                let (kind, bytes) = try repository.readObject(id)
                var stored = false
                if kind == .blob, bytes.count >= 1024 {
                    for base in Set(state.bases.values) {
                        let baseBytes = try baseCache[base]
                            ?? (base == logVersion?.id ? Array(logVersion!.bytes) : entryBytes(of: base, in: entries, old: old, repository: repository))
                        baseCache[base] = baseBytes
                        let delta = baseBytes.withUnsafeBytes { b in bytes.withUnsafeBytes { Delta.between(source: b, target: $0) } }
                        if delta.insertedCount * 2 <= bytes.count {
                            let e = try PackEntry.refDelta(base: base, delta: delta)
                            entries.append(Entry(id: id, source: .bytes(e), type: .refDelta, base: base, size: e.count))
                            stored = true
                            break
                        }
                    }
                }
                if !stored {
                    let whole = try bytes.withUnsafeBytes { try PackEntry.whole(kind: kind, bytes: $0) }
                    entries.append(Entry(id: id, source: .bytes(whole), type: PackEntryType(kind), base: nil, size: whole.count))
                }
                present.insert(id)
            }
        }

        if old != nil && entries.count == old!.index.ids.count && absorbedNames.isEmpty && rebased.isEmpty {
            // Nothing new: keep the pack as it is.
            if !state.loose.isEmpty { state.loose = []; try saveState(state); removeLoose(looseTaken) }
            let removal = try removeRetired(&state)
            return Outcome(packName: state.pack!, objects: entries.count, packBytes: old!.packSize, rebased: [],
                           removal: removal)
        }
        let (name, packBytes) = try writePack(entries, old: old)
        state.pack = name
        state.loose = []
        // Only now that the new pack holds everything may the old ones go, and only when git
        // cannot still need them: recorded first, so that one left in place is tried again.
        for n in absorbedNames + (old.map { [$0.name] } ?? []) where n != name && !state.retired.contains(n) {
            state.retired.append(n)
        }
        try saveState(state)
        removeLoose(looseTaken)
        try repository.refreshObjects()
        let removal = try removeRetired(&state)
        return Outcome(packName: name, objects: entries.count, packBytes: packBytes, rebased: rebased, removal: removal)
    }

    /// Removes the retired packs no rule of `PackRemoval` protects, and records the rest.
    private func removeRetired(_ state: inout State) throws -> PackRemoval.Result {
        let current = state.pack
        let candidates = state.retired.filter { $0 != current }
        guard !candidates.isEmpty else {
            if !state.retired.isEmpty { state.retired = []; try saveState(state) }
            return PackRemoval.Result()
        }
        let result = removal.remove(candidates)
        if result.kept != state.retired {
            state.retired = result.kept
            try saveState(state)
        }
        return result
    }

    /// Deletes the loose copies of objects that are now in the pack.
    private func removeLoose(_ ids: [ObjectID]) {
        let objects = Path.dirname(packDirectory)
        for id in ids {
            let hex = id.hex
            unlink(objects + "/" + hex.prefix(2) + "/" + hex.dropFirst(2))
            rmdir(objects + "/" + hex.prefix(2))  // only when empty, as git's prune-packed does
        }
    }

    // MARK: - Internals

    private enum Source {
        case old(Int)
        case bytes([UInt8])
    }

    private struct Entry {
        var id: ObjectID
        var source: Source
        var type: PackEntryType
        var base: ObjectID?
        /// Size of the entry in the pack (header and compressed data).
        var size: Int
    }

    /// Moves the base of `path` from `oldBase` to `newBase`: every delta against the old base is
    /// rewritten against the new one, and the old base itself becomes a delta.
    private func rebase(_ entries: inout [Entry], path: String, oldBase: ObjectID, oldBaseBytes: [UInt8],
                        newBase: ObjectID, newBaseBytes: UnsafeRawBufferPointer, old: OldPack) throws {
        let map = oldBaseBytes.withUnsafeBytes { SourceMap(old: $0, new: newBaseBytes) }
        for k in entries.indices {
            if entries[k].id == oldBase {
                // git reads no delta shorter than 4 bytes (an empty target), and a tiny object gains nothing.
                guard oldBaseBytes.count >= 32 else { continue }
                let d = oldBaseBytes.withUnsafeBytes { Delta.between(source: newBaseBytes, target: $0) }
                let e = try PackEntry.refDelta(base: newBase, delta: d)
                entries[k] = Entry(id: oldBase, source: .bytes(e), type: .refDelta, base: newBase, size: e.count)
            } else if entries[k].base == oldBase, case let .old(i) = entries[k].source {
                let delta = try Delta.decode(try old.entryData(at: i))
                let moved = oldBaseBytes.withUnsafeBytes { delta.rebased(oldSource: $0, newSource: newBaseBytes, map: map) }
                let e = try PackEntry.refDelta(base: newBase, delta: moved)
                entries[k] = Entry(id: entries[k].id, source: .bytes(e), type: .refDelta, base: newBase, size: e.count)
            }
        }
        let whole = try PackEntry.whole(kind: .blob, bytes: newBaseBytes)
        entries.append(Entry(id: newBase, source: .bytes(whole), type: .blob, base: nil, size: whole.count))
    }

    /// The whole bytes of a base blob that is either in the old pack or just added.
    private func entryBytes(of id: ObjectID, in entries: [Entry], old: OldPack?, repository: Repository) throws -> [UInt8] {
        if let old, let i = old.position[id], old.types[i] != .refDelta { return try old.wholeObject(at: i) }
        return try repository.readObject(id).bytes
    }

    /// Writes entries as a new pack and its index; returns the pack's name and size.
    private func writePack(_ entries: [Entry], old: OldPack?) throws -> (String, Int) {
        try Path.makeDirectories(packDirectory, mode: 0o755)
        var template = Array((packDirectory + "/tmp_pack_plog_XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let tmpPath = String(cString: template)
        guard fd >= 0 else { throw PlogError.io(operation: "cannot create", path: tmpPath, errno: errno) }
        var closed = false
        defer {
            if !closed { close(fd) }
            unlink(tmpPath)
        }
        var sha = SHA1()
        var offset = 0
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        func flush() throws {
            guard !buffer.isEmpty else { return }
            try FileIO.writeAll(fd, buffer, path: tmpPath)
            sha.update(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        func emit(_ bytes: UnsafeRawBufferPointer) throws {
            if bytes.count > 1 << 20 {
                try flush()
                try writeRaw(fd, bytes, path: tmpPath)
                sha.update(bytes)
            } else {
                buffer.append(contentsOf: bytes)
                if buffer.count >= 1 << 20 { try flush() }
            }
            offset += bytes.count
        }
        let count = UInt32(entries.count)
        let header: [UInt8] = [0x50, 0x41, 0x43, 0x4B, 0, 0, 0, 2,
                               UInt8(count >> 24), UInt8(truncatingIfNeeded: count >> 16),
                               UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)]
        try header.withUnsafeBytes { try emit($0) }
        // Bases are written before the deltas that use them, so a reader streaming the pack (and
        // git's index-pack) finds each base first.
        let ordered = entries.filter { $0.type != .refDelta } + entries.filter { $0.type == .refDelta }
        var indexEntries: [(id: ObjectID, crc: UInt32, offset: Int)] = []
        indexEntries.reserveCapacity(ordered.count)
        for e in ordered {
            let start = offset
            switch e.source {
            case let .old(i):
                let range = old!.entryRange(i)
                try old!.withBytes { try emit(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[range]))) }
                indexEntries.append((e.id, old!.index.crcs[i], start))
            case let .bytes(b):
                try b.withUnsafeBytes { try emit($0) }
                indexEntries.append((e.id, b.withUnsafeBytes { Zlib.crc32($0) }, start))
            }
        }
        try flush()
        let checksum = sha.finish()
        try FileIO.writeAll(fd, checksum, path: tmpPath)
        guard fsync(fd) == 0 else { throw PlogError.io(operation: "cannot sync", path: tmpPath, errno: errno) }
        fchmod(fd, 0o444)
        close(fd)
        closed = true

        let name = "pack-" + ObjectID(bytes: checksum).hex
        let packPath = packDirectory + "/" + name + ".pack"
        let idxPath = packDirectory + "/" + name + ".idx"
        if name == old?.name { return (name, offset + 20) }
        guard rename(tmpPath, packPath) == 0 else { throw PlogError.io(operation: "cannot rename", path: packPath, errno: errno) }
        let idx = PackIndex.encode(indexEntries, packChecksum: checksum)
        try writeFileAtomically(idxPath, idx, mode: 0o444)
        return (name, offset + 20)
    }

    private func saveState(_ state: State) throws {
        try Path.makeDirectories(Path.dirname(statePath), mode: 0o755)
        try writeFileAtomically(statePath, state.encoded(), mode: 0o644, durable: false)
    }
}

/// Writes all of `bytes` to `fd`, retrying short writes.
func writeRaw(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
    var done = 0
    while done < bytes.count {
        let n = posixWrite(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 {
            if errno == EINTR { continue }
            throw PlogError.io(operation: "cannot write", path: path, errno: errno)
        }
        done += n
    }
}

/// Writes `bytes` to `path` through a temporary file and rename (with fsync unless `durable` is
/// false: plog's state file can be lost in a crash without harm, the next write starts afresh).
func writeFileAtomically(_ path: String, _ bytes: [UInt8], mode: mode_t, durable: Bool = true) throws {
    let tmp = path + ".tmp-" + String(getpid())
    unlink(tmp)
    if durable {
        try FileIO.writeNew(tmp, bytes, mode: mode)
    } else {
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw PlogError.io(operation: "cannot create", path: tmp, errno: errno) }
        defer { close(fd) }
        try FileIO.writeAll(fd, bytes, path: tmp)
    }
    guard rename(tmp, path) == 0 else {
        let e = errno
        unlink(tmp)
        throw PlogError.io(operation: "cannot rename", path: path, errno: e)
    }
}

/// A pack plog reads entries from (its own previous pack, or a fetched one to absorb).
private final class OldPack {
    let name: String
    let index: PackIndex
    let file: MappedFile
    /// Entry type and REF_DELTA base per index position.
    let types: [PackEntryType]
    let bases: [ObjectID?]
    let sizes: [Int]
    let dataStarts: [Int]
    let entrySizes: [Int]
    let position: [ObjectID: Int]
    private let ends: [Int]
    var packSize: Int { file.count }

    /// nil when the pack no longer exists (e.g. `git gc` replaced it).
    init?(directory: String, name: String) throws {
        let idxPath = directory + "/" + name + ".idx"
        let packPath = directory + "/" + name + ".pack"
        guard Path.exists(idxPath), Path.exists(packPath) else { return nil }
        self.name = name
        let idxFile = try MappedFile(path: idxPath)
        let index = try idxFile.withBytes { try PackIndex(parsing: UnsafeRawBufferPointer($0)) }
        let file = try MappedFile(path: packPath)
        self.index = index
        self.file = file
        let n = index.ids.count
        // Entries end where the next one (by offset) starts; the last before the trailer.
        let order = (0..<n).sorted { index.offsets[$0] < index.offsets[$1] }
        var ends = [Int](repeating: 0, count: n)
        for (k, i) in order.enumerated() {
            ends[i] = k + 1 < n ? index.offsets[order[k + 1]] : file.count - 20
        }
        self.ends = ends
        var types: [PackEntryType] = [], bases: [ObjectID?] = [], sizes: [Int] = [], starts: [Int] = []
        var position: [ObjectID: Int] = [:]
        try file.withBytes { buf in
            let raw = UnsafeRawBufferPointer(buf)
            for i in 0..<n {
                let h = try PackEntry.parse(raw, at: index.offsets[i])
                types.append(h.type); bases.append(h.base); sizes.append(h.size); starts.append(h.dataStart)
                position[index.ids[i]] = i
            }
        }
        self.types = types
        self.bases = bases
        self.sizes = sizes
        self.dataStarts = starts
        self.entrySizes = (0..<n).map { ends[$0] - index.offsets[$0] }
        self.position = position
    }

    func entryRange(_ i: Int) -> Range<Int> { index.offsets[i]..<ends[i] }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R { try file.withBytes(body) }

    /// The inflated data of entry `i` (the object itself, or the delta for a delta entry).
    func entryData(at i: Int) throws -> [UInt8] {
        try file.withBytes { buf in
            let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buf)[dataStarts[i]..<ends[i]])
            return try Zlib.inflate(raw, size: sizes[i]).bytes
        }
    }

    /// The object at `i`, which must be stored whole.
    func wholeObject(at i: Int) throws -> [UInt8] {
        guard types[i] != .refDelta && types[i] != .offsetDelta else { throw PackError.corrupt("expected a whole object") }
        return try entryData(at: i)
    }
}
