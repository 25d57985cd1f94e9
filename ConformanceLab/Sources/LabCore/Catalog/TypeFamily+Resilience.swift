extension TypeFamily {
    /// The families of the resilience tier: non-frozen standard library and
    /// Concurrency types, the lab's own library-evolution module, and
    /// Foundation value types. They are kept out of ``catalog`` (which the
    /// first tiers and the pairwise covering span) so the earlier cases keep
    /// their numbers; the resilience tier covers them on its own.
    public static let resilienceValues: [TypeFamily] = libraryEvolution + resilientModule + foundation

    /// The optional of each resilience family.
    public static let resilienceOptionals: [TypeFamily] = resilienceValues.map(\.optional)

    /// `(T) -> T` of each resilience family: the value crosses as a closure's parameter and result.
    public static let resilienceClosures: [TypeFamily] = resilienceValues.map(\.closureThrough)

    /// Every family of the resilience tier, the evidence modules' last.
    static let resilienceFamilies: [TypeFamily] =
        resilienceValues + resilienceOptionals + resilienceClosures + evidenceFamilies

    /// The resilience families whose type conforms to `Error` (the typed-error shapes throw them).
    static let errorFamilyIDs: Set<String> = ["EvoSmall", "EvoChoice", "EvoFrozen"]

    /// The resilience families whose spelling needs `import Foundation` in a case file.
    var needsFoundation: Bool { group == .foundation || (group == .optional && id.contains("Foundation.")) }

    /// `(T) -> T`: the check calls the received closure with a sample and
    /// compares the answer exactly, so the value crosses any thunk both ways.
    var closureThrough: TypeFamily {
        let argument = fixedSamples[min(1, fixedSamples.count - 1)]
        return TypeFamily(
            id: "(\(id)) -> \(id)", group: group, spelling: "(\(spelling)) -> \(spelling)",
            parameterSpelling: "@escaping (\(spelling)) -> \(spelling)",
            comparison: .through(argument: argument, result: comparison), samples: ["{ $0 }"])
    }

    static let libraryEvolution: [TypeFamily] = [
        TypeFamily(
            id: "ContinuousClock.Instant", group: .libraryEvolution,
            samples: [
                "labContinuousBase.advanced(by: .seconds(955))", "labContinuousBase",
                "labContinuousBase.advanced(by: .nanoseconds(-7))",
            ],
            random: { generator in
                "labContinuousBase.advanced(by: .nanoseconds(\(Int32(truncatingIfNeeded: generator.next()))))"
            }
        ),
        TypeFamily(
            id: "SuspendingClock.Instant", group: .libraryEvolution,
            samples: [
                "labSuspendingBase.advanced(by: .milliseconds(20))", "labSuspendingBase",
                "labSuspendingBase.advanced(by: .seconds(-3))",
            ],
            random: { generator in
                "labSuspendingBase.advanced(by: .nanoseconds(\(Int32(truncatingIfNeeded: generator.next()))))"
            }
        ),
        TypeFamily(
            id: "Duration", group: .libraryEvolution,
            samples: [
                "Duration.milliseconds(20)", "Duration.seconds(955)", "Duration.zero", "Duration.nanoseconds(-1)",
                "Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)",
            ],
            random: { generator in "Duration.nanoseconds(\(Int64(truncatingIfNeeded: generator.next())))" }
        ),
        TypeFamily(
            id: "AsyncStream<Int>", group: .libraryEvolution, comparison: .consuming("labSameStream"),
            samples: ["labStream([3, 1, 4])", "labStream([])", "labStream([Int.min, 0, Int.max])"],
            random: { generator in
                "labStream(["
                    + (0..<(1 + generator.index(5))).map { _ in "\(Int16(truncatingIfNeeded: generator.next()))" }
                    .joined(separator: ", ") + "])"
            }
        ),
        TypeFamily(
            id: "AsyncThrowingStream<Int, any Error>", group: .libraryEvolution,
            comparison: .consuming("labSameThrowingStream"),
            samples: [
                "labThrowingStream([5, 6], failure: nil)", "labThrowingStream([], failure: LabError.code(3))",
                "labThrowingStream([-1], failure: LabError.message(\"stream failed\"))",
            ]
        ),
        TypeFamily(
            id: "AsyncStream<Int>.Continuation", group: .libraryEvolution,
            comparison: .helper("labSameContinuation"), samples: ["labContinuation()"]
        ),
        TypeFamily(
            id: "CollectionDifference<Int>", group: .libraryEvolution,
            samples: [
                "[1, 2, 3, 5].difference(from: [3, 1, 4])", "[Int]().difference(from: [])",
                "[7].difference(from: [Int.min, 7, Int.max])",
            ]
        ),
        TypeFamily(
            id: "Range<String.Index>", group: .libraryEvolution,
            samples: [
                "labStringRange(1, 4)", "labStringRange(0, 0)", "labStringRange(3, 12)",
                "labRangeText.startIndex..<labRangeText.endIndex",
            ]
        ),
        TypeFamily(
            id: "TaskPriority", group: .libraryEvolution,
            samples: [
                "TaskPriority.high", "TaskPriority.low", "TaskPriority.background", "TaskPriority(rawValue: 7)",
                "TaskPriority.userInitiated",
            ]
        ),
    ]

    static let resilientModule: [TypeFamily] = [
        TypeFamily(
            id: "EvoSmall", group: .resilientModule,
            samples: ["EvoSmall(a: -1, b: 300)", "EvoSmall(a: Int32.max, b: Int16.min)"],
            random: { generator in
                "EvoSmall(a: \(Int32(truncatingIfNeeded: generator.next())), b: \(Int16(truncatingIfNeeded: generator.next())))"
            }
        ),
        TypeFamily(
            id: "EvoChoice", group: .resilientModule,
            samples: [
                "EvoChoice.none", "EvoChoice.int(-5)", "EvoChoice.text(\"a payload string longer than fifteen bytes\")",
                "EvoChoice.pair(-3, 6.5)",
            ],
            random: { generator in "EvoChoice.int(\(Int64(truncatingIfNeeded: generator.next())))" }
        ),
        TypeFamily(
            id: "EvoFrozen", group: .resilientModule,
            samples: ["EvoFrozen(x: Int.min, y: -0.0)", "EvoFrozen(x: 42, y: 2.5)"],
            random: { generator in
                "EvoFrozen(x: \(Int(truncatingIfNeeded: generator.next())), y: \(Int16(truncatingIfNeeded: generator.next())).5)"
            }
        ),
        TypeFamily(
            id: "EvoBase", group: .resilientModule, comparison: .identity,
            samples: ["EvoBase(id: 3)", "EvoDerived(id: 4)"]
        ),
    ]

    static let foundation: [TypeFamily] = [
        TypeFamily(
            id: "Foundation.Date", group: .foundation, spelling: "Date", comparison: .helper("labSameDate"),
            samples: [
                "Date(timeIntervalSinceReferenceDate: 955.25)", "Date.distantPast",
                "Date(timeIntervalSince1970: -1e9)", "Date(timeIntervalSinceReferenceDate: -0.0)",
            ],
            random: { generator in
                "Date(timeIntervalSinceReferenceDate: \(Int32(truncatingIfNeeded: generator.next())).125)"
            }
        ),
        TypeFamily(
            id: "Foundation.URL", group: .foundation, spelling: "URL",
            samples: [
                "URL(string: \"https://example.com/a/b?c=d#e\")!", "URL(fileURLWithPath: \"/tmp/lab file ✓.txt\")",
                "URL(string: \"relative/path\", relativeTo: URL(string: \"https://example.com/base/\"))!",
            ]
        ),
        TypeFamily(
            id: "Foundation.UUID", group: .foundation, spelling: "UUID",
            samples: [
                "UUID(uuidString: \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")!",
                "UUID(uuidString: \"00000000-0000-0000-0000-000000000000\")!",
            ],
            random: { generator in
                let high = generator.next()
                let low = generator.next()
                let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
                let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                    String(hex.dropFirst(range.lowerBound).prefix(range.count))
                }
                return "UUID(uuidString: \"\(parts.joined(separator: "-").uppercased())\")!"
            }
        ),
        TypeFamily(
            id: "Foundation.Data", group: .foundation, spelling: "Data",
            samples: [
                "Data()", "Data([1, 2, 3])", "Data(repeating: 0xAB, count: 100)", "Data(\"inline text\".utf8)",
            ]
        ),
        TypeFamily(
            id: "Foundation.Decimal", group: .foundation, spelling: "Decimal", comparison: .helper("labSameBits"),
            samples: ["Decimal(string: \"123.456\")!", "Decimal(-7)", "Decimal.greatestFiniteMagnitude", "Decimal()"]
        ),
        TypeFamily(
            id: "Foundation.URLRequest", group: .foundation, spelling: "URLRequest",
            samples: [
                "URLRequest(url: URL(string: \"https://example.com/r\")!)",
                "labRequest(\"POST\", \"https://example.com/upload?x=1\", header: \"X-Lab\", value: \"7\")",
            ]
        ),
        TypeFamily(
            id: "Foundation.CharacterSet", group: .foundation, spelling: "CharacterSet",
            samples: ["CharacterSet(charactersIn: \"abc✓\")", "CharacterSet()", "CharacterSet.decimalDigits"]
        ),
        TypeFamily(
            id: "Foundation.IndexSet", group: .foundation, spelling: "IndexSet",
            samples: ["IndexSet([1, 5, 9])", "IndexSet()", "IndexSet(integersIn: 0..<1000)"]
        ),
        TypeFamily(
            id: "Foundation.AttributedString", group: .foundation, spelling: "AttributedString",
            samples: [
                "AttributedString(\"héllo wörld, attributed\")", "AttributedString()",
                "AttributedString(\"a\") + AttributedString(\"b ✓\")",
            ]
        ),
        TypeFamily(
            id: "Foundation.DateComponents", group: .foundation, spelling: "DateComponents",
            samples: [
                "DateComponents(year: 2026, month: 12, day: 1)", "DateComponents()",
                "DateComponents(hour: 25, nanosecond: 7)",
            ]
        ),
        TypeFamily(
            id: "Foundation.TimeZone", group: .foundation, spelling: "TimeZone",
            samples: ["TimeZone(secondsFromGMT: 3600)!", "TimeZone(secondsFromGMT: -34_200)!"]
        ),
        TypeFamily(
            id: "Foundation.Locale", group: .foundation, spelling: "Locale",
            samples: ["Locale(identifier: \"de_CH\")", "Locale(identifier: \"en_US_POSIX\")"]
        ),
    ]
}
