/// Standard base64 (RFC 4648, with padding): OSC 52 clipboard text, credentials in git's
/// stores, `Basic` authorisation values the secret scanner checks.
public enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], alphabet[Int(v & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)]]
            out += rest == 2 ? [alphabet[Int(v >> 6 & 63)], 61] : [61, 61]
        }
        return out
    }

    /// Decodes base64, ignoring whitespace; nil on any other non-alphabet byte.
    public static func decode(_ text: [UInt8]) -> [UInt8]? {
        var table = [Int16](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int16(i) }
        var out: [UInt8] = []
        var acc: UInt32 = 0
        var bits = 0
        for c in text {
            if c == 61 { break }
            if c == 10 || c == 13 || c == 32 || c == 9 { continue }
            let v = table[Int(c)]
            guard v >= 0 else { return nil }
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(acc >> UInt32(bits) & 0xFF))
            }
        }
        return out
    }
}
