import Foundation
import TestDoubles
import Testing

// A rendering engine's scene API as a graphics team writes it: camera and
// material structs of 6 to 12 words mixing `Double`, `Float`, `Bool` and
// `Int8`, `SIMD4<Float>` colors, tuples as arguments and results, optionals
// of those big structs (nested too), and a ledger of GPU budget entries whose
// enum payloads are `Int128`. The values are the ones a renderer hands to its
// backend; every test checks them field for field at the other side.

struct REShading: Equatable, Sendable {  // 4 words, mixed scalars
    var roughness: Float
    var metallic: Float
    var castsShadow: Bool
    var layer: Int8
    var emission: Double
    var mip: Int8
}

struct RECamera: Equatable, Sendable {  // 7 words
    var x: Double
    var y: Double
    var zoom: Float
    var rotation: Float
    var isLocked: Bool
    var layer: Int8
    var tilt: Double
    var fieldOfView: Float
    var visible: Bool
    var frame: Int
}

struct REMaterial: Equatable, Sendable {  // 12 words
    var tint: SIMD4<Float>
    var shading: REShading
    var uv: (u: Double, v: Double)
    var opacity: Float
    var twoSided: Bool
    var priority: Int8
    var name: String
    var scale: Double
    var hdr: Bool

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.tint == rhs.tint && lhs.shading == rhs.shading && lhs.uv == rhs.uv && lhs.opacity == rhs.opacity
            && lhs.twoSided == rhs.twoSided && lhs.priority == rhs.priority && lhs.name == rhs.name
            && lhs.scale == rhs.scale && lhs.hdr == rhs.hdr
    }
}

enum REBudgetEntry: Equatable, Sendable {
    case reserve(Int128)
    case release(UInt128, pool: Int8)
    case transfer(from: Int128, to: Int128, ratio: Float)
    case none
}

protocol RERenderBackend: Sendable {
    func submit(_ camera: RECamera, material: REMaterial) -> Int
    func bounds(of camera: RECamera) -> (min: SIMD4<Float>, max: SIMD4<Float>, empty: Bool)
    func clear(_ color: SIMD4<Float>, depth: Float, stencil: Int8) -> SIMD4<Float>
    func previous(_ frame: Int) -> RECamera?
    func cachedMaterial(_ name: String) -> REMaterial??
    func blend(_ pair: (roughness: Float, metallic: Float), into base: REShading, weight: Float) -> (REShading, Double)
    func account(_ entry: REBudgetEntry) -> REBudgetEntry
    func prepare(_ camera: RECamera) async throws -> REMaterial
    func shading(for material: REMaterial?) throws -> REShading
}

enum REBackendError: Error, Equatable { case deviceLost(code: Int8) }

/// The software backend the app links for tests on CI machines without a GPU.
final class RESoftwareBackend: RERenderBackend, @unchecked Sendable {
    func submit(_ camera: RECamera, material: REMaterial) -> Int {
        camera.frame * 10 + Int(material.priority)
    }
    func bounds(of camera: RECamera) -> (min: SIMD4<Float>, max: SIMD4<Float>, empty: Bool) {
        let center = SIMD4<Float>(Float(camera.x), Float(camera.y), 0, 1)
        return (center - SIMD4(repeating: camera.zoom), center + SIMD4(repeating: camera.zoom), !camera.visible)
    }
    func clear(_ color: SIMD4<Float>, depth: Float, stencil: Int8) -> SIMD4<Float> {
        color * depth + SIMD4(repeating: Float(stencil))
    }
    func previous(_ frame: Int) -> RECamera? {
        frame > 0 ? RECamera.sample(frame: frame - 1) : nil
    }
    func cachedMaterial(_ name: String) -> REMaterial?? {
        switch name {
        case "missing": return .none
        case "evicted": return .some(.none)
        default: return .some(.some(REMaterial.sample(name: name)))
        }
    }
    func blend(_ pair: (roughness: Float, metallic: Float), into base: REShading, weight: Float) -> (REShading, Double)
    {
        var mixed = base
        mixed.roughness = base.roughness * (1 - weight) + pair.roughness * weight
        mixed.metallic = pair.metallic
        return (mixed, Double(weight) * 2)
    }
    func account(_ entry: REBudgetEntry) -> REBudgetEntry {
        switch entry {
        case .reserve(let amount): return .release(UInt128(amount), pool: 1)
        case .release(let amount, let pool): return .reserve(Int128(amount) * Int128(pool))
        case .transfer(let from, let to, let ratio): return .transfer(from: to, to: from, ratio: 1 / ratio)
        case .none: return .none
        }
    }
    func prepare(_ camera: RECamera) async throws -> REMaterial {
        guard camera.visible else { throw REBackendError.deviceLost(code: camera.layer) }
        return REMaterial.sample(name: "frame-\(camera.frame)")
    }
    func shading(for material: REMaterial?) throws -> REShading {
        guard let material else { throw REBackendError.deviceLost(code: -1) }
        return material.shading
    }
}

extension RECamera {
    static func sample(frame: Int) -> RECamera {
        RECamera(
            x: 12.5, y: -3.25, zoom: 1.5, rotation: -0.75, isLocked: true, layer: -7, tilt: 0.125,
            fieldOfView: 60.5, visible: true, frame: frame)
    }
}

extension REMaterial {
    static func sample(name: String) -> REMaterial {
        REMaterial(
            tint: SIMD4(0.25, 0.5, 0.75, 1), shading: .glossy, uv: (u: 0.5, v: -1.5), opacity: 0.875,
            twoSided: true, priority: -3, name: name, scale: 2.5, hdr: false)
    }
}

extension REShading {
    static let glossy = REShading(
        roughness: 0.125, metallic: 0.875, castsShadow: true, layer: -2, emission: 3.5, mip: 5)
    static let matte = REShading(
        roughness: 0.875, metallic: 0, castsShadow: false, layer: 9, emission: -1.25, mip: -1)
}

/// A compositor's API that takes a pair of by-address structs as one tuple.
protocol RECompositor: Sendable {
    func blend(_ pair: (REShading, REShading), weight: Float) -> REShading
}

struct RESoftwareCompositor: RECompositor {
    func blend(_ pair: (REShading, REShading), weight: Float) -> REShading { weight < 0.5 ? pair.0 : pair.1 }
}

/// The code under test: a frame scheduler that talks to the backend.
@MainActor final class REFrameScheduler {
    let backend: any RERenderBackend
    private(set) var submitted: [Int] = []
    init(backend: any RERenderBackend) { self.backend = backend }

    func render(_ camera: RECamera, with material: REMaterial) -> Bool {
        let box = backend.bounds(of: camera)
        guard !box.empty else { return false }
        submitted.append(backend.submit(camera, material: material))
        return true
    }

    func materialName(for name: String) -> String {
        switch backend.cachedMaterial(name) {
        case .none: "none"
        case .some(.none): "evicted"
        case .some(.some(let material)): material.name
        }
    }
}

@Suite struct RealCodeRenderEngineTests {
    static let camera = RECamera.sample(frame: 41)
    static let material = REMaterial.sample(name: "brushed-steel")
    static let huge = Int128(Int64.min) * 3 - 17
    static let hugeUnsigned = UInt128(UInt64.max) << 40 | 0xABCD

    @MainActor @Test func sevenAndTwelveWordStructsArriveFieldForField() throws {
        let backend = try Stub<any RERenderBackend>()
        let submits = backend.when { $0.submit(Match.any(), material: Match.any()) }
        submits.then { (camera: RECamera, material: REMaterial) in camera.frame * 100 + Int(material.priority) }
        backend.when { $0.bounds(of: Match.any()) }.then { (camera: RECamera) in
            (
                SIMD4(Float(camera.x), Float(camera.y), camera.zoom, camera.rotation),
                SIMD4(camera.fieldOfView, Float(camera.tilt), 0, 1), !camera.visible
            )
        }

        let scheduler = REFrameScheduler(backend: backend())
        #expect(scheduler.render(Self.camera, with: Self.material))
        var hidden = Self.camera
        hidden.visible = false
        #expect(scheduler.render(hidden, with: Self.material) == false)

        #expect(scheduler.submitted == [41 * 100 - 3])
        let calls: [(RECamera, REMaterial)] = submits.arguments()
        #expect(calls.count == 1)
        #expect(calls.first?.0 == Self.camera)
        #expect(calls.first?.1 == Self.material)
        backend.verify(.exactly(2)) { $0.bounds(of: Match.any()) }
        backend.verify { $0.bounds(of: Match.equal(hidden)) }
        backend.verify { $0.submit(Match.equal(Self.camera), material: Match.equal(Self.material)) }
    }

    @Test func aTupleOfTwoVectorsAndABoolComesBackExactly() throws {
        let backend = try Stub<any RERenderBackend>()
        let low = SIMD4<Float>(-1.5, 2.25, -3.125, 4)
        let high = SIMD4<Float>(8.5, -16.25, 32.125, -64)
        backend.when { $0.bounds(of: Match.any()) }.thenReturn((min: low, max: high, empty: true))
        let box = backend().bounds(of: Self.camera)
        #expect(box.min == low)
        #expect(box.max == high)
        #expect(box.empty == true)
    }

    @Test func vectorArgumentsBesideNarrowScalarsAndAVectorResult() throws {
        let backend = try Stub<any RERenderBackend>()
        let clears = backend.when { $0.clear(Match.any(), depth: Match.any(), stencil: Match.any()) }
        clears.then { (color: SIMD4<Float>, depth: Float, stencil: Int8) in
            color * depth + SIMD4(repeating: Float(stencil))
        }
        let color = SIMD4<Float>(0.125, 0.25, 0.5, 1)
        #expect(backend().clear(color, depth: 2, stencil: -3) == SIMD4(-2.75, -2.5, -2, -1))
        let seen: [(SIMD4<Float>, Float, Int8)] = clears.arguments()
        #expect(seen.count == 1)
        #expect(seen.first?.0 == color)
        #expect(seen.first?.1 == 2)
        #expect(seen.first?.2 == -3)
        backend.verify { $0.clear(Match.equal(color), depth: Match.equal(2), stencil: Match.equal(-3)) }
    }

    @Test func optionalsOfBigStructsAndNestedOptionals() throws {
        let backend = try Stub<any RERenderBackend>()
        backend.when { $0.previous(0) }.thenReturn(nil)
        backend.when { $0.previous(Match.any()) }.then { (frame: Int) in RECamera.sample(frame: frame * 2) }
        backend.when { $0.cachedMaterial("missing") }.thenReturn(.none)
        backend.when { $0.cachedMaterial("evicted") }.thenReturn(.some(.none))
        backend.when { $0.cachedMaterial(Match.any()) }.then { (name: String) in
            .some(.some(REMaterial.sample(name: name.uppercased())))
        }
        let sut = backend()
        #expect(sut.previous(0) == nil)
        #expect(sut.previous(21) == RECamera.sample(frame: 42))
        let missing = sut.cachedMaterial("missing")
        #expect(missing == .none)
        let evicted = sut.cachedMaterial("evicted")
        #expect(evicted == .some(.none))
        #expect(sut.cachedMaterial("chrome") == .some(.some(REMaterial.sample(name: "CHROME"))))
    }

    @MainActor @Test func nestedOptionalsReachTheSchedulerThroughTheSpy() throws {
        let spy = try Spy<any RERenderBackend>(forwardingTo: RESoftwareBackend())
        spy.when { $0.cachedMaterial("pinned") }.thenReturn(.some(.some(REMaterial.sample(name: "pinned!"))))
        let scheduler = REFrameScheduler(backend: spy())
        #expect(scheduler.materialName(for: "missing") == "none")
        #expect(scheduler.materialName(for: "evicted") == "evicted")
        #expect(scheduler.materialName(for: "rust") == "rust")
        #expect(scheduler.materialName(for: "pinned") == "pinned!")
        #expect(spy().previous(5) == RECamera.sample(frame: 4))
        #expect(spy().previous(0) == nil)
        spy.verify(.exactly(4)) { $0.cachedMaterial(Match.any()) }
    }

    @Test func aLabeledTupleArgumentBesideABigStructAndATupleResult() throws {
        let backend = try Stub<any RERenderBackend>()
        let blends = backend.when { $0.blend(Match.any(), into: Match.any(), weight: Match.any()) }
        blends.then { (pair: (roughness: Float, metallic: Float), base: REShading, weight: Float) in
            var mixed = base
            mixed.roughness = pair.roughness
            mixed.metallic = pair.metallic * weight
            return (mixed, Double(weight) / 4)
        }
        let result = backend().blend((roughness: 0.375, metallic: 0.5), into: .matte, weight: 0.5)
        #expect(
            result.0
                == REShading(roughness: 0.375, metallic: 0.25, castsShadow: false, layer: 9, emission: -1.25, mip: -1))
        #expect(result.1 == 0.125)
        let seen: [((roughness: Float, metallic: Float), REShading, Float)] = blends.arguments()
        #expect(seen.count == 1)
        #expect(seen.first?.0.roughness == 0.375)
        #expect(seen.first?.0.metallic == 0.5)
        #expect(seen.first?.1 == .matte)
        #expect(seen.first?.2 == 0.5)
    }

    /// Both elements of the pair travel by address (each `REShading` alone is passed as a pointer):
    /// the handler, `arguments()` and a matcher see the whole pair, field for field.
    @Test func aTupleOfByAddressStructsReachesTheHandlerExactly() throws {
        let compositor = try Stub<any RECompositor>()
        let blends = compositor.when { $0.blend(Match.any(), weight: Match.any()) }
        blends.then { (pair: (REShading, REShading), weight: Float) in
            var mixed = pair.1
            mixed.roughness = pair.0.roughness * weight
            mixed.mip = pair.0.mip
            return mixed
        }
        let gloss = REShading(roughness: 0.5, metallic: 0.75, castsShadow: true, layer: -3, emission: 2.5, mip: 7)
        let result = compositor().blend((gloss, .matte), weight: 0.25)
        var expected = REShading.matte
        expected.roughness = 0.125
        expected.mip = 7
        #expect(result == expected)
        let seen: [((REShading, REShading), Float)] = blends.arguments()
        #expect(seen.count == 1)
        #expect(seen.first?.0.0 == gloss)
        #expect(seen.first?.0.1 == .matte)
        #expect(seen.first?.1 == 0.25)
        compositor.verify(.exactly(1)) {
            $0.blend(
                Match.matching { (pair: (REShading, REShading)) in pair == (gloss, .matte) }, weight: Match.equal(0.25))
        }
        compositor.verify(.never) {
            $0.blend(
                Match.matching { (pair: (REShading, REShading)) in pair == (.matte, gloss) }, weight: Match.equal(0.25))
        }
    }

    /// A spy hands the real compositor the very pair the caller passed.
    @Test func aSpyForwardsATupleOfByAddressStructsExactly() throws {
        let spy = try Spy<any RECompositor>(forwardingTo: RESoftwareCompositor())
        let gloss = REShading(roughness: 0.5, metallic: 0.75, castsShadow: true, layer: -3, emission: 2.5, mip: 7)
        #expect(spy().blend((gloss, .matte), weight: 0.25) == gloss)
        #expect(spy().blend((gloss, .matte), weight: 0.75) == .matte)
        let seen: [((REShading, REShading), Float)] = spy.when { $0.blend(Match.any(), weight: Match.any()) }
            .arguments()
        #expect(seen.count == 2 && seen[0].0 == (gloss, .matte) && seen[1].1 == 0.75)
    }

    @Test func enumPayloadsOfInt128InEveryCase() throws {
        let backend = try Stub<any RERenderBackend>()
        let accounts = backend.when { $0.account(Match.any()) }
        accounts.then { (entry: REBudgetEntry) in
            switch entry {
            case .reserve(let amount): .release(UInt128(-amount), pool: -8)
            case .release(let amount, let pool): .reserve(-Int128(amount >> 8) + Int128(pool))
            case .transfer(let from, let to, let ratio): .transfer(from: to, to: from, ratio: ratio * 2)
            case .none: .none
            }
        }
        let sut = backend()
        #expect(sut.account(.reserve(Self.huge)) == .release(UInt128(-Self.huge), pool: -8))
        #expect(sut.account(.release(Self.hugeUnsigned, pool: 3)) == .reserve(-Int128(Self.hugeUnsigned >> 8) + 3))
        #expect(
            sut.account(.transfer(from: Self.huge, to: 99, ratio: 0.75))
                == .transfer(from: 99, to: Self.huge, ratio: 1.5))
        #expect(sut.account(.none) == .none)
        let entries: [REBudgetEntry] = accounts.arguments()
        #expect(
            entries == [
                .reserve(Self.huge), .release(Self.hugeUnsigned, pool: 3),
                .transfer(from: Self.huge, to: 99, ratio: 0.75), .none,
            ])
        backend.verify { $0.account(Match.equal(.reserve(Self.huge))) }
    }

    @Test func theSpyForwardsInt128PayloadsToTheSoftwareBackend() throws {
        let spy = try Spy<any RERenderBackend>(forwardingTo: RESoftwareBackend())
        let sut = spy()
        #expect(sut.account(.reserve(Int128(1) << 100)) == .release(UInt128(1) << 100, pool: 1))
        #expect(sut.account(.release(Self.hugeUnsigned, pool: 2)) == .reserve(Int128(Self.hugeUnsigned) * 2))
        #expect(
            sut.account(.transfer(from: -5, to: Self.huge, ratio: 4)) == .transfer(from: Self.huge, to: -5, ratio: 0.25)
        )
        #expect(sut.submit(Self.camera, material: Self.material) == 407)
        let box = sut.bounds(of: Self.camera)
        #expect(box.min == SIMD4(11, -4.75, -1.5, -0.5))
        #expect(box.max == SIMD4(14, -1.75, 1.5, 2.5))
        #expect(box.empty == false)
        #expect(sut.clear(SIMD4(1, 2, 3, 4), depth: 0.5, stencil: 1) == SIMD4(1.5, 2, 2.5, 3))
        let blended = sut.blend((roughness: 0.625, metallic: 0.25), into: .glossy, weight: 0.5)
        #expect(blended.0.roughness == 0.375)
        #expect(blended.0.metallic == 0.25)
        #expect(blended.0.mip == 5)
        #expect(blended.1 == 1)
        spy.verify(.exactly(3)) { $0.account(Match.any()) }
    }

    @MainActor @Test func asyncThrowingBigResultAndThrowingOptionalArgument() async throws {
        let backend = try Stub<any RERenderBackend>()
        let prepares = await backend.when { try await $0.prepare(Match.any()) }
        prepares.then { (camera: RECamera) async throws -> REMaterial in
            guard camera.visible else { throw REBackendError.deviceLost(code: camera.layer) }
            var material = REMaterial.sample(name: "async-\(camera.frame)")
            material.tint = SIMD4(Float(camera.x), Float(camera.y), camera.zoom, camera.fieldOfView)
            return material
        }
        backend.when { try $0.shading(for: nil) }.thenThrow(REBackendError.deviceLost(code: 42))
        backend.when { try $0.shading(for: Match.any()) }.then { (material: REMaterial?) in
            material?.shading ?? .matte
        }
        let sut = backend()
        let prepared = try await sut.prepare(Self.camera)
        #expect(prepared.name == "async-41")
        #expect(prepared.tint == SIMD4(12.5, -3.25, 1.5, 60.5))
        #expect(prepared.shading == .glossy)
        var hidden = Self.camera
        hidden.visible = false
        await #expect(throws: REBackendError.deviceLost(code: -7)) { try await sut.prepare(hidden) }
        #expect(try sut.shading(for: Self.material) == .glossy)
        #expect(throws: REBackendError.deviceLost(code: 42)) { try sut.shading(for: nil) }
        let cameras: [RECamera] = prepares.arguments()
        #expect(cameras == [Self.camera, hidden])
    }

    @Test func theSpyForwardsAsyncBigResultsAndErrors() async throws {
        let spy = try Spy<any RERenderBackend>(forwardingTo: RESoftwareBackend())
        let sut = spy()
        #expect(try await sut.prepare(Self.camera) == REMaterial.sample(name: "frame-41"))
        var hidden = Self.camera
        hidden.visible = false
        await #expect(throws: REBackendError.deviceLost(code: -7)) { try await sut.prepare(hidden) }
        #expect(try sut.shading(for: Self.material) == .glossy)
        #expect(throws: REBackendError.deviceLost(code: -1)) { try sut.shading(for: nil) }
        await spy.verify(.exactly(2)) { try await $0.prepare(Match.any()) }
    }
}
