import PromptLog

/// What git's own housekeeping (`git gc`, `git maintenance`, `git repack --write-midx`,
/// `git multi-pack-index`, `.keep` files) holds in a repository, so that plog removes a pack it
/// replaced only when git cannot still need it.
///
/// The danger is a pack that a `multi-pack-index` lists: git reads the objects of such a pack only
/// through the index, so deleting the pack breaks `git fsck` and `git multi-pack-index verify`
/// ("failed to load pack in position N") and can hide objects, until git rewrites the index. And a
/// git process that is writing a multi-pack-index (or repacking) has already listed the packs
/// that are there, so a pack deleted under it ends up listed too. Hence the rules of
/// `PackRemoval`: a replaced pack stays where it is while an index lists it, while it has a
/// `.keep` file, and while git is at work in the repository; plog removes it on a later run.
enum GitActivity {
    /// How old a `gc.pid` may be before git itself ignores it (12 hours, as in `git gc`).
    static let gcPidLifetime = 12 * 3600
    /// How long a pack git is writing (`objects/pack/tmp_pack_*`, `.tmp-*`) counts as work in progress;
    /// older ones are left behind by a git that crashed.
    static let temporaryPackLifetime = 600

    /// Why the repository whose common git directory is `commonDirectory` (with a trailing slash)
    /// is busy with git's housekeeping now, or nil. Looks at `gc.pid` (with a live process),
    /// `objects/maintenance.lock`, the multi-pack-index's and commit-graph's lock files, and
    /// packs git is writing. `index.lock` is not housekeeping: see `LogRepository.checkReady`.
    static func housekeeping(commonDirectory: String) -> String? {
        if let gc = runningGC(commonDirectory: commonDirectory) { return gc }
        let objects = commonDirectory + "objects/"
        let locks: [(String, String)] = [
            ("maintenance.lock", "git maintenance is running"),
            ("pack/multi-pack-index.lock", "git is writing the multi-pack-index"),
            ("info/commit-graph.lock", "git is writing the commit-graph"),
            ("info/commit-graphs/commit-graph-chain.lock", "git is writing the commit-graph"),
        ]
        for (file, what) in locks where Path.exists(objects + file) {
            // plog's own hold on it (this process's, or one left by a plog that was killed) is not git's.
            if file == "maintenance.lock", let pid = PackRemoval.plogLockHolder(objects + file),
               pid == getpid() || !processExists(pid) { continue }
            return "\(what) (\(objects + file) exists)"
        }
        let now = time(nil)
        // pack-objects and index-pack write `tmp_pack_*` (and `tmp_idx_*`), repack `.tmp-PID-pack-*`.
        for name in listDirectory(objects + "pack")
        where (name.hasPrefix("tmp_") || name.hasPrefix(".tmp-")) && !name.hasPrefix("tmp_pack_plog_") {
            var st = stat()
            if stat(objects + "pack/" + name, &st) == 0, Int(now) - mtime(st).seconds < temporaryPackLifetime {
                return "git is writing a pack (\(objects)pack/\(name))"
            }
        }
        return nil
    }

    /// `git gc is running (pid N)` when `gc.pid` names a live process on this host and is
    /// younger than git's own limit.
    static func runningGC(commonDirectory: String) -> String? {
        let file = commonDirectory + "gc.pid"
        var st = stat()
        guard stat(file, &st) == 0, Int(time(nil)) - mtime(st).seconds < gcPidLifetime,
              let bytes = try? FileIO.readAll(file) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard let first = fields.first, let pid = Int32(first) else { return nil }
        var buf = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buf, buf.count - 1) == 0 ? String(cString: buf) : ""
        if fields.count > 1, String(fields[1]) != host {
            return "git gc is running on \(fields[1]) (pid \(pid), \(file))"
        }
        guard processExists(pid) else { return nil }
        return "git gc is running (pid \(pid), \(file))"
    }

    /// A git process (other than one that started plog) whose working directory is inside
    /// `workTree` or `commonDirectory`: `git status` from an editor, a `git repack` by hand. Read
    /// from `/proc` on Linux; elsewhere nil.
    static func gitProcess(workTree: String, commonDirectory: String) -> String? {
        #if os(Linux)
        var ancestors = Set<Int32>()
        var pid = getpid()
        while pid > 1, ancestors.insert(pid).inserted { pid = parentPID(pid) ?? 1 }
        let roots = [workTree.hasSuffix("/") ? workTree : workTree + "/",
                     commonDirectory.hasSuffix("/") ? commonDirectory : commonDirectory + "/"]
        for name in listDirectory("/proc") {
            guard let p = Int32(name), !ancestors.contains(p),
                  let comm = procFile("/proc/\(name)/comm") else { continue }
            let command = comm.trimmingSuffix("\n")
            guard command == "git" || command.hasPrefix("git-") else { continue }
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink("/proc/\(name)/cwd", &buf, buf.count - 1)
            guard n > 0 else { continue }
            buf[n] = 0
            let cwd = String(cString: buf) + "/"
            if roots.contains(where: { cwd.hasPrefix($0) }) {
                return "\(command) (pid \(p)) is working in \(workTree)"
            }
        }
        #endif
        return nil
    }

    #if os(Linux)
    private static func parentPID(_ pid: Int32) -> Int32? {
        guard let text = procFile("/proc/\(pid)/stat") else { return nil }
        // `pid (comm) state ppid ...`; comm may hold spaces and parentheses, so read after the last ')'.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// A file under /proc (which reports a size of 0, so it is read to its end).
    private static func procFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return (try? FileIO.readToEnd(fd: fd, name: path)).map { String(decoding: $0, as: UTF8.self) }
    }
    #endif
}

/// Whether a process with this id runs (one of another user's counts).
func processExists(_ pid: Int32) -> Bool { pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) }

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// The packs a `multi-pack-index` lists (git's `objects/pack/multi-pack-index`, format version 1).
enum MultiPackIndex {
    enum Listing: Equatable {
        /// No multi-pack-index.
        case none
        /// The names (`pack-<hash>`, without `.idx`) of the packs it lists.
        case packs(Set<String>)
        /// One plog cannot read (another version, an incremental chain, a torn file): every pack
        /// may be listed.
        case unreadable(String)
    }

    static func listing(packDirectory: String) -> Listing {
        if Path.exists(packDirectory + "/multi-pack-index.d") {
            return .unreadable("\(packDirectory)/multi-pack-index.d is a chain of indexes")
        }
        let path = packDirectory + "/multi-pack-index"
        guard Path.exists(path) else { return .none }
        guard let bytes = try? FileIO.readAll(path) else { return .unreadable("cannot read \(path)") }
        guard let names = packNames(bytes) else { return .unreadable("\(path) is not a multi-pack-index plog can read") }
        return .packs(names)
    }

    /// The PNAM chunk's names: header `MIDX`, version 1, hash version, chunk count, base count,
    /// pack count; then the chunk table (id and 8-byte offset per chunk, and a terminating row).
    static func packNames(_ b: [UInt8]) -> Set<String>? {
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        guard b.count >= 12, b[0...3].elementsEqual("MIDX".utf8), b[4] == 1 else { return nil }
        let chunks = Int(b[6]), packs = u32(8)
        guard b.count >= 12 + (chunks + 1) * 12 else { return nil }
        var start: Int? = nil, end: Int? = nil
        for k in 0..<chunks {
            let row = 12 + k * 12
            guard b[row..<row + 4].elementsEqual("PNAM".utf8) else { continue }
            start = u32(row + 8) | u32(row + 4) << 32
            end = u32(row + 20) | u32(row + 16) << 32
        }
        guard let start, let end, start <= end, end <= b.count else { return nil }
        var names = Set<String>()
        for part in b[start..<end].split(separator: 0, omittingEmptySubsequences: true) {
            var name = String(decoding: part, as: UTF8.self)
            if name.hasSuffix(".idx") { name.removeLast(4) } else if name.hasSuffix(".pack") { name.removeLast(5) }
            names.insert(name)
        }
        return names.count == packs ? names : nil
    }
}

/// Removes the packs plog replaced (its own previous pack, fetched packs it folded in), under
/// these rules: a pack with a `.keep` file, or one that a multi-pack-index lists (or may list),
/// stays; while git's housekeeping runs or a git process works in the repository, every pack
/// stays; and `objects/maintenance.lock` is held while plog deletes, so that a `git maintenance
/// run` starting at that moment steps back (it skips, as it does for another maintenance run).
/// What stays is tried again by the next plog command that writes the pack.
struct PackRemoval {
    let commonDirectory: String
    let workTree: String

    var packDirectory: String { commonDirectory + "objects/pack" }

    /// What `remove` did.
    struct Result: Equatable {
        var removed: [String] = []
        /// Packs that stay, to be tried again.
        var kept: [String] = []
        /// Why the packs stayed when git was busy or the multi-pack-index could not be read (nil
        /// when they stayed for a `.keep` file or because the index lists them, which is no news:
        /// git removes or repacks them in its own time).
        var busy: String?

        /// For the cron log, when git being busy kept packs in place.
        var note: String? {
            guard let busy, !kept.isEmpty else { return nil }
            let what = kept.count == 1 ? "the pack it replaced (\(kept[0]))" : "the \(kept.count) packs it replaced"
            return "left \(what) in place: \(busy); a later plog commit removes \(kept.count == 1 ? "it" : "them")"
        }
    }

    /// Deletes those of `names` that no rule protects; names whose pack is gone already are
    /// dropped.
    func remove(_ names: [String]) -> Result {
        var result = Result()
        let present = names.filter { Path.exists(packDirectory + "/" + $0 + ".pack") || Path.exists(packDirectory + "/" + $0 + ".idx") }
        guard !present.isEmpty else { return result }
        result.kept = present
        let lock = commonDirectory + "objects/maintenance.lock"
        guard takeLock(lock) else {
            result.busy = "git maintenance is running (\(lock) exists)"
            return result
        }
        defer { unlink(lock) }
        if let why = GitActivity.housekeeping(commonDirectory: commonDirectory)
            ?? GitActivity.gitProcess(workTree: workTree, commonDirectory: commonDirectory) {
            result.busy = why
            return result
        }
        let listed: Set<String>
        switch MultiPackIndex.listing(packDirectory: packDirectory) {
        case .none: listed = []
        case let .packs(names): listed = names
        case let .unreadable(why):  // it may list any of them
            result.busy = why
            return result
        }
        result.kept = []
        for name in present {
            if listed.contains(name) || Path.exists(packDirectory + "/" + name + ".keep") {
                result.kept.append(name)
                continue
            }
            // The index first, as git does: a reader that finds the index finds the pack too.
            unlink(packDirectory + "/" + name + ".idx")
            unlink(packDirectory + "/" + name + ".pack")
            unlink(packDirectory + "/" + name + ".rev")
            result.removed.append(name)
        }
        return result
    }

    /// What plog writes into `objects/maintenance.lock` while it holds it, so that a lock left by
    /// a plog that was killed can be told from git's (git's own lock files are empty).
    static func lockText(pid: Int32) -> String { "plog \(pid)\n" }

    /// The process id of the plog that wrote the maintenance lock at `path`; nil when git holds it.
    static func plogLockHolder(_ path: String) -> Int32? {
        guard let bytes = try? FileIO.readAll(path) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("plog ") else { return nil }
        return Int32(text.dropFirst(5).prefix { $0 != "\n" })
    }

    /// Creates the lock file as git does (`O_EXCL`); a stale one of plog's is replaced.
    private func takeLock(_ path: String) -> Bool {
        for _ in 0..<2 {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                let text = PackRemoval.lockText(pid: getpid())
                _ = try? FileIO.writeAll(fd, Array(text.utf8), path: path)
                close(fd)
                return true
            }
            guard errno == EEXIST, let pid = PackRemoval.plogLockHolder(path), !processExists(pid) else { return false }
            unlink(path)
        }
        return false
    }
}
