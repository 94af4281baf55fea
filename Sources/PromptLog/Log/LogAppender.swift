/// Appends blocks durably: `O_APPEND`, an exclusive `flock`, a blank line before the block
/// when the log does not already end with one, the whole block in one `write`, `fsync`.
/// On any failure the log is cut back to its size before the append, so it stays byte-identical.
public enum LogAppender {
    public struct Result: Sendable, Equatable {
        /// Byte offset of the block's header line in the log.
        public var offset: Int
        /// Bytes written, separator included.
        public var written: Int
    }

    /// Appends `block` (which should end with `\n`) to the log at `path`, creating the file
    /// (mode 0600) and its missing parent directories (0700).
    @discardableResult
    public static func append(_ block: [UInt8], to path: String) throws -> Result {
        try appendLocked(to: path) { size in
            let separator = try separatorNeeded(path: path, size: size)
            var bytes = separator + block
            if bytes.last != 10 { bytes.append(10) }
            return (bytes, size + separator.count)
        }
    }

    /// Appends what `build` returns while holding the log's exclusive lock. `build` gets the
    /// log's size under the lock (so it can look at the tail safely) and returns the bytes and
    /// the offset to report. The append is all or nothing: on failure the log is cut back.
    @discardableResult
    public static func appendLocked(to path: String, create: Bool = true,
                                    _ build: (_ size: Int) throws -> (bytes: [UInt8], offset: Int)) throws -> Result {
        if create { try Path.makeDirectories(Path.dirname(path)) }
        let (fd, st) = try LogLock.acquire(path, flags: O_WRONLY | O_APPEND | (create ? O_CREAT : 0))
        defer { close(fd) }
        defer { _ = flock(fd, LOCK_UN) }
        let size = Int(st.st_size)
        let (bytes, offset) = try build(size)
        do {
            try FileIO.writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw PlogError.io(operation: "cannot sync", path: path, errno: errno) }
        } catch {
            // A short write (disk full) must not leave half a block behind.
            _ = ftruncate(fd, off_t(size))
            _ = fsync(fd)
            throw error
        }
        return Result(offset: offset, written: bytes.count)
    }

    /// What must precede a new block so that it starts after a blank line: nothing for an empty
    /// log or one ending in a blank line, `\n` after a complete line, `\n\n` after a cut-off line.
    static func separatorNeeded(path: String, size: Int) throws -> [UInt8] {
        guard size > 0 else { return [] }
        let tail = try FileIO.readTail(path, count: 2).bytes
        if tail.count == 2 && tail[0] == 10 && tail[1] == 10 { return [] }
        if tail.count == 1 && tail[0] == 10 { return [] }
        return tail.last == 10 ? [10] : [10, 10]
    }
}

/// The lock every command that writes or rewrites the log takes: `flock` on the log file itself
/// (so `flock(1)` and other tools see it too).
public enum LogLock {
    /// Opens the log at `path` with `flags` (and `mode` when it is created) and locks it,
    /// exclusively or shared, waiting as long as it takes. `plog import` replaces the log by
    /// renaming a new file over it while holding this lock, so once locked, the file must still be
    /// the one at `path`; if it is not, the new one is opened and locked instead: nothing is then
    /// written to, or read from, a log that is gone. Returns the locked descriptor and its status;
    /// the caller unlocks and closes it.
    public static func acquire(_ path: String, flags: Int32, mode: mode_t = 0o600,
                               exclusive: Bool = true) throws -> (fd: Int32, status: stat) {
        while true {
            let fd = try FileIO.openRegular(path, flags: flags, mode: mode)
            while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
                guard errno == EINTR else {
                    let e = errno
                    close(fd)
                    throw PlogError.io(operation: "cannot lock", path: path, errno: e)
                }
            }
            var st = stat(), now = stat()
            guard fstat(fd, &st) == 0 else {
                let e = errno
                close(fd)
                throw PlogError.io(operation: "cannot stat", path: path, errno: e)
            }
            if stat(path, &now) == 0 && (now.st_ino != st.st_ino || now.st_dev != st.st_dev) {
                _ = flock(fd, LOCK_UN)
                close(fd)
                continue
            }
            return (fd, st)
        }
    }
}

/// Saved drafts: the user's words, kept under `$XDG_STATE_HOME/plog/drafts/` (0700, files 0600)
/// whenever they cannot be appended, and while an editor has them open.
public enum Drafts {
    public static func directory(_ env: Environment) -> String { env.stateDirectory + "/drafts" }

    /// Writes `bytes` to a new draft file and returns its path.
    public static func save(_ bytes: [UInt8], env: Environment, suffix: String = "txt") throws -> String {
        let dir = directory(env)
        try Path.makeDirectories(dir)
        let now = Timestamp.now()
        let stamp = now.dayKey + "T" + pad(now.hour, 2) + pad(now.minute, 2) + pad(Timestamp.local(epochSeconds: Int64(time(nil))).second, 2)
        var attempt = 0
        while true {
            let path = dir + "/" + stamp + "-" + String(getpid()) + (attempt == 0 ? "" : "-\(attempt)") + "." + suffix
            do {
                try FileIO.writeNew(path, bytes)
                return path
            } catch PlogError.io(_, _, let err) where err == EEXIST {
                attempt += 1
            }
        }
    }
}
