extension TypeFamily {
    /// The value families of the class-double tier (issue 26): one of each
    /// calling convention a class member's slot meets (a word, a float
    /// register, a two-word string, a 4-double struct in float registers, a
    /// 5-word struct passed and returned by address, a class reference, an
    /// optional, a closure's context pair, an existential's buffer, a
    /// multi-payload enum, a vector register and a 128-bit register pair).
    /// Catalog and wide-integer families, so no case of an earlier tier changes.
    static let classDoubleFamilies = [
        "Int", "Double", "String", "LabDoubles4", "LabLarge5", "LabRef", "Optional<Int>", "(Int) -> Int",
        "any LabTagged", "LabMulti", "SIMD4<Float>", "Int128",
    ]

    /// The families of the library-evolution class cases: a word, a string and a struct passed by address.
    static let resilientClassDoubleFamilies = ["Int", "String", "LabLarge5"]
}
