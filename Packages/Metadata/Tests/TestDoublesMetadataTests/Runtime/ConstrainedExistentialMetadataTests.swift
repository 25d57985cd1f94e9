import Testing

@testable import TestDoublesMetadata

protocol ConstrainedPair<First, Second> {
    associatedtype First
    associatedtype Second
    func first() -> First
}

protocol ConstrainedObjectSource<Output>: AnyObject {
    associatedtype Output
    func next() -> Output
}

struct CountingPair: ConstrainedPair {
    func first() -> Int { 7 }
    typealias Second = String
}

final class CountingSource: ConstrainedObjectSource {
    func next() -> Int { 3 }
}

/// A `CountingPair` cast to `T` (the built existential) and boxed in `Any`.
private func boxCountingPair<T>(_ type: T.Type) -> Any? {
    (CountingPair() as? T).map { $0 as Any }
}

/// `CountingPair` boxed as a value of the existential `type`, read back as `any ConstrainedPair<Int, String>`.
private func firstThroughExistential(_ type: Any.Type) -> Int? {
    let boxed = _openExistential(type, do: boxCountingPair)
    let pair = boxed as? any ConstrainedPair<Int, String>
    return pair?.first()
}

/// Constrained existentials decoded from their mangled names and built as
/// runtime metadata: the same metadata the compiler's code uses, with the
/// size, kind and casts of the real type.
@Suite struct ConstrainedExistentialMetadataTests {
    /// The names Swift 6.3.1's `_mangledTypeName` gives the types below; 6.0.3's runtime gives none
    /// for a constrained existential (it cannot print their names), so the tests read them from here.
    static let spelled: [ObjectIdentifier: String] = [
        ObjectIdentifier((any Clock<Duration>).self): "s5Clock_ps8DurationVABsAAPRts_XP",
        ObjectIdentifier((any Sequence<Int>).self): "ST_pSi7ElementSTRts_XP",
        ObjectIdentifier((any Collection<String>).self): "Sl_pSS7ElementSlRts_XP",
        ObjectIdentifier((any AsyncSequence<Int, any Error>).self): "Sci_pSi7ElementSciRts_s5Error_p7FailureSciRtsXP",
        ObjectIdentifier((any Sequence<[Int]>).self): "ST_pSaySiG7ElementSTRts_XP",
        ObjectIdentifier((any Collection<any Sequence<Int>>).self): "Sl_pST_pSi7ElementSTRts_XPAASlRts_XP",
        ObjectIdentifier((any ConstrainedPair<Int, String>).self):
            "24TestDoublesMetadataTests15ConstrainedPair_pSi5FirstAaBPRts_SS6SecondADRtsXP",
        ObjectIdentifier((any ConstrainedObjectSource<Int>).self):
            "24TestDoublesMetadataTests23ConstrainedObjectSource_pSi6OutputAaBPRts_XP",
        ObjectIdentifier((any Sequence<Int>)?.self): "ST_pSi7ElementSTRts_XPSg",
        ObjectIdentifier([any Collection<String>].self): "SaySl_pSS7ElementSlRts_XPG",
        ObjectIdentifier(((any Sequence<Int>) -> Int).self): "SiST_pSi7ElementSTRts_XPc",
    ]

    /// The mangled name of `type`, as the runtime spells it where it can.
    func mangledName(_ type: Any.Type) throws -> String {
        try #require(_mangledTypeName(type) ?? Self.spelled[ObjectIdentifier(type)])
    }

    /// The type a mangled name (as `_mangledTypeName` spells it) decodes and resolves to.
    func resolve(_ type: Any.Type) throws -> Any.Type {
        let demangled = try DemangledType(mangledName: try mangledName(type))
        return try demangled.runtimeType().get()
    }

    @Test func clockOfDurationIsTheRuntimesOwnMetadata() throws {
        let name = try mangledName((any Clock<Duration>).self)
        #expect(name == "s5Clock_ps8DurationVABsAAPRts_XP")
        let demangled = try DemangledType(mangledName: name)
        #expect(demangled.description == "any Swift.Clock<Swift.Duration>")
        let built = try demangled.runtimeType().get()
        #expect(TypeMetadata(built).kind == .extendedExistential)
        // The shape is spelled as the compiler spells it (`s5Clock_px8DurationsAAPRts_XP`), and the
        // runtime uniques non-unique shapes by that spelling: the metadata is the compiler's own.
        #expect(ObjectIdentifier(built) == ObjectIdentifier((any Clock<Duration>).self))
        #expect(TypeMetadata(built).valueWitnesses.size == 40)
        #expect(
            TypeMetadata(built).valueWitnesses.flags == TypeMetadata((any Clock<Duration>).self).valueWitnesses.flags)
    }

    /// Standard library protocols are spelled by standard substitutions: the shape is the compiler's own.
    @Test func standardLibraryProtocolsShareTheCompilersMetadata() throws {
        let types: [Any.Type] = [
            (any Sequence<Int>).self, (any Collection<String>).self, (any AsyncSequence<Int, any Error>).self,
            (any Sequence<[Int]>).self, (any Collection<any Sequence<Int>>).self,
        ]
        for type in types {
            let built = try resolve(type)
            #expect(ObjectIdentifier(built) == ObjectIdentifier(type), "\(type)")
        }
    }

    @Test func userProtocolsHaveTheSameLayout() throws {
        let types: [Any.Type] = [(any ConstrainedPair<Int, String>).self, (any ConstrainedObjectSource<Int>).self]
        for type in types {
            let built = try resolve(type)
            #expect(TypeMetadata(built).kind == .extendedExistential)
            #expect(TypeMetadata(built).valueWitnesses.size == TypeMetadata(type).valueWitnesses.size, "\(type)")
            #expect(TypeMetadata(built).valueWitnesses.flags == TypeMetadata(type).valueWitnesses.flags, "\(type)")
            #expect(ObjectIdentifier(built) == ObjectIdentifier(type), "\(type)")
        }
    }

    @Test func typesHoldingConstrainedExistentials() throws {
        let types: [Any.Type] = [
            (any Sequence<Int>)?.self, [any Collection<String>].self, ((any Sequence<Int>) -> Int).self,
        ]
        for type in types {
            let built = try resolve(type)
            #expect(ObjectIdentifier(built) == ObjectIdentifier(type), "\(type)")
        }
    }

    @Test func valuesCastThroughTheBuiltMetadata() throws {
        let built = try resolve((any ConstrainedPair<Int, String>).self)
        #expect(firstThroughExistential(built) == 7)
        #expect(!(CountingPair() is any ConstrainedPair<String, String>))
    }

    @Test func shapeNamesAreTheCompilers() {
        #expect(
            ShapeNameMangler.spelling(
                protocolName: "Clock", module: "Swift", isClassBound: false, associatedTypes: ["Duration"])
                == "s5Clock_px8DurationsAAPRts_XP")
        #expect(
            ShapeNameMangler.spelling(
                protocolName: "PA", module: "b", isClassBound: false, associatedTypes: ["A", "B"])
                == "1b2PA_px1AAaBPRts_q_1BADRtsXP")
        #expect(
            ShapeNameMangler.spelling(
                protocolName: "Sequence", module: "Swift", isClassBound: true, associatedTypes: ["Element"])
                == "ST_Xlx7ElementSTRts_XP")
        // `Item` is a word of `ItemStore`: the compiler substitutes it, this spelling does not try.
        #expect(
            ShapeNameMangler.spelling(
                protocolName: "ItemStore", module: "App", isClassBound: false, associatedTypes: ["Item"]) == nil)
    }

    @Test func classBoundIsTwoWords() throws {
        let built = try resolve((any ConstrainedObjectSource<Int>).self)
        #expect(TypeMetadata(built).valueWitnesses.size == 16)
    }

    #if compiler(>=6.1)
    @Test func compositionWithAnyObject() throws {
        let type = (any Sequence<Int> & AnyObject).self
        let built = try resolve(type)
        #expect(TypeMetadata(built).valueWitnesses.size == 16)
        #expect(ObjectIdentifier(built) == ObjectIdentifier(type))
    }
    #endif
}
