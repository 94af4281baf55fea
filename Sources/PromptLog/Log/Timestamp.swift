/// A header timestamp as the user wrote it: civil date and time fields plus the UTC offset.
///
/// plog writes local time to the minute with its offset (`2025-08-14T16:32+09:00`) and
/// reads seconds, fractions, `Z`, `+0900` and `+09`. A timestamp without an offset is
/// accepted and read as UTC (`offsetMinutes == nil`), so a hand-written header is never
/// silently merged into the block before it.
public struct Timestamp: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Minutes east of UTC; `nil` when the text had no offset.
    public var offsetMinutes: Int?
    /// The text exactly as it stood in the header.
    public var text: String

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0,
                offsetMinutes: Int?, text: String? = nil) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
        self.offsetMinutes = offsetMinutes
        self.text = text ?? ""
        if text == nil { self.text = canonical }
    }

    /// Seconds since 1970-01-01T00:00Z (the instant, offset applied).
    public var epochSeconds: Int64 {
        let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return local - Int64((offsetMinutes ?? 0) * 60)
    }

    /// `YYYY-MM` of the date as written (the writer's local month).
    public var monthKey: String { pad(year, 4) + "-" + pad(month, 2) }

    /// `YYYY-MM-DD` of the date as written.
    public var dayKey: String { monthKey + "-" + pad(day, 2) }

    /// The form plog writes: minutes, with the offset as `+HH:MM` (or `Z` never; UTC is `+00:00`).
    public var canonical: String {
        var s = dayKey + "T" + pad(hour, 2) + ":" + pad(minute, 2)
        if second != 0 { s += ":" + pad(second, 2) }
        if let off = offsetMinutes {
            let sign = off < 0 ? "-" : "+"
            s += sign + pad(abs(off) / 60, 2) + ":" + pad(abs(off) % 60, 2)
        }
        return s
    }

    public var description: String { text }

    /// Now, in local time to the minute, with the local UTC offset.
    public static func now() -> Timestamp {
        var t = time(nil)
        return local(t: &t, dropSeconds: true)
    }

    /// The local civil time of an instant.
    public static func local(epochSeconds: Int64) -> Timestamp {
        var t = time_t(epochSeconds)
        return local(t: &t, dropSeconds: false)
    }

    private static func local(t: inout time_t, dropSeconds: Bool) -> Timestamp {
        var tmv = tm()
        localtime_r(&t, &tmv)
        return Timestamp(year: Int(tmv.tm_year) + 1900, month: Int(tmv.tm_mon) + 1, day: Int(tmv.tm_mday),
                         hour: Int(tmv.tm_hour), minute: Int(tmv.tm_min),
                         second: dropSeconds ? 0 : Int(tmv.tm_sec),
                         offsetMinutes: Int(tmv.tm_gmtoff) / 60)
    }

    /// Parses a timestamp from text.
    public static func parse(_ text: String) -> Timestamp? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0), 0, $0.count) }
    }

    /// Parses the bytes `buf[start..<end]` as a whole timestamp; `nil` when they are not one.
    public static func parse(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Timestamp? {
        parse(buf, start, end, keepText: true)
    }

    /// As `parse`, but with `keepText: false` the result's `text` is empty: no allocation, for
    /// scans that look at every header (finding headers, stats) and rarely need the text.
    static func parse(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, keepText: Bool) -> Timestamp? {
        // Index arithmetic rather than a closure over a cursor, and reads through the base
        // address once the range is checked: stats parses every header of a log.
        guard end - start >= 16 else { return nil }
        precondition(start >= 0 && end <= buf.count, "timestamp range outside the buffer")
        let b = buf.baseAddress!
        @inline(__always) func digit(_ k: Int) -> Int {  // -1 when not a digit
            let d = Int(b[k]) &- 48
            return UInt(bitPattern: d) < 10 ? d : -1
        }
        @inline(__always) func two(_ k: Int) -> Int {  // -1 when not two digits (or past the end)
            guard k + 2 <= end else { return -1 }
            let tens = digit(k), ones = digit(k + 1)
            return tens < 0 || ones < 0 ? -1 : tens * 10 + ones
        }
        // YYYY-MM-DDTHH:MM, sixteen bytes.
        let y1 = two(start), y2 = two(start + 2)
        guard y1 >= 0, y2 >= 0, b[start + 4] == 45, b[start + 7] == 45, b[start + 13] == 58,
              b[start + 10] == 84 || b[start + 10] == 116 else { return nil }  // '-', ':', 'T' or 't'
        let year = y1 * 100 + y2
        let month = two(start + 5), day = two(start + 8), hour = two(start + 11), minute = two(start + 14)
        guard month >= 0, day >= 0, hour >= 0, minute >= 0 else { return nil }
        var i = start + 16
        var second = 0
        if i < end && b[i] == 58 {  // ':' seconds
            second = two(i + 1)
            guard second >= 0 else { return nil }
            i += 3
            if i < end && (b[i] == 46 || b[i] == 44) {  // fraction: '.' or ','
                i += 1
                let fracStart = i
                while i < end && digit(i) >= 0 { i += 1 }
                if i == fracStart { return nil }
            }
        }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else {
            return nil
        }
        var offset: Int? = nil
        if i < end {
            let c = b[i]
            if c == 90 || c == 122 {  // 'Z' / 'z'
                i += 1; offset = 0
            } else if c == 43 || c == 45 {  // '+' / '-'
                let oh = two(i + 1)
                guard oh >= 0, oh <= 23 else { return nil }
                i += 3
                var om = 0
                if i < end && b[i] == 58 {
                    om = two(i + 1)
                    guard om >= 0 else { return nil }
                    i += 3
                } else if two(i) >= 0 {
                    om = two(i)
                    i += 2
                }
                guard om <= 59 else { return nil }
                offset = (c == 45 ? -1 : 1) * (oh * 60 + om)
            } else {
                return nil
            }
        }
        guard i == end else { return nil }
        let text = keepText ? String(decoding: UnsafeBufferPointer(rebasing: buf[start..<end]), as: UTF8.self) : ""
        return Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                         offsetMinutes: offset, text: text)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

@inline(__always) func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
