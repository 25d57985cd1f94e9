/// Where a shape's focus type sits among the parameters: alone, after
/// fillers that exhaust the integer or floating-point argument registers of
/// x86_64 (6 + 8) and arm64 (8 + 8), repeated, or mixed with other types.
public enum ParameterLayout: String, CaseIterable, Codable, Sendable {
    /// No parameters.
    case none
    /// The focus type alone.
    case single
    /// Eight `Int` parameters, then the focus type.
    case afterIntegers = "after-integers"
    /// Eight `Double` parameters, then the focus type.
    case afterFloats = "after-floats"
    /// Eight `Int` and eight `Double` parameters, then the focus type.
    case afterBoth = "after-both"
    /// The focus type three times.
    case repeated
    /// The focus type nine times (spills whatever it is made of).
    case wide
    /// `Int8`, the focus type, `Float`, a second type, `Bool`.
    case interleaved

    /// The parameter family identifiers of this layout around `focus` (and `second` for `interleaved`).
    /// - Parameters:
    ///   - focus: The family under test.
    ///   - second: Another family, used by `interleaved`.
    /// - Returns: Family identifiers in declaration order.
    func parameters(focus: String, second: String) -> [String] {
        switch self {
        case .none: return []
        case .single: return [focus]
        case .afterIntegers: return Array(repeating: "Int", count: 8) + [focus]
        case .afterFloats: return Array(repeating: "Double", count: 8) + [focus]
        case .afterBoth: return Array(repeating: "Int", count: 8) + Array(repeating: "Double", count: 8) + [focus]
        case .repeated: return Array(repeating: focus, count: 3)
        case .wide: return Array(repeating: focus, count: 9)
        case .interleaved: return ["Int8", focus, "Float", second, "Bool"]
        }
    }
}
