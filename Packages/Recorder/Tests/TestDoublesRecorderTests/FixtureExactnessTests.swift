import Foundation
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// A value recorded as a call's only argument and its result, the fixture
/// written as JSON text and read back (as a later test process loads it),
/// then the result decoded as the type the requirement returns.
func recordAndReplay<T: Codable>(_ value: T) throws -> (stored: FixtureValue, replayed: T) {
    let session = RecordingSession()
    try session.record("call(_:)", arguments: [value], outcome: .success(value))
    let fixture = try InteractionFixture(json: try session.snapshot().json())
    let interaction = try #require(fixture.interactions.first)
    guard case .returned(let result) = interaction.outcome else {
        throw FixtureError.malformed("no result")
    }
    #expect(interaction.arguments == [result])
    return (result, try result.decode(as: T.self))
}

/// Why `value` cannot be recorded, as the recording session says it.
func refusal(_ value: some Codable) -> String? {
    do {
        try RecordingSession().record("call(_:)", arguments: [value], outcome: .success(()))
        return nil
    } catch {
        return error.description
    }
}

struct OptionalSetting: Codable, Equatable {
    var name: String
    var override: Int??
}

enum SettingChange: Codable, Equatable {
    case set(Int??)
}

@Suite struct FixtureExactnessTests {
    @Test func anOptionalOfOptionalsReplaysEveryLayer() throws {
        let cases: [Int??] = [.some(nil), .none, .some(.some(5))]
        for value in cases {
            #expect(try recordAndReplay(value).replayed == value)
        }
        #expect(try recordAndReplay(Int??.some(nil)).stored == .object(["$some": .null]))
        let deep: [Int???] = [.some(.some(nil)), .some(nil), .none, .some(.some(.some(3)))]
        for value in deep {
            #expect(try recordAndReplay(value).replayed == value)
        }
        let deeper: [String????] = [.some(.some(.some(nil))), .some(.some(nil)), .some(nil), nil, "x"]
        for value in deeper {
            #expect(try recordAndReplay(value).replayed == value)
        }
        // A marker that nests deeper than the type does not decode as it.
        #expect(throws: DecodingError.self) {
            try FixtureValue.object(["$some": .object(["$some": .null])]).decode(as: Int??.self)
        }
    }

    @Test func anOptionalOfOptionalsInsideAValueIsRefusedNamingWhereAndAFix() throws {
        let field = try #require(refusal(OptionalSetting(name: "a", override: .some(nil))))
        #expect(field.contains("call(_:) cannot be recorded: its argument 1"))
        #expect(field.contains("the value at override in TestDoublesRecorderTests.OptionalSetting"))
        #expect(field.contains("Swift.Optional<Swift.Optional<Swift.Int>>.some(nil)"))
        #expect(field.contains("use one optional layer or an enum"))
        let element = try #require(refusal([Int??]([1, .some(nil)])))
        #expect(element.contains("the value at [1] in Swift.Array<Swift.Optional<Swift.Optional<Swift.Int>>>"))
        #expect(refusal(SettingChange.set(.some(nil)))?.contains("at set._0") == true)
        // The other states of the same values replay as they were.
        for value in [OptionalSetting(name: "a", override: nil), OptionalSetting(name: "b", override: 2)] {
            #expect(try recordAndReplay(value).replayed == value)
        }
        #expect(try recordAndReplay([Int??]([1, nil])).replayed == [1, nil])
        #expect(try recordAndReplay(SettingChange.set(3)).replayed == .set(3))
    }

    @Test func aWrappedValueThatEncodesLikeTheMarkerIsRefused() throws {
        let lookalike: [String: Int?]?? = .some(.some(["$some": nil]))
        let reason = try #require(refusal(lookalike))
        #expect(reason.contains("whose only key is \"$some\""))
        let plain: [String: Int?]?? = .some(.some(["other": nil]))
        #expect(try recordAndReplay(plain).replayed == plain)
    }

    @Test func aNegativeZeroReplaysWithItsSign() throws {
        #expect(try FixtureValue(encoding: -0.0) == .double(-0.0))
        #expect(try recordAndReplay(-0.0 as Double).replayed.sign == .minus)
        #expect(try recordAndReplay(0.0 as Double).replayed.sign == .plus)
        #expect(try recordAndReplay(Float(-0.0)).replayed.sign == .minus)
        #expect(try recordAndReplay([-0.0, 0.0, -1.5]).replayed.map(\.sign) == [.minus, .plus, .minus])
        #if !(os(macOS) && arch(x86_64))
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            #expect(try recordAndReplay(Float16(-0.0)).replayed.sign == .minus)
        }
        #endif
        // An integer type reads `-0` as 0.
        #expect(try FixtureValue.double(-0.0).decode(as: Int.self) == 0)
    }

    @Test func aURLRelativeToABaseIsRefusedAndOtherURLsReplayExactly() throws {
        let base = try #require(URL(string: "https://api.example.com/v2/"))
        let relative = try #require(URL(string: "items/7?expand=owner", relativeTo: base))
        let reason = try #require(refusal(relative))
        #expect(reason.contains("URL) is the URL \"items/7?expand=owner\" relative to https://api.example.com/v2/"))
        #expect(reason.contains("Pass url.absoluteURL"))
        #expect(refusal(["next": relative])?.contains("the value at next in") == true)
        for url in [
            relative.absoluteURL, try #require(URL(string: "https://a.example/p%20q?x=%C3%A9&y=a+b#frag")),
            URL(fileURLWithPath: "/tmp/a b/é.txt"), URL(fileURLWithPath: "/tmp/dir/", isDirectory: true),
            try #require(URL(string: "mailto:someone@example.com")),
        ] {
            let replayed = try recordAndReplay(url).replayed
            #expect(replayed == url)
            #expect(replayed.absoluteString == url.absoluteString)
        }
    }

    /// Equal to `elements`, with the storage (and so the iteration order)
    /// of a set that once held many more: what another process's hash seed
    /// does to the same set.
    static func resized<Element: Hashable>(_ elements: Set<Element>) -> Set<Element> {
        var set = Set<Element>(minimumCapacity: 4096)
        set.formUnion(elements)
        return set
    }

    @Test func equalSetsAndDictionariesEncodeAlikeWhateverTheirHashOrder() throws {
        let tags: Set<String> = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        let other = Self.resized(tags)
        #expect(Array(other) != Array(tags))  // the two iterate in different orders
        #expect(try FixtureValue(encoding: other) == FixtureValue(encoding: tags))
        #expect(try recordAndReplay(tags).replayed == tags)

        struct Query: Codable, Equatable {
            var ids: Set<Int>
            var groups: Set<Set<Int>>
            var owners: [UUID: Set<String>]
        }
        let owner = UUID()
        let query = Query(
            ids: Set(0..<20), groups: [Set(0..<9), Set(10..<19)], owners: [owner: tags, UUID(): ["x", "y", "z"]])
        let reordered = Query(
            ids: Self.resized(query.ids), groups: Self.resized(Set(query.groups.map { Self.resized($0) })),
            owners: query.owners.mapValues { Self.resized($0) })
        #expect(try FixtureValue(encoding: reordered) == FixtureValue(encoding: query))
        #expect(try recordAndReplay(query).replayed == query)
        // A dictionary with string keys is an object, whose key order never mattered.
        #expect(try FixtureValue(encoding: ["b": 1, "a": 2]) == .object(["a": .integer(2), "b": .integer(1)]))
    }

    @Test func numbersJSONHasNoTextForAreRefusedNamingTheTypeAndAFix() throws {
        let infinity = try #require(refusal(Double.infinity))
        #expect(infinity.contains("call(_:) cannot be recorded: its argument 1"))
        #expect(infinity.contains("is the Double inf: JSON numbers are finite"))
        #expect(infinity.contains("Give the type a Codable conformance that stores it another way"))
        #expect(
            refusal([1, -Float.infinity])?.contains("the value at [1] in Swift.Array<Swift.Float> is the Float -inf")
                == true)
        #expect(refusal(RecordedAccount(id: 1, name: "a", balance: .nan))?.contains("at balance in") == true)
        let decimal = try #require(refusal(Decimal.nan))
        #expect(decimal.contains("is the Decimal NaN: JSON numbers are finite"))
    }
}
