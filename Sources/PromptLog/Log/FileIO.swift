/// Small, checked wrappers over POSIX file calls.
public enum FileIO {
    /// The whole file. Refuses directories, FIFOs and devices (reading `/dev/zero` would never end).
    public static func readAll(_ path: String) throws -> [UInt8] {
        let fd = try openRegular(path, flags: O_RDONLY)
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PlogError.io(operation: "cannot stat", path: path, errno: errno) }
        var out = [UInt8](repeating: 0, count: Int(st.st_size))
        var got = 0
        while got < out.count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, $0.count - got, off_t(got)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlogError.io(operation: "cannot read", path: path, errno: errno)
            }
            if n == 0 { break }
            got += n
        }
        if got < out.count { out.removeLast(out.count - got) }
        return out
    }

    /// Everything readable from `fd` until end of file (stdin, a pipe).
    public static func readToEnd(fd: Int32, name: String = "standard input") throws -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlogError.io(operation: "cannot read", path: name, errno: errno)
            }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// Up to the last `count` bytes of a file, and the offset where they start.
    public static func readTail(_ path: String, count: Int) throws -> (bytes: [UInt8], offset: Int) {
        let fd = try openRegular(path, flags: O_RDONLY)
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PlogError.io(operation: "cannot stat", path: path, errno: errno) }
        let size = Int(st.st_size)
        let start = max(0, size - count)
        var out = [UInt8](repeating: 0, count: size - start)
        let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
        guard n >= 0 else { throw PlogError.io(operation: "cannot read", path: path, errno: errno) }
        if n < out.count { out.removeLast(out.count - n) }
        return (out, start)
    }

    /// Opens `path` and checks it is a regular file (following symlinks; a loop fails with ELOOP).
    /// `O_NONBLOCK` keeps a FIFO from blocking the open itself.
    public static func openRegular(_ path: String, flags: Int32, mode: mode_t = 0o600) throws -> Int32 {
        let fd = open(path, flags | O_CLOEXEC | O_NONBLOCK, mode)
        guard fd >= 0 else {
            let openErrno = errno
            // Name the real problem when the path is a directory, a FIFO without a reader, a device...
            var st = stat()
            if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                throw PlogError.notARegularFile(path: path, kind: kindName(st.st_mode & S_IFMT))
            }
            throw PlogError.io(operation: flags & O_CREAT != 0 ? "cannot open or create" : "cannot open",
                               path: path, errno: openErrno)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw PlogError.io(operation: "cannot stat", path: path, errno: e)
        }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw PlogError.notARegularFile(path: path, kind: kindName(kind))
        }
        // Back to blocking mode for ordinary reads and writes.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Writes all of `bytes` to a new file (exclusive create) with `mode`, fsynced.
    /// On failure (a full disk) the file is removed: a cut copy must not pass for a whole one.
    public static func writeNew(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw PlogError.io(operation: "cannot create", path: path, errno: errno) }
        defer { close(fd) }
        do {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw PlogError.io(operation: "cannot sync", path: path, errno: errno) }
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlogError.io(operation: "cannot write", path: path, errno: errno)
            }
            done += n
        }
    }
}

/// A read-only memory map of a whole file; unmapped in `deinit`. An empty file maps to an empty buffer.
public final class MappedFile {
    public let path: String
    public let count: Int
    private let base: UnsafeMutableRawPointer?

    public init(path: String) throws {
        self.path = path
        let fd = try FileIO.openRegular(path, flags: O_RDONLY)
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PlogError.io(operation: "cannot stat", path: path, errno: errno) }
        count = Int(st.st_size)
        if count == 0 {
            base = nil
            return
        }
        let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let p, p != MAP_FAILED else { throw PlogError.io(operation: "cannot map", path: path, errno: errno) }
        base = p
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// Calls `body` with the file's bytes. The buffer must not escape `body`.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard let base else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Asks the kernel to read ahead sequentially (a hint; errors are ignored).
    public func adviseSequential() {
        if let base { _ = madvise(base, count, MADV_SEQUENTIAL) }
    }
}
