import Testing
@testable import PromptLog

/// Prompt-shape features and task-shape similarity, case by case.
@Suite struct StatsShapeTests {
    // MARK: Prompt shape

    @Test func wordsOutsideCodeFences() {
        #expect(PromptShape.of("one two  three\tfour").words == 4)
        #expect(PromptShape.of("").words == 0)
        #expect(PromptShape.of("a\n```\nlet x = 1 2 3 4 5\n```\nb c").words == 3)
        #expect(PromptShape.of("a\n```\nnever closed\nstill code").words == 1)
        #expect(PromptShape.of("~~~\ncode\n~~~\nafter").words == 1)
        #expect(PromptShape.of("    ```\nfour spaces is not a fence").words == 7)
        let long = Array(repeating: "w", count: 199).joined(separator: " ")
        #expect(PromptShape.of(long).lengthBucket == 1)
        #expect(PromptShape.of(long + " w").lengthBucket == 2)
        #expect(PromptShape.of("w").lengthBucket == 0)
        #expect(PromptShape.of(Array(repeating: "w", count: 80).joined(separator: " ")).lengthBucket == 1)
    }

    @Test(arguments: [
        ("Fix PreviewCard.swift", true), ("see api/client.ts now", true), ("call render() twice", true),
        ("`parse` is slow", true), ("load_config fails", true), ("in modules/vpc/main.tf.", true),
        ("(Package.swift)", true), ("use foo(bar) here", true), ("the file(s) here", false), ("call it()", true),
        ("e.g. this", false), ("version 1.2.3", false), ("i.e. that", false), ("and/or", false),
        ("plain words only", false), ("3.5x faster", false), ("end of sentence.", false),
    ])
    func namesFileOrFunction(_ text: String, _ expected: Bool) {
        #expect(PromptShape.of(text).namesFileOrFunction == expected, "\(text)")
    }

    @Test(arguments: [
        ("under 50ms", true), ("keep it < 4 KB", true), ("~180ms now", true), ("200 lines max", true),
        ("30% faster", true), ("10x less", true), ("$5 a month", true), ("p95 120 ms", true), ("<50ms", true),
        ("5 minutes", true), ("iPhone 13.", false), ("in 2024 we", false), ("p95 only", false),
        ("two seconds", false), ("version 3", false), ("1st place", false),
    ])
    func numberWithUnit(_ text: String, _ expected: Bool) {
        #expect(PromptShape.of(text).numberWithUnit == expected, "\(text)")
    }

    /// Every unit (the table in docs/learn.md, checked by DocsTablesTests), attached and as the next word, in any case; near-misses are not units.
    @Test func everyUnit() {
        let units = ["ns", "us", "µs", "ms", "s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes",
                     "h", "hr", "hrs", "hour", "hours", "d", "day", "days", "wk", "week", "weeks", "b", "byte", "bytes",
                     "k", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "%", "percent", "x", "px", "pt", "em", "rem", "fps",
                     "hz", "khz", "mhz", "ghz", "lines", "line", "loc", "chars", "words", "tokens", "items", "rows",
                     "requests", "req", "rps", "qps", "users", "calls", "files", "ops", "ops/s", "ms/op", "kb/s", "mb/s",
                     "gb/s", "lb", "kg", "g", "m", "cm", "mm", "km"]
        for u in units {
            #expect(PromptShape.of("keep it 50\(u)").numberWithUnit, "50\(u)")
            // Case is folded for ASCII letters only (`µs` upper-cased is Greek).
            let upper = u.allSatisfy(\.isASCII) ? u.uppercased() : u
            #expect(PromptShape.of("keep it 50 \(upper)").numberWithUnit, "50 \(upper)")
        }
        for notUnit in ["apples", "msec", "kbps", "characters", "mss", "q", "lines2"] {
            #expect(!PromptShape.of("keep it 50 \(notUnit)").numberWithUnit, "50 \(notUnit)")
        }
    }

    @Test(arguments: [
        ("Can you fix it", true), ("your code", true), ("YOU decide", true), ("you're right", true),
        ("you’ll see", true), ("(you) know", true), ("\"you\"", true), ("yourself too", true),
        ("young people", false), ("yours", true), ("Fix the bug", false), ("youth", false), ("thank", false),
    ])
    func secondPerson(_ text: String, _ expected: Bool) {
        #expect(PromptShape.of(text).secondPerson == expected, "\(text)")
    }

    @Test func codeBlock() {
        #expect(PromptShape.of("x\n```swift\nlet a = 1\n```").codeBlock)
        #expect(!PromptShape.of("inline `code` only").codeBlock)
        #expect(PromptShape.of("```").isEmpty == false)
        #expect(PromptShape.of("   \n ").isEmpty)
    }

    /// Words that straddle the eight-byte chunks and lines of every length near them.
    @Test func chunkBoundaries() {
        for n in 0..<40 {
            let pad = String(repeating: "a", count: n)
            #expect(PromptShape.of(pad + " b").words == (n == 0 ? 1 : 2), "\(n)")
            #expect(PromptShape.of(pad + " Parser.swift").namesFileOrFunction == true, "\(n)")
            #expect(PromptShape.of(pad + " 50 ms").numberWithUnit == true, "\(n)")
            #expect(PromptShape.of(pad + " you").secondPerson == (true), "\(n)")
            #expect(PromptShape.of(pad + "you").secondPerson == (n == 0), "\(n)")
        }
    }

    /// The fast line scan (sixteen bytes at a time) against a plain reference that looks at
    /// every word: same word count, and no word that makes a feature true is missed.
    @Test func lineScanMatchesAWordByWordReference() {
        var r = SeededRandom(seed: 11)
        let pieces: [[UInt8]] = ["a", "bb", " ", "  ", "\t", "\r", "y", "You", "1", "50", "ms", ".", "(", ")", "$", "_", "`",
                                 "é", "x.swift", "ok", "KB", "<", "you're"].map { Array($0.utf8) }
        for round in 0..<3000 {
            var line: [UInt8] = []
            for _ in 0..<r.int(40) { line += r.pick(pieces) }
            let fast = line.withUnsafeBufferPointer { buf -> PromptShape in
                var scanner = PromptShapeScanner()
                scanner.line(buf)
                return scanner.shape
            }
            var expected = PromptShape()
            line.withUnsafeBufferPointer { buf in
                var i = 0
                var wordsFound: [Range<Int>] = []
                while i < buf.count {
                    while i < buf.count && buf[i] <= 32 { i += 1 }
                    if i >= buf.count { break }
                    let s = i
                    while i < buf.count && buf[i] > 32 { i += 1 }
                    wordsFound.append(s..<i)
                }
                expected.words = wordsFound.count
                for (k, w) in wordsFound.enumerated() {
                    let word = UnsafeBufferPointer(rebasing: buf[w])
                    let next = k + 1 < wordsFound.count ? UnsafeBufferPointer(rebasing: buf[wordsFound[k + 1]])
                        : UnsafeBufferPointer(rebasing: buf[buf.count..<buf.count])
                    // The unit may only be the next word on the same line with spaces between.
                    let gap = k + 1 < wordsFound.count ? w.upperBound..<wordsFound[k + 1].lowerBound : buf.count..<buf.count
                    let unitNext = gap.allSatisfy { buf[$0] == 32 || buf[$0] == 9 } ? next : UnsafeBufferPointer(rebasing: buf[0..<0])
                    if PromptShapeScanner.isSecondPerson(word) { expected.secondPerson = true }
                    if PromptShapeScanner.namesCode(word) { expected.namesFileOrFunction = true }
                    if PromptShapeScanner.numberWithUnit(word, next: unitNext) { expected.numberWithUnit = true }
                }
            }
            #expect(fast == expected, "round \(round): \(String(decoding: line, as: UTF8.self).debugDescription)")
        }
    }

    // MARK: Task shape

    @Test(arguments: [
        ("Write unit tests for the parser", "write: parser test unit"),
        ("write a UNIT test for the Parser", "write: parser test unit"),
        ("Fix the crash in ShareViewController.swift when sharing 4KB", "fix: crash shar"),
        ("Speed up `render()` to under 50ms", "speed"),
        ("Refactor load_config and parse() in api/client.ts", "refactor"),
        ("Throttle writes to disk; throttled writes, throttling", "throttle: disk write"),
        ("Explain the policies", "explain: policy"),
        ("Fix the dark-mode colours", "fix: colour dark mode"),
        ("the of and", ""),
        ("", ""),
    ])
    func normalising(_ task: String, _ key: String) {
        #expect(TaskShape.of(task).key == key, "\(task)")
    }

    @Test func stemming() {
        #expect(TaskShape.stem("tests") == "test")
        #expect(TaskShape.stem("caching") == "cache")
        #expect(TaskShape.stem("throttled") == "throttle")
        #expect(TaskShape.stem("throttles") == "throttle")
        #expect(TaskShape.stem("policies") == "policy")
        #expect(TaskShape.stem("matches") == "match")
        #expect(TaskShape.stem("mapped") == "map")
        #expect(TaskShape.stem("status") == "status")
        #expect(TaskShape.stem("class") == "class")
        #expect(TaskShape.stem("is") == "is")
        #expect(TaskShape.stem("speed") == "speed")
        #expect(TaskShape.stem("needed") == "need")
    }

    @Test func similarity() {
        let a = TaskShape.of("Write unit tests for the parser")
        let b = TaskShape.of("Write a unit test for the tokenizer")
        let c = TaskShape.of("Speed up unit tests for the parser")
        let d = TaskShape.of("Write a migration that adds an index")
        #expect(a.similarity(b) == 0.5)
        #expect(a.matches(b))
        #expect(!a.matches(c))  // another verb
        #expect(!a.matches(d))
        #expect(a.similarity(a) == 1)
        #expect(TaskShape.of("Refactor").matches(TaskShape.of("refactoring")))  // the stemmer folds the verb
    }

    /// Clustering with prefix filtering finds what comparing every pair with every leader finds.
    @Test func clusteringMatchesBruteForce() {
        var r = SeededRandom(seed: 3)
        let verbs = ["write", "fix", "explain"]
        let words = ["parser", "test", "unit", "cache", "retry", "policy", "lexer", "index", "query", "view", "model"]
        var shapes: [(shape: TaskShape, count: Int, first: Int64)] = []
        var seen = Set<TaskShape>()
        for _ in 0..<300 {
            let w = Array(Set((0..<(1 + r.int(5))).map { _ in r.pick(words) })).sorted()
            let s = TaskShape(head: r.pick(verbs), words: w)
            if seen.insert(s).inserted { shapes.append((s, 1 + r.int(20), Int64(r.int(5)))) }
        }
        let fast = Stats.cluster(shapes)
        // Brute force: the same greedy order, every leader compared.
        let ordered = shapes.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.first != b.first { return a.first < b.first }
            if a.shape.head != b.shape.head { return a.shape.head < b.shape.head }
            return a.shape.words.lexicographicallyPrecedes(b.shape.words)
        }
        var clusters: [[TaskShape]] = []
        for (s, _, _) in ordered {
            var best: (Int, Double)? = nil
            for (i, c) in clusters.enumerated() where c[0].head == s.head {
                let sim = c[0].similarity(s)
                if sim >= TaskShape.threshold && (best == nil || sim > best!.1) { best = (i, sim) }
            }
            if let best { clusters[best.0].append(s) } else { clusters.append([s]) }
        }
        #expect(fast == clusters)
    }
}
