import Dispatch
import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One requirement per standard-library or Foundation type, each taking and
/// returning that type: the walk records every one with `Match.any()` alone
/// (no `using:`, no `returning:`), so both the argument and the result of the
/// recording pass need a placeholder the library makes by itself.
protocol TypeWalk {
    func int(_ value: Int) -> Int
    func int8(_ value: Int8) -> Int8
    func uint16(_ value: UInt16) -> UInt16
    func uint64(_ value: UInt64) -> UInt64
    func double(_ value: Double) -> Double
    func float(_ value: Float) -> Float
    func bool(_ value: Bool) -> Bool
    func string(_ value: String) -> String
    func substring(_ value: Substring) -> Substring
    func character(_ value: Character) -> Character
    func scalar(_ value: Unicode.Scalar) -> Unicode.Scalar
    func array(_ value: [Int]) -> [Int]
    func dictionary(_ value: [String: Int]) -> [String: Int]
    func set(_ value: Set<String>) -> Set<String>
    func optional(_ value: Int?) -> Int?
    func closedRange(_ value: ClosedRange<Int>) -> ClosedRange<Int>
    func range(_ value: Range<Double>) -> Range<Double>
    func duration(_ value: Duration) -> Duration
    func simd(_ value: SIMD4<Float>) -> SIMD4<Float>
    func result(_ value: Result<String, WalkError>) -> Result<String, WalkError>
    func error(_ value: any Error) -> any Error
    func anySequence(_ value: AnySequence<Int>) -> AnySequence<Int>
    func anyCollection(_ value: AnyCollection<Int>) -> AnyCollection<Int>
    func anyHashable(_ value: AnyHashable) -> AnyHashable
    func objectIdentifier(_ value: ObjectIdentifier) -> ObjectIdentifier
    func stringRange(_ value: Range<String.Index>) -> Range<String.Index>
    func date(_ value: Date) -> Date
    func url(_ value: URL) -> URL
    func uuid(_ value: UUID) -> UUID
    func data(_ value: Data) -> Data
    func decimal(_ value: Decimal) -> Decimal
    func urlRequest(_ value: URLRequest) -> URLRequest
    func characterSet(_ value: CharacterSet) -> CharacterSet
    func indexSet(_ value: IndexSet) -> IndexSet
    func attributedString(_ value: AttributedString) -> AttributedString
    func dateComponents(_ value: DateComponents) -> DateComponents
    func timeZone(_ value: TimeZone) -> TimeZone
    func locale(_ value: Locale) -> Locale
    func calendar(_ value: Calendar) -> Calendar
    func indexPath(_ value: IndexPath) -> IndexPath
    func urlComponents(_ value: URLComponents) -> URLComponents
    func dispatchData(_ value: DispatchData) -> DispatchData
    func range16(_ value: NSRange) -> NSRange
    func measurement(_ value: Measurement<UnitLength>) -> Measurement<UnitLength>
    func personName(_ value: PersonNameComponents) -> PersonNameComponents
    func queryItem(_ value: URLQueryItem) -> URLQueryItem
    func dateInterval(_ value: DateInterval) -> DateInterval
    func notificationName(_ value: Notification.Name) -> Notification.Name
}

struct LiveTypeWalk: TypeWalk {
    func int(_ value: Int) -> Int { value }
    func int8(_ value: Int8) -> Int8 { value }
    func uint16(_ value: UInt16) -> UInt16 { value }
    func uint64(_ value: UInt64) -> UInt64 { value }
    func double(_ value: Double) -> Double { value }
    func float(_ value: Float) -> Float { value }
    func bool(_ value: Bool) -> Bool { value }
    func string(_ value: String) -> String { value }
    func substring(_ value: Substring) -> Substring { value }
    func character(_ value: Character) -> Character { value }
    func scalar(_ value: Unicode.Scalar) -> Unicode.Scalar { value }
    func array(_ value: [Int]) -> [Int] { value }
    func dictionary(_ value: [String: Int]) -> [String: Int] { value }
    func set(_ value: Set<String>) -> Set<String> { value }
    func optional(_ value: Int?) -> Int? { value }
    func closedRange(_ value: ClosedRange<Int>) -> ClosedRange<Int> { value }
    func range(_ value: Range<Double>) -> Range<Double> { value }
    func duration(_ value: Duration) -> Duration { value }
    func simd(_ value: SIMD4<Float>) -> SIMD4<Float> { value }
    func result(_ value: Result<String, WalkError>) -> Result<String, WalkError> { value }
    func error(_ value: any Error) -> any Error { value }
    func anySequence(_ value: AnySequence<Int>) -> AnySequence<Int> { value }
    func anyCollection(_ value: AnyCollection<Int>) -> AnyCollection<Int> { value }
    func anyHashable(_ value: AnyHashable) -> AnyHashable { value }
    func objectIdentifier(_ value: ObjectIdentifier) -> ObjectIdentifier { value }
    func stringRange(_ value: Range<String.Index>) -> Range<String.Index> { value }
    func date(_ value: Date) -> Date { value }
    func url(_ value: URL) -> URL { value }
    func uuid(_ value: UUID) -> UUID { value }
    func data(_ value: Data) -> Data { value }
    func decimal(_ value: Decimal) -> Decimal { value }
    func urlRequest(_ value: URLRequest) -> URLRequest { value }
    func characterSet(_ value: CharacterSet) -> CharacterSet { value }
    func indexSet(_ value: IndexSet) -> IndexSet { value }
    func attributedString(_ value: AttributedString) -> AttributedString { value }
    func dateComponents(_ value: DateComponents) -> DateComponents { value }
    func timeZone(_ value: TimeZone) -> TimeZone { value }
    func locale(_ value: Locale) -> Locale { value }
    func calendar(_ value: Calendar) -> Calendar { value }
    func indexPath(_ value: IndexPath) -> IndexPath { value }
    func urlComponents(_ value: URLComponents) -> URLComponents { value }
    func dispatchData(_ value: DispatchData) -> DispatchData { value }
    func range16(_ value: NSRange) -> NSRange { value }
    func measurement(_ value: Measurement<UnitLength>) -> Measurement<UnitLength> { value }
    func personName(_ value: PersonNameComponents) -> PersonNameComponents { value }
    func queryItem(_ value: URLQueryItem) -> URLQueryItem { value }
    func dateInterval(_ value: DateInterval) -> DateInterval { value }
    func notificationName(_ value: Notification.Name) -> Notification.Name { value }
}

struct WalkError: Error, Equatable {
    let code: Int
}

final class WalkBox: Sendable {}

let walkText = "walk"

func walkRequest() -> URLRequest {
    var request = URLRequest(url: URL(string: "https://example.com/upload")!)
    request.httpMethod = "PUT"
    request.setValue("yes", forHTTPHeaderField: "X-Walk")
    return request
}

func walkDispatchData(_ bytes: [UInt8]) -> DispatchData {
    bytes.withUnsafeBytes { DispatchData(bytes: $0) }
}

func walkName() -> PersonNameComponents {
    var name = PersonNameComponents()
    name.givenName = "Ada"
    name.familyName = "Lovelace"
    return name
}

/// One type of the walk: its name and the check that records, configures and calls it.
struct WalkCase: Sendable, CustomTestStringConvertible {
    let typeName: String
    let check: @Sendable () throws -> Void

    init(_ typeName: String, _ check: @escaping @Sendable () throws -> Void) {
        self.typeName = typeName
        self.check = check
    }

    var testDescription: String { typeName }
}

/// Records a requirement of `TypeWalk` with `Match.any()` alone, answers
/// with the argument, calls it with `sample`, and checks that the value
/// that comes back (and, for an equatable type, the one the pattern
/// recorded) is the one sent.
func walk<T>(
    _ sample: T, same: (T, T) -> Bool, record: (Stub<any TypeWalk>) -> CallPattern<T>,
    call: (any TypeWalk, T) -> T, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let stub = try Stub<any TypeWalk>()
    let pattern = record(stub)
    pattern.then { (value: T) in value }
    #expect(same(call(stub(), sample), sample), sourceLocation: sourceLocation)
    let recorded: [T] = pattern.arguments()
    #expect(recorded.count == 1 && same(recorded[0], sample), sourceLocation: sourceLocation)
}

func walk<T: Equatable>(
    _ sample: T, record: (Stub<any TypeWalk>) -> CallPattern<T>, call: (any TypeWalk, T) -> T,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try walk(sample, same: ==, record: record, call: call, sourceLocation: sourceLocation)
}

/// Walks standard-library and Foundation types through `Match.any()` alone,
/// as argument and as result: each `when` records without `using:` or
/// `returning:` (the process would stop if a placeholder were missing), the
/// handler returns its argument, and the value that comes back must equal
/// the one sent.
@Suite struct PlaceholderTypeWalkTests {
    static let cases: [WalkCase] = [
        WalkCase("Int") { try walk(42 as Int, record: { $0.when { $0.int(Match.any()) } }, call: { $0.int($1) }) },
        WalkCase("Int8") { try walk(-7 as Int8, record: { $0.when { $0.int8(Match.any()) } }, call: { $0.int8($1) }) },
        WalkCase("UInt16") {
            try walk(65_000 as UInt16, record: { $0.when { $0.uint16(Match.any()) } }, call: { $0.uint16($1) })
        },
        WalkCase("UInt64") {
            try walk(1 << 40 as UInt64, record: { $0.when { $0.uint64(Match.any()) } }, call: { $0.uint64($1) })
        },
        WalkCase("Double") {
            try walk(2.5 as Double, record: { $0.when { $0.double(Match.any()) } }, call: { $0.double($1) })
        },
        WalkCase("Float") {
            try walk(1.25 as Float, record: { $0.when { $0.float(Match.any()) } }, call: { $0.float($1) })
        },
        WalkCase("Bool") {
            try walk(true as Bool, record: { $0.when { $0.bool(Match.any()) } }, call: { $0.bool($1) })
        },
        WalkCase("String") {
            try walk(
                "héllo, wörld — a string longer than fifteen bytes" as String,
                record: { $0.when { $0.string(Match.any()) } }, call: { $0.string($1) })
        },
        WalkCase("Substring") {
            try walk(
                "xsubstringx".dropFirst().dropLast() as Substring, record: { $0.when { $0.substring(Match.any()) } },
                call: { $0.substring($1) })
        },
        WalkCase("Character") {
            try walk("Ω" as Character, record: { $0.when { $0.character(Match.any()) } }, call: { $0.character($1) })
        },
        WalkCase("Unicode.Scalar") {
            try walk("λ" as Unicode.Scalar, record: { $0.when { $0.scalar(Match.any()) } }, call: { $0.scalar($1) })
        },
        WalkCase("[Int]") {
            try walk([1, 2, 3] as [Int], record: { $0.when { $0.array(Match.any()) } }, call: { $0.array($1) })
        },
        WalkCase("[String: Int]") {
            try walk(
                ["a": 1, "b": 2] as [String: Int], record: { $0.when { $0.dictionary(Match.any()) } },
                call: { $0.dictionary($1) })
        },
        WalkCase("Set<String>") {
            try walk(["x", "y"] as Set<String>, record: { $0.when { $0.set(Match.any()) } }, call: { $0.set($1) })
        },
        WalkCase("Int?") {
            try walk(5 as Int?, record: { $0.when { $0.optional(Match.any()) } }, call: { $0.optional($1) })
        },
        WalkCase("ClosedRange<Int>") {
            try walk(
                3...9 as ClosedRange<Int>, record: { $0.when { $0.closedRange(Match.any()) } },
                call: { $0.closedRange($1) })
        },
        WalkCase("Range<Double>") {
            try walk(0.5..<1.5 as Range<Double>, record: { $0.when { $0.range(Match.any()) } }, call: { $0.range($1) })
        },
        WalkCase("Duration") {
            try walk(
                .milliseconds(20) as Duration, record: { $0.when { $0.duration(Match.any()) } },
                call: { $0.duration($1) })
        },
        WalkCase("SIMD4<Float>") {
            try walk(
                SIMD4(1, 2, 3, 4.5) as SIMD4<Float>, record: { $0.when { $0.simd(Match.any()) } }, call: { $0.simd($1) }
            )
        },
        WalkCase("Result<String, WalkError>") {
            try walk(
                .failure(WalkError(code: 9)) as Result<String, WalkError>,
                record: { $0.when { $0.result(Match.any()) } }, call: { $0.result($1) })
        },
        WalkCase("any Error") {
            try walk(
                WalkError(code: 4) as any Error, same: { ($0 as? WalkError) == ($1 as? WalkError) },
                record: { $0.when { $0.error(Match.any()) } }, call: { $0.error($1) })
        },
        WalkCase("AnySequence<Int>") {
            try walk(
                AnySequence([4, 5, 6]) as AnySequence<Int>, same: { Array($0) == Array($1) },
                record: { $0.when { $0.anySequence(Match.any()) } }, call: { $0.anySequence($1) })
        },
        WalkCase("AnyCollection<Int>") {
            try walk(
                AnyCollection([7, 8]) as AnyCollection<Int>, same: { Array($0) == Array($1) },
                record: { $0.when { $0.anyCollection(Match.any()) } }, call: { $0.anyCollection($1) })
        },
        WalkCase("AnyHashable") {
            try walk(
                AnyHashable("key") as AnyHashable, record: { $0.when { $0.anyHashable(Match.any()) } },
                call: { $0.anyHashable($1) })
        },
        WalkCase("ObjectIdentifier") {
            try walk(
                ObjectIdentifier(WalkBox.self) as ObjectIdentifier,
                record: { $0.when { $0.objectIdentifier(Match.any()) } }, call: { $0.objectIdentifier($1) })
        },
        WalkCase("Range<String.Index>") {
            try walk(
                walkText.index(after: walkText.startIndex)..<walkText.endIndex as Range<String.Index>,
                record: { $0.when { $0.stringRange(Match.any()) } }, call: { $0.stringRange($1) })
        },
        WalkCase("Date") {
            try walk(
                Date(timeIntervalSince1970: 1_700_000_000.25) as Date, record: { $0.when { $0.date(Match.any()) } },
                call: { $0.date($1) })
        },
        WalkCase("URL") {
            try walk(
                URL(string: "https://example.com/a?b=c")! as URL, record: { $0.when { $0.url(Match.any()) } },
                call: { $0.url($1) })
        },
        WalkCase("UUID") {
            try walk(
                UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")! as UUID,
                record: { $0.when { $0.uuid(Match.any()) } }, call: { $0.uuid($1) })
        },
        WalkCase("Data") {
            try walk(Data([0, 1, 2, 255]) as Data, record: { $0.when { $0.data(Match.any()) } }, call: { $0.data($1) })
        },
        WalkCase("Decimal") {
            try walk(
                Decimal(string: "12.345")! as Decimal, record: { $0.when { $0.decimal(Match.any()) } },
                call: { $0.decimal($1) })
        },
        WalkCase("URLRequest") {
            try walk(
                walkRequest() as URLRequest, record: { $0.when { $0.urlRequest(Match.any()) } },
                call: { $0.urlRequest($1) })
        },
        WalkCase("CharacterSet") {
            try walk(
                CharacterSet(charactersIn: "abc") as CharacterSet, record: { $0.when { $0.characterSet(Match.any()) } },
                call: { $0.characterSet($1) })
        },
        WalkCase("IndexSet") {
            try walk(
                IndexSet([1, 3, 5]) as IndexSet, record: { $0.when { $0.indexSet(Match.any()) } },
                call: { $0.indexSet($1) })
        },
        WalkCase("AttributedString") {
            try walk(
                AttributedString("attributed") as AttributedString,
                record: { $0.when { $0.attributedString(Match.any()) } }, call: { $0.attributedString($1) })
        },
        WalkCase("DateComponents") {
            try walk(
                DateComponents(year: 2024, month: 2, day: 29) as DateComponents,
                record: { $0.when { $0.dateComponents(Match.any()) } }, call: { $0.dateComponents($1) })
        },
        WalkCase("TimeZone") {
            try walk(
                TimeZone(identifier: "Europe/Paris")! as TimeZone, record: { $0.when { $0.timeZone(Match.any()) } },
                call: { $0.timeZone($1) })
        },
        WalkCase("Locale") {
            try walk(
                Locale(identifier: "fr_FR") as Locale, record: { $0.when { $0.locale(Match.any()) } },
                call: { $0.locale($1) })
        },
        WalkCase("Calendar") {
            try walk(
                Calendar(identifier: .iso8601) as Calendar, record: { $0.when { $0.calendar(Match.any()) } },
                call: { $0.calendar($1) })
        },
        WalkCase("IndexPath") {
            try walk(
                IndexPath(indexes: [0, 4]) as IndexPath, record: { $0.when { $0.indexPath(Match.any()) } },
                call: { $0.indexPath($1) })
        },
        WalkCase("URLComponents") {
            try walk(
                URLComponents(string: "https://example.com/path")! as URLComponents,
                record: { $0.when { $0.urlComponents(Match.any()) } }, call: { $0.urlComponents($1) })
        },
        WalkCase("DispatchData") {
            try walk(
                walkDispatchData([9, 8, 7]) as DispatchData, same: { Array($0) == Array($1) },
                record: { $0.when { $0.dispatchData(Match.any()) } }, call: { $0.dispatchData($1) })
        },
        WalkCase("NSRange") {
            try walk(
                NSRange(location: 3, length: 4) as NSRange, record: { $0.when { $0.range16(Match.any()) } },
                call: { $0.range16($1) })
        },
        WalkCase("Measurement<UnitLength>") {
            try walk(
                Measurement(value: 1.5, unit: UnitLength.meters) as Measurement<UnitLength>,
                record: { $0.when { $0.measurement(Match.any()) } }, call: { $0.measurement($1) })
        },
        WalkCase("PersonNameComponents") {
            try walk(
                walkName() as PersonNameComponents, record: { $0.when { $0.personName(Match.any()) } },
                call: { $0.personName($1) })
        },
        WalkCase("URLQueryItem") {
            try walk(
                URLQueryItem(name: "q", value: "swift") as URLQueryItem,
                record: { $0.when { $0.queryItem(Match.any()) } }, call: { $0.queryItem($1) })
        },
        WalkCase("DateInterval") {
            try walk(
                DateInterval(start: Date(timeIntervalSince1970: 0), duration: 60) as DateInterval,
                record: { $0.when { $0.dateInterval(Match.any()) } }, call: { $0.dateInterval($1) })
        },
        WalkCase("Notification.Name") {
            try walk(
                Notification.Name("walk") as Notification.Name,
                record: { $0.when { $0.notificationName(Match.any()) } }, call: { $0.notificationName($1) })
        },
    ]

    @Test(arguments: cases)
    func matchAnyAloneCrossesExactly(_ walkCase: WalkCase) throws {
        try walkCase.check()
    }

    @Test func theWalkCoversAtLeastFortyTypes() {
        #expect(Self.cases.count >= 40)
    }
}
