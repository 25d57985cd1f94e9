extension TypeFamily {
    /// Tuples holding elements that travel by address (the addressed-tuple
    /// tier). The witness receives a tuple parameter as one argument per
    /// element, each as that element's type alone would travel: a
    /// `LabLarge5` (five words), a `LabLarge8` (strings and an array
    /// inside), an `Optional<LabLarge5>` and an `any LabTagged` as the
    /// address of the caller's value, beside elements in registers. Kept out
    /// of ``catalog`` so the earlier tiers keep their numbers.
    static let addressedTupleFamilies: [TypeFamily] = [
        TypeFamily(
            id: "(Int, LabLarge5, String)", group: .addressedTuple, comparison: .tupleElements(3),
            samples: [
                "(-7, LabLarge5(a: 1, b: -2, c: 3, d: Int.max, e: Int.min), \"a string long enough for the heap\")",
                "(Int.max, LabLarge5(a: 0, b: 0, c: 0, d: 0, e: 1), \"\")",
            ]),
        TypeFamily(
            id: "(LabLarge5, LabLarge5)", group: .addressedTuple, comparison: .tupleElements(2),
            samples: ["(LabLarge5(a: 1, b: 2, c: 3, d: 4, e: 5), LabLarge5(a: -6, b: -7, c: -8, d: -9, e: -10))"]),
        TypeFamily(
            id: "(any LabTagged, Double)", group: .addressedTuple, comparison: .helper("labSameTaggedPair"),
            samples: [
                "(LabTag(tag: -3, name: \"a name long enough for the heap\"), -0.0)",
                "(LabTag(tag: 12, name: \"twelve\"), 2.5e300)",
            ]),
        TypeFamily(
            id: "(Int8, (LabLarge5, Double))", group: .addressedTuple, comparison: .helper("labSameNestedLarge"),
            samples: ["(-128, (LabLarge5(a: 9, b: 8, c: 7, d: 6, e: 5), 0.125))"]),
        TypeFamily(
            id: "(Optional<LabLarge5>, Int)", group: .addressedTuple, comparison: .tupleElements(2),
            samples: ["(Optional(LabLarge5(a: 5, b: 4, c: 3, d: 2, e: 1)), -1)", "(Optional<LabLarge5>.none, 77)"]),
        TypeFamily(
            id: "(LabLarge8, Int)", group: .addressedTuple, comparison: .tupleElements(2),
            samples: [
                "(LabLarge8(s: \"a string inside a large struct\", n: -42, d: 0.5, c: .blue, t: [1, 2], f: 9.25), 3)"
            ]),
    ]
}
