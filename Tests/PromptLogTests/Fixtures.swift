import Foundation

/// Test fixtures under `Tests/PromptLogTests/Fixtures/`.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// A deterministic random generator (SplitMix64), so property tests are repeatable.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededRandom {
    /// A number in `0..<n` (plain modulo, so the sequence for a seed stays fixed).
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// One element of `a`.
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
}
