/// SHA-1, streaming. Git names objects and checksums pack files with it; plog needs the plain
/// digest of pack and index files it writes itself (libgit2 only hashes whole objects).
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
            buffer.withUnsafeBytes { compress($0.baseAddress!) }
            buffered = 0
        }
        while bytes.count - offset >= 64 {
            compress(base + offset)
            offset += 64
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

    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            for i in 0..<16 {
                let p = block + i * 4
                w[i] = UInt32(p.load(fromByteOffset: 0, as: UInt8.self)) << 24
                    | UInt32(p.load(fromByteOffset: 1, as: UInt8.self)) << 16
                    | UInt32(p.load(fromByteOffset: 2, as: UInt8.self)) << 8
                    | UInt32(p.load(fromByteOffset: 3, as: UInt8.self))
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var a = h.0, b = h.1, c = h.2, d = h.3, e = h.4
            for i in 0..<80 {
                let f: UInt32, k: UInt32
                switch i {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                e = d; d = c; c = b << 30 | b >> 2; b = a; a = t
            }
            h.0 &+= a; h.1 &+= b; h.2 &+= c; h.3 &+= d; h.4 &+= e
        }
    }
}
