import Synchronization
import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

protocol MetatypeShapes {
    func thin(_ before: Int, _ type: Int.Type, _ after: Int) -> Int.Type
    func optional(_ type: Int8.Type?) -> Int8.Type?
    func spilled(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int, _ type: String.Type?,
        _ last: Int
    ) -> Int
    func thick(_ type: Token.Type?, _ any: Any.Type) -> Token.Type?
}

/// Thin metatypes travel as nothing and optional thin metatypes as one tag
/// byte (0 for the metatype, 1 for nil), while their memory forms are a
/// metadata word: the frame materializes both forms exactly.
@Suite struct ThinMetatypeTransportTests {
    @Test func thinAndOptionalThinMetatypesCrossBothWays() throws {
        let thin = try Placement([Int.self, Int.Type.self, Int.self], result: Int.Type.self)
        let optional = try Placement([Int8.Type?.self], result: Int8.Type?.self)
        let spilled = try Placement(
            Array(repeating: Int.self, count: 8) + [String.Type?.self, Int.self], result: Int.self)
        let thick = try Placement([Token.Type?.self, Any.Type.self], result: Token.Type?.self)
        #expect(thin.arguments[1] == .empty)
        #expect(thin.result == .empty)
        let received = Mutex<[String]>([])
        let (shapes, _) = try fabricate((any MetatypeShapes).self) { frame in
            func note(_ value: Any) { received.withLock { $0.append(String(describing: value)) } }
            switch frame.slot {
            case 0:
                let type = frame.argument(ofType: Int.Type.self, at: thin.arguments[1])
                note(type)
                #expect(frame.argument(Int.self, at: thin.arguments[0]) == 3)
                #expect(frame.argument(Int.self, at: thin.arguments[2]) == 4)
                frame.setResult(Int.self, at: thin.result)
            case 1:
                let type = frame.argument(Int8.Type?.self, at: optional.arguments[0])
                note(type as Any)
                frame.setResult(type == nil ? Int8.self : nil, at: optional.result)
            case 2:
                let type = frame.argument(String.Type?.self, at: spilled.arguments[8])
                note(type as Any)
                frame.setResult(frame.argument(Int.self, at: spilled.arguments[9]), at: spilled.result)
            case 3:
                let type = frame.argument(Token.Type?.self, at: thick.arguments[0])
                note(type as Any)
                note(frame.argument(Any.Type.self, at: thick.arguments[1]))
                frame.setResult(type, at: thick.result)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }
        #expect(shapes.thin(3, Int.self, 4) == Int.self)
        #expect(shapes.optional(Int8.self) == nil)
        #expect(shapes.optional(nil) == Int8.self)
        #expect(shapes.spilled(1, 2, 3, 4, 5, 6, 7, 8, String.self, 99) == 99)
        #expect(shapes.spilled(1, 2, 3, 4, 5, 6, 7, 8, nil, 98) == 98)
        #expect(shapes.thick(Token.self, Double.self) == Token.self)
        #expect(shapes.thick(nil, Double.self) == nil)
        #expect(
            received.withLock { $0 } == [
                "Int", "Optional(Swift.Int8)", "nil", "Optional(Swift.String)", "nil",
                "Optional(TestDoublesTrampolinesTests.Token)", "Double", "nil", "Double",
            ])
    }
}

protocol MetatypeHolder {
    var type: Int16.Type? { get set }
}

/// A `_modify` access to an optional thin metatype works on its one-byte form.
@Suite struct ThinMetatypeModifyTests {
    @Test func modifyYieldsTheTagByteAndRebuildsTheValue() throws {
        let kinds = try ProtocolProbe.requirementKinds(of: (any MetatypeHolder).self)
        #expect(kinds == [.getter, .setter, .modifyCoroutine])
        let getter = try Placement([], result: Int16.Type?.self)
        let setter = try Placement([Int16.Type?.self])
        // Whether the property holds Int16.self. (Not a Mutex<Int16.Type?>: its raw
        // storage takes the one-byte thin layout, while generic code writes a word.)
        let stored = Mutex(false)
        let finals = Mutex<[String]>([])
        var holder = try fabricate((any MetatypeHolder).self) { frame in
            switch frame.slot {
            case 0: frame.setResult(stored.withLock { $0 } ? Int16.self : nil, at: getter.result)
            case 1:
                let value = frame.argument(Int16.Type?.self, at: setter.arguments[0], ownership: .owned)
                stored.withLock { $0 = value != nil }
            case 2:
                let start: Int16.Type? = stored.withLock { $0 } ? Int16.self : nil
                frame.yieldForModify(start) { (value: Int16.Type?, _) in
                    finals.withLock { $0.append(String(describing: value)) }
                    stored.withLock { $0 = value != nil }
                }
            default: Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
        func toggle(_ type: inout Int16.Type?) { type = type == nil ? Int16.self : nil }
        toggle(&holder.type)
        #expect(holder.type == Int16.self)
        toggle(&holder.type)
        #expect(holder.type == nil)
        holder.type = Int16.self
        #expect(stored.withLock { $0 })
        #expect(finals.withLock { $0 } == ["Optional(Swift.Int16)", "nil"])
    }
}

/// A closure stored in a non-generic struct has the concrete convention: its
/// thin metatype parameters and results travel thin.
struct MetatypeMapperHolder { var function: (Int8.Type?, Int.Type, Int) -> String.Type? }
struct ThinResultHolder { var function: (Int) -> Int.Type }

/// Closures with thin and optional thin metatypes cross both bridge directions.
@Suite struct ThinMetatypeClosureTests {
    typealias Mapper = (Int8.Type?, Int.Type, Int) -> String.Type?

    @Test func metatypeParametersAndResultsCrossBothDirections() throws {
        let original: Mapper = { type, _, count in type == nil && count > 0 ? String.self : nil }
        let direct = holder(
            MetatypeMapperHolder.self, from: try FunctionBridge.thickFunction(for: original, ofType: Mapper.self))
        #expect(direct.function(nil, Int.self, 1) == String.self)
        #expect(direct.function(Int8.self, Int.self, 1) == nil)
        let (entry, context) = thickWords(of: direct)
        let bridged = try withExtendedLifetime(direct) {
            try FunctionBridge.closure(ofType: Mapper.self, entry: entry, context: context)
        }
        let call = try #require(bridged as? Mapper)
        #expect(call(nil, Int.self, 2) == String.self)
        #expect(call(Int8.self, Int.self, 2) == nil)
        #expect(call(nil, Int.self, 0) == nil)

        let thin: (Int) -> Int.Type = { _ in Int.self }
        let thinDirect = holder(
            ThinResultHolder.self, from: try FunctionBridge.thickFunction(for: thin, ofType: ((Int) -> Int.Type).self))
        #expect(thinDirect.function(3) == Int.self)
        let (thinEntry, thinContext) = thickWords(of: thinDirect)
        let thinBridged = try withExtendedLifetime(thinDirect) {
            try FunctionBridge.closure(ofType: ((Int) -> Int.Type).self, entry: thinEntry, context: thinContext)
        }
        let thinCall = try #require(thinBridged as? (Int) -> Int.Type)
        let thinResult = thinCall(4)
        #expect(thinResult == Int.self)
    }
}
