import CSupport
import PromptLog

/// Reads a file of JSON lines (or any lines) in fixed-size chunks and hands each line to a
/// closure, so that a transcript of gigabytes costs one buffer, not its size: memory stays flat
/// whatever the file. A line longer than the buffer grows it to that line's size.
package enum LineReader {
    /// The size of the read buffer: 1 MiB.
    package static let chunk = 1 << 20

    /// Calls `body` with each line of the file at `path` (without its `\n`; a `\r` before it is
    /// kept) and the line's number (from 1). The buffer is valid only during the call.
    /// Returns the number of bytes read.
    @discardableResult
    package static func forEachLine(path: String, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws -> Int {
        let fd = try FileIO.openRegular(path, flags: O_RDONLY)
        defer { close(fd) }
        #if os(Linux)
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
        #endif
        var capacity = chunk
        var buf = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buf.deallocate() }
        var filled = 0, total = 0, lineNumber = 0
        var eof = false
        while !eof {
            if filled == capacity {
                // One line fills the buffer: grow it.
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                bigger.update(from: buf, count: filled)
                buf.deallocate()
                buf = bigger
                capacity *= 2
            }
            let n = read(fd, buf + filled, capacity - filled)
            if n < 0 {
                if errno == EINTR { continue }
                throw PlogError.io(operation: "cannot read", path: path, errno: errno)
            }
            if n == 0 { eof = true } else { filled += n; total += n }
            var start = 0
            while start < filled, let nl = memchr(buf + start, 10, filled - start) {
                let end = buf.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                lineNumber += 1
                try body(UnsafeBufferPointer(start: buf + start, count: end - start), lineNumber)
                start = end + 1
            }
            if eof && start < filled {
                lineNumber += 1
                try body(UnsafeBufferPointer(start: buf + start, count: filled - start), lineNumber)
                start = filled
            }
            if start > 0 {
                (buf).update(from: buf + start, count: filled - start)
                filled -= start
            }
        }
        return total
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes of `needle` occur in this buffer (memmem: the cheap test that lets a
    /// reader skip a line of tool traffic without parsing it).
    @inline(__always)
    func has(_ needle: StaticString) -> Bool {
        guard let base = baseAddress, count >= needle.utf8CodeUnitCount else { return false }
        return plog_memmem(base, count, needle.utf8Start, needle.utf8CodeUnitCount) != nil
    }
}

/// Helpers every reader shares: files of a tree, timestamps, projects.
package enum ImportFiles {
    /// The regular files under `dir` (recursively, symlinks not followed) for which `want`
    /// (given the path and the file name) is true, in no particular order.
    package static func walk(_ dir: String, want: (String, String) -> Bool, skipDirectory: (String) -> Bool = { _ in false }) -> [String] {
        var out: [String] = []
        var stack = [dir]
        while let d = stack.popLast() {
            guard let handle = opendir(d) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                let path = d + "/" + name
                var st = stat()
                guard lstat(path, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    if !skipDirectory(name) { stack.append(path) }
                } else if (st.st_mode & S_IFMT) == S_IFREG, want(path, name) {
                    out.append(path)
                }
            }
        }
        return out
    }

    /// The file's modification time (seconds and nanoseconds), 0 when it cannot be read.
    package static func modificationTime(_ path: String) -> Int64 {
        var st = stat()
        guard stat(path, &st) == 0 else { return 0 }
        #if os(Linux)
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #else
        return Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #endif
    }

    /// An ISO-8601 instant as the tools write it (`2026-04-01T10:00:01.000Z`) in the local time
    /// with offset that plog writes; nil when it is not one.
    package static func localTime(iso: String) -> Timestamp? {
        guard let t = Timestamp.parse(iso) else { return nil }
        return Timestamp.local(epochSeconds: t.epochSeconds)
    }
}

/// The project of a prompt from the directory the tool ran in: the name of the git repository
/// around it when the directory still exists, else the directory's own name (the same rule as
/// `plog add`'s default project). Remembers each directory's answer.
package final class ProjectNamer {
    private var cache: [String: String?] = [:]

    package init() {}

    package func project(cwd: String?) -> String? {
        guard let cwd, !cwd.isEmpty else { return nil }
        if let known = cache[cwd] { return known }
        var name: String? = Path.isDirectory(cwd) ? CaptureDefaults.gitRepositoryRoot(from: cwd).map(Path.basename) : nil
        if name == nil || name == "/" || name == "" { name = Path.basename(cwd) }
        if name == "/" || name == "" { name = nil }
        cache[cwd] = name
        return name
    }
}
