extension TypeFamily {
    /// The constrained existential families (issue 19): `any Sequence<Int>`,
    /// `any Collection<String>` and `any Clock<Duration>` as values, whose
    /// metadata the runtime's lookup by name cannot build. Each sample is a
    /// different conforming type; two values agree when the same reading of
    /// them (the elements, or the clock's type and resolution) is equal.
    /// Kept out of ``catalog`` so the earlier tiers keep their numbers.
    static let constrainedExistentialFamilies: [TypeFamily] = [
        constrainedExistential(
            "any Sequence<Int>", samples: ["[1, 2, 3]", "[Int]()", "stride(from: 0, to: 9, by: 3)", "4...6"],
            call: "f.map { $0 }"),
        constrainedExistential(
            "any Collection<String>", samples: ["[\"a\", \"b\"]", "[String]()", "CollectionOfOne(\"x\")"],
            call: "f.map { $0 }"),
        constrainedExistential(
            "any _Concurrency.Clock<Duration>", samples: ["ContinuousClock()", "SuspendingClock()"],
            call: "\"\\(type(of: f)) \\(f.minimumResolution)\""),
    ]

    /// A constrained existential family compared by one reading of each value.
    private static func constrainedExistential(_ spelling: String, samples: [String], call: String) -> TypeFamily {
        TypeFamily(
            id: spelling, group: .constrainedExistential, spelling: spelling, parameterSpelling: spelling,
            comparison: .call(call), samples: samples.map { "\($0) as \(spelling)" })
    }
}
