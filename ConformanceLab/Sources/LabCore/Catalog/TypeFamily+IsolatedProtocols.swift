extension TypeFamily {
    /// The value families of the isolated-protocol forms (issue 19): protocols
    /// constrained to `Actor` and protocols isolated to a global actor. Every
    /// value crosses an actor boundary, so each is `Sendable`: a word, a
    /// string, a large struct passed and returned by address, a double and an
    /// optional string. Catalog families, so no case of an earlier tier changes.
    static let isolatedProtocolFamilies = ["Int", "String", "LabLarge5", "Double", "Optional<String>"]
}
