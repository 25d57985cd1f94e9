extension TypeFamily {
    /// Every family of the catalog: the value families, then the optional of each.
    public static let catalog: [TypeFamily] = {
        let values =
            integers + scalars + strings + collections + enums + structs + references + existentials
            + closures + tuples + simds + metatypes + zeroSized
        return values + values.map(\.optional)
    }()

    /// Every family by identifier: the catalog and the resilience tier's families.
    public static let byID: [String: TypeFamily] = Dictionary(
        uniqueKeysWithValues: (catalog + resilienceFamilies + shapeFamilies + typedThrowingClosureFamilies
            + constrainedExistentialFamilies + genericWrapperFamilies + wideIntegerFamilies + inoutClosureFamilies
            + genericMemberFamilies + asyncSequenceFamilies + addressedTupleFamilies + addressedTupleResultFamilies).map
        {
            ($0.id, $0)
        })

    /// The family with the given identifier; the identifiers used by layouts always exist.
    /// - Parameter id: A family identifier.
    /// - Returns: The family.
    static func named(_ id: String) -> TypeFamily {
        guard let family = byID[id] else { preconditionFailure("abi-lab: no type family \(id)") }
        return family
    }

    private static func integer<T: FixedWidthInteger & Sendable>(_ type: T.Type) -> TypeFamily {
        let name = "\(type)"
        var samples = ["\(name).min", "\(name).max", "\(name)(0)", "\(name)(1)"]
        if T.isSigned { samples.append("\(name)(-1)") }
        return TypeFamily(
            id: name, group: .integer, samples: samples,
            random: { generator in "\(name)(\(T(truncatingIfNeeded: generator.next())))" }
        )
    }

    static let integers: [TypeFamily] = [
        integer(Int.self), integer(Int8.self), integer(Int16.self), integer(Int32.self), integer(Int64.self),
        integer(UInt.self), integer(UInt8.self), integer(UInt16.self), integer(UInt32.self), integer(UInt64.self),
    ]

    static let scalars: [TypeFamily] = [
        TypeFamily(id: "Bool", group: .bool, samples: ["true", "false"]),
        TypeFamily(
            id: "Float", group: .floatingPoint, comparison: .bitPattern,
            samples: [
                "Float(0)", "Float(-0.0)", "Float(1.5)", "Float(-3.25e7)", "Float.pi", "Float.greatestFiniteMagnitude",
                "Float.leastNonzeroMagnitude", "Float.infinity",
            ],
            random: { generator in
                // A finite value: random sign and mantissa, exponent kept below the maximum.
                let bits = UInt32(truncatingIfNeeded: generator.next()) & 0xBF7F_FFFF
                return "Float(bitPattern: 0x\(String(bits, radix: 16)))"
            }
        ),
        TypeFamily(
            id: "Double", group: .floatingPoint, comparison: .bitPattern,
            samples: [
                "Double(0)", "Double(-0.0)", "Double(2.75)", "Double(-1.0e300)", "Double.pi",
                "Double.leastNonzeroMagnitude", "-Double.infinity",
            ],
            random: { generator in
                let bits = generator.next() & 0xBFEF_FFFF_FFFF_FFFF
                return "Double(bitPattern: 0x\(String(bits, radix: 16)))"
            }
        ),
    ]

    static let strings: [TypeFamily] = [
        TypeFamily(
            id: "String", group: .string,
            samples: [
                "\"\"", "\"a\"", "\"small ascii\"", "\"a heap-allocated string longer than fifteen bytes\"",
                "\"héllo wörld ✓ 🇨🇭 👩‍👩‍👧\"", "\"\\u{0}nul and\\ttab\"",
            ],
            random: { generator in
                let alphabet = Array("abcdefghijklmnopqrstuvwxyzäöü€😀")
                let length = generator.index(40)
                return "\"" + String((0..<length).map { _ in generator.pick(alphabet) }) + "\""
            }
        ),
        TypeFamily(id: "Character", group: .string, samples: ["\"a\"", "\"é\"", "\"🇨🇭\"", "\"👩‍👩‍👧\"", "\"Z\""]),
        TypeFamily(
            id: "Substring", group: .string,
            samples: [
                "Substring(\"\")", "\"prefix-hello\".dropFirst(7)", "Substring(\"ünïcödé substring 🎉\")",
                "\"a heap-allocated base string, sliced\".dropFirst(2).dropLast(3)",
            ]
        ),
    ]

    static let collections: [TypeFamily] = [
        TypeFamily(
            id: "Array<Int>", group: .collection, spelling: "[Int]",
            samples: ["[]", "[1, 2, 3]", "[Int.min, 0, Int.max]"],
            random: { generator in
                "["
                    + (0..<generator.index(6)).map { _ in "\(Int16(truncatingIfNeeded: generator.next()))" }.joined(
                        separator: ", ") + "]"
            }
        ),
        TypeFamily(
            id: "Array<String>", group: .collection, spelling: "[String]",
            samples: ["[]", "[\"a\", \"héllo\", \"a longer string on the heap\"]"]),
        TypeFamily(
            id: "Dictionary<String,Int>", group: .collection, spelling: "[String: Int]",
            samples: ["[:]", "[\"a\": 1, \"b\": 2]", "[\"ключ\": -7]"]
        ),
        TypeFamily(id: "Set<Int>", group: .collection, spelling: "Set<Int>", samples: ["[]", "[3, 1, 4]", "[-9]"]),
    ]

    static let enums: [TypeFamily] = [
        TypeFamily(
            id: "LabColor", group: .cLikeEnum,
            samples: ["LabColor.red", "LabColor.green", "LabColor.blue", "LabColor.alpha"]),
        TypeFamily(id: "LabFlag", group: .cLikeEnum, samples: ["LabFlag.off", "LabFlag.on"]),
        TypeFamily(
            id: "LabSingle", group: .payloadEnum, samples: ["LabSingle.none", "LabSingle.other", "LabSingle.value(7)"],
            random: { generator in "LabSingle.value(\(Int64(truncatingIfNeeded: generator.next())))" }
        ),
        TypeFamily(
            id: "LabMulti", group: .payloadEnum,
            samples: [
                "LabMulti.empty", "LabMulti.int(-5)", "LabMulti.text(\"payload text that is long enough\")",
                "LabMulti.pair(-3, 6.5)",
            ]
        ),
        TypeFamily(
            id: "LabBoxed", group: .payloadEnum, samples: ["LabBoxed.leaf(3)", "LabBoxed.node(.leaf(1), .leaf(2))"]),
    ]

    static let structs: [TypeFamily] = [
        TypeFamily(
            id: "LabSmallInts", group: .smallStruct,
            samples: ["LabSmallInts(a: -1, b: 300, c: 255)", "LabSmallInts(a: 0, b: 0, c: 0)"],
            random: { generator in
                "LabSmallInts(a: \(Int32(truncatingIfNeeded: generator.next())), b: \(Int16(truncatingIfNeeded: generator.next())), c: \(UInt8(truncatingIfNeeded: generator.next())))"
            }
        ),
        TypeFamily(
            id: "LabIntPair", group: .smallStruct,
            samples: ["LabIntPair(a: Int.min, b: Int.max)", "LabIntPair(a: 3, b: -4)"]),
        TypeFamily(
            id: "LabFloats", group: .smallStruct,
            samples: ["LabFloats(x: 1.5, y: -2, z: 0.25)", "LabFloats(x: 0, y: -0.0, z: .pi)"]),
        TypeFamily(
            id: "LabDoubles4", group: .smallStruct,
            samples: ["LabDoubles4(a: 1, b: 2, c: 3, d: 4)", "LabDoubles4(a: -0.0, b: .pi, c: 1e-300, d: 7)"]
        ),
        TypeFamily(
            id: "LabMixed", group: .smallStruct,
            samples: ["LabMixed(f: 3.5, i: -7, b: true)", "LabMixed(f: -0.0, i: 127, b: false)"]),
        TypeFamily(
            id: "LabLarge5", group: .largeStruct, samples: ["LabLarge5(a: 1, b: 2, c: 3, d: 4, e: 5)"],
            random: { generator in
                "LabLarge5("
                    + ["a", "b", "c", "d", "e"].map { "\($0): \(Int(truncatingIfNeeded: generator.next()))" }.joined(
                        separator: ", ") + ")"
            }
        ),
        TypeFamily(
            id: "LabLarge8", group: .largeStruct,
            samples: [
                "LabLarge8(s: \"a string inside a large struct\", n: -42, d: 0.5, c: .blue, t: [1, 2], f: 9.25)",
                "LabLarge8(s: \"\", n: 0, d: -0.0, c: .red, t: [], f: 0)",
            ]
        ),
    ]

    static let references: [TypeFamily] = [
        TypeFamily(
            id: "LabRef", group: .classReference, comparison: .identity, samples: ["LabRef(id: 1)", "LabRef(id: -9)"]),
        TypeFamily(
            id: "LabBaseRef", group: .classReference, comparison: .identity,
            samples: ["LabDerivedRef(id: 2)", "LabBaseRef(id: 5)"]),
    ]

    static let existentials: [TypeFamily] = [
        TypeFamily(
            id: "any LabTagged", group: .existential, comparison: .helper("labSameTagged"),
            samples: ["LabTag(tag: 3, name: \"three\")", "LabTag(tag: -1, name: \"a name long enough for the heap\")"]
        ),
        TypeFamily(
            id: "any LabTagged & LabNamed", group: .existential, comparison: .helper("labSameTagged"),
            samples: ["LabTag(tag: 4, name: \"four\")"]
        ),
        TypeFamily(
            id: "any LabClassBound", group: .existential, comparison: .identity,
            samples: ["LabTagObject(tag: 8)"]
        ),
        TypeFamily(
            id: "Any", group: .existential, comparison: .helper("labSameAny"),
            samples: [
                "42", "\"text in an Any\"", "LabTag(tag: 5, name: \"five\")", "[1, 2, 3]",
                "LabLarge5(a: 1, b: 2, c: 3, d: 4, e: 5)",
            ]
        ),
        TypeFamily(
            id: "any Error", group: .existential, comparison: .helper("labSameError"),
            samples: ["LabError.code(17)", "LabError.message(\"an error message\")"]
        ),
        TypeFamily(
            id: "AnyObject", group: .existential, comparison: .identity,
            samples: ["LabRef(id: 11)", "LabTagObject(tag: 12)"]),
    ]

    static let closures: [TypeFamily] = [
        TypeFamily(
            id: "(Int) -> Int", group: .closure, spelling: "(Int) -> Int", parameterSpelling: "@escaping (Int) -> Int",
            comparison: .closure(arguments: "5"), samples: ["{ $0 &* 3 }"],
            random: { generator in "{ $0 &+ \(Int16(truncatingIfNeeded: generator.next())) }" }
        ),
        TypeFamily(
            id: "(String, Double) -> String", group: .closure, spelling: "(String, Double) -> String",
            parameterSpelling: "@escaping (String, Double) -> String", comparison: .closure(arguments: "\"k\", 2.5"),
            samples: ["{ $0 + String($1) }", "{ \"captured-\" + $0 + \"\\($1 * 2)\" }"]
        ),
        TypeFamily(
            id: "() -> LabLarge5", group: .closure, spelling: "() -> LabLarge5",
            parameterSpelling: "@escaping () -> LabLarge5",
            comparison: .closure(arguments: ""), samples: ["{ LabLarge5(a: 9, b: 8, c: 7, d: 6, e: 5) }"]
        ),
    ]

    static let tuples: [TypeFamily] = [
        TypeFamily(
            id: "(Int, String)", group: .tuple, comparison: .tupleElements(2), samples: ["(1, \"one\")", "(-2, \"\")"]),
        TypeFamily(
            id: "(Double, Float, Bool)", group: .tuple, comparison: .tupleElements(3),
            samples: ["(0.5, -1.25, true)", "(1e10, 3, false)"]),
        TypeFamily(
            id: "(Int8, (Int, Double))", group: .tuple, comparison: .helper("labSameNested"),
            samples: ["(-8, (16, 32.5))"]),
    ]

    private static func simd(_ lanes: Int, _ scalar: String) -> TypeFamily {
        let name = "SIMD\(lanes)<\(scalar)>"
        return TypeFamily(
            id: name, group: .simd, samples: ["\(name)(repeating: 0)", "\(name)(repeating: -1)"],
            random: { generator in
                "\(name)("
                    + (0..<lanes).map { _ in "\(Int16(truncatingIfNeeded: generator.next()))" }.joined(separator: ", ")
                    + ")"
            }
        )
    }

    static let simds: [TypeFamily] = [2, 4, 8, 16].flatMap { lanes in
        ["Float", "Int32", "Double"].map { simd(lanes, $0) }
    }

    static let metatypes: [TypeFamily] = [
        TypeFamily(id: "Int.Type", group: .metatype, comparison: .metatype, samples: ["Int.self"]),
        TypeFamily(
            id: "LabBaseRef.Type", group: .metatype, comparison: .metatype,
            samples: ["LabBaseRef.self", "LabDerivedRef.self"]),
        TypeFamily(
            id: "Any.Type", group: .metatype, comparison: .metatype,
            samples: ["Int.self", "String.self", "LabMulti.self"]),
        TypeFamily(id: "any LabTagged.Type", group: .metatype, comparison: .metatype, samples: ["LabTag.self"]),
    ]

    static let zeroSized: [TypeFamily] = [
        TypeFamily(id: "LabEmpty", group: .zeroSized, samples: ["LabEmpty()"]),
        TypeFamily(id: "Void", group: .zeroSized, spelling: "()", comparison: .always, samples: ["()"]),
    ]
}
