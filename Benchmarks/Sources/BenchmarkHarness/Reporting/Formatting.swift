/// Number formatting shared by the reports (no Foundation needed).
enum Formatting {
    /// A value with three significant digits at most, and thousands grouped.
    static func value(_ value: Double) -> String {
        if value >= 1000 { return grouped(Int(value.rounded())) }
        if value >= 100 { return String(Int(value.rounded())) }
        if value >= 10 { return fixed(value, digits: 1) }
        return fixed(value, digits: 2)
    }

    /// A ratio such as `4.2x`.
    static func ratio(_ ratio: Double) -> String {
        ratio >= 100 ? "\(grouped(Int(ratio.rounded())))x" : "\(fixed(ratio, digits: ratio >= 10 ? 0 : 1))x"
    }

    /// `value` with `digits` digits after the point.
    static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fractionText = String(fraction)
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - fractionText.count))\(fractionText)"
    }

    /// An integer with commas between thousands.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }
}
