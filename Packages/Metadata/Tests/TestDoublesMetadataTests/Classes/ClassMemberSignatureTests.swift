import Testing

@testable import TestDoublesMetadata

@Suite struct ClassMemberSignatureTests {
    private func signature(_ name: String, of type: AnyClass = CVSession.self) throws -> RequirementSignature {
        let table = try ClassVTable(ClassMetadata(TypeMetadata(type)))
        let slot = try #require(table.slots.first { $0.method.displayName() == name })
        return try slot.method.signature()
    }

    private func same(_ type: SignatureType, _ expected: Any.Type) -> Bool {
        type.concreteType.map { ObjectIdentifier($0) == ObjectIdentifier(expected) } ?? false
    }

    @Test func aMethodsParametersResultAndEffects() throws {
        let fetch = try signature("fetch(_:)")
        #expect(fetch.name == "fetch(_:)")
        #expect(fetch.kind == .method)
        #expect(fetch.parameters.count == 1)
        #expect(same(fetch.parameters[0].type, Int.self))
        #expect(same(fetch.result, Int.self))
        #expect(!fetch.isAsync)
        #expect(fetch.source == .methodDescriptor)

        let load = try signature("load(from:)")
        #expect(load.parameters.map(\.label) == ["from"])
        #expect(same(load.parameters[0].type, String.self))
        #expect(same(load.result, String.self))
        #expect(load.isAsync)
        guard case .untyped = load.thrownType else {
            Issue.record("load(from:) throws untyped errors, read \(load.thrownType)")
            return
        }
    }

    @Test func accessorsReadAsFunctions() throws {
        let getter = try signature("getter of title")
        #expect(getter.kind == .getter)
        #expect(getter.parameters.isEmpty)
        #expect(same(getter.result, String.self))

        let setter = try signature("setter of subscript(_:)")
        #expect(setter.kind == .setter)
        #expect(setter.isSubscript)
        #expect(setter.parameters.count == 2)
        #expect(same(setter.parameters[0].type, Int.self))  // the new value first
        #expect(same(setter.parameters[1].type, Int.self))  // then the index

        let count = try signature("setter of count")
        #expect(count.parameters.count == 1)
        #expect(same(count.result, Void.self))
    }

    @Test func classMembersAndInitializers() throws {
        let make = try signature("class make()")
        #expect(make.isStatic)
        #expect(same(make.result, Int.self))
        let initializer = try signature("init(name:)")
        #expect(initializer.kind == .initializer)
        #expect(same(initializer.parameters[0].type, String.self))
    }

    @Test func anOverriddenMembersSignatureIsTheDeclaringClasss() throws {
        let fetch = try signature("fetch(_:)", of: CVDerived.self)
        #expect(same(fetch.result, Int.self))
        let extra = try signature("extra()", of: CVDerived.self)
        #expect(same(extra.result, String.self))
    }

    @Test func genericParametersAreRefusedNotReadAsSelf() throws {
        // A class member's depth-0 generic parameter is its own (or its
        // class's), not `Self`: refused rather than decoded as a requirement's.
        #expect(throws: SignatureDiscoveryError.self) { try signature("echo(_:)") }
        #expect(throws: SignatureDiscoveryError.self) { try signature("first(of:)", of: CVGeneric<Int>.self) }
        #expect(throws: SignatureDiscoveryError.self) { try signature("getter of stored", of: CVGeneric<Int>.self) }
        // Its initializer returns `CVGeneric<Element>`, which mentions one too.
        #expect(throws: SignatureDiscoveryError.self) { try signature("init()", of: CVGeneric<Int>.self) }
    }
}
