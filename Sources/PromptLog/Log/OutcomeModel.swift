import CSupport
import Foundation

/// A logistic regression over the words of a first OUTCOME bullet, trained on the labelled
/// phrasings by `shell/train-outcome-model` (which defines the same features in Python and writes
/// the weights to `Sources/CSupport/outcomemodel.c`). `OutcomeClassifier` asks it three times: it
/// places a bullet the rules find no signal in when it is sure (step 9), a verdict of the rules it
/// is sure is another is left unclassified (step 10), and conflicting signals it is sure are a
/// partial success are read as one (step 11).
///
/// Features: ASCII letters lower-cased and curly apostrophes read as `'`; a word is a run of ASCII
/// letters, digits, `'` and bytes >= 0x80, without `'` at its ends; each word (`w:`), each pair of
/// neighbouring words (`b:`), the first word (`s:`) and the last (`e:`), hashed with 32-bit FNV-1a,
/// counted once, each worth 1/sqrt(number of distinct features).
enum OutcomeModel {
    /// The verdicts in the order of the model's weights.
    static let verdicts: [Verdict] = [.hit, .partial, .miss, .unclassified]

    /// The probability of each of `verdicts` for the bullet's bytes (invalid UTF-8 is read as bytes).
    static func probabilities(_ text: UnsafeBufferPointer<UInt8>) -> [Double] {
        probabilities(features(text)).p
    }

    /// The probability of each of `verdicts` for a bullet's features, and how many of the
    /// features are in the model.
    private static func probabilities(_ keys: Set<UInt32>) -> (p: [Double], known: Int) {
        let value = keys.isEmpty ? 0 : 1 / Double(keys.count).squareRoot()
        var sums = [Int](repeating: 0, count: 4)
        var known = 0
        for key in keys {
            guard let row = row(of: key) else { continue }
            known += 1
            for c in 0..<4 { sums[c] += Int(plog_outcome_model_weights[row * 4 + c]) }
        }
        let scale = Double(plog_outcome_model_scale)
        let b = plog_outcome_model_bias
        let bias = [b.0, b.1, b.2, b.3]
        let z = (0..<4).map { c in Double(bias[c]) + scale * value * Double(sums[c]) }
        let top = z.max()!
        let e = z.map { Foundation.exp($0 - top) }
        let total = e.reduce(0, +)
        return (e.map { $0 / total }, known)
    }

    /// The model's verdict for the bullet, its probability and the number of words it read, or
    /// `nil` when none of the bullet's features is in the model (its probabilities would be the
    /// classes' priors).
    static func verdict(_ text: UnsafeBufferPointer<UInt8>) -> (verdict: Verdict, probability: Double, words: Int)? {
        let words = self.words(text)
        let (p, known) = probabilities(features(words))
        guard known > 0 else { return nil }
        let best = p.indices.max { p[$0] < p[$1] }!
        return (verdicts[best], p[best], words.count)
    }

    /// The row of `key` in the model's tables, by binary search (the keys are sorted).
    static func row(of key: UInt32) -> Int? {
        var low = 0
        var high = Int(plog_outcome_model_size)
        while low < high {
            let mid = (low + high) / 2
            let k = plog_outcome_model_keys[mid]
            if k == key { return mid }
            if k < key { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The distinct feature hashes of a bullet.
    static func features(_ text: UnsafeBufferPointer<UInt8>) -> Set<UInt32> {
        features(words(text))
    }

    /// The distinct feature hashes of a bullet's words.
    static func features(_ words: [ArraySlice<UInt8>]) -> Set<UInt32> {
        var keys = Set<UInt32>(minimumCapacity: words.count * 2 + 2)
        for w in words { keys.insert(hash("w:", w)) }
        for k in words.indices.dropFirst() { keys.insert(hash("b:", words[k - 1], words[k])) }
        if let first = words.first, let last = words.last {
            keys.insert(hash("s:", first))
            keys.insert(hash("e:", last))
        }
        return keys
    }

    /// The words of a bullet, lower-cased (ASCII), as bytes.
    static func words(_ text: UnsafeBufferPointer<UInt8>) -> [ArraySlice<UInt8>] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            var c = text[i]
            // ’ and ‘ (E2 80 99, E2 80 98) read as '.
            if c == 0xE2, i + 2 < text.count, text[i + 1] == 0x80, text[i + 2] == 0x99 || text[i + 2] == 0x98 {
                bytes.append(39); i += 3; continue
            }
            if c >= 65 && c <= 90 { c |= 0x20 }
            bytes.append(c); i += 1
        }
        var words: [ArraySlice<UInt8>] = []
        var start = -1
        func close(_ end: Int) {
            guard start >= 0 else { return }
            var s = start, e = end
            while s < e && bytes[s] == 39 { s += 1 }
            while e > s && bytes[e - 1] == 39 { e -= 1 }
            if s < e { words.append(bytes[s..<e]) }
            start = -1
        }
        for (k, c) in bytes.enumerated() {
            let inWord = c >= 48 && c <= 57 || c >= 97 && c <= 122 || c == 39 || c >= 0x80
            if inWord { if start < 0 { start = k } } else { close(k) }
        }
        close(bytes.count)
        return words
    }

    /// 32-bit FNV-1a of a prefix and one word, or two words joined by a space.
    static func hash(_ prefix: StaticString, _ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>? = nil) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        @inline(__always) func add(_ c: UInt8) { h = (h ^ UInt32(c)) &* 0x0100_0193 }
        let p = prefix.utf8Start
        for k in 0..<prefix.utf8CodeUnitCount { add(p[k]) }
        for c in a { add(c) }
        if let b {
            add(32)
            for c in b { add(c) }
        }
        return h
    }
}
