extension FixtureValue {
    /// The value as a replay compares it with a recorded one: numbers
    /// compare as Swift's `==` compares the values they stand for, so a
    /// negative zero (stored as `-0` to replay with its sign) matches a
    /// zero. Strings compare as Swift's `==` does already (by canonical
    /// equivalence: a precomposed "é" matches a decomposed one).
    var comparedForReplay: FixtureValue {
        switch self {
        case .double(let value) where value == 0: .integer(0)
        case .array(let items): .array(items.map(\.comparedForReplay))
        case .object(let fields): .object(fields.mapValues(\.comparedForReplay))
        default: self
        }
    }
}
