extension TypeFamily {
    /// Tuple results holding existential or resilient elements (the
    /// addressed-tuple-result tier). Swift returns each such element through
    /// a result address the caller passes as a leading argument, and the
    /// other elements, laid out as a tuple of their own, in the result
    /// registers. Kept out of ``catalog`` so the earlier tiers keep their numbers.
    static let addressedTupleResultFamilies: [TypeFamily] = [
        TypeFamily(
            id: "(Int, any LabTagged, String, any LabTagged)", group: .addressedTupleResult,
            comparison: .helper("labSameTaggedQuad"),
            samples: [
                "(-7, LabTag(tag: 3, name: \"a name long enough for the heap\"), \"a string long enough too\", "
                    + "LabTag(tag: -4, name: \"b\"))",
                "(Int.max, LabTag(tag: 0, name: \"\"), \"\", LabTag(tag: Int.min, name: \"min\"))",
            ]),
        TypeFamily(
            id: "(Int32, any LabTagged, Int32)", group: .addressedTupleResult,
            comparison: .helper("labSameTaggedInt32s"),
            samples: [
                "(Int32.min, LabTag(tag: 5, name: \"five\"), -1)", "(7, LabTag(tag: -5, name: \"x\"), Int32.max)",
            ]),
        TypeFamily(
            id: "(Int8, (Float, any LabTagged), Double)", group: .addressedTupleResult,
            comparison: .helper("labSameNestedTagged"),
            samples: ["(-128, (0.375, LabTag(tag: 9, name: \"nested\")), -2.5e-300)"]),
        TypeFamily(
            id: "(Optional<any LabTagged>, Int)", group: .addressedTupleResult,
            comparison: .helper("labSameOptionalTagged"),
            samples: [
                "(Optional<any LabTagged>.some(LabTag(tag: 1, name: \"one\")), -1)",
                "(Optional<any LabTagged>.none, 77)",
            ]),
        TypeFamily(
            id: "(ContinuousClock.Instant, String)", group: .addressedTupleResult,
            comparison: .helper("labSameInstantPair"),
            samples: [
                "(labInstantBase.advanced(by: .seconds(5)), \"a string long enough for the heap\")",
                "(labInstantBase, \"\")",
            ]),
    ]
}
