/// The empty or zero value of a type, when the type says how to make one:
/// what an unstubbed non-throwing call answers after reporting the issue.
enum ZeroValue {
    /// `nil`, `0`, `""`, `false`, an empty collection, or the first case; `nil` when the type offers none.
    static func make<T>(_ type: T.Type) -> T? {
        if type == Void.self { return () as? T }
        if let literal = type as? any ExpressibleByNilLiteral.Type { return nilValue(literal) as? T }
        if let numeric = type as? any AdditiveArithmetic.Type { return zero(numeric) as? T }
        if let collection = type as? any RangeReplaceableCollection.Type { return empty(collection) as? T }
        if let array = type as? any ExpressibleByArrayLiteral.Type { return emptyArray(array) as? T }
        if let dictionary = type as? any ExpressibleByDictionaryLiteral.Type {
            return emptyDictionary(dictionary) as? T
        }
        if let string = type as? any ExpressibleByStringLiteral.Type { return emptyString(string) as? T }
        if let boolean = type as? any ExpressibleByBooleanLiteral.Type { return falseValue(boolean) as? T }
        if let integer = type as? any ExpressibleByIntegerLiteral.Type { return zeroInteger(integer) as? T }
        if let cases = type as? any CaseIterable.Type { return firstCase(cases) as? T }
        return nil
    }

    private static func nilValue<T: ExpressibleByNilLiteral>(_ type: T.Type) -> T { nil }
    private static func zero<T: AdditiveArithmetic>(_ type: T.Type) -> T { .zero }
    private static func empty<T: RangeReplaceableCollection>(_ type: T.Type) -> T { T() }
    private static func emptyArray<T: ExpressibleByArrayLiteral>(_ type: T.Type) -> T { [] }
    private static func emptyDictionary<T: ExpressibleByDictionaryLiteral>(_ type: T.Type) -> T { [:] }
    private static func emptyString<T: ExpressibleByStringLiteral>(_ type: T.Type) -> T { "" }
    private static func falseValue<T: ExpressibleByBooleanLiteral>(_ type: T.Type) -> T { false }
    private static func zeroInteger<T: ExpressibleByIntegerLiteral>(_ type: T.Type) -> T { 0 }
    private static func firstCase<T: CaseIterable>(_ type: T.Type) -> T? { T.allCases.first }
}
