/// A proportion with its 95% Wilson score interval.
///
/// The Wilson interval stays inside [0, 1] and behaves at 0 and n successes, unlike the
/// normal approximation, which is why small groups get an honest (wide) interval instead of ±0.
public struct Rate: Sendable, Equatable {
    public var successes: Int
    public var trials: Int
    /// successes / trials; `nil` when there are no trials.
    public var value: Double? { trials > 0 ? Double(successes) / Double(trials) : nil }
    public var low: Double? { Wilson.interval(successes, trials)?.low }
    public var high: Double? { Wilson.interval(successes, trials)?.high }

    public init(_ successes: Int, of trials: Int) {
        self.successes = successes
        self.trials = trials
    }
}

public enum Wilson {
    /// z for a two-sided 95% interval.
    public static let z95 = 1.959963984540054

    /// The Wilson score interval for `successes` out of `trials` (default 95%); `nil` when `trials` is 0.
    public static func interval(_ successes: Int, _ trials: Int, z: Double = z95) -> (low: Double, high: Double)? {
        guard trials > 0, successes >= 0, successes <= trials else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        // Clamp rounding noise at the ends (0 of n must give exactly 0).
        let low = successes == 0 ? 0 : max(0, center - half)
        let high = successes == trials ? 1 : min(1, center + half)
        return (low, high)
    }
}
