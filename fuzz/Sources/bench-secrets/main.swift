import PromptLog

// Measures the secret scanner on the `plog add` path against the alternative it was chosen
// over: one combined PCRE2 pattern (JIT) through the recall engine's matcher. Prints compile
// and scan times for a 1 KB prompt, a 100 KB prompt and a 10 MB log. Run by
// shell/bench.d/70-trust.sh (built without the fuzzer flags).
//
// With a directory argument (Tests/PromptLogTests/Fixtures/secrets), also counts how the scanner
// does on the test fixtures: credentials found with the right kind, look-alikes touched.

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
    // Vendor formats.
    #"\bgl(?:pat|dt|rt|ft|ptt|imt|cbt|soat|oas|agent)-[\w.-]{20,}"#, #"\bGR1348941[\w-]{20}\b"#,
    #"\bnpm_[A-Za-z0-9]{36}\b"#, #"\bpypi-AgEIcHlwaS5vcmc[\w-]{50,}"#, #"\b(?:hf_|api_org_)[A-Za-z]{34}\b"#,
    #"\bgsk_[A-Za-z0-9]{52}\b"#, #"\br8_[A-Za-z0-9]{37}\b"#, #"\bSG\.[\w-]{22}\.[\w-]{43}\b"#,
    #"\bkey-[a-f0-9]{32}\b"#, #"\b(?:bot)?[0-9]{5,16}:A[\w-]{34}\b"#, #"\b[MNO][A-Za-z0-9]{23,27}\.[\w-]{6}\.[\w-]{27,38}\b"#,
    #"discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[\w-]{60,100}"#, #"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b"#,
    #"\b(?:sq0atp-[\w-]{22}|sq0csp-[\w-]{43}|EAAA[\w-]{60})\b"#, #"\bdo[por]_v1_[a-f0-9]{64}\b"#,
    #"\bhvs\.[\w-]{90,120}\b"#, #"\bhvb\.[\w-]{138,300}\b"#, #"\bdp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{43}\b"#,
    #"\blin_api_[A-Za-z0-9]{40}\b"#, #"\b(?:ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43})\b"#,
    #"(?i:AccountKey|SharedAccessKey)=[A-Za-z0-9+/]{43,86}={1,2}"#, #"\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b"#,
    #"private_key_id"\s*:\s*"[a-f0-9]{40}""#, #"\bSK[a-f0-9]{32}\b"#, #"\bATATT3[\w=-]{150,}"#,
    #"\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b"#, #"\bdapi[a-f0-9]{32}(?:-\d)?\b"#, #"\bpul-[a-f0-9]{40}\b"#,
    #"\b(?:fo1_[\w-]{43}|fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3})"#, #"\bHRKU-AA[\w-]{58}\b"#,
    #"\b(?:sntrys_eyJ[A-Za-z0-9+/=_]{57,}|sntryu_[a-f0-9]{64}\b)"#, #"\b(?:NRAK-[A-Za-z0-9]{27}|NRJS-[a-fA-F0-9]{19})\b"#,
    #"\b(?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[a-fA-F0-9]{8}\b)"#, #"\b[A-Za-z0-9]{14}\.atlasv1\.[\w=-]{60,}"#,
    #"\bsk\.eyJ[\w-]{17,}\.[\w-]{20,255}"#, #"\bpscale_(?:tkn|pw|oauth)_[\w-]{32,64}"#, #"\bsbp_[a-f0-9]{40}\b"#,
    #"\bsk-or-v1-[a-f0-9]{64}\b"#, #"\bxai-[A-Za-z0-9]{80}\b"#, #"\bpplx-[A-Za-z0-9]{48}\b"#, #"\bdckr_pat_[\w-]{27}\b"#,
    #"\bGOCSPX-[\w-]{28}\b"#, #"\bEAA[MC][A-Za-z0-9]{100,}"#, #"\bA{22}[A-Za-z0-9%]{80,}"#,
    #"\btskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9-]{20,}"#, #"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b"#,
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

// Accuracy on the test fixtures: every credential should be found with its kind, no look-alike touched.
if CommandLine.arguments.count > 1 {
    let dir = CommandLine.arguments[1]
    func lines(_ name: String) -> [String] {
        guard let f = fopen(dir + "/" + name, "r") else { print("bench-secrets: cannot read \(dir)/\(name)"); return [] }
        defer { fclose(f) }
        var out: [String] = []
        var line: UnsafeMutablePointer<CChar>? = nil
        var cap = 0
        while getline(&line, &cap, f) > 0, let l = line {
            var s = String(cString: l)
            if s.hasSuffix("\n") { s.removeLast() }
            if !s.isEmpty && !s.hasPrefix("#") { out.append(unescape(s)) }
        }
        free(line)
        return out
    }
    func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped { out.append(c == "n" ? "\n" : c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }
    let samples = lines("credentials.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let kinds = Set(samples.map { $0[0] })
    let right = samples.filter { s in SecretScanner.scan(Array(s[1].utf8)).map(\.kind.rawValue) == [s[0]] }.count
    let looks = lines("look-alikes.txt")
    let touched = looks.filter { !SecretScanner.scan(Array($0.utf8)).isEmpty }
    print(String(repeating: "-", count: 78))
    print("fixtures: \(right) of \(samples.count) credentials found with the right kind (\(kinds.count) kinds); "
          + "\(touched.count) of \(looks.count) look-alikes touched")
    for t in touched { print("  look-alike touched: \(t.prefix(60))") }
}
