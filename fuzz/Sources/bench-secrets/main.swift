import PromptLog

// Measures the secret scanner on the `plog add` path against the alternative it was chosen
// over: one combined PCRE2 pattern (JIT) through the recall engine's matcher. Prints compile
// and scan times for a 1 KB prompt, a 100 KB prompt and a 10 MB log. Run by
// shell/bench.d/70-trust.sh (built without the fuzzer flags).

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Median nanoseconds of `body` over `runs` runs.
func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var xs: [UInt64] = []
    for _ in 0..<runs {
        let t = now()
        try body()
        xs.append(now() - t)
    }
    xs.sort()
    return Double(xs[xs.count / 2])
}

/// `x` with `decimals` digits after the point, right-aligned in `width` columns.
func fixed(_ x: Double, _ decimals: Int, width: Int = 10) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let v = Int64((x * scale).rounded())
    var s = String(v / Int64(scale))
    if decimals > 0 {
        let frac = String(abs(v) % Int64(scale))
        s += "." + String(repeating: "0", count: decimals - frac.count) + frac
    }
    return String(repeating: " ", count: max(0, width - s.count)) + s
}

func left(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }

/// Prompt-like text: code, prose, assignments, URLs and hashes (none of them a secret).
func text(bytes: Int) -> [UInt8] {
    let paragraph = """
        > Refactor Sources/App/Store.swift so that writes coalesce within 50 ms. The current code:
        > let token = try await session.fetchToken(for: user.id)  // refreshed every 3600 s
        > config.maxTokens = 4096; config.endpoint = "https://api.example.com/v1/chat?stream=true"
        > commit da39a3ee5e6b4b0d3255bfef95601890afd80709 broke the retry loop (see PR #4411).
        > Keep the UUID 3f2504e0-4f89-11d3-9a0c-0305e82c3301 stable; password rules: 12+ characters.

        """
    var out: [UInt8] = []
    out.reserveCapacity(bytes + paragraph.utf8.count)
    while out.count < bytes { out += paragraph.utf8 }
    return Array(out.prefix(bytes))
}

// The same formats as one alternation (the shape a regex-based scanner would use).
let combined = [
    #"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"#,
    #"\bgh[pousr]_[A-Za-z0-9]{36,255}"#, #"\bgithub_pat_[A-Za-z0-9_]{22,255}"#,
    #"\bsk-(?:ant-)?[A-Za-z0-9_-]{32,}"#, #"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"#, #"\bwhsec_[A-Za-z0-9+/=]{24,}"#,
    #"\bxox[abposr]-[A-Za-z0-9-]{10,}"#, #"\bxapp-[A-Za-z0-9-]{20,}"#, #"hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/]{20,}"#,
    #"\bAIza[A-Za-z0-9_-]{35}"#, #"\bya29\.[A-Za-z0-9_-]{20,}"#,
    #"\beyJ[A-Za-z0-9_-]{7,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}"#,
    #"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,65535}?-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"#,
    #"\b[Bb]earer [A-Za-z0-9._~+/-]{20,}=*"#,
    #"[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#@:]+:[^\s/?#@\[\]]+@"#,
    #"(?i)[A-Za-z0-9_.-]*(?:password|passwd|passphrase|token|secret|api[_-]?key|access[_-]?key)["']?\s*(?::=|=>|[:=])\s*["'`]?[^\s"'`,;&()\[\]{}<>]{8,}"#,
].joined(separator: "|")

print("secret scanning: hand-written single pass vs one combined PCRE2 pattern (JIT)")
print("pattern: \(combined.utf8.count) bytes covering the scanner's formats")
let compileNs = try measure(20) { _ = try PCRE2Matcher(combined, options: .init(caseless: false)) }
let matcher = try PCRE2Matcher(combined, options: .init(caseless: false))
print("PCRE2 compile + JIT: \(fixed(compileNs / 1e6, 3)) ms (paid by every plog add that would use it)")
print(String(repeating: "-", count: 78))
print(left("input", 14) + left("  hand-written", 16) + left("    PCRE2 scan", 16) + "   hand MB/s  PCRE2 MB/s  found")
for (label, size, runs) in [("1 KB prompt", 1024, 2000), ("100 KB prompt", 100 * 1024, 200), ("10 MB log", 10 << 20, 5)] {
    let bytes = text(bytes: size)
    var found = 0
    let hand = measure(runs) { found = SecretScanner.scan(bytes).count }
    var pcre = 0
    let regex = try bytes.withUnsafeBufferPointer { buf in try measure(runs) { pcre = try matcher.allMatches(in: buf).count } }
    let mbps = { (ns: Double) in Double(size) / 1e6 / (ns / 1e9) }
    print(left(label, 14) + fixed(hand / 1e6, 4, width: 13) + " ms" + fixed(regex / 1e6, 4, width: 13) + " ms"
          + fixed(mbps(hand), 0, width: 12) + fixed(mbps(regex), 0, width: 12) + "  \(found) / \(pcre)")
}
