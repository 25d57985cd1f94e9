import BenchmarkHarness

/// One line of the targets table: values read from a run's rows, and the
/// limit each of them must meet.
///
/// A target with several readings (a call's `thenReturn` and `then` forms)
/// is met when every reading meets the limit; one with no limit only reports
/// its values.
struct Target: Sendable {
    /// What the line measures, the table's first column.
    var name: String
    /// What every reading must meet.
    var limit: Limit
    /// The unit the readings are shown in.
    var unit: Unit
    /// The values the line reads, shown in this order, separated by ` / `.
    var readings: [Reading]

    /// Creates a target.
    ///
    /// - Parameters:
    ///   - name: What the line measures.
    ///   - limit: What every reading must meet.
    ///   - unit: The unit the readings are shown in.
    ///   - readings: The values the line reads.
    init(_ name: String, _ limit: Limit, _ unit: Unit, _ readings: [Reading]) {
        self.name = name
        self.limit = limit
        self.unit = unit
        self.readings = readings
    }

    /// What a target must meet.
    enum Limit: Sendable {
        /// The value may not exceed the bound.
        case atMost(Double)
        /// The value must be strictly below the bound.
        case below(Double)
        /// No limit: the value is reported only.
        case none

        /// Whether `value` meets the limit (always, with no limit).
        ///
        /// - Parameter value: A reading in the target's display unit.
        /// - Returns: `true` when the value is within the limit.
        func admits(_ value: Double) -> Bool {
            switch self {
            case .atMost(let bound): value <= bound
            case .below(let bound): value < bound
            case .none: true
            }
        }

        /// The limit as the table shows it, such as `≤ 2x` or `< 10 µs`.
        ///
        /// - Parameter unit: The target's unit.
        /// - Returns: The text of the limit; `—` with no limit.
        func text(_ unit: Unit) -> String {
            func bound(_ value: Double) -> String {
                value == value.rounded() ? String(Int(value)) : String(value)
            }
            switch self {
            case .atMost(let value): return "≤ \(unit.label(bound(value)))"
            case .below(let value): return "< \(unit.label(bound(value)))"
            case .none: return "—"
            }
        }
    }

    /// A unit of the table, with the scale from the rows' own unit.
    enum Unit: Sendable {
        /// A ratio of two medians, such as `1.52x`.
        case ratio
        /// Bytes, as the `memory.*` rows give them.
        case bytes
        /// Microseconds, from the rows' nanoseconds.
        case microseconds
        /// Milliseconds, from the rows' nanoseconds.
        case milliseconds

        /// What one of this unit is in the rows' unit (nanoseconds or bytes; 1 for a ratio).
        var scale: Double {
            switch self {
            case .ratio, .bytes: 1
            case .microseconds: 1e3
            case .milliseconds: 1e6
            }
        }

        /// A number followed by this unit's symbol, such as `1.52x` or `8.26 µs`.
        ///
        /// - Parameter number: The number as text.
        /// - Returns: The number with the unit.
        func label(_ number: String) -> String {
            switch self {
            case .ratio: "\(number)x"
            case .bytes: "\(number) B"
            case .microseconds: "\(number) µs"
            case .milliseconds: "\(number) ms"
            }
        }
    }

    /// A value read from a run's rows, each named `group/variant`.
    enum Reading: Sendable {
        /// The first row's median divided by the second's.
        case ratio(String, over: String)
        /// The row's median.
        case median(String)

        /// The value in `results`, in the rows' unit, or `nil` when a row it needs was not measured.
        ///
        /// - Parameter results: The rows of one run.
        /// - Returns: The value, or `nil`.
        func value(in results: [BenchmarkResult]) -> Double? {
            func median(_ name: String) -> Double? { results.first { $0.name == name }?.median }
            switch self {
            case .median(let name):
                return median(name)
            case .ratio(let name, let base):
                guard let value = median(name), let baseValue = median(base), baseValue > 0 else { return nil }
                return value / baseValue
            }
        }
    }

    /// How a target fared in a run.
    enum Verdict: Equatable, Sendable {
        /// Every reading was measured and meets the limit.
        case met
        /// At least one reading misses the limit.
        case missed
        /// Some readings were not measured; those that were meet the limit.
        case partlyMeasured
        /// The target has no limit.
        case reported
    }

    /// The target's readings in `results` as text, and its verdict; `nil`
    /// when none of its readings was measured.
    ///
    /// - Parameter results: The rows of one run.
    /// - Returns: The measured text (readings separated by ` / `, a missing
    ///   one as `not measured`) and the verdict, or `nil`.
    func outcome(in results: [BenchmarkResult]) -> (measured: String, verdict: Verdict)? {
        let values = readings.map { $0.value(in: results).map { $0 / unit.scale } }
        guard values.contains(where: { $0 != nil }) else { return nil }
        let measured = values.map { $0.map { unit.label(Self.twoDecimals($0)) } ?? "not measured" }
        let verdict: Verdict
        if case .none = limit {
            verdict = .reported
        } else if values.contains(where: { $0.map { !limit.admits($0) } ?? false }) {
            verdict = .missed
        } else {
            verdict = values.contains(where: { $0 == nil }) ? .partlyMeasured : .met
        }
        return (measured.joined(separator: " / "), verdict)
    }

    /// `value` rounded to two decimals, such as `1.50`.
    ///
    /// - Parameter value: A non-negative number.
    /// - Returns: The number with two digits after the point.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
