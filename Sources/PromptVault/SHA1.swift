import CSupport

/// SHA-1, streaming. Git names objects and checksums pack files with it; plog needs the plain
/// digest of pack and index files it writes itself, and hashes the log itself (see `ObjectID.of`).
struct SHA1 {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var buffer = [UInt8](repeating: 0, count: 64)
    private var buffered = 0
    private var length: UInt64 = 0

    init() {}

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if buffered > 0 {
            let n = min(64 - buffered, bytes.count)
            for i in 0..<n { buffer[buffered + i] = bytes[i] }
            buffered += n
            offset = n
            guard buffered == 64 else { return }  // all input went into the partial block
            buffer.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
            buffered = 0
        }
        let blocks = (bytes.count - offset) / 64
        if blocks > 0 {
            compress(base + offset, blocks: blocks)
            offset += blocks * 64
        }
        let rest = bytes.count - offset
        for i in 0..<rest { buffer[i] = bytes[offset + i] }
        buffered = rest
    }

    /// The 20-byte digest. The hasher must not be used afterwards.
    mutating func finish() -> [UInt8] {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        let padding = (buffered + 1) % 64 <= 56 ? 56 - (buffered + 1) % 64 : 120 - (buffered + 1) % 64
        tail += [UInt8](repeating: 0, count: padding)
        for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
        let savedLength = length
        update(tail)
        length = savedLength
        var out: [UInt8] = []
        out.reserveCapacity(20)
        for word in [h.0, h.1, h.2, h.3, h.4] {
            out += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                    UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var s = SHA1()
        s.update(bytes)
        return s.finish()
    }

    /// Folds whole 64-byte blocks into the state (in C: with the processor's SHA instructions
    /// when it has them, see `plog_sha1_compress`).
    private mutating func compress(_ blocks: UnsafeRawPointer, blocks count: Int) {
        withUnsafeMutableBytes(of: &h) { state in
            plog_sha1_compress(state.baseAddress!.assumingMemoryBound(to: UInt32.self),
                               blocks.assumingMemoryBound(to: UInt8.self), count)
        }
    }
}

extension ObjectID {
    /// The id git gives `bytes` as an object of `kind`: the SHA-1 of `<kind> <size>\0` and the bytes.
    ///
    /// Computed here, not by libgit2: its SHA-1 detects the known collision attacks and runs at
    /// about a sixth of the speed of the processor's SHA instructions, which is most of the time
    /// `plog commit` takes on a big log. The log is the user's own text, the case the detection
    /// does not guard (it rejects crafted colliding objects); ids are the same either way.
    static func of(_ bytes: UnsafeRawBufferPointer, kind: ObjectKind) -> ObjectID {
        var s = SHA1()
        s.update(Array("\(kind.name) \(bytes.count)\u{0}".utf8))
        s.update(bytes)
        return ObjectID(bytes: s.finish())
    }
}
