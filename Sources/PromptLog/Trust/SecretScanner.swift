import CSupport

/// The kinds of credential `SecretScanner` recognises. The raw value is what a redaction shows:
/// `[redacted:aws-access-key-id]`.
public enum SecretKind: String, Sendable, CaseIterable, Comparable {
    /// `AKIA`/`ASIA`/`ABIA`/`ACCA` and 16 upper-case letters or digits.
    case awsAccessKeyID = "aws-access-key-id"
    /// `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` and 36+ letters or digits; `github_pat_...`.
    case githubToken = "github-token"
    /// `sk-...` (legacy, `sk-proj-`, `sk-svcacct-`, `sk-admin-`): 32+ characters mixing cases and digits.
    case openAIKey = "openai-api-key"
    /// `sk-ant-...` (API, admin and OAuth keys).
    case anthropicKey = "anthropic-api-key"
    /// `xoxb-`, `xoxp-`, `xoxa-`, `xoxo-`, `xoxr-`, `xoxs-`, `xapp-` tokens.
    case slackToken = "slack-token"
    /// The secret path of a `hooks.slack.com/services/...` or `/workflows/...` URL.
    case slackWebhook = "slack-webhook"
    /// `AIza` and 35 URL-safe base64 characters.
    case googleAPIKey = "google-api-key"
    /// `ya29.` OAuth access tokens.
    case googleOAuthToken = "google-oauth-token"
    /// `sk_live_`, `sk_test_`, `rk_live_`, `rk_test_` keys and `whsec_` webhook secrets.
    /// (`pk_` publishable keys are public by design and left alone.)
    case stripeKey = "stripe-key"
    /// Three base64url segments, the first starting `eyJ` (a JSON header).
    case jwt = "jwt"
    /// A `-----BEGIN ... PRIVATE KEY-----` block through its `-----END ...-----` line.
    case privateKey = "private-key"
    /// The token after `Bearer ` (20+ characters mixing letters and digits).
    case bearerToken = "bearer-token"
    /// The base64 after `Basic ` when it decodes to `user:password`.
    case basicAuth = "basic-auth"
    /// The password of a URL such as `postgres://user:PASSWORD@host`.
    case urlPassword = "url-password"
    /// `glpat-`, `gldt-`, `glrt-`, `glptt-`, `glft-`, `glimt-`, `glsoat-`, `glcbt-`, `gloas-`,
    /// `glagent-` and `GR1348941` (runner registration) GitLab tokens.
    case gitlabToken = "gitlab-token"
    /// `npm_` and 36 letters or digits.
    case npmToken = "npm-token"
    /// `pypi-AgEIcHlwaS5vcmc` (a macaroon for pypi.org) and 50+ base64url characters.
    case pypiToken = "pypi-token"
    /// `hf_` and 34 letters; `api_org_` and 34 letters.
    case huggingFaceToken = "huggingface-token"
    /// `gsk_` and 52 letters or digits.
    case groqKey = "groq-api-key"
    /// `r8_` and 37 letters or digits.
    case replicateToken = "replicate-token"
    /// `SG.`, 22 base64url characters, `.`, 43 base64url characters.
    case sendGridKey = "sendgrid-api-key"
    /// `key-` and 32 lower-case hex digits (a Mailgun private API key).
    case mailgunKey = "mailgun-key"
    /// 5 to 16 digits (the bot's id), `:`, `A` and 34 base64url characters.
    case telegramBotToken = "telegram-bot-token"
    /// `M`/`N`/`O` and 23 to 27 letters or digits (a user id), `.`, 6, `.`, 27 to 38 base64url characters.
    case discordBotToken = "discord-bot-token"
    /// The `ID/TOKEN` path of a `discord.com/api/webhooks/` (or `discordapp.com`) URL.
    case discordWebhook = "discord-webhook"
    /// `shpat_`, `shpss_`, `shpca_`, `shppa_` and 32 hex digits.
    case shopifyToken = "shopify-token"
    /// `sq0atp-` and 22, `sq0csp-` and 43 base64url characters; `EAAA` and 60 base64url characters.
    case squareToken = "square-token"
    /// `dop_v1_`, `doo_v1_`, `dor_v1_` and 64 lower-case hex digits.
    case digitalOceanToken = "digitalocean-token"
    /// `hvs.` and 90 to 120, `hvb.` and 138 to 300 base64url characters (HashiCorp Vault).
    case vaultToken = "vault-token"
    /// `dp.pt.`, `dp.st.`, `dp.sa.`, `dp.ct.`, `dp.scim.`, `dp.audit.` and 40+ letters or digits.
    case dopplerToken = "doppler-token"
    /// `lin_api_` and 40 letters or digits.
    case linearKey = "linear-api-key"
    /// `ntn_` and 46 letters or digits; `secret_` and 43.
    case notionToken = "notion-token"
    /// The value of `AccountKey=` (88 base64 characters) or `SharedAccessKey=` (44) in an Azure
    /// connection string.
    case azureKey = "azure-key"
    /// `AGE-SECRET-KEY-1` and 58 bech32 characters.
    case ageSecretKey = "age-secret-key"
    /// The 40 hex digits assigned to `private_key_id` in a Google service-account key file.
    case gcpPrivateKeyID = "gcp-private-key-id"
    /// `SK` and 32 lower-case hex digits (a Twilio API key).
    case twilioKey = "twilio-api-key"
    /// `ATATT3` and 150+ base64url characters or `=`.
    case atlassianToken = "atlassian-api-token"
    /// `PMAK-`, 24 hex digits, `-`, 34 hex digits.
    case postmanKey = "postman-api-key"
    /// `dapi` and 32 lower-case hex digits (with an optional `-N`).
    case databricksToken = "databricks-token"
    /// `pul-` and 40 lower-case hex digits.
    case pulumiToken = "pulumi-token"
    /// `fo1_` and 43 base64url characters; `fm1a_`, `fm1r_`, `fm2_` and 100+ base64 characters.
    case flyToken = "flyio-token"
    /// `HRKU-AA` and 58 base64url characters.
    case herokuKey = "heroku-api-key"
    /// `sntrys_eyJ` and 60+ base64 characters; `sntryu_` and 64 hex digits.
    case sentryToken = "sentry-token"
    /// `NRAK-` and 27 letters or digits; `NRJS-` and 19 hex digits.
    case newRelicKey = "newrelic-key"
    /// `glc_` and 32+ base64 characters; `glsa_`, 32 letters or digits, `_`, 8 hex digits.
    case grafanaToken = "grafana-token"
    /// 14 letters or digits, `.atlasv1.`, 60+ base64url characters or `=`.
    case terraformToken = "terraform-token"
    /// `sk.eyJ` and a dotted base64url token.
    case mapboxToken = "mapbox-token"
    /// `pscale_tkn_`, `pscale_pw_`, `pscale_oauth_` and 32 to 64 base64url characters.
    case planetScaleToken = "planetscale-token"
    /// `sbp_` and 40 lower-case hex digits.
    case supabaseToken = "supabase-token"
    /// `sk-or-v1-` and 64 lower-case hex digits.
    case openRouterKey = "openrouter-api-key"
    /// `xai-` and 80 letters or digits.
    case xaiKey = "xai-api-key"
    /// `pplx-` and 48 letters or digits.
    case perplexityKey = "perplexity-api-key"
    /// `dckr_pat_` and 27 base64url characters.
    case dockerHubToken = "docker-hub-token"
    /// `GOCSPX-` and 28 base64url characters.
    case googleClientSecret = "google-client-secret"
    /// `EAACEdEose0cBA` (and other `EAA` + `M`/`C`) tokens of 100+ letters or digits.
    case facebookToken = "facebook-token"
    /// 22 `A`s and 80+ more letters, digits or `%`.
    case twitterBearer = "twitter-bearer-token"
    /// `tskey-api-`, `tskey-auth-`, `tskey-client-`, `tskey-scim-`, `tskey-webhook-` keys.
    case tailscaleKey = "tailscale-key"
    /// `lsv2_pt_`/`lsv2_sk_`, 32 hex digits, `_`, 10 hex digits.
    case langSmithKey = "langsmith-api-key"
    /// The value assigned to a `...password`/`passwd`/`passphrase` name.
    case passwordAssignment = "password"
    /// The value assigned to a `...token` name.
    case tokenAssignment = "token"
    /// The value assigned to a `...secret`, `...api_key`, `...access_key`, `...private_key` name.
    case secretAssignment = "secret"

    /// What a redaction of this kind leaves in the text.
    public var placeholder: String { "[redacted:" + rawValue + "]" }

    public static func < (a: SecretKind, b: SecretKind) -> Bool { a.rawValue < b.rawValue }
}

/// One credential found: its kind and where it sits. The secret itself is never kept, so a
/// finding can be printed, logged or stored safely.
public struct SecretFinding: Sendable, Equatable, CustomStringConvertible {
    public var kind: SecretKind
    /// 1-based line of the first byte of the secret in the scanned bytes.
    public var line: Int
    /// Byte offset of the secret in the scanned bytes.
    public var offset: Int
    /// Length of the secret in bytes.
    public var length: Int

    public init(kind: SecretKind, line: Int, offset: Int, length: Int) {
        self.kind = kind; self.line = line; self.offset = offset; self.length = length
    }

    public var description: String { "line \(line): \(kind.rawValue)" }
}

/// Finds credentials with high-confidence formats in bytes, in one left-to-right pass.
///
/// Why hand-written instead of one big regular expression: this runs on every `plog add`,
/// whose whole budget is a few milliseconds. A single pass dispatches on the byte at each
/// position (only `- = :` anywhere, `.` before `a`, and some twenty-five letters that begin a
/// known prefix, those only at a word start, can start a secret), so text with no trigger costs
/// one jump-table lookup per byte, no pattern is compiled at start-up, and
/// nothing here links PCRE2's JIT. Each rule favours precision: a look-alike (hash, UUID,
/// base64 of prose, code such as `token = getToken()`, a placeholder such as
/// `password: <your password>`) is left alone, because a redaction the user did not ask for
/// destroys their words.
///
/// Redaction is idempotent: `[redacted:KIND]` never matches again.
public enum SecretScanner {
    /// Longest run any single rule examines; longer runs are not one of these formats, and the
    /// cap keeps hostile input (a megabyte of `token=token=...`) linear.
    static let maxRun = 8192
    /// How far below a `BEGIN ... PRIVATE KEY` line its `END` line may be.
    static let maxPrivateKeySpan = 65_536

    /// `bytes` with every secret replaced by `[redacted:KIND]`, and what was replaced (in order).
    /// Returns `bytes` unchanged (and no findings) when nothing was found.
    public static func redact(_ bytes: [UInt8]) -> (bytes: [UInt8], findings: [SecretFinding]) {
        let findings = scan(bytes)
        guard !findings.isEmpty else { return (bytes, []) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var p = 0
        for f in findings {
            out += bytes[p..<f.offset]
            out += f.kind.placeholder.utf8
            p = f.offset + f.length
        }
        out += bytes[p...]
        return (out, findings)
    }

    /// `text` with every secret replaced, and what was replaced.
    public static func redact(_ text: String) -> (text: String, findings: [SecretFinding]) {
        let r = redact(Array(text.utf8))
        return (r.findings.isEmpty ? text : String(decoding: r.bytes, as: UTF8.self), r.findings)
    }

    /// One line for stderr saying what was redacted, where (lines of the scanned block), and how
    /// to keep it: `redacted 2 credentials before logging: aws-access-key-id on line 4, password
    /// on line 9 of the block; --keep-secrets logs them as typed`.
    public static func summary(_ findings: [SecretFinding]) -> String {
        let list = findings.prefix(8).map { "\($0.kind.rawValue) on line \($0.line)" }.joined(separator: ", ")
            + (findings.count > 8 ? ", and \(findings.count - 8) more" : "")
        let what = findings.count == 1 ? "1 credential" : "\(findings.count) credentials"
        return "redacted \(what) before logging: \(list) of the block; --keep-secrets logs "
            + (findings.count == 1 ? "it" : "them") + " as typed"
    }

    /// Every secret in `bytes`, in order, without changing anything.
    public static func scan(_ bytes: [UInt8]) -> [SecretFinding] {
        bytes.withUnsafeBufferPointer { buf in
            var found: [SecretFinding] = []
            scan(buf) { found.append($0) }
            return found
        }
    }

    /// Visits every secret in `buf` in order (non-overlapping). `firstLine` is the line number of
    /// `buf[0]`, for callers scanning a window of a larger file.
    public static func scan(_ buf: UnsafeBufferPointer<UInt8>, firstLine: Int = 1,
                            _ body: (SecretFinding) throws -> Void) rethrows {
        var scanner = Pass(buf: buf)
        let n = buf.count
        var i = 0
        var line = firstLine
        var counted = 0
        // Hits that start after the byte that found them (a URL's password is found at its `://`,
        // an assigned value at its `=`): held until the scan reaches them, so that anything in
        // between (a token used as a URL's user name) is still found, in order.
        var pending: [Hit] = []
        // Where the last finding ended: a hit found at a byte inside its secret (a Telegram
        // token's `:`) but starting before it would overlap it.
        var emittedEnd = 0
        func emit(_ m: Hit) throws {
            line += LogScanner.countNewlines(buf, from: counted, to: m.start)
            counted = m.start
            emittedEnd = m.end
            try body(SecretFinding(kind: m.kind, line: line, offset: m.start, length: m.end - m.start))
            i = max(m.end, i + 1)
            pending.removeAll { $0.start < i }
        }
        while i < n {
            if !pending.isEmpty, pending[0].start <= i {
                try emit(pending.removeFirst())
                continue
            }
            let c = buf[i]
            let trigger: Bool
            switch c {
            case 0x3D, 0x3A, 0x2D:  // = : -
                trigger = true
            case 0x2E:  // '.' only in `.atlasv1.`
                trigger = scanner.at(i + 1) == 0x61
            case 0x41, 0x42, 0x45, 0x47, 0x48, 0x4D, 0x4E, 0x4F, 0x50, 0x53,  // A B E G H M N O P S
                 0x61, 0x62, 0x64, 0x65, 0x66, 0x67, 0x68, 0x6B, 0x6C, 0x6E,  // a b d e f g h k l n
                 0x70, 0x72, 0x73, 0x74, 0x77, 0x78, 0x79:  // p r s t w x y
                // Prefixed tokens start a word; in prose these letters are mostly inside one.
                trigger = scanner.wordStart(i)
            default:
                trigger = false
            }
            switch trigger {
            case true:
                if let m = scanner.match(at: i), m.start >= emittedEnd {
                    if m.start <= i {
                        try emit(m)
                    } else {
                        if !pending.contains(where: { $0.start < m.end && m.start < $0.end }) {
                            pending.append(m)
                            pending.sort { $0.start < $1.start }
                        }
                        i += 1
                    }
                } else {
                    i += 1
                }
            case false:
                i += 1
            }
        }
        for m in pending where m.start >= i { try emit(m) }
    }
}

// MARK: - The pass

private struct Hit {
    var kind: SecretKind
    var start: Int
    var end: Int
}

/// One scan over a buffer. A struct so the private-key END search can be remembered across
/// BEGIN lines (keeping a file full of BEGIN lines linear).
private struct Pass {
    let buf: UnsafeBufferPointer<UInt8>
    let n: Int
    /// The first `-----END ` at or after `endSearchFrom`, or `n` when there is none.
    var endSearchFrom = -1
    var endFound = 0
    /// The last run of unquoted-value bytes measured: any start inside it ends at the same place,
    /// so `token=token=token=...` is measured once, not once per `=`.
    var valueRunStart = -1
    var valueRunEnd = -1

    init(buf: UnsafeBufferPointer<UInt8>) {
        self.buf = buf
        self.n = buf.count
    }

    @inline(__always) func at(_ p: Int) -> UInt8 { p < n ? buf[p] : 0 }

    /// Whether `buf[p...]` starts with `lit` (ASCII).
    @inline(__always) func has(_ lit: StaticString, at p: Int) -> Bool {
        let len = lit.utf8CodeUnitCount
        guard p >= 0, p + len <= n else { return false }
        let s = lit.utf8Start
        for k in 0..<len where buf[p + k] != s[k] { return false }
        return true
    }

    /// Length of the run of bytes satisfying `pred` from `p`, at most `SecretScanner.maxRun + 1`.
    @inline(__always) func run(from p: Int, _ pred: (UInt8) -> Bool) -> Int {
        var e = p
        let limit = min(n, p + SecretScanner.maxRun + 1)
        while e < limit && pred(buf[e]) { e += 1 }
        return e - p
    }

    /// Whether a token may start at `p`: not in the middle of a base64url run. (After `-` or `_`
    /// is still inside one: a key's own alphabet must not start another key, or redacting the
    /// second would change where the first ends, and a second pass would find more.)
    /// Right after a `[redacted:KIND]` placeholder is not a word start either: there the first
    /// pass saw the secret's last byte, and a second pass must not find more than the first did.
    @inline(__always) func wordStart(_ p: Int) -> Bool {
        guard p > 0 else { return true }
        let c = buf[p - 1]
        if isURLSafe(c) { return false }
        return c != 0x5D || !endsPlaceholder(p - 1)
    }

    /// Whether `buf[q]` (a `]`) closes `[redacted:kind]`.
    func endsPlaceholder(_ q: Int) -> Bool {
        var k = q - 1
        while k >= 0 && q - k <= 32 && (isLowerByte(buf[k]) || buf[k] == 0x2D) { k -= 1 }
        return k >= 9 && has("[redacted:", at: k - 9)
    }

    mutating func match(at i: Int) -> Hit? {
        switch buf[i] {
        case 0x3D, 0x3A:  // '=' ':'
            if buf[i] == 0x3A {
                if at(i + 1) == 0x2F, at(i + 2) == 0x2F { return urlPassword(colon: i) }
                if at(i + 1) == 0x41, i > 0, isDigit(buf[i - 1]), let t = telegram(colon: i) { return t }
            }
            return assignment(at: i)
        case 0x2D:  // '-'
            return privateKey(at: i)
        case 0x2E:  // '.'
            return terraform(dot: i)
        case 0x68:  // 'h'
            return token(at: i) ?? slackWebhook(at: i)
        case 0x64:  // 'd'
            return token(at: i) ?? discordWebhook(at: i)
        default:
            guard wordStart(i) else { return nil }
            return token(at: i)
        }
    }

    // MARK: Tokens with a known prefix

    /// A token with a recognisable prefix starting at `i` (`i` must start a word, or follow `=`, a quote...).
    func token(at i: Int) -> Hit? {
        guard i < n else { return nil }
        switch buf[i] {
        case 0x30...0x39:  // a digit: only a Telegram bot token (reached through an assignment or `Bearer `)
            var c = i
            while c < n && c - i <= 16 && isDigit(buf[c]) { c += 1 }
            guard at(c) == 0x3A, at(c + 1) == 0x41 else { return nil }
            return telegram(colon: c)
        case 0x41:  // 'A'
            if has("AKIA", at: i) || has("ASIA", at: i) || has("ABIA", at: i) || has("ACCA", at: i) {
                let len = run(from: i + 4) { isUpper($0) || isDigit($0) }
                if len == 16 && !isAlnum(at(i + 20)) { return Hit(kind: .awsAccessKeyID, start: i, end: i + 20) }
                return nil
            }
            if has("AIza", at: i) {
                let len = run(from: i + 4, isURLSafe)
                if len == 35 { return Hit(kind: .googleAPIKey, start: i, end: i + 39) }
                return nil
            }
            if has("AGE-SECRET-KEY-1", at: i) { return exactly(.ageSecretKey, i, prefix: 16, 58, isBech32Upper) }
            if has("ATATT3", at: i) {
                let len = run(from: i + 6) { isURLSafe($0) || $0 == 0x3D }
                if len >= 150 && len <= SecretScanner.maxRun && hasDigit(i + 6, len) { return Hit(kind: .atlassianToken, start: i, end: i + 6 + len) }
                return nil
            }
            // X (Twitter) app bearer tokens open with 22 `A`s.
            if run(from: i, { $0 == 0x41 }) >= 22 {
                let len = run(from: i) { isAlnum($0) || $0 == 0x25 }
                if len >= 102 && len <= SecretScanner.maxRun && !isURLSafe(at(i + len)) && hasDigit(i, len) && hasLower(i, len) {
                    return Hit(kind: .twitterBearer, start: i, end: i + len)
                }
            }
            return nil
        case 0x42, 0x62:  // 'B' 'b'
            if has("Bearer ", at: i) || has("bearer ", at: i) { return bearer(at: i + 7) }
            if has("Basic ", at: i) || has("basic ", at: i) { return basic(at: i + 6) }
            return nil
        case 0x45:  // 'E'
            if has("EAAA", at: i) { return exactly(.squareToken, i, prefix: 4, 60, isURLSafe, digit: true) }
            if has("EAAM", at: i) || has("EAAC", at: i) {
                let len = run(from: i + 4, isAlnum)
                if len >= 100 && len <= 512 && !isURLSafe(at(i + 4 + len)) && hasDigit(i + 4, len) {
                    return Hit(kind: .facebookToken, start: i, end: i + 4 + len)
                }
            }
            return nil
        case 0x47:  // 'G'
            if has("GOCSPX-", at: i) { return exactly(.googleClientSecret, i, prefix: 7, 28, isURLSafe) }
            if has("GR1348941", at: i) { return exactly(.gitlabToken, i, prefix: 9, 20, isURLSafe) }
            return nil
        case 0x48:  // 'H'
            if has("HRKU-AA", at: i) { return exactly(.herokuKey, i, prefix: 7, 58, isURLSafe) }
            return nil
        case 0x4D, 0x4E, 0x4F:  // 'M' 'N' 'O'
            if has("NRAK-", at: i) { return exactly(.newRelicKey, i, prefix: 5, 27, isAlnum, digit: true) }
            if has("NRJS-", at: i) { return exactly(.newRelicKey, i, prefix: 5, 19, isHex, digit: true) }
            return discordBot(at: i)
        case 0x50:  // 'P'
            if has("PMAK-", at: i) {
                guard run(from: i + 5, isHex) == 24, at(i + 29) == 0x2D else { return nil }
                return exactly(.postmanKey, i, prefix: 30, 34, isHex)
            }
            return nil
        case 0x53:  // 'S'
            if has("SG.", at: i) {
                guard run(from: i + 3, isURLSafe) == 22, at(i + 25) == 0x2E else { return nil }
                return exactly(.sendGridKey, i, prefix: 26, 43, isURLSafe, digit: true)
            }
            if has("SK", at: i) { return exactly(.twilioKey, i, prefix: 2, 32, isLowerHex, digit: true) }
            return nil
        case 0x61:  // 'a'
            if has("api_org_", at: i) { return exactly(.huggingFaceToken, i, prefix: 8, 34, isLetter, mixedCase: true) }
            return nil
        case 0x64:  // 'd'
            if has("dop_v1_", at: i) || has("doo_v1_", at: i) || has("dor_v1_", at: i) {
                return exactly(.digitalOceanToken, i, prefix: 7, 64, isLowerHex, digit: true)
            }
            if has("dapi", at: i) {
                guard run(from: i + 4, isLowerHex) == 32, hasDigit(i + 4, 32) else { return nil }
                var end = i + 36
                if at(end) == 0x2D, isDigit(at(end + 1)) { end += 2 }
                return isURLSafe(at(end)) ? nil : Hit(kind: .databricksToken, start: i, end: end)
            }
            if has("dp.", at: i) { return doppler(at: i) }
            if has("dckr_pat_", at: i) { return exactly(.dockerHubToken, i, prefix: 9, 27, isURLSafe) }
            return nil
        case 0x65:  // 'e'
            return jwt(at: i)
        case 0x66:  // 'f'
            if has("fo1_", at: i) { return exactly(.flyToken, i, prefix: 4, 43, isURLSafe) }
            for p: StaticString in ["fm1a_", "fm1r_", "fm2_"] where has(p, at: i) {
                let s = i + p.utf8CodeUnitCount
                let len = run(from: s) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F }
                guard len >= 100, len <= SecretScanner.maxRun, hasDigit(s, len) else { return nil }
                var end = s + len
                while at(end) == 0x3D, end - s - len < 3 { end += 1 }
                return Hit(kind: .flyToken, start: i, end: end)
            }
            return nil
        case 0x67:  // 'g'
            if has("gh", at: i), [0x70, 0x6F, 0x75, 0x73, 0x72].contains(at(i + 2)), at(i + 3) == 0x5F {  // ghp_ gho_ ghu_ ghs_ ghr_
                let len = run(from: i + 4, isAlnum)
                if len >= 36 && len <= 255 && hasDigit(i + 4, len) { return Hit(kind: .githubToken, start: i, end: i + 4 + len) }
                return nil
            }
            if has("github_pat_", at: i) {
                let len = run(from: i + 11) { isAlnum($0) || $0 == 0x5F }
                if len >= 22 && len <= 255 { return Hit(kind: .githubToken, start: i, end: i + 11 + len) }
                return nil
            }
            if has("gsk_", at: i) { return exactly(.groqKey, i, prefix: 4, 52, isAlnum, digit: true) }
            if has("gl", at: i) { return gitlabOrGrafana(at: i) }
            return nil
        case 0x68:  // 'h'
            if has("hf_", at: i) { return exactly(.huggingFaceToken, i, prefix: 3, 34, isLetter, mixedCase: true) }
            if has("hvs.", at: i) { return ranged(.vaultToken, i, prefix: 4, 90...120, isURLSafe) }
            if has("hvb.", at: i) { return ranged(.vaultToken, i, prefix: 4, 138...300, isURLSafe) }
            return nil
        case 0x6B:  // 'k'
            if has("key-", at: i) { return exactly(.mailgunKey, i, prefix: 4, 32, isLowerHex, digit: true) }
            return nil
        case 0x6C:  // 'l'
            if has("lin_api_", at: i) { return exactly(.linearKey, i, prefix: 8, 40, isAlnum, digit: true) }
            if has("lsv2_pt_", at: i) || has("lsv2_sk_", at: i) {
                guard run(from: i + 8, isLowerHex) == 32, at(i + 40) == 0x5F else { return nil }
                return exactly(.langSmithKey, i, prefix: 41, 10, isLowerHex)
            }
            return nil
        case 0x6E:  // 'n'
            if has("npm_", at: i) { return exactly(.npmToken, i, prefix: 4, 36, isAlnum, digit: true) }
            if has("ntn_", at: i) { return exactly(.notionToken, i, prefix: 4, 46, isAlnum, digit: true) }
            return nil
        case 0x70:  // 'p'
            if has("pypi-AgEIcHlwaS5vcmc", at: i) { return ranged(.pypiToken, i, prefix: 20, 50...SecretScanner.maxRun, isURLSafe) }
            if has("pul-", at: i) { return exactly(.pulumiToken, i, prefix: 4, 40, isLowerHex, digit: true) }
            if has("pplx-", at: i) { return exactly(.perplexityKey, i, prefix: 5, 48, isAlnum, digit: true) }
            for p: StaticString in ["pscale_tkn_", "pscale_pw_", "pscale_oauth_"] where has(p, at: i) {
                let s = i + p.utf8CodeUnitCount
                let len = run(from: s, isURLSafe)
                guard len >= 32, len <= 64, hasDigit(s, len) else { return nil }
                return Hit(kind: .planetScaleToken, start: i, end: s + len)
            }
            return nil
        case 0x73, 0x72:  // 's' 'r'
            if has("sk-or-v1-", at: i), let h = exactly(.openRouterKey, i, prefix: 9, 64, isLowerHex, digit: true) { return h }
            if has("sk-", at: i) { return skDash(at: i) }
            if has("sk_live_", at: i) || has("sk_test_", at: i) || has("rk_live_", at: i) || has("rk_test_", at: i) {
                let len = run(from: i + 8, isAlnum)
                if len >= 16 && hasDigit(i + 8, len) { return Hit(kind: .stripeKey, start: i, end: i + 8 + len) }
                return nil
            }
            if has("r8_", at: i) { return exactly(.replicateToken, i, prefix: 3, 37, isAlnum, digit: true) }
            if has("sk.eyJ", at: i) {
                let a = run(from: i + 3, isURLSafe)
                guard a >= 20, at(i + 3 + a) == 0x2E else { return nil }
                let b = run(from: i + 4 + a, isURLSafe)
                guard b >= 20, b <= 255 else { return nil }
                return Hit(kind: .mapboxToken, start: i, end: i + 4 + a + b)
            }
            if has("shpat_", at: i) || has("shpss_", at: i) || has("shpca_", at: i) || has("shppa_", at: i) {
                return exactly(.shopifyToken, i, prefix: 6, 32, isHex, digit: true)
            }
            if has("sq0atp-", at: i) { return exactly(.squareToken, i, prefix: 7, 22, isURLSafe, digit: true) }
            if has("sq0csp-", at: i) { return exactly(.squareToken, i, prefix: 7, 43, isURLSafe, digit: true) }
            if has("secret_", at: i) { return exactly(.notionToken, i, prefix: 7, 43, isAlnum, digit: true) }
            if has("sbp_", at: i) { return exactly(.supabaseToken, i, prefix: 4, 40, isLowerHex, digit: true) }
            if has("sntryu_", at: i) { return exactly(.sentryToken, i, prefix: 7, 64, isLowerHex, digit: true) }
            if has("sntrys_eyJ", at: i) {
                let len = run(from: i + 7) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F || $0 == 0x3D || $0 == 0x5F }
                if len >= 60 && len <= SecretScanner.maxRun && hasDigit(i + 7, len) { return Hit(kind: .sentryToken, start: i, end: i + 7 + len) }
            }
            return nil
        case 0x74:  // 't'
            guard has("tskey-", at: i) else { return nil }
            for p: StaticString in ["api-", "auth-", "client-", "scim-", "webhook-"] where has(p, at: i + 6) {
                let s = i + 6 + p.utf8CodeUnitCount
                let len = run(from: s) { isAlnum($0) || $0 == 0x2D }
                guard len >= 20, len <= 255, hasDigit(s, len), !isURLSafe(at(s + len)) else { return nil }
                return Hit(kind: .tailscaleKey, start: i, end: s + len)
            }
            return nil
        case 0x77:  // 'w'
            if has("whsec_", at: i) {
                let len = run(from: i + 6) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F || $0 == 0x3D }
                if len >= 24 && hasDigit(i + 6, len) { return Hit(kind: .stripeKey, start: i, end: i + 6 + len) }
            }
            return nil
        case 0x78:  // 'x'
            if has("xox", at: i), [0x61, 0x62, 0x70, 0x6F, 0x72, 0x73].contains(at(i + 3)), at(i + 4) == 0x2D {
                let len = run(from: i + 5) { isAlnum($0) || $0 == 0x2D }
                if len >= 10 && hasDigit(i + 5, len) { return Hit(kind: .slackToken, start: i, end: i + 5 + len) }
                return nil
            }
            if has("xapp-", at: i) {
                let len = run(from: i + 5) { isAlnum($0) || $0 == 0x2D }
                if len >= 20 && hasDigit(i + 5, len) { return Hit(kind: .slackToken, start: i, end: i + 5 + len) }
                return nil
            }
            if has("xai-", at: i) { return exactly(.xaiKey, i, prefix: 4, 80, isAlnum, digit: true) }
            return nil
        case 0x79:  // 'y'
            if has("ya29.", at: i) {
                let len = run(from: i + 5, isURLSafe)
                if len >= 20 && hasDigit(i + 5, len) && hasUpper(i + 5, len) {
                    return Hit(kind: .googleOAuthToken, start: i, end: i + 5 + len)
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// A `kind` hit: `prefix` bytes already matched, then exactly `len` bytes satisfying `pred`,
    /// not followed by another base64url byte (a longer run is some other thing). `digit`: the
    /// body must hold a digit; `mixedCase`: upper and lower case (random bodies do, words rarely).
    func exactly(_ kind: SecretKind, _ i: Int, prefix: Int, _ len: Int, _ pred: (UInt8) -> Bool,
                 digit: Bool = false, mixedCase: Bool = false) -> Hit? {
        let s = i + prefix
        guard run(from: s, pred) == len, !isURLSafe(at(s + len)) else { return nil }
        if digit && !hasDigit(s, len) { return nil }
        if mixedCase && !(hasUpper(s, len) && hasLower(s, len)) { return nil }
        return Hit(kind: kind, start: i, end: s + len)
    }

    /// Like `exactly`, for a body whose length varies within `lengths`; it must hold a digit.
    func ranged(_ kind: SecretKind, _ i: Int, prefix: Int, _ lengths: ClosedRange<Int>, _ pred: (UInt8) -> Bool) -> Hit? {
        let s = i + prefix
        let len = run(from: s, pred)
        guard lengths.contains(len), hasDigit(s, len) else { return nil }
        return Hit(kind: kind, start: i, end: s + len)
    }

    /// GitLab's `gl...-` tokens and Grafana's `glc_`/`glsa_`.
    func gitlabOrGrafana(at i: Int) -> Hit? {
        if has("glc_", at: i) {
            let len = run(from: i + 4) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F }
            guard len >= 32, len <= SecretScanner.maxRun, hasDigit(i + 4, len) else { return nil }
            var end = i + 4 + len
            while at(end) == 0x3D, end - i - 4 - len < 2 { end += 1 }
            return Hit(kind: .grafanaToken, start: i, end: end)
        }
        if has("glsa_", at: i) {
            guard run(from: i + 5, isAlnum) == 32, at(i + 37) == 0x5F else { return nil }
            return exactly(.grafanaToken, i, prefix: 38, 8, isHex)
        }
        // `glpat-`, `gldt-`, `glrt-`, `glft-`, `glptt-`, `glimt-`, `glcbt-`, `glsoat-`, `gloas-`, `glagent-`.
        let word = run(from: i + 2, isLowerByte)
        guard word >= 2, word <= 5, at(i + 2 + word) == 0x2D else { return nil }
        let names: [StaticString] = ["pat", "dt", "rt", "ft", "ptt", "imt", "cbt", "soat", "oas", "agent"]
        guard names.contains(where: { $0.utf8CodeUnitCount == word && has($0, at: i + 2) }) else { return nil }
        let s = i + 3 + word
        // Routable tokens carry dot-separated parts (`glpat-...​.01.xxxxxxx`); a sentence's full
        // stop after a token is not one.
        var len = run(from: s) { isURLSafe($0) || $0 == 0x2E }
        while len > 0 && buf[s + len - 1] == 0x2E { len -= 1 }
        guard len >= 20, len <= SecretScanner.maxRun, hasDigit(s, len) else { return nil }
        return Hit(kind: .gitlabToken, start: i, end: s + len)
    }

    /// `dp.pt.`, `dp.sa.`, `dp.ct.`, `dp.scim.`, `dp.audit.` and 43 letters or digits; `dp.st.`
    /// with an optional `CONFIG.` before them.
    func doppler(at i: Int) -> Hit? {
        for p: StaticString in ["pt.", "st.", "sa.", "ct.", "scim.", "audit."] where has(p, at: i + 3) {
            var s = i + 3 + p.utf8CodeUnitCount
            if has("st.", at: i + 3) {
                let cfg = run(from: s) { isLowerByte($0) || isDigit($0) || $0 == 0x5F || $0 == 0x2D }
                if cfg >= 2, cfg <= 35, at(s + cfg) == 0x2E { s += cfg + 1 }
            }
            return exactly(.dopplerToken, i, prefix: s - i, 43, isAlnum, digit: true)
        }
        return nil
    }

    /// A Discord bot token: base64 of the bot's id, `.`, 6, `.`, 27 to 38 base64url characters.
    func discordBot(at i: Int) -> Hit? {
        let a = run(from: i, isAlnum)
        guard a >= 24, a <= 28, at(i + a) == 0x2E, hasDigit(i, a) else { return nil }
        let bs = i + a + 1
        guard run(from: bs, isURLSafe) == 6, at(bs + 6) == 0x2E else { return nil }
        let cs = bs + 7
        let c = run(from: cs, isURLSafe)
        guard c >= 27, c <= 38, !isURLSafe(at(cs + c)) else { return nil }
        return Hit(kind: .discordBotToken, start: i, end: cs + c)
    }

    /// A Telegram bot token around the `:` at `colon`: 5 to 16 digits starting a word (or right
    /// after the `bot` of an `api.telegram.org/bot...` URL), `:`, `A` and 34 base64url characters.
    func telegram(colon: Int) -> Hit? {
        var s = colon
        while s > 0 && colon - s <= 16 && isDigit(buf[s - 1]) { s -= 1 }
        let digits = colon - s
        guard digits >= 5, digits <= 16, at(colon + 1) == 0x41,
              wordStart(s) || (has("bot", at: s - 3) && wordStart(s - 3)) else { return nil }
        guard run(from: colon + 2, isURLSafe) == 34 else { return nil }
        return Hit(kind: .telegramBotToken, start: s, end: colon + 36)
    }

    /// A Terraform Cloud / Enterprise token around the `.` at `dot`: 14 letters or digits,
    /// `.atlasv1.`, 60+ base64url characters or `=`.
    func terraform(dot: Int) -> Hit? {
        guard has(".atlasv1.", at: dot), dot >= 14 else { return nil }
        let s = dot - 14
        guard (s..<dot).allSatisfy({ isAlnum(buf[$0]) }), wordStart(s) else { return nil }
        let len = run(from: dot + 9) { isURLSafe($0) || $0 == 0x3D }
        guard len >= 60, len <= SecretScanner.maxRun, hasDigit(dot + 9, len) else { return nil }
        return Hit(kind: .terraformToken, start: s, end: dot + 9 + len)
    }

    /// `sk-ant-...` (Anthropic) or another `sk-...` (OpenAI).
    func skDash(at i: Int) -> Hit? {
        let len = run(from: i + 3, isURLSafe)
        guard len >= 32, len <= 512 else { return nil }
        // Random keys mix upper case, lower case and digits; kebab-case words and hex do not.
        guard hasDigit(i + 3, len), hasUpper(i + 3, len), hasLower(i + 3, len) else { return nil }
        let kind: SecretKind = has("sk-ant-", at: i) ? .anthropicKey : .openAIKey
        return Hit(kind: kind, start: i, end: i + 3 + len)
    }

    /// `eyJ<header>.<payload>.<signature>`.
    func jwt(at i: Int) -> Hit? {
        guard has("eyJ", at: i) else { return nil }
        let h = run(from: i, isURLSafe)
        guard h >= 10, at(i + h) == 0x2E else { return nil }
        let pStart = i + h + 1
        let p = run(from: pStart, isURLSafe)
        guard p >= 10, at(pStart + p) == 0x2E else { return nil }
        let sStart = pStart + p + 1
        let s = run(from: sStart, isURLSafe)
        guard s >= 16 else { return nil }
        return Hit(kind: .jwt, start: i, end: sStart + s)
    }

    /// The credential after `Bearer `.
    func bearer(at p: Int) -> Hit? {
        if let specific = token(at: p) { return specific }
        let len = run(from: p) { isAlnum($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x7E || $0 == 0x2B || $0 == 0x2F || $0 == 0x2D }
        var end = p + len
        while at(end) == 0x3D { end += 1 }  // '=' padding
        guard len >= 20, len <= SecretScanner.maxRun, hasDigit(p, len), hasLetter(p, len) else { return nil }
        return Hit(kind: .bearerToken, start: p, end: end)
    }

    /// The base64 after `Basic `, when it decodes to printable `user:password`.
    func basic(at p: Int) -> Hit? {
        let len = run(from: p) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F }
        var end = p + len
        while at(end) == 0x3D, end - p - len < 2 { end += 1 }
        // Header values are padded base64: a whole number of 4-character groups, ending the value
        // (a space, a quote, a separator or the line's end follows).
        guard len >= 8, len <= 1024, (end - p) % 4 == 0 else { return nil }
        if end < n, ![0x20, 0x09, 0x0D, 0x0A, 0x22, 0x27, 0x60, 0x2C, 0x3B, 0x29, 0x7D].contains(buf[end]) { return nil }
        guard let decoded = Base64.decode(Array(buf[p..<(p + len)])), decoded.count >= 3,
              decoded.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
              let colon = decoded.firstIndex(of: 0x3A), colon > 0, colon < decoded.count - 1 else { return nil }
        return Hit(kind: .basicAuth, start: p, end: end)
    }

    // MARK: Slack webhooks

    func slackWebhook(at i: Int) -> Hit? {
        guard i == 0 || buf[i - 1] == 0x2F || wordStart(i), has("hooks.slack.com/", at: i) else { return nil }
        var p = i + 16
        if has("services/", at: p) { p += 9 } else if has("workflows/", at: p) { p += 10 } else { return nil }
        let len = run(from: p) { isAlnum($0) || $0 == 0x2F }
        guard len >= 20, hasDigit(p, len) else { return nil }
        return Hit(kind: .slackWebhook, start: p, end: p + len)
    }

    /// The `ID/TOKEN` path of `discord.com/api/webhooks/ID/TOKEN` (or `discordapp.com`).
    func discordWebhook(at i: Int) -> Hit? {
        guard has("discord", at: i) else { return nil }
        var p = i + 7
        if has("app", at: p) { p += 3 }
        guard has(".com/api/webhooks/", at: p) else { return nil }
        let s = p + 18
        let id = run(from: s, isDigit)
        guard id >= 17, id <= 20, at(s + id) == 0x2F else { return nil }
        let t = run(from: s + id + 1, isURLSafe)
        guard t >= 60, t <= 100, hasDigit(s + id + 1, t) else { return nil }
        return Hit(kind: .discordWebhook, start: s, end: s + id + 1 + t)
    }

    // MARK: Private keys

    mutating func privateKey(at i: Int) -> Hit? {
        guard wordStart(i), has("-----BEGIN ", at: i) else { return nil }
        let labelStart = i + 11
        let labelLen = run(from: labelStart) { isUpper($0) || isDigit($0) || $0 == 0x20 }
        guard labelLen >= 11, labelLen <= 48, has("-----", at: labelStart + labelLen),
              labelEndsPrivateKey(labelStart, labelLen) else { return nil }
        let headerEnd = labelStart + labelLen + 5
        // The END line: the first `-----END ...PRIVATE KEY...-----` within reach.
        var from = headerEnd
        while true {
            let e = nextEnd(from: from)
            guard e < n, e - headerEnd <= SecretScanner.maxPrivateKeySpan else { break }
            let ls = e + 9
            let ll = run(from: ls) { isUpper($0) || isDigit($0) || $0 == 0x20 }
            if ll <= 48, has("-----", at: ls + ll), labelEndsPrivateKey(ls, ll) {
                return Hit(kind: .privateKey, start: i, end: ls + ll + 5)
            }
            from = e + 1
        }
        // No END line (a cut paste): take the base64 that follows, on the same line when the
        // paste lost its line breaks, else the base64 lines below, quoted `> ` or not.
        var end = headerEnd
        if at(headerEnd) != 0x0A && !(at(headerEnd) == 0x0D && at(headerEnd + 1) == 0x0A) {
            let len = run(from: headerEnd) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F || $0 == 0x3D || $0 == 0x20 }
            var e = headerEnd + min(len, SecretScanner.maxRun)
            while e > headerEnd && buf[e - 1] == 0x20 { e -= 1 }
            return Hit(kind: .privateKey, start: i, end: e)
        }
        var p = LogScanner.lineEnd(buf, from: headerEnd)
        while p < n {
            let le = LogScanner.lineEnd(buf, from: p)
            var s = p
            if at(s) == 0x3E { s += 1; if at(s) == 0x20 { s += 1 } }  // '> ' quoting in a log
            var e = le
            if e > s && buf[e - 1] == 0x0A { e -= 1 }
            if e > s && buf[e - 1] == 0x0D { e -= 1 }
            guard e - s >= 16, (s..<e).allSatisfy({ isAlnum(buf[$0]) || buf[$0] == 0x2B || buf[$0] == 0x2F || buf[$0] == 0x3D }) else {
                break
            }
            end = e
            p = le
        }
        return Hit(kind: .privateKey, start: i, end: end)
    }

    /// Labels such as `RSA PRIVATE KEY`, `OPENSSH PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`.
    func labelEndsPrivateKey(_ s: Int, _ len: Int) -> Bool {
        has("PRIVATE KEY", at: s + len - 11) || (len >= 17 && has("PRIVATE KEY BLOCK", at: s + len - 17))
    }

    /// The offset of the next `-----END ` at or after `from` (`n` when none); remembered so
    /// that many BEGIN lines do not search the same bytes again.
    mutating func nextEnd(from: Int) -> Int {
        if endSearchFrom >= 0, from >= endSearchFrom, endFound >= from { return endFound }
        endSearchFrom = from
        endFound = n
        guard from < n, let base = buf.baseAddress else { return n }
        let needle: StaticString = "-----END "
        if let hit = plog_memmem(base + from, n - from, needle.utf8Start, needle.utf8CodeUnitCount) {
            endFound = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        return endFound
    }

    // MARK: URLs with a password

    func urlPassword(colon i: Int) -> Hit? {
        // A scheme ends with a letter or digit. Only that byte is looked at: how far the scheme
        // reaches back (perhaps into a secret redacted later) must not change the answer.
        guard i > 0, isAlnum(buf[i - 1]) else { return nil }
        let a = i + 3
        var e = a
        var lastAt = -1
        let limit = min(n, a + 2048)
        // The user info ends at the last `@` before the path, the query, a space, a quote, or a
        // bracket: user info never holds brackets (RFC 3986; an IPv6 host's come after the `@`),
        // and stopping there keeps `[redacted:...]`, and whatever it replaced, out of the question.
        while e < limit {
            let c = buf[e]
            if c == 0x2F || c == 0x3F || c == 0x23 || c <= 0x20 || c == 0x22 || c == 0x27 || c == 0x3C || c == 0x3E
                || c == 0x60 || c == 0x29 || c == 0x5B || c == 0x5D { break }
            if c == 0x40 { lastAt = e }
            e += 1
        }
        guard lastAt > a else { return nil }
        var colon = -1
        for k in a..<lastAt where buf[k] == 0x3A {
            colon = k
            break
        }
        guard colon > a, colon + 1 < lastAt else { return nil }
        let ps = colon + 1
        if isPlaceholder(ps, lastAt) { return nil }
        return Hit(kind: .urlPassword, start: ps, end: lastAt)
    }

    // MARK: Assignments

    /// `NAME = value`, `NAME: value`, `"NAME": "value"`, `NAME := value`, `NAME => value` where NAME
    /// ends with a credential word (see `assignmentKind`).
    mutating func assignment(at i: Int) -> Hit? {
        let c = buf[i]
        var v = i + 1
        if c == 0x3D {  // '='
            if i > 0, [0x3D, 0x21, 0x3C, 0x3E, 0x2B, 0x2D, 0x2A, 0x2F, 0x7C, 0x26].contains(buf[i - 1]) { return nil }
            if at(v) == 0x3D || at(v) == 0x7E { return nil }  // `==`, `=~`
            if at(v) == 0x3E { v += 1 }  // `=>`
        } else {  // ':'
            if at(v) == 0x3A || (i > 0 && buf[i - 1] == 0x3A) { return nil }  // `::`
            if at(v) == 0x3D { v += 1 }  // `:=`
        }
        // The name: back over spaces, one closing quote, then name characters.
        var e = i
        var spaces = 0
        while e > 0 && (buf[e - 1] == 0x20 || buf[e - 1] == 0x09) && spaces < 4 { e -= 1; spaces += 1 }
        if e > 0 && (buf[e - 1] == 0x22 || buf[e - 1] == 0x27) { e -= 1 }
        // Only the name's end matters (`...token`), so look back a bounded distance and never
        // require where the run starts: what precedes it (another secret, later redacted) must
        // not change the answer.
        var s = e
        while s > 0 && e - s < 64 && isNameByte(buf[s - 1]) { s -= 1 }
        guard let kind = assignmentKind(s, e) else { return nil }
        if kind == .azureKey || kind == .gcpPrivateKeyID { return keyValue(kind, after: v) }
        // The value.
        while v < n && (buf[v] == 0x20 || buf[v] == 0x09) { v += 1 }
        guard v < n else { return nil }
        let q = buf[v]
        let vs: Int, ve: Int
        let quoted = q == 0x22 || q == 0x27 || q == 0x60
        if quoted {
            vs = v + 1
            var k = vs
            let limit = min(n, vs + SecretScanner.maxRun)
            while k < limit && buf[k] != q && buf[k] != 0x0A && buf[k] != 0x5C { k += 1 }
            guard k < n, buf[k] == q else { return nil }  // unterminated or escaped: not a plain literal
            ve = k
        } else {
            vs = v
            ve = unquotedValueEnd(from: v)
            guard ve - vs <= SecretScanner.maxRun else { return nil }
            // `token = getToken()`, `password = env["X"]`, `secret = {...}`: code, not a value.
            if ve < n, [0x28, 0x5B, 0x7B].contains(buf[ve]) { return nil }
        }
        // `GITHUB_TOKEN=ghp_...` is reported as the GitHub token it is, not as a generic token.
        if let specific = token(at: vs) ?? (at(vs + 14) == 0x2E ? terraform(dot: vs + 14) : nil) { return specific }
        guard plausibleSecretValue(vs, ve, quoted: quoted) else { return nil }
        return Hit(kind: kind, start: vs, end: ve)
    }

    /// The value of an Azure connection string's `AccountKey=` (86 base64 characters and `==`) or
    /// `SharedAccessKey=` (43 and `=`), or a service account's `"private_key_id": "<40 hex>"`;
    /// `v` is where the value (or its opening quote) may start.
    func keyValue(_ kind: SecretKind, after v: Int) -> Hit? {
        var s = v
        while s < n && (buf[s] == 0x20 || buf[s] == 0x09) { s += 1 }
        if at(s) == 0x22 || at(s) == 0x27 { s += 1 }
        if kind == .gcpPrivateKeyID { return exactly(kind, s, prefix: 0, 40, isLowerHex, digit: true) }
        let len = run(from: s) { isAlnum($0) || $0 == 0x2B || $0 == 0x2F }
        var end = s + len
        while at(end) == 0x3D, end - s - len < 2 { end += 1 }
        // The value ends the field (`;`, a quote, a space, the line's end): a key cut short by
        // something else (another key, later redacted) is not this one.
        guard (len == 86 && end - s == 88) || (len == 43 && end - s == 44), hasDigit(s, len),
              end == n || [0x3B, 0x22, 0x27, 0x20, 0x09, 0x0D, 0x0A, 0x2C].contains(buf[end]) else { return nil }
        return Hit(kind: kind, start: s, end: end)
    }

    /// The end of the run of unquoted-value bytes starting at `v` (remembered; see `valueRunStart`).
    mutating func unquotedValueEnd(from v: Int) -> Int {
        if v >= valueRunStart && v < valueRunEnd { return valueRunEnd }
        var e = v
        while e < n && isUnquotedValueByte(buf[e]) { e += 1 }
        valueRunStart = v
        valueRunEnd = e
        return e
    }

    /// The kind for a name ending with a credential word (case-insensitive), else nil.
    /// `maxTokens`, `tokenizer`, `password_reset_url` end with other words and are not matched.
    func assignmentKind(_ s: Int, _ e: Int) -> SecretKind? {
        func ends(_ w: StaticString) -> Bool {
            let len = w.utf8CodeUnitCount
            guard e - s >= len else { return false }
            let p = w.utf8Start
            for k in 0..<len where lower(buf[e - len + k]) != p[k] { return false }
            return true
        }
        if ends("accountkey") || ends("sharedaccesskey") { return .azureKey }
        if ends("private_key_id") { return .gcpPrivateKeyID }
        if ends("password") || ends("passwd") || ends("passphrase") { return .passwordAssignment }
        if ends("token") { return .tokenAssignment }
        if ends("secret") || ends("apikey") || ends("api_key") || ends("api-key") || ends("access_key")
            || ends("access-key") || ends("accesskey") || ends("secret_key") || ends("secretkey")
            || ends("private_key") || ends("client_secret") { return .secretAssignment }
        return nil
    }

    /// A value that looks like a real credential, not code, a path, a placeholder or a word:
    /// 8+ bytes, a letter and a digit or symbol, no whitespace, not one repeated character.
    func plausibleSecretValue(_ s: Int, _ e: Int, quoted: Bool) -> Bool {
        let len = e - s
        guard len >= 8 else { return false }
        var letter = false, digitOrSymbol = false, allSame = true, space = false
        for k in s..<e {
            let c = buf[k]
            if isLetter(c) { letter = true }
            else if isDigit(c) || "!@#$%^&*+/=~?".utf8.contains(c) { digitOrSymbol = true }
            if c == 0x20 || c == 0x09 { space = true }
            if c != buf[s] { allSame = false }
        }
        guard letter, digitOrSymbol, !space, !allSame else { return false }
        if isPlaceholder(s, e) { return false }
        let first = buf[s]
        if first == 0x2F || first == 0x7E || (first == 0x2E && at(s + 1) == 0x2F) { return false }  // a path
        if containsLiteral("://", s, e) { return false }  // a URL (its password is checked on its own)
        if !quoted && isDottedName(s, e) { return false }  // `config.apiKey2`
        return true
    }

    /// `$VAR`, `${...}`, `<...>`, `{{...}}`, `%(...)s`, `***`, `[redacted:...]`, `your_...`,
    /// `...example...`, `xxxx`, `changeme`, or just the word `password`: a stand-in for a credential.
    func isPlaceholder(_ s: Int, _ e: Int) -> Bool {
        guard s < e else { return true }
        if [0x24, 0x3C, 0x7B, 0x25, 0x2A, 0x5B].contains(buf[s]) { return true }
        let anywhere: [StaticString] = ["your", "example", "xxxx", "changeme", "redacted", "placeholder", "dummy",
                                        "...", "****"]
        if anywhere.contains(where: { containsLiteral($0, s, e, caseInsensitive: true) }) { return true }
        let whole: [StaticString] = ["password", "passwd", "secret", "pass", "pwd"]
        return whole.contains { $0.utf8CodeUnitCount == e - s && containsLiteral($0, s, e, caseInsensitive: true) }
    }

    func containsLiteral(_ w: StaticString, _ s: Int, _ e: Int, caseInsensitive: Bool = false) -> Bool {
        let len = w.utf8CodeUnitCount
        guard e - s >= len else { return false }
        let p = w.utf8Start
        var k = s
        while k + len <= e {
            var ok = true
            for j in 0..<len {
                let c = caseInsensitive ? lower(buf[k + j]) : buf[k + j]
                if c != p[j] { ok = false; break }
            }
            if ok { return true }
            k += 1
        }
        return false
    }

    /// `a.b`, `self.config.token2`: identifiers joined by dots.
    func isDottedName(_ s: Int, _ e: Int) -> Bool {
        var sawDot = false
        var atStart = true
        for k in s..<e {
            let c = buf[k]
            if c == 0x2E {
                if atStart { return false }
                sawDot = true; atStart = true
            } else if isLetter(c) || c == 0x5F || (!atStart && isDigit(c)) {
                atStart = false
            } else {
                return false
            }
        }
        return sawDot && !atStart
    }

    func hasDigit(_ p: Int, _ len: Int) -> Bool { (p..<(p + len)).contains { isDigit(buf[$0]) } }
    func hasUpper(_ p: Int, _ len: Int) -> Bool { (p..<(p + len)).contains { isUpper(buf[$0]) } }
    func hasLower(_ p: Int, _ len: Int) -> Bool { (p..<(p + len)).contains { isLowerByte(buf[$0]) } }
    func hasLetter(_ p: Int, _ len: Int) -> Bool { (p..<(p + len)).contains { isLetter(buf[$0]) } }
}

@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
@inline(__always) private func isUpper(_ c: UInt8) -> Bool { c &- 0x41 < 26 }
@inline(__always) private func isLowerByte(_ c: UInt8) -> Bool { c &- 0x61 < 26 }
@inline(__always) private func isLetter(_ c: UInt8) -> Bool { isUpper(c) || isLowerByte(c) }
@inline(__always) private func isAlnum(_ c: UInt8) -> Bool { isLetter(c) || isDigit(c) }
/// base64url alphabet: letters, digits, `-`, `_`.
@inline(__always) private func isURLSafe(_ c: UInt8) -> Bool { isAlnum(c) || c == 0x2D || c == 0x5F }
@inline(__always) private func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20) &- 0x61 < 6 }
@inline(__always) private func isLowerHex(_ c: UInt8) -> Bool { isDigit(c) || c &- 0x61 < 6 }
/// The upper-case bech32 alphabet (`age` keys): digits and letters but `1`, `B`, `I`, `O`.
@inline(__always) private func isBech32Upper(_ c: UInt8) -> Bool {
    (isUpper(c) && c != 0x42 && c != 0x49 && c != 0x4F) || (isDigit(c) && c != 0x31)
}
@inline(__always) private func isNameByte(_ c: UInt8) -> Bool { isAlnum(c) || c == 0x5F || c == 0x2D || c == 0x2E }
@inline(__always) private func lower(_ c: UInt8) -> UInt8 { isUpper(c) ? c | 0x20 : c }
/// Bytes of an unquoted value: anything but whitespace, quotes, `,;&` and brackets.
@inline(__always) private func isUnquotedValueByte(_ c: UInt8) -> Bool {
    c > 0x20 && c != 0x7F && c != 0x22 && c != 0x27 && c != 0x60 && c != 0x2C && c != 0x3B && c != 0x26
        && c != 0x28 && c != 0x29 && c != 0x5B && c != 0x5D && c != 0x7B && c != 0x7D && c != 0x3C && c != 0x3E
}
