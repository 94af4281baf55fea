import Testing
@testable import PromptLog

/// One fabricated credential in the context it is usually pasted in. None of these is a real key:
/// they were generated from a seeded random source in the right shape.
struct Sample: CustomTestStringConvertible, Sendable {
    var kind: String
    var text: String
    var secret: String
    init(_ kind: String, _ text: String, _ secret: String) { self.kind = kind; self.text = text; self.secret = secret }
    var testDescription: String { kind + ": " + String(text.prefix(40)) }
}

enum SecretSamples {
    /// Fabricated credentials in the contexts they are pasted in (`Fixtures/secrets/credentials.tsv`,
    /// also measured by `shell/bench trust`).
    static let secrets: [Sample] = fixtureLines("credentials.tsv").map { line in
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
        precondition(f.count == 3, "credentials.tsv: want kind, text and secret: \(line)")
        return Sample(f[0], f[1], f[2])
    }

    /// Texts the scanner must leave untouched (`Fixtures/secrets/look-alikes.txt`).
    static let lookAlikes: [String] = fixtureLines("look-alikes.txt").map(unescape)

    /// The lines of a fixture under `Fixtures/secrets/`, without `#` comments.
    static func fixtureLines(_ name: String) -> [String] {
        let bytes = try! Fixtures.bytes("secrets/" + name)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// `\n` is a line break and `\\` a backslash.
    static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped { out.append(c == "n" ? "\n" : c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }
}

@Suite struct SecretScannerTests {
    @Test func tablesAreLargeEnough() {
        #expect(SecretSamples.secrets.count >= 100)
        #expect(SecretSamples.lookAlikes.count >= 75)
        // Every kind the scanner knows has at least one sample.
        let covered = Set(SecretSamples.secrets.map(\.kind))
        for kind in SecretKind.allCases { #expect(covered.contains(kind.rawValue), "no sample of \(kind)") }
    }

    @Test(arguments: SecretSamples.secrets)
    func redactsEverySecret(sample: Sample) throws {
        #expect(sample.text.contains(sample.secret))
        let (text, findings) = SecretScanner.redact(sample.text)
        #expect(!text.contains(sample.secret), "secret left in: \(text)")
        #expect(findings.count == 1, "findings: \(findings)")
        let f = try #require(findings.first)
        #expect(f.kind.rawValue == sample.kind)
        #expect(text.contains("[redacted:\(sample.kind)]"))
        // The finding points at exactly the secret (multi-line keys included).
        let bytes = Array(sample.text.utf8)
        #expect(String(decoding: bytes[f.offset..<(f.offset + f.length)], as: UTF8.self) == sample.secret)
        // Only the secret is replaced: the context around it survives.
        #expect(text == sample.text.replacing(sample.secret, with: "[redacted:\(sample.kind)]"))
        #expect(!f.description.contains(sample.secret))
    }

    @Test(arguments: SecretSamples.lookAlikes)
    func leavesLookAlikesAlone(text: String) {
        let (out, findings) = SecretScanner.redact(text)
        #expect(findings.isEmpty, "flagged: \(findings)")
        #expect(out == text)
    }

    @Test func redactionIsIdempotent() {
        for s in SecretSamples.secrets {
            let once = SecretScanner.redact(s.text).text
            let twice = SecretScanner.redact(once)
            #expect(twice.findings.isEmpty, "\(s.kind): \(twice.findings)")
            #expect(twice.text == once)
        }
    }

    @Test func oneDocumentWithEverythingReportsEachLine() throws {
        // All samples and look-alikes interleaved, as a prompt quoted into the log would hold them.
        var lines: [String] = []
        var expected: [(line: Int, kind: String)] = []
        for (i, s) in SecretSamples.secrets.enumerated() {
            expected.append((lines.count + 1, s.kind))
            lines += s.text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
            if i < SecretSamples.lookAlikes.count { lines.append("> " + SecretSamples.lookAlikes[i]) }
        }
        for l in SecretSamples.lookAlikes.dropFirst(SecretSamples.secrets.count) { lines.append("> " + l) }
        let doc = lines.joined(separator: "\n") + "\n"
        let (out, findings) = SecretScanner.redact(doc)
        #expect(findings.count == expected.count)
        for (f, e) in zip(findings, expected) {
            #expect(f.kind.rawValue == e.kind)
            // A sample's secret may sit on a later line of its own text (a key after a caption).
            #expect(f.line >= e.line && f.line <= e.line + 2, "\(f) expected near line \(e.line)")
        }
        for s in SecretSamples.secrets {
            for part in s.secret.split(separator: "\n") where part.count > 12 {
                #expect(!out.contains(part), "left in: \(part.prefix(20))")
            }
        }
        for l in SecretSamples.lookAlikes { #expect(out.contains(l), "look-alike changed: \(l)") }
    }

    @Test func findingsCarryLineNumbers() {
        let text = "first line\nsecond\nkey AKIAABCDEFGHIJ234567 here\n\npassword=Tr0ub4dor&3x\n"
        let f = SecretScanner.scan(Array(text.utf8))
        #expect(f.map(\.line) == [3, 5])
        #expect(f.map(\.kind) == [.awsAccessKeyID, .passwordAssignment])
        // `&` ends an unquoted value (a URL query), so only `Tr0ub4dor` is taken.
        #expect(SecretScanner.redact(text).text.contains("password=[redacted:password]&3x"))
    }

    @Test func firstLineOffsetsLineNumbers() {
        let bytes = Array("x\nAKIAABCDEFGHIJ234567\n".utf8)
        var lines: [Int] = []
        bytes.withUnsafeBufferPointer { b in SecretScanner.scan(b, firstLine: 100) { lines.append($0.line) } }
        #expect(lines == [101])
    }

    @Test func privateKeyWithoutEndLineTakesTheBase64Lines() {
        let text = """
            > -----BEGIN RSA PRIVATE KEY-----
            > MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
            > VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK
            >
            > what is wrong with this key?

            """
        let (out, f) = SecretScanner.redact(text)
        #expect(f.map(\.kind) == [.privateKey])
        #expect(out == "> [redacted:private-key]\n>\n> what is wrong with this key?\n")
    }

    @Test func privateKeyEndTooFarAwayIsNotSwallowed() {
        let filler = String(repeating: "ordinary prose line that is not base64!\n", count: 2000)
        let text = "-----BEGIN PRIVATE KEY-----\nnot base64 here\n" + filler + "-----END PRIVATE KEY-----\n"
        let (out, f) = SecretScanner.redact(text)
        #expect(f.count == 1)
        #expect(out.hasPrefix("[redacted:private-key]\nnot base64 here\n"))
        #expect(out.contains(filler))
    }

    @Test func publicKeysAndCertificatesAreKept() {
        let text = "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBa\n-----END CERTIFICATE-----\n"
        #expect(SecretScanner.scan(Array(text.utf8)).isEmpty)
    }

    @Test func hostileInputStaysLinear() {
        // Each of these would be quadratic without the run caps and the END-line memo.
        let cases: [String] = [
            String(repeating: "token=", count: 200_000),
            String(repeating: "-----BEGIN RSA PRIVATE KEY-----", count: 40_000),
            String(repeating: "password: 'a", count: 100_000),
            "sk-" + String(repeating: "aB3", count: 300_000),
            String(repeating: "https://a:", count: 100_000),
            String(repeating: "eyJ", count: 300_000) + ".",
        ]
        for c in cases {
            let clock = ContinuousClock()
            let elapsed = clock.measure { _ = SecretScanner.scan(Array(c.utf8)) }
            #expect(elapsed < .seconds(5), "\(c.prefix(12))... took \(elapsed)")
        }
    }

    @Test func emptyAndBinaryInput() {
        #expect(SecretScanner.scan([]).isEmpty)
        let r = SecretScanner.redact([0, 0xFF, 0xFE, 0x3D, 0x3A])
        #expect(r.findings.isEmpty && r.bytes == [0, 0xFF, 0xFE, 0x3D, 0x3A])
        // Invalid UTF-8 right around a key does not hide it.
        var bytes: [UInt8] = [0xC3, 0x20]
        bytes += Array("AKIAABCDEFGHIJ234567".utf8)
        bytes += [0x20, 0xFF]
        #expect(SecretScanner.scan(bytes).map(\.kind) == [.awsAccessKeyID])
    }
}
