/// Fast byte counting over large buffers (line numbers for `--format json` and `plog when`).
enum ByteCount {
    /// Number of `\n` in `buf[from..<to]`, 32 bytes at a time.
    static func newlines(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = buf.baseAddress, from < to else { return 0 }
        let raw = UnsafeRawPointer(base)
        let nl = SIMD32<UInt8>(repeating: 10)
        let one = SIMD32<UInt8>(repeating: 1)
        var i = from
        var total = 0
        while to - i >= 32 {
            // Per-lane counters stay below 256: at most 255 steps before they are summed.
            let steps = min(255, (to - i) / 32)
            var acc = SIMD32<UInt8>()
            for k in 0..<steps {
                let v = raw.loadUnaligned(fromByteOffset: i + k * 32, as: SIMD32<UInt8>.self)
                acc = acc.replacing(with: acc &+ one, where: v .== nl)
            }
            total += Int(SIMD32<UInt16>(truncatingIfNeeded: acc).wrappedSum())
            i += steps * 32
        }
        while i < to {
            if base[i] == 10 { total += 1 }
            i += 1
        }
        return total
    }

    /// `newlines` split over the available cores when the range is large.
    static func newlinesParallel(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        let n = to - from
        let parts = n >= 8 << 20 ? Parallel.cores : 1
        if parts == 1 { return newlines(buf, from: from, to: to) }
        let counts = (try? Parallel.map(parts) { i -> Int in
            let a = from + n * i / parts, b = from + n * (i + 1) / parts
            return newlines(buf, from: a, to: b)
        }) ?? [newlines(buf, from: from, to: to)]
        return counts.reduce(0, +)
    }
}
