/// How many blocks of a group got each verdict, and the turns where they are known.
public struct OutcomeCounts: Sendable, Equatable {
    public var blocks = 0
    public var hits = 0
    public var partials = 0
    public var misses = 0
    public var unclassified = 0
    public var none = 0
    /// Sum and number of known turns to a working answer (hits count 1; partials when stated).
    public var turnsSum = 0
    public var turnsKnown = 0

    public init() {}

    public init(hits: Int = 0, partials: Int = 0, misses: Int = 0, unclassified: Int = 0, none: Int = 0,
                turnsSum: Int = 0, turnsKnown: Int = 0) {
        self.hits = hits; self.partials = partials; self.misses = misses
        self.unclassified = unclassified; self.none = none
        self.blocks = hits + partials + misses + unclassified + none
        self.turnsSum = turnsSum; self.turnsKnown = turnsKnown
    }

    /// Counts one block. Without a `switch`: stats adds every block to six groups, and a jump on
    /// a verdict that changes from block to block is mostly mispredicted.
    @inline(__always)
    public mutating func add(_ c: Classification) {
        let v = c.verdict
        blocks += 1
        hits += v == .hit ? 1 : 0
        partials += v == .partial ? 1 : 0
        misses += v == .miss ? 1 : 0
        unclassified += v == .unclassified ? 1 : 0
        none += v == .none ? 1 : 0
        if let t = c.turns, v == .hit || v == .partial {
            turnsSum += t
            turnsKnown += 1
        }
    }

    public mutating func merge(_ o: OutcomeCounts) {
        blocks += o.blocks; hits += o.hits; partials += o.partials; misses += o.misses
        unclassified += o.unclassified; none += o.none; turnsSum += o.turnsSum; turnsKnown += o.turnsKnown
    }

    /// Blocks with a verdict: hit, partial or miss. The n of `hitRate`.
    public var verdicts: Int { hits + partials + misses }

    /// Hits over blocks with a verdict.
    public var hitRate: Rate { Rate(hits, of: verdicts) }

    /// Hits over blocks with a verdict or with no OUTCOME at all (those counted as misses).
    public var hitRateNoneAsMiss: Rate { Rate(hits, of: verdicts + none) }

    /// Mean turns to a working answer over the blocks where it is known; `nil` when none is.
    public var meanTurns: Double? { turnsKnown > 0 ? Double(turnsSum) / Double(turnsKnown) : nil }

    public func count(_ v: Verdict) -> Int {
        switch v {
        case .hit: return hits
        case .partial: return partials
        case .miss: return misses
        case .unclassified: return unclassified
        case .none: return none
        }
    }
}
