import AdMediation
import Foundation

/// A distribution of one number of the market or of the users (an eCPM price in micros, a latency in
/// milliseconds, a session length in seconds...), sampled by inverting its CDF at one keyed uniform draw
/// (``SimulationDraws``), so a sample is a pure function of its key.
///
/// Four kinds, written as JSON objects with a `kind`, or as a bare number for `fixed`:
///
/// | JSON | meaning |
/// |---|---|
/// | `2500` or `{"kind": "fixed", "value": 2500}` | always the value |
/// | `{"kind": "uniform", "min": 1000, "max": 3000}` | every value in `min...max` equally likely |
/// | `{"kind": "lognormal", "median": 2500, "sigma": 0.5}` | `median × e^(sigma × z)`, z standard normal |
/// | `{"kind": "discrete", "values": [20, 60], "probabilities": [0.5, 0.5]}` | each value with its probability |
///
/// ```swift
/// let price = ScenarioDistribution.logNormal(median: 2_500, sigma: 0.5)
/// price.sample(atUniform: 0.5)   // 2500.0: the median
/// price.median                   // 2500.0
/// ```
public enum ScenarioDistribution: Sendable, Equatable, Codable {
    /// Always `value`.
    case fixed(Double)
    /// Uniform on `min...max`.
    case uniform(min: Double, max: Double)
    /// Log-normal: the logarithm is normal with mean `ln(median)` and standard deviation `sigma`.
    case logNormal(median: Double, sigma: Double)
    /// Each of `values` with the probability at the same index (the probabilities sum to 1).
    case discrete(values: [Double], probabilities: [Double])

    /// The largest `sigma` a log-normal distribution may have: at 4 its 99th percentile is already 11,000 times
    /// its median.
    public static let maximumSigma = 4.0

    /// The distribution's median (for `uniform`, the middle of the range).
    public var median: Double {
        switch self {
        case .fixed(let value): return value
        case .uniform(let min, let max): return min + (max - min) / 2
        case .logNormal(let median, _): return median
        case .discrete: return sample(atUniform: 0.5)
        }
    }

    /// The distribution's mean (for `logNormal`, `median × e^(sigma²/2)`).
    public var mean: Double {
        switch self {
        case .fixed(let value): return value
        case .uniform(let min, let max): return min + (max - min) / 2
        case .logNormal(let median, let sigma): return median * exp(sigma * sigma / 2)
        case .discrete(let values, let probabilities):
            return zip(values, probabilities).reduce(0) { $0 + $1.0 * $1.1 }
        }
    }

    /// The distribution with every value multiplied by `factor` (a sample at any `u` is the original's times
    /// `factor`): a user segment's price multiplier.
    public func scaled(by factor: Double) -> ScenarioDistribution {
        switch self {
        case .fixed(let value): return .fixed(value * factor)
        case .uniform(let min, let max): return .uniform(min: min * factor, max: max * factor)
        case .logNormal(let median, let sigma): return .logNormal(median: median * factor, sigma: sigma)
        case .discrete(let values, let probabilities):
            return .discrete(values: values.map { $0 * factor }, probabilities: probabilities)
        }
    }

    /// The value at cumulative probability `uniform` (in `0..<1`; clamped into it): the inverse CDF. Never
    /// traps; a log-normal sample is finite for every `uniform` (the normal quantile is bounded by the clamp).
    public func sample(atUniform uniform: Double) -> Double {
        let u = uniform.isNaN ? 0.5 : Swift.min(Swift.max(uniform, 0), 1)
        switch self {
        case .fixed(let value):
            return value
        case .uniform(let min, let max):
            return min + u * (max - min)
        case .logNormal(let median, let sigma):
            return median * exp(sigma * Self.normalQuantile(u))
        case .discrete(let values, let probabilities):
            // The first value whose cumulative probability exceeds u; the last one takes what rounding leaves.
            var cumulative = 0.0
            for (value, probability) in zip(values, probabilities) {
                cumulative += probability
                if u < cumulative { return value }
            }
            return values.last ?? 0
        }
    }

    /// The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9), for `p`
    /// clamped into `[2^-53, 1 - 2^-53]` so the tails stay finite (about ±8.2).
    static func normalQuantile(_ probability: Double) -> Double {
        let tiny = 0x1p-53
        let p = Swift.min(Swift.max(probability, tiny), 1 - tiny)
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
            -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
            -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
            4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low {
            let q = (-2 * log(1 - p)).squareRoot()
            return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }

    private enum CodingKeys: String, CodingKey { case kind, value, min, max, median, sigma, values, probabilities }

    /// Decodes a bare number (`fixed`) or an object with a `kind`. An unknown kind is recorded as a problem at
    /// `<path>.kind` in the decoder's `ConfigurationDecoding` (the value becomes `fixed(0)`), so it
    /// is listed with every other problem of the scenario.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let value = try? single.decode(Double.self) {
            self = .fixed(value)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "fixed":
            self = .fixed(try container.decode(Double.self, forKey: .value))
        case "uniform":
            self = .uniform(
                min: try container.decode(Double.self, forKey: .min),
                max: try container.decode(Double.self, forKey: .max))
        case "lognormal":
            self = .logNormal(
                median: try container.decode(Double.self, forKey: .median),
                sigma: try container.decode(Double.self, forKey: .sigma))
        case "discrete":
            self = .discrete(
                values: try container.decode([Double].self, forKey: .values),
                probabilities: try container.decode([Double].self, forKey: .probabilities))
        default:
            try ScenarioDecoding.record(
                ConfigurationProblem(
                    .unknownReference, at: ConfigurationDecoding.path(container.codingPath + [CodingKeys.kind]),
                    "Unknown distribution kind '\(kind)'.",
                    hint: "Use \"fixed\" (value), \"uniform\" (min, max), \"lognormal\" (median, sigma) or "
                        + "\"discrete\" (values, probabilities)."),
                userInfo: decoder.userInfo)
            self = .fixed(0)
        }
    }

    /// Encodes the object form with its `kind`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fixed(let value):
            try container.encode("fixed", forKey: .kind)
            try container.encode(value, forKey: .value)
        case .uniform(let min, let max):
            try container.encode("uniform", forKey: .kind)
            try container.encode(min, forKey: .min)
            try container.encode(max, forKey: .max)
        case .logNormal(let median, let sigma):
            try container.encode("lognormal", forKey: .kind)
            try container.encode(median, forKey: .median)
            try container.encode(sigma, forKey: .sigma)
        case .discrete(let values, let probabilities):
            try container.encode("discrete", forKey: .kind)
            try container.encode(values, forKey: .values)
            try container.encode(probabilities, forKey: .probabilities)
        }
    }
}
