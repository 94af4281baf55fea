/// Numbers and bars for people to read, the same in every report.
public enum TextFormat {
    /// `1,234,567` (`-1,234` for negatives).
    public static func thousands(_ n: Int) -> String {
        let s = String(n.magnitude)
        var out = ""
        for (i, ch) in s.enumerated() {
            if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// `812 bytes`, `4.2 KB`, `1.3 GB` (binary units, one decimal).
    public static func byteSize(_ n: Int) -> String {
        if n < 1024 { return "\(n) byte\(n == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB"]
        var v = Double(n) / 1024
        var u = 0
        while v >= 1024 && u < units.count - 1 { v /= 1024; u += 1 }
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[u])"
    }

    /// A horizontal bar `eighths` eighths of a cell long (at most `width` cells): full blocks and
    /// one partial block, or, without Unicode, `#` per cell rounded (at least one when
    /// `eighths > 0`). With `track`, the rest of the width is filled with a light shade.
    public static func bar(eighths: Int, width: Int, unicode: Bool = true, track: Bool = false) -> String {
        let e = max(0, min(eighths, width * 8))
        var s: String
        let used: Int
        if unicode {
            s = String(repeating: "█", count: e / 8) + ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][e % 8]
            used = e / 8 + (e % 8 > 0 ? 1 : 0)
        } else {
            used = e == 0 ? 0 : max(1, (e + 4) / 8)
            s = String(repeating: "#", count: used)
        }
        if track { s += String(repeating: unicode ? "░" : ".", count: width - used) }
        return s
    }
}
