/// Order statistics over samples.
public enum Statistics {
    /// The median of `values`: the middle value, or the mean of the two middle values.
    ///
    /// - Parameter values: The samples.
    /// - Returns: The median, or `nil` for no samples.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The nearest-rank percentile of `values`.
    ///
    /// - Parameters:
    ///   - values: The samples.
    ///   - fraction: The percentile as a fraction in `0...1` (`0.9` for p90).
    /// - Returns: The smallest sample at or above `fraction` of the samples, or `nil` for no samples.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
