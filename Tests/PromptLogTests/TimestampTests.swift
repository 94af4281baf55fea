import Testing
@testable import PromptLog

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2025-08-14T16:32+09:00", Int64(1_755_156_720)),
        ("2025-08-14T07:32Z", Int64(1_755_156_720)),
        ("2025-08-14T16:32:00+0900", Int64(1_755_156_720)),
        ("2025-08-14T16:32:00.123+09", Int64(1_755_156_720)),
        ("1970-01-01T00:00", Int64(0)),
    ])
    func parsesInstants(text: String, epoch: Int64) throws {
        let ts = try #require(Timestamp.parse(text))
        #expect(ts.epochSeconds == epoch)
        #expect(ts.text == text)
    }

    @Test(arguments: ["2024 plans", "2025-13-01T10:00Z", "2025-08-14", "2025-08-14T16:32+9", "2025-08-14T16:32+09:00x", ""])
    func rejectsNonTimestamps(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func extremeYearsDoNotCrash() throws {
        #expect(try #require(Timestamp.parse("0000-01-01T00:00Z")).epochSeconds < 0)
        #expect(try #require(Timestamp.parse("9999-12-31T23:59+14:00")).epochSeconds > 0)
    }

    @Test func canonicalForm() {
        let ts = Timestamp(year: 2025, month: 8, day: 4, hour: 6, minute: 2, offsetMinutes: -270)
        #expect(ts.canonical == "2025-08-04T06:02-04:30")
        #expect(ts.text == ts.canonical)
        #expect(ts.monthKey == "2025-08")
    }
}
