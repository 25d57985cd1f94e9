import Foundation
import TestDoubles
import Testing

final class RVOwner: Sendable { let id: Int; init(id: Int) { self.id = id } }
struct RVWeakHolder { weak var owner: RVOwner?; var tag: Int }
struct RVUnownedHolder { unowned let owner: RVOwner; var tag: Int }
indirect enum RVTree: Equatable { case leaf(Int); case node(RVTree, RVTree) }
enum RVMixed: Equatable { case f(Float); case i(Int); case s(String); case none }

protocol RareValueService {
    func half(_ value: Float16, _ other: Float16) -> Float16
    func halfAsync(_ value: Float16) async -> Float16
    func simd3(_ v: SIMD3<Float>, _ w: SIMD3<Double>) -> SIMD3<Float>
    func weakHolder(_ h: RVWeakHolder) -> RVWeakHolder
    func unownedHolder(_ h: RVUnownedHolder) -> Int
    func tree(_ t: RVTree) -> RVTree
    func mixed(_ m: RVMixed, _ n: RVMixed) -> RVMixed
    func staticString(_ s: StaticString) -> Int
    func scalar(_ u: Unicode.Scalar, _ c: Character) -> Unicode.Scalar
    func pointer(_ p: UnsafePointer<Int>, _ b: UnsafeBufferPointer<UInt8>) -> Int
    func opaque(_ p: OpaquePointer?) -> OpaquePointer?
    func slice(_ s: ArraySlice<Int>, _ r: ClosedRange<Int>) -> ArraySlice<Int>
    func keyPath(_ k: KeyPath<RVWeakHolder, Int>) -> WritableKeyPath<RVWeakHolder, Int>
    func objectID(_ o: ObjectIdentifier) -> ObjectIdentifier
    func tuple5() -> (Int, String, Double, Bool, Int8)
    func nested(_ x: Int??, _ y: String??) -> Int??
    func smalls(_ a: Int8, _ b: UInt16, _ c: Bool, _ d: Int8?, _ e: UInt8?) -> UInt16?
    func mixedAsync(_ m: RVMixed, _ t: RVTree) async throws -> RVMixed
}

struct LiveRareValueService: RareValueService {
    func half(_ value: Float16, _ other: Float16) -> Float16 { value + other }
    func halfAsync(_ value: Float16) async -> Float16 { value }
    func simd3(_ v: SIMD3<Float>, _ w: SIMD3<Double>) -> SIMD3<Float> { v }
    func weakHolder(_ h: RVWeakHolder) -> RVWeakHolder { h }
    func unownedHolder(_ h: RVUnownedHolder) -> Int { h.tag }
    func tree(_ t: RVTree) -> RVTree { t }
    func mixed(_ m: RVMixed, _ n: RVMixed) -> RVMixed { m }
    func staticString(_ s: StaticString) -> Int { s.utf8CodeUnitCount }
    func scalar(_ u: Unicode.Scalar, _ c: Character) -> Unicode.Scalar { u }
    func pointer(_ p: UnsafePointer<Int>, _ b: UnsafeBufferPointer<UInt8>) -> Int { p.pointee }
    func opaque(_ p: OpaquePointer?) -> OpaquePointer? { p }
    func slice(_ s: ArraySlice<Int>, _ r: ClosedRange<Int>) -> ArraySlice<Int> { s }
    func keyPath(_ k: KeyPath<RVWeakHolder, Int>) -> WritableKeyPath<RVWeakHolder, Int> { \.tag }
    func objectID(_ o: ObjectIdentifier) -> ObjectIdentifier { o }
    func tuple5() -> (Int, String, Double, Bool, Int8) { (1, "a", 2, true, 3) }
    func nested(_ x: Int??, _ y: String??) -> Int?? { x }
    func smalls(_ a: Int8, _ b: UInt16, _ c: Bool, _ d: Int8?, _ e: UInt8?) -> UInt16? { b }
    func mixedAsync(_ m: RVMixed, _ t: RVTree) async throws -> RVMixed { m }
}

/// Standard-library and language values no other suite or lab family sends through a double: `Float16`,
/// `SIMD3` (padded), structs holding `weak` and `unowned` references (address-only), an `indirect`
/// enum, a multi-payload enum mixing float, integer and string payloads, `StaticString`,
/// `Unicode.Scalar` and `Character`, typed and buffer pointers, `OpaquePointer?`, `ArraySlice` and
/// `ClosedRange`, key paths, `ObjectIdentifier`, a five-element tuple result, doubly optional values
/// and small integers packed beside optionals. Each arrives exactly in the handler, and a Spy hands
/// each to the real conformer exactly.
@Suite struct RareValueShapeTests {
    @Test func stubHandlersReceiveAndAnswerEveryValueExactly() async throws {
        let stub = try Stub<any RareValueService>()
        let p = stub()
        stub.when { $0.half(Match.any(), Match.any()) }.then { (a: Float16, b: Float16) in a * b }
        #expect(p.half(1.5, 2) == 3)
        await stub.when { await $0.halfAsync(Match.any()) }.then { (a: Float16) in a + 1 }
        #expect(await p.halfAsync(2.5) == 3.5)
        stub.when { $0.simd3(Match.any(), Match.any()) }.then { (v: SIMD3<Float>, w: SIMD3<Double>) in
            SIMD3<Float>(v.x + Float(w.x), v.y + Float(w.y), v.z + Float(w.z))
        }
        #expect(p.simd3(SIMD3(1, 2, 3), SIMD3(10, 20, 30)) == SIMD3(11, 22, 33))
        let owner = RVOwner(id: 7)
        stub.when { $0.weakHolder(Match.any()) }.then { (h: RVWeakHolder) in
            RVWeakHolder(owner: h.owner, tag: h.tag + 1)
        }
        let got = p.weakHolder(RVWeakHolder(owner: owner, tag: 4))
        #expect(got.owner === owner)
        #expect(got.tag == 5)
        stub.when { $0.unownedHolder(Match.any(using: RVUnownedHolder(owner: owner, tag: 0))) }.then {
            (h: RVUnownedHolder) in h.owner.id * 100 + h.tag
        }
        #expect(p.unownedHolder(RVUnownedHolder(owner: owner, tag: 3)) == 703)
        let t = RVTree.node(.leaf(1), .node(.leaf(2), .leaf(3)))
        stub.when { $0.tree(Match.any()) }.then { (t: RVTree) in .node(t, .leaf(9)) }
        #expect(p.tree(t) == .node(t, .leaf(9)))
        stub.when { $0.mixed(Match.any(), Match.any()) }.then { (m: RVMixed, n: RVMixed) in
            if case .f(let f) = m, case .i(let i) = n { return .s("\(f)/\(i)") }
            return n
        }
        #expect(p.mixed(.f(1.5), .i(-3)) == .s("1.5/-3"))
        #expect(p.mixed(.none, .s("x")) == .s("x"))
        stub.when { $0.staticString(Match.any()) }.then { (s: StaticString) in s.utf8CodeUnitCount * 2 }
        #expect(p.staticString("hello") == 10)
        stub.when { $0.scalar(Match.any(), Match.any()) }.then { (u: Unicode.Scalar, c: Character) in
            Unicode.Scalar(u.value + UInt32(String(c).unicodeScalars.first!.value))!
        }
        #expect(p.scalar("A", "\u{1}") == "B")
        var value = 41
        let bytes: [UInt8] = [1, 2, 3]
        let dummy = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        stub.when { $0.pointer(Match.any(using: UnsafePointer(dummy)), Match.any()) }.then {
            (ptr: UnsafePointer<Int>, b: UnsafeBufferPointer<UInt8>) in
            ptr.pointee + b.reduce(0) { $0 + Int($1) }
        }
        let r = withUnsafePointer(to: &value) { ptr in bytes.withUnsafeBufferPointer { p.pointer(ptr, $0) } }
        #expect(r == 47)
        let op = OpaquePointer(bitPattern: 0x1234)
        stub.when { $0.opaque(Match.any()) }.then { (o: OpaquePointer?) in o }
        #expect(p.opaque(op) == op)
        #expect(p.opaque(nil) == nil)
        stub.when { $0.slice(Match.any(), Match.any()) }.then { (s: ArraySlice<Int>, r: ClosedRange<Int>) in s[r] }
        let arr = Array(0..<10)
        #expect(Array(p.slice(arr[2...8], 3...5)) == [3, 4, 5])
        stub.when { $0.keyPath(Match.any(using: \RVWeakHolder.tag)) }.then { (k: KeyPath<RVWeakHolder, Int>) in
            \RVWeakHolder.tag
        }
        #expect(p.keyPath(\.tag) == \RVWeakHolder.tag)
        let oid = ObjectIdentifier(owner)
        stub.when { $0.objectID(Match.any()) }.then { (o: ObjectIdentifier) in o }
        #expect(p.objectID(oid) == oid)
        stub.when { $0.tuple5() }.thenReturn((5, "five", 5.5, false, -5))
        let t5 = p.tuple5()
        #expect(t5.0 == 5 && t5.1 == "five" && t5.2 == 5.5 && t5.3 == false && t5.4 == -5)
        stub.when { $0.nested(Match.any(), Match.any()) }.then { (x: Int??, y: String??) -> Int?? in
            switch (x, y) {
            case (.some(.some(let v)), .some(.some(let s))): return .some(.some(v + s.count))
            case (.some(.none), _): return .some(.none)
            default: return .none
            }
        }
        #expect(p.nested(.some(.some(3)), .some(.some("ab"))) == .some(.some(5)))
        #expect(p.nested(.some(.none), nil) == .some(.none))
        #expect(p.nested(nil, nil) == .none)
        stub.when { $0.smalls(Match.any(), Match.any(), Match.any(), Match.any(), Match.any()) }.then {
            (a: Int8, b: UInt16, c: Bool, d: Int8?, e: UInt8?) -> UInt16? in
            c ? UInt16(Int(a) + Int(b) + Int(d ?? 0) + Int(e ?? 0)) : nil
        }
        #expect(p.smalls(-1, 300, true, 5, 250) == 554)
        #expect(p.smalls(1, 2, true, nil, nil) == 3)
        #expect(p.smalls(1, 2, false, 1, 1) == nil)
        await stub.when { try await $0.mixedAsync(Match.any(), Match.any()) }.then { (m: RVMixed, t: RVTree) in
            if case .node = t { return m }
            return .none
        }
        #expect(try await p.mixedAsync(.f(2), t) == .f(2))
        #expect(try await p.mixedAsync(.i(2), .leaf(0)) == .none)
        dummy.deallocate()
    }

    @Test func aSpyForwardsEveryValueExactly() async throws {
        let owner = RVOwner(id: 7)
        let t = RVTree.node(.leaf(1), .node(.leaf(2), .leaf(3)))
        let spy = try Spy<any RareValueService>(forwardingTo: LiveRareValueService())
        #expect(spy().half(1, 2) == 3)
        #expect(spy().weakHolder(RVWeakHolder(owner: owner, tag: 1)).owner === owner)
        #expect(spy().unownedHolder(RVUnownedHolder(owner: owner, tag: 9)) == 9)
        #expect(spy().tree(t) == t)
        #expect(spy().mixed(.s("q"), .none) == .s("q"))
        #expect(spy().smalls(1, 2, true, 3, 4) == 2)
        #expect(spy().nested(.some(.none), nil) == .some(.none))
        #expect(try await spy().mixedAsync(.s("z"), t) == .s("z"))
    }
}
