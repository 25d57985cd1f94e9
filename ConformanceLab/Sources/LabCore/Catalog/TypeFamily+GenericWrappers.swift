extension TypeFamily {
    /// The generic wrapper families (issues 19 and 17): the concrete types a
    /// check sends where the protocol spells a method's own generic parameter
    /// inside the lab's generic types. `LabEndpoint<T>` holds `T` only as a
    /// phantom and `LabTyped<T>` only as a `T.Type` field (loadable: exploded
    /// by its fields); `LabKey<T>`, `LabLoadable<T>` and `LabPage<LabItem<T>>`
    /// store it inline or in a payload (address-only: passed by address).
    /// Kept out of ``catalog`` so the earlier tiers keep their numbers.
    static let genericWrapperFamilies: [TypeFamily] = [
        wrapper(
            "LabEndpoint<Int>",
            samples: ["LabEndpoint<Int>(path: \"/users/me\", code: 200)", "LabEndpoint<Int>(path: \"\", code: -1)"]),
        wrapper(
            "LabEndpoint<LabLarge5>",
            samples: [
                "LabEndpoint<LabLarge5>(path: \"/a path longer than sixteen bytes\", code: 5)",
                "LabEndpoint<LabLarge5>(path: \"x\", code: 0)",
            ]),
        wrapper(
            "LabEndpoint<Array<Int>>", spelling: "LabEndpoint<[Int]>",
            samples: ["LabEndpoint<[Int]>(path: \"/list\", code: 3)", "LabEndpoint<[Int]>(path: \"/\", code: 9)"]),
        wrapper(
            "LabTyped<Int>",
            samples: ["LabTyped<Int>(name: \"count\", type: Int.self)", "LabTyped<Int>(name: \"\", type: Int.self)"]),
        wrapper(
            "LabTyped<LabRef>",
            samples: [
                "LabTyped<LabRef>(name: \"ref\", type: LabRef.self)",
                "LabTyped<LabRef>(name: \"sub\", type: LabRef.self)",
            ]),
        wrapper(
            "LabKey<String>",
            samples: [
                "LabKey<String>(name: \"theme\", value: \"dark\")",
                "LabKey<String>(name: \"k\", value: \"a value longer than sixteen bytes\")",
            ]),
        wrapper(
            "LabKey<Int>", samples: ["LabKey<Int>(name: \"n\", value: 42)", "LabKey<Int>(name: \"\", value: -3)"]),
        wrapper(
            "LabKey<LabLarge5>",
            samples: ["LabKey<LabLarge5>(name: \"big\", value: LabLarge5(a: 1, b: 2, c: 3, d: 4, e: 5))"]),
        wrapper(
            "LabLoadable<Int>",
            samples: ["LabLoadable<Int>.loaded(7)", "LabLoadable<Int>.idle", "LabLoadable<Int>.failed(\"offline\")"]),
        wrapper(
            "LabLoadable<String>",
            samples: ["LabLoadable<String>.loaded(\"text\")", "LabLoadable<String>.idle"]),
        wrapper(
            "LabPage<LabItem<String>>",
            samples: [
                "LabPage(items: [LabItem(id: 1, value: \"a\"), LabItem(id: 2, value: \"bc\")], cursor: 4)",
                "LabPage<LabItem<String>>(items: [], cursor: 0)",
            ]),
    ]

    /// A generic wrapper family compared with `==`.
    private static func wrapper(_ id: String, spelling: String? = nil, samples: [String]) -> TypeFamily {
        TypeFamily(id: id, group: .genericWrapper, spelling: spelling ?? id, samples: samples)
    }
}
