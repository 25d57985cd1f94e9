extension TypeFamily {
    /// The families of the lab's evidence modules: one non-frozen public
    /// struct (and in one module a non-frozen enum) per module the package
    /// builds with `-enable-library-evolution`, each module showing a
    /// different set of the symbols `ModuleResilienceEvidence` reads: an
    /// internal class only, an internal protocol only, a private protocol
    /// only, a protocol with associated types only, and no class or protocol
    /// at all. Every client passes these types by address; a wrong reading of
    /// the module's mode passes them in registers. Their shapes come after
    /// every other tier, so earlier cases keep their numbers.
    /// Last, `PsMoney`: the same struct in a module built without library
    /// evolution that declares no protocol and no class
    /// (``SupportSource/plainModules``), whose mode only its public stored
    /// properties' descriptors show.
    public static let evidenceValues: [TypeFamily] = [
        money("IcMoney"), money("IpMoney"), money("PpMoney"), money("ApMoney"), money("PlMoney"),
        TypeFamily(
            id: "PlChoice", group: .resilientModule,
            samples: ["PlChoice.none", "PlChoice.cents(-5)", "PlChoice.label(\"a label longer than fifteen bytes\")"],
            random: { generator in "PlChoice.cents(\(Int32(truncatingIfNeeded: generator.next())))" }
        ),
        money("PsMoney", group: .smallStruct),
    ]

    /// The evidence families, their optionals and `(T) -> T` closures, in that order.
    static let evidenceFamilies: [TypeFamily] =
        evidenceValues + evidenceValues.map(\.optional) + evidenceValues.map(\.closureThrough)

    /// A two-field non-frozen struct named `name` (the evidence modules each declare one).
    private static func money(_ name: String, group: FamilyGroup = .resilientModule) -> TypeFamily {
        TypeFamily(
            id: name, group: group,
            samples: ["\(name)(cents: -1, code: 300)", "\(name)(cents: Int32.max, code: Int16.min)"],
            random: { generator in
                "\(name)(cents: \(Int32(truncatingIfNeeded: generator.next())), code: \(Int16(truncatingIfNeeded: generator.next())))"
            }
        )
    }
}
