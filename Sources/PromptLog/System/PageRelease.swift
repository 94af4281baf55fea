/// Hands scanned pages of a read-only mapping back to the kernel. The page cache keeps the
/// data, so touching the pages again just maps them again; this only keeps resident memory flat.
enum PageRelease {
    static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    static func drop(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) {
        guard let base = buf.baseAddress else { return }
        let address = Int(bitPattern: base)
        let first = (address + from + pageSize - 1) / pageSize * pageSize
        let last = (address + to) / pageSize * pageSize
        guard last > first, let p = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(p, last - first, MADV_DONTNEED)
    }
}
