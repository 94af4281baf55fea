import CZlib
import PromptLog

/// A zip archive read from its central directory (PKWARE APPNOTE 6.3.x, §4.3), with ZIP64 sizes
/// and offsets. Entries are streamed: stored ones as they are, deflated ones through zlib's raw
/// inflate, in 64 KB pieces, each entry's CRC-32 checked at its end. ChatGPT's data export is
/// such a zip, and its `conversations.json` can be hundreds of megabytes.
final class ZipArchive {
    struct Entry: Equatable {
        /// The name as stored (`/`-separated, no leading `/`).
        var name: String
        /// 0 stored, 8 deflated; other methods are refused when read.
        var method: UInt16
        var flags: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
    }

    let path: String
    private(set) var entries: [Entry] = []
    private let fd: Int32
    private let size: UInt64

    /// Opens `path` and reads its central directory; throws when it is not a zip archive.
    init(path: String) throws {
        self.path = path
        fd = try FileIO.openRegular(path, flags: O_RDONLY)
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw PlogError.io(operation: "cannot stat", path: path, errno: e)
        }
        size = UInt64(st.st_size)
        do {
            entries = try readCentralDirectory()
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// The entry named `name`, else the first entry whose last path component is `name` (exports
    /// unpacked and zipped again by hand gain a top folder).
    func entry(named name: String) -> Entry? {
        entries.first { $0.name == name } ?? entries.first { Path.basename($0.name) == name && !$0.name.hasSuffix("/") }
    }

    /// Streams the uncompressed bytes of `entry` to `body`, piece by piece.
    func read(_ entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard entry.flags & 1 == 0 else { throw bad("\(entry.name) is encrypted") }
        let local = try bytes(at: entry.localHeaderOffset, count: 30)
        // Sizes and offsets come from the file: every sum below is checked against its size first.
        guard le32(local, 0) == 0x0403_4B50 else { throw bad("no local header for \(entry.name)") }
        var offset = entry.localHeaderOffset + 30 + UInt64(le16(local, 26)) + UInt64(le16(local, 28))
        var remaining = entry.compressedSize
        guard fits(offset, remaining) else { throw bad("\(entry.name) runs past the end of the file") }
        var crc: uLong = crc32(0, nil, 0)
        var produced: UInt64 = 0
        let chunk = 65_536
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunk)
        defer { input.deallocate() }

        func nextInput() throws -> Int {
            let n = Int(min(UInt64(chunk), remaining))
            try readFully(input.baseAddress!, count: n, at: offset)
            offset += UInt64(n); remaining -= UInt64(n)
            return n
        }
        func deliver(_ buf: UnsafeBufferPointer<UInt8>) throws {
            guard !buf.isEmpty else { return }
            crc = crc32(crc, buf.baseAddress, uInt(buf.count))
            produced += UInt64(buf.count)
            try body(buf)
        }

        switch entry.method {
        case 0:
            while remaining > 0 {
                let n = try nextInput()
                try deliver(UnsafeBufferPointer(rebasing: input[0..<n]))
            }
        case 8:
            var stream = z_stream()
            guard plog_inflate_init_raw(&stream) == Z_OK else { throw bad("zlib could not start inflating \(entry.name)") }
            defer { inflateEnd(&stream) }
            let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunk)
            defer { output.deallocate() }
            while true {
                if stream.avail_in == 0 {
                    guard remaining > 0 else { throw bad("\(entry.name) ends before its deflate stream does") }
                    let n = try nextInput()
                    stream.next_in = input.baseAddress
                    stream.avail_in = uInt(n)
                }
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(chunk)
                let rc = inflate(&stream, Z_NO_FLUSH)
                // Z_BUF_ERROR: no progress possible until more input arrives (read on the next turn).
                guard rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR else {
                    let why = stream.msg.map { String(cString: $0) } ?? "error \(rc)"
                    throw bad("\(entry.name) does not inflate: \(why)")
                }
                try deliver(UnsafeBufferPointer(rebasing: output[0..<(chunk - Int(stream.avail_out))]))
                if rc == Z_STREAM_END { break }
            }
        default:
            throw bad("\(entry.name) uses compression method \(entry.method); only stored and deflated entries are read")
        }
        guard produced == entry.uncompressedSize else {
            throw bad("\(entry.name) inflated to \(produced) bytes, not the \(entry.uncompressedSize) its directory says")
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else { throw bad("\(entry.name) fails its CRC-32 check") }
    }

    // MARK: - The central directory

    private func readCentralDirectory() throws -> [Entry] {
        // The end record is the last 22 bytes plus a comment of up to 65535 bytes.
        let tailCount = Int(min(size, 22 + 65_535))
        let tail = try bytes(at: size - UInt64(tailCount), count: tailCount)
        var eocd = -1
        var i = tail.count - 22
        while i >= 0 {
            if le32(tail, i) == 0x0605_4B50 { eocd = i; break }
            i -= 1
        }
        guard eocd >= 0 else { throw bad("no end of central directory record (not a zip archive)") }
        var count = UInt64(le16(tail, eocd + 10))
        var cdSize = UInt64(le32(tail, eocd + 12))
        var cdOffset = UInt64(le32(tail, eocd + 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the ZIP64 end record.
            let locatorAt = size - UInt64(tailCount - eocd) - 20
            let locator = try bytes(at: locatorAt, count: 20)
            guard le32(locator, 0) == 0x0706_4B50 else { throw bad("a ZIP64 archive without its locator") }
            let record = try bytes(at: le64(locator, 8), count: 56)
            guard le32(record, 0) == 0x0606_4B50 else { throw bad("a ZIP64 archive without its end record") }
            count = le64(record, 32); cdSize = le64(record, 40); cdOffset = le64(record, 48)
        }
        guard fits(cdOffset, cdSize), cdSize < 1 << 31 else { throw bad("its central directory lies outside the file") }
        let cd = try bytes(at: cdOffset, count: Int(cdSize))
        var entries: [Entry] = []
        var p = 0
        for _ in 0..<count {
            guard p + 46 <= cd.count, le32(cd, p) == 0x0201_4B50 else { throw bad("a damaged central directory") }
            let nameCount = Int(le16(cd, p + 28)), extraCount = Int(le16(cd, p + 30)), commentCount = Int(le16(cd, p + 32))
            guard p + 46 + nameCount + extraCount + commentCount <= cd.count else { throw bad("a damaged central directory") }
            var e = Entry(name: String(decoding: cd[(p + 46)..<(p + 46 + nameCount)], as: UTF8.self),
                          method: le16(cd, p + 10), flags: le16(cd, p + 8), crc32: le32(cd, p + 16),
                          compressedSize: UInt64(le32(cd, p + 20)), uncompressedSize: UInt64(le32(cd, p + 24)),
                          localHeaderOffset: UInt64(le32(cd, p + 42)))
            // ZIP64 extra field (id 1): the 8-byte values whose 4-byte fields are all ones, in this order.
            var x = p + 46 + nameCount
            let extraEnd = x + extraCount
            while x + 4 <= extraEnd {
                let id = le16(cd, x), len = Int(le16(cd, x + 2))
                if id == 1 {
                    var f = x + 4
                    if e.uncompressedSize == 0xFFFF_FFFF, f + 8 <= extraEnd { e.uncompressedSize = le64(cd, f); f += 8 }
                    if e.compressedSize == 0xFFFF_FFFF, f + 8 <= extraEnd { e.compressedSize = le64(cd, f); f += 8 }
                    if e.localHeaderOffset == 0xFFFF_FFFF, f + 8 <= extraEnd { e.localHeaderOffset = le64(cd, f) }
                }
                x += 4 + len
            }
            entries.append(e)
            p += 46 + nameCount + extraCount + commentCount
        }
        return entries
    }

    // MARK: - Bytes

    private func bytes(at offset: UInt64, count: Int) throws -> [UInt8] {
        guard fits(offset, UInt64(count)) else { throw bad("it ends early (truncated download?)") }
        var out = [UInt8](repeating: 0, count: count)
        if count > 0 { try out.withUnsafeMutableBufferPointer { try readFully($0.baseAddress!, count: count, at: offset) } }
        return out
    }

    private func readFully(_ buf: UnsafeMutablePointer<UInt8>, count: Int, at offset: UInt64) throws {
        var got = 0
        while got < count {
            let n = pread(fd, buf + got, count - got, off_t(offset) + off_t(got))
            if n < 0 {
                if errno == EINTR { continue }
                throw PlogError.io(operation: "cannot read", path: path, errno: errno)
            }
            if n == 0 { throw bad("it ends early (truncated download?)") }
            got += n
        }
    }

    /// Whether `count` bytes from `offset` lie within the file (without overflowing).
    private func fits(_ offset: UInt64, _ count: UInt64) -> Bool { count <= size && offset <= size - count }

    private func bad(_ why: String) -> PlogError {
        .invalidInput(input: path, reason: "cannot be read as a zip archive: \(why)",
                      hint: "download the export again, or unzip it and name its conversations.json")
    }

    private func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
    private func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
}

extension FileIO {
    /// Up to the first `count` bytes of a file (to tell formats apart by their start).
    static func readHead(_ path: String, count: Int) throws -> [UInt8] {
        let fd = try openRegular(path, flags: O_RDONLY)
        defer { close(fd) }
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, count - got, off_t(got)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlogError.io(operation: "cannot read", path: path, errno: errno)
            }
            if n == 0 { break }
            got += n
        }
        out.removeLast(count - got)
        return out
    }
}
