import Testing
@testable import PromptVault
@testable import PromptLog

/// Which lines `plog sync` scans before a push: those that differ from the remote's log.
@Suite struct PushSecretsTests {
    static let key = "AKIAQF3VFX2Q4GMSGCMX"
    static let old = "line one\npassword: S3cure7tpGbC\nline three\n"

    private func found(_ old: String, _ new: String) -> [String] {
        PushSecrets.changedLineFindings(old: Array(old.utf8), new: Array(new.utf8)).map { "\($0.line) \($0.kind.rawValue)" }
    }

    @Test func unchangedLogScansNothing() {
        #expect(found(Self.old, Self.old).isEmpty)
    }

    @Test func appendedLinesOnlyWithLineNumbersOfTheNewLog() {
        // The password already on the remote is not reported; the appended key is, on its line.
        #expect(found(Self.old, Self.old + "more\nkey \(Self.key)\n") == ["5 aws-access-key-id"])
    }

    @Test func aLineInsertedInTheMiddle() {
        let new = "line one\nkey \(Self.key)\npassword: S3cure7tpGbC\nline three\n"
        #expect(found(Self.old, new) == ["2 aws-access-key-id"])
    }

    @Test func anEditInsideALineScansTheWholeLine() {
        // Only the key's last character differs; the scan still sees the whole key.
        let before = "a\nkey AKIAQF3VFX2Q4GMSGCMY\nz\n"
        #expect(found(before, "a\nkey \(Self.key)\nz\n") == ["2 aws-access-key-id"])
    }

    @Test func removedLinesScanNothing() {
        #expect(found(Self.old, "line one\nline three\n").isEmpty)
    }

    @Test func aNewRemoteBranchScansTheWholeLog() {
        #expect(found("", Self.old) == ["2 password"])
    }

    @Test func offsetsPointIntoTheWholeLog() {
        let new = Self.old + "key \(Self.key)\n"
        let f = PushSecrets.changedLineFindings(old: Array(Self.old.utf8), new: Array(new.utf8))
        let bytes = Array(new.utf8)
        #expect(f.count == 1)
        #expect(String(decoding: bytes[f[0].offset..<(f[0].offset + f[0].length)], as: UTF8.self) == Self.key)
    }
}
