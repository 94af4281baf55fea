import PromptLog

/// The repository that holds a log, found from the log's real location (a log that is a
/// symlink into a repository is followed), with the checks every git command needs first.
final class LogRepository {
    let repository: Repository
    /// The log as the user named it.
    let logPath: String
    /// The log's real path (symlinks resolved).
    let realLogPath: String
    /// The work tree's real path, without a trailing slash.
    let workTree: String
    /// The log's path inside the work tree (`prompts.log`, `notes/prompts.log`).
    let pathInRepository: String

    /// The git directory (per work tree: HEAD, index).
    var gitDirectory: String { repository.gitDirectory }
    /// Where objects live (shared by linked work trees).
    var objectsOwner: String { repository.commonDirectory }

    /// Finds the repository of the log at `logPath`; throws a clear error when there is none.
    init(logPath: String) throws {
        self.logPath = logPath
        guard Path.exists(logPath) else {
            throw PlogError.refused(what: "no log at \(logPath)", reason: "there is nothing to commit",
                                    hint: "add a block with `plog add`, or set up the log and its repository with `plog init`")
        }
        guard let real = realPath(logPath) else {
            throw PlogError.io(operation: "cannot resolve", path: logPath, errno: errno)
        }
        realLogPath = real
        guard let repo = try Repository.discover(from: Path.dirname(real)) else {
            throw PlogError.refused(what: "\(logPath) is not in a git repository",
                                    reason: "plog commits the log to the repository that contains it",
                                    hint: "run `plog init` to create one in \(Path.dirname(real))")
        }
        guard !repo.isBare, let workdir = repo.workdir else {
            throw PlogError.refused(what: "the repository at \(repo.gitDirectory) is bare",
                                    reason: "a bare repository has no working tree to hold the log",
                                    hint: "clone it (`git clone \(repo.gitDirectory) ~/notes`) and point plog at the clone's log")
        }
        repository = repo
        var tree = realPath(workdir) ?? workdir
        while tree.count > 1 && tree.hasSuffix("/") { tree.removeLast() }
        workTree = tree
        let prefix = tree == "/" ? "/" : tree + "/"
        guard real.hasPrefix(prefix) else {
            throw PlogError.refused(what: "\(logPath) is outside the work tree of \(tree)",
                                    reason: "git can only commit files inside its work tree",
                                    hint: "move the log into \(tree), or run `plog init` where the log is")
        }
        pathInRepository = String(real.dropFirst(prefix.count))
    }

    /// Refuses to work on a repository in the middle of another operation, with an index lock
    /// that is still held when `wait` runs out (a `git status` holds it for a moment), or with a
    /// detached HEAD. Returns HEAD.
    func checkReady(for command: String, wait: GitWait, notes: inout [String]) throws -> HeadState {
        if let op = repository.operationInProgress {
            throw PlogError.refused(what: "\(command): \(workTree) is in the middle of \(op)",
                                    reason: "committing now could mix the log into it",
                                    hint: "finish or abort it with git (e.g. `git -C \(shellQuoted(workTree)) merge --abort`), then run \(command) again")
        }
        let lock = gitDirectory + "index.lock"
        let waited = wait.waitWhile { Path.exists(lock) ? "\(lock) exists" : nil }
        if waited.stillBusy != nil {
            throw PlogError.refused(what: "\(command): \(lock) exists",
                                    reason: "another git process is using the repository (or one crashed); waited \(GitWait.text(waited.seconds)) s",
                                    hint: "wait for it to finish; if no git command is running, remove \(lock)")
        }
        if let note = waited.note { notes.append(note) }
        let head = try repository.head()
        if case let .detached(id) = head {
            throw PlogError.refused(what: "\(command): HEAD is detached at \(id.short) in \(workTree)",
                                    reason: "plog commits only on a branch, so that no commit is left behind",
                                    hint: "switch to a branch first: `git -C \(shellQuoted(workTree)) switch main` (or your branch)")
        }
        return head
    }

    /// Holds plog's own lock on the repository (`.git/plog/lock`), so that two plog commands
    /// (cron and a manual run) never write the same pack at once.
    func withPlogLock<R>(_ body: () throws -> R) throws -> R {
        let dir = objectsOwner + "plog"
        try Path.makeDirectories(dir, mode: 0o755)
        let path = dir + "/lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PlogError.io(operation: "cannot open", path: path, errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw PlogError.io(operation: "cannot lock", path: path, errno: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

/// How long one plog command waits for git to let go of the repository (`index.lock`, a
/// branch's lock, `git gc`, `git maintenance`) before it steps back: `$PLOG_GIT_WAIT` seconds (a
/// decimal number; 0: not at all), default 10. The time is counted from the start, across every
/// wait of the command.
struct GitWait {
    static let defaultSeconds = 10.0
    /// How often a held lock is looked at again.
    static let pollNanoseconds = 50_000_000
    let seconds: Double
    private let deadline: Double

    init(seconds: Double) {
        self.seconds = seconds
        deadline = GitWait.now() + seconds
    }

    init(env: Environment) throws {
        guard let text = env["PLOG_GIT_WAIT"] else { self.init(seconds: GitWait.defaultSeconds); return }
        guard let s = Double(text), s.isFinite, s >= 0 else {
            throw PlogError.invalidInput(input: "PLOG_GIT_WAIT=\(text)", reason: "it is not a number of seconds",
                                         hint: "set it to how long plog may wait for another git process, e.g. PLOG_GIT_WAIT=30 (default \(Int(GitWait.defaultSeconds)))")
        }
        self.init(seconds: s)
    }

    /// What a wait found.
    struct Waited {
        /// Why git was busy when the wait began (nil: it was not).
        var first: String?
        /// Why it is still busy after the time ran out (nil: it let go).
        var stillBusy: String?
        var seconds: Double

        /// `waited 0.4 s: REASON`, for the cron log; nil when there was no wait.
        var note: String? {
            guard let first, stillBusy == nil else { return nil }
            return "waited \(GitWait.text(seconds)) s: \(first)"
        }
    }

    /// Looks at `busy` until it returns nil or the time is up.
    func waitWhile(_ busy: () -> String?) -> Waited {
        let start = GitWait.now()
        guard let first = busy() else { return Waited(first: nil, stillBusy: nil, seconds: 0) }
        var reason: String? = first
        while let r = reason {
            guard GitWait.now() < deadline else { return Waited(first: first, stillBusy: r, seconds: GitWait.now() - start) }
            var ts = timespec(tv_sec: 0, tv_nsec: GitWait.pollNanoseconds)
            nanosleep(&ts, nil)
            reason = busy()
        }
        return Waited(first: first, stillBusy: nil, seconds: GitWait.now() - start)
    }

    /// Runs `body` again while it fails on a lock another process holds, until the time is up.
    func retryingLocked<R>(_ body: () throws -> R) throws -> R {
        while true {
            do {
                return try body()
            } catch let e as GitError where e.isLocked && GitWait.now() < deadline {
                var ts = timespec(tv_sec: 0, tv_nsec: GitWait.pollNanoseconds)
                nanosleep(&ts, nil)
            }
        }
    }

    static func text(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The canonical absolute path of an existing file (symlinks resolved); nil when it cannot be resolved.
package func realPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
}

/// The log read under a shared lock, so that no append is half-way through while plog hashes it.
/// `plog add` takes the exclusive lock for its one write, so it waits at most this long.
final class LockedLog {
    let path: String
    /// The log, mapped (not copied: a log may be hundreds of megabytes); stable while the lock is held.
    private let file: MappedFile
    /// The file's status when it was read (for the index entry).
    let status: stat
    private let fd: Int32

    init(path: String, exclusive: Bool = false, writable: Bool = false) throws {
        self.path = path
        let (fd, st) = try LogLock.acquire(path, flags: writable ? O_RDWR : O_RDONLY, exclusive: exclusive)
        do {
            file = try MappedFile(path: path)
        } catch {
            close(fd)
            throw error
        }
        self.status = st
        self.fd = fd
    }

    /// Calls `body` with the log's bytes as read under the lock.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try file.withBytes { try body(UnsafeRawBufferPointer($0)) }
    }

    /// A copy of the log's bytes.
    var bytes: [UInt8] { withBytes { Array($0) } }

    /// Replaces the file's content with `new` in place (the lock is on this inode, so a
    /// waiting `plog add` appends to the new content): only the new tail is written when `new`
    /// extends the old content. Needs `writable` and `exclusive`. Returns the file's new status.
    func replaceContent(with new: [UInt8]) throws -> stat {
        let (same, extends, oldCount) = withBytes { old in
            (new.elementsEqual(old), new.count >= old.count && new.prefix(old.count).elementsEqual(old), old.count)
        }
        if !same {
            let keep = extends ? oldCount : 0
            try new.withUnsafeBytes { buf in
                var done = keep
                while done < buf.count {
                    let n = pwrite(fd, buf.baseAddress! + done, buf.count - done, off_t(done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw PlogError.io(operation: "cannot write", path: path, errno: errno)
                    }
                    done += n
                }
            }
            if keep == 0 && ftruncate(fd, off_t(new.count)) != 0 {
                throw PlogError.io(operation: "cannot truncate", path: path, errno: errno)
            }
            guard fsync(fd) == 0 else { throw PlogError.io(operation: "cannot sync", path: path, errno: errno) }
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PlogError.io(operation: "cannot stat", path: path, errno: errno) }
        return st
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
