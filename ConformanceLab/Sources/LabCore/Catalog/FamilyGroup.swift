/// The coarse kind of a type family: the rows of the report's matrix and the
/// domain of the pairwise dimensions.
public enum FamilyGroup: String, CaseIterable, Codable, Sendable, Comparable {
    case integer
    case bool
    case floatingPoint = "floating-point"
    case string
    case collection
    case cLikeEnum = "c-like-enum"
    case payloadEnum = "payload-enum"
    case smallStruct = "small-struct"
    case largeStruct = "large-struct"
    case classReference = "class-reference"
    case existential
    case closure
    case tuple
    case simd
    case metatype
    case zeroSized = "zero-sized"
    case optional

    /// Orders groups by their declaration order, so reports list them stably.
    public static func < (lhs: FamilyGroup, rhs: FamilyGroup) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
