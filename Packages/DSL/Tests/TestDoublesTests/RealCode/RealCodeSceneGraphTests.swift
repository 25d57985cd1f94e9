import Foundation
import TestDoubles
import Testing

// A scene graph's editing API as a design tool writes it: a node's transform
// as a settable property of a 7-word struct that callers mutate in place,
// typed errors whose payload is a wide struct, results that are `Result`s of
// wide structs, optional vectors, shapes as an enum mixing vector, array and
// indirect payloads, closures that take and return wide structs, and a layout
// pass with more arguments than registers (vectors, doubles, narrow integers).

struct SGTransform: Equatable, Sendable {
    var tx: Double
    var ty: Double
    var scale: Float
    var rotation: Float
    var flipped: Bool
    var z: Int8
    var skew: Double
    var opacity: Float
    var hidden: Bool
    var revision: Int
}

struct SGConflict: Error, Equatable {
    var node: Int
    var theirs: SGTransform
    var reason: String
}

indirect enum SGShape: Equatable, Sendable {
    case circle(radius: Float)
    case rect(SIMD4<Float>)
    case path([SIMD2<Float>], closed: Bool)
    case group([SGShape], clip: SGShape?)
    case empty
}

protocol SGSceneEditor: Sendable {
    var selection: SGTransform { get set }
    func commit(_ transform: SGTransform, node: Int) throws(SGConflict) -> Int
    func snapshot(_ node: Int) async -> Result<SGTransform, SGConflict>
    func tint(of node: Int) -> SIMD4<Float>?
    func outline(_ shape: SGShape) -> SGShape
    func onChange(_ observer: @escaping @Sendable (SGTransform, Int) -> Bool)
    func projector() -> @Sendable (SIMD4<Float>) -> SGTransform
    func layout(
        _ frame: SGTransform, _ color: SIMD4<Float>, _ stroke: SIMD4<Float>, width: Double, height: Double,
        inset: Float, grid: Int8, snap: Bool, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double,
        tag: Int16, weight: UInt8
    ) async throws -> (Float, Int8, Double, Bool)
}

/// The document model's own editor.
final class SGDocumentEditor: SGSceneEditor, @unchecked Sendable {
    private let lock = NSLock()
    private var stored = SGTransform.identity
    private var observers: [@Sendable (SGTransform, Int) -> Bool] = []

    var selection: SGTransform {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func commit(_ transform: SGTransform, node: Int) throws(SGConflict) -> Int {
        guard transform.revision >= selection.revision else {
            throw SGConflict(node: node, theirs: selection, reason: "stale revision \(transform.revision)")
        }
        selection = transform
        let notified = lock.withLock { observers }.filter { $0(transform, node) }.count
        return transform.revision + 1 + notified * 100
    }
    func snapshot(_ node: Int) async -> Result<SGTransform, SGConflict> {
        node >= 0 ? .success(selection) : .failure(SGConflict(node: node, theirs: .identity, reason: "no node"))
    }
    func tint(of node: Int) -> SIMD4<Float>? { node == 0 ? nil : SIMD4(Float(node), 0.5, 0.25, 1) }
    func outline(_ shape: SGShape) -> SGShape {
        switch shape {
        case .circle(let radius): .rect(SIMD4(-radius, -radius, radius, radius))
        case .rect: shape
        case .path(let points, _): .path(points, closed: true)
        case .group(let shapes, let clip): .group(shapes.map(outline), clip: clip.map(outline))
        case .empty: .empty
        }
    }
    func onChange(_ observer: @escaping @Sendable (SGTransform, Int) -> Bool) {
        lock.withLock { observers.append(observer) }
    }
    func projector() -> @Sendable (SIMD4<Float>) -> SGTransform {
        { point in
            var transform = SGTransform.identity
            transform.tx = Double(point.x)
            transform.ty = Double(point.y)
            transform.scale = point.z
            transform.rotation = point.w
            return transform
        }
    }
    func layout(
        _ frame: SGTransform, _ color: SIMD4<Float>, _ stroke: SIMD4<Float>, width: Double, height: Double,
        inset: Float, grid: Int8, snap: Bool, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double,
        tag: Int16, weight: UInt8
    ) async throws -> (Float, Int8, Double, Bool) {
        let sum = a + b + c + d + e + f + width + height + frame.tx
        return (
            color.x + stroke.w + inset + frame.scale, grid &+ frame.z, sum + Double(tag) + Double(weight),
            snap != frame.hidden
        )
    }
}

extension SGTransform {
    static let identity = SGTransform(
        tx: 0, ty: 0, scale: 1, rotation: 0, flipped: false, z: 0, skew: 0, opacity: 1, hidden: false, revision: 0)
    static let moved = SGTransform(
        tx: 120.5, ty: -64.25, scale: 1.25, rotation: 0.5, flipped: true, z: -4, skew: 0.125, opacity: 0.75,
        hidden: false, revision: 7)
}

@Suite struct RealCodeSceneGraphTests {
    @Test func aWideSettablePropertyIsMutatedInPlaceThroughModify() throws {
        let editor = try Stub<any SGSceneEditor>()
        editor.when { $0.selection }.thenReturn(SGTransform.moved)
        let sets = editor.when { $0.selection = Match.any() }
        sets.thenDoNothing()
        var sut = editor()
        sut.selection.scale *= 2
        sut.selection.z -= 3
        #expect(sut.selection == .moved)
        let written: [SGTransform] = sets.arguments()
        var first = SGTransform.moved
        first.scale = 2.5
        var second = SGTransform.moved
        second.z = -7
        #expect(written == [first, second])

        var spied: any SGSceneEditor = try Spy<any SGSceneEditor>(forwardingTo: SGDocumentEditor())()
        spied.selection.tx += 10.5
        spied.selection.hidden.toggle()
        #expect(spied.selection.tx == 10.5)
        #expect(spied.selection.hidden)
        #expect(spied.selection.opacity == 1)
    }

    @Test func aTypedErrorWithAWideStructPayloadReachesTheCaller() throws {
        let editor = try Stub<any SGSceneEditor>()
        let conflict = SGConflict(node: 3, theirs: .moved, reason: "edited elsewhere")
        editor.when { try $0.commit(Match.any(), node: Match.equal(3)) }.thenThrow(conflict)
        editor.when { try $0.commit(Match.any(), node: Match.any()) }.then { (transform: SGTransform, node: Int) in
            transform.revision * 10 + node
        }
        let sut = editor()
        #expect(try sut.commit(.moved, node: 2) == 72)
        do {
            _ = try sut.commit(.identity, node: 3)
            Issue.record("no error")
        } catch {
            #expect(error == conflict)
        }
        let spy = try Spy<any SGSceneEditor>(forwardingTo: SGDocumentEditor())
        #expect(try spy().commit(.moved, node: 1) == 8)
        do {
            _ = try spy().commit(.identity, node: 9)
            Issue.record("no error")
        } catch {
            #expect(error == SGConflict(node: 9, theirs: .moved, reason: "stale revision 0"))
        }
    }

    @MainActor @Test func asyncResultsOfWideStructsAndOptionalVectors() async throws {
        let editor = try Stub<any SGSceneEditor>()
        await editor.when { await $0.snapshot(Match.lessThan(0)) }.then { (node: Int) in
            .failure(SGConflict(node: node, theirs: .identity, reason: "negative"))
        }
        await editor.when { await $0.snapshot(Match.any()) }.then { (node: Int) in
            var transform = SGTransform.moved
            transform.revision = node
            return .success(transform)
        }
        editor.when { $0.tint(of: 0) }.thenReturn(nil)
        editor.when { $0.tint(of: Match.any()) }.then { (node: Int) in SIMD4(Float(node), -1.5, 2.25, 0.125) }
        let sut = editor()
        var expected = SGTransform.moved
        expected.revision = 12
        #expect(await sut.snapshot(12) == .success(expected))
        #expect(await sut.snapshot(-2) == .failure(SGConflict(node: -2, theirs: .identity, reason: "negative")))
        #expect(sut.tint(of: 0) == nil)
        #expect(sut.tint(of: 6) == SIMD4(6, -1.5, 2.25, 0.125))

        let spy = try Spy<any SGSceneEditor>(forwardingTo: SGDocumentEditor())
        #expect(await spy().snapshot(1) == .success(.identity))
        #expect(await spy().snapshot(-1) == .failure(SGConflict(node: -1, theirs: .identity, reason: "no node")))
        #expect(spy().tint(of: 0) == nil)
        #expect(spy().tint(of: 3) == SIMD4(3, 0.5, 0.25, 1))
    }

    @Test func shapesWithVectorArrayAndIndirectPayloads() throws {
        let editor = try Stub<any SGSceneEditor>()
        let outlines = editor.when { $0.outline(Match.any()) }
        outlines.then { (shape: SGShape) in .group([shape, .empty], clip: .circle(radius: 2.5)) }
        let path = SGShape.path([SIMD2(0, 0), SIMD2(1.5, -2), SIMD2(-3.25, 4)], closed: false)
        let nested = SGShape.group([.rect(SIMD4(1, 2, 3, 4)), path], clip: .group([.circle(radius: 0.5)], clip: nil))
        #expect(editor().outline(nested) == .group([nested, .empty], clip: .circle(radius: 2.5)))
        #expect(
            editor().outline(.circle(radius: 1)) == .group([.circle(radius: 1), .empty], clip: .circle(radius: 2.5)))
        let seen: [SGShape] = outlines.arguments()
        #expect(seen == [nested, .circle(radius: 1)])

        let spy = try Spy<any SGSceneEditor>(forwardingTo: SGDocumentEditor())
        #expect(
            spy().outline(nested)
                == .group(
                    [.rect(SIMD4(1, 2, 3, 4)), .path([SIMD2(0, 0), SIMD2(1.5, -2), SIMD2(-3.25, 4)], closed: true)],
                    clip: .group([.rect(SIMD4(-0.5, -0.5, 0.5, 0.5))], clip: nil)))
    }

    @Test func closuresThatTakeAndReturnWideStructs() throws {
        let editor = try Stub<any SGSceneEditor>()
        let observer = CallbackCapture<@Sendable (SGTransform, Int) -> Bool>()
        editor.when { $0.onChange(observer.capture(using: { _, _ in false })) }.thenDoNothing()
        editor.when { $0.projector() }.thenReturn { @Sendable point in
            var transform = SGTransform.moved
            transform.opacity = point.w
            transform.skew = Double(point.x + point.y)
            return transform
        }
        let seen = SGSeen()
        editor().onChange { transform, node in
            seen.append("\(node):\(transform.tx):\(transform.z):\(transform.opacity):\(transform.hidden)")
            return node > 0
        }
        #expect(observer.last?(.moved, 5) == true)
        #expect(observer.last?(.identity, -1) == false)
        #expect(seen.values == ["5:120.5:-4:0.75:false", "-1:0.0:0:1.0:false"])
        let project = editor().projector()
        let projected = project(SIMD4(1.5, 2.25, 0, 0.5))
        #expect(projected.opacity == 0.5)
        #expect(projected.skew == 3.75)
        #expect(projected.revision == 7)

        let real = SGDocumentEditor()
        let spy = try Spy<any SGSceneEditor>(forwardingTo: real)
        spy().onChange { transform, node in
            seen.append("real \(node) \(transform.revision)")
            return true
        }
        #expect(try real.commit(.moved, node: 4) == 108)
        #expect(
            spy().projector()(SIMD4(3, -4, 2, 0.25))
                == SGTransform(
                    tx: 3, ty: -4, scale: 2, rotation: 0.25, flipped: false, z: 0, skew: 0, opacity: 1, hidden: false,
                    revision: 0))
        #expect(seen.values.last == "real 4 7")
    }

    @MainActor @Test func anAsyncLayoutWithMoreArgumentsThanRegisters() async throws {
        let editor = try Stub<any SGSceneEditor>()
        let layouts = await editor.when {
            try await $0.layout(
                Match.any(), Match.any(), Match.any(), width: Match.any(), height: Match.any(), inset: Match.any(),
                grid: Match.any(), snap: Match.any(), a: Match.any(), b: Match.any(), c: Match.any(), d: Match.any(),
                e: Match.any(), f: Match.any(), tag: Match.any(), weight: Match.any())
        }
        layouts.thenReturn((-2.5, -128, 1e300, true))
        let color = SIMD4<Float>(0.5, 0.25, 0.125, 1)
        let stroke = SIMD4<Float>(-1, -2, -3, -4)
        let answer = try await editor().layout(
            .moved, color, stroke, width: 320, height: 480, inset: 8.5, grid: -12, snap: true, a: 1, b: 2, c: 3,
            d: 4, e: 5, f: 6.5, tag: -300, weight: 250)
        #expect(answer.0 == -2.5)
        #expect(answer.1 == -128)
        #expect(answer.2 == 1e300)
        #expect(answer.3 == true)
        let history = editor.history.description
        #expect(history.contains("width: 320.0, height: 480.0, inset: 8.5, grid: -12, snap: true"))
        #expect(history.contains("a: 1.0, b: 2.0, c: 3.0, d: 4.0, e: 5.0, f: 6.5, tag: -300, weight: 250"))
        let heads: [(SGTransform, SIMD4<Float>, SIMD4<Float>, Double, Double, Float, Int8, Bool)] = layouts.arguments()
        #expect(heads.count == 1)
        #expect(heads.first?.0 == .moved)
        #expect(heads.first?.1 == color)
        #expect(heads.first?.2 == stroke)
        #expect(heads.first?.3 == 320)
        #expect(heads.first?.4 == 480)
        #expect(heads.first?.5 == 8.5)
        #expect(heads.first?.6 == -12)
        #expect(heads.first?.7 == true)

        let spy = try Spy<any SGSceneEditor>(forwardingTo: SGDocumentEditor())
        let real = try await spy().layout(
            .moved, color, stroke, width: 320, height: 480, inset: 8.5, grid: -12, snap: true, a: 1, b: 2, c: 3,
            d: 4, e: 5, f: 6.5, tag: -300, weight: 250)
        #expect(real.0 == 6.25)  // 0.5 - 4 + 8.5 + 1.25 (spelled out, Swift 6.0.3 times out)
        #expect(real.1 == -16)
        #expect(real.2 == 892)  // 21.5 + 800 + 120.5 - 300 + 250
        #expect(real.3 == true)
    }
}

final class SGSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}
