import Testing

@testable import TestDoublesMetadata

@Suite struct ClassVTableTests {
    private func vtable(_ type: AnyClass) throws -> ClassVTable {
        try ClassVTable(ClassMetadata(TypeMetadata(type)))
    }

    /// Each slot's member, named from its method descriptor's symbol.
    private func names(_ table: ClassVTable) -> [String] {
        table.slots.map { $0.method.symbol()?.displayName ?? "?" }
    }

    @Test func ownMembersHaveOneSlotEachInDeclarationOrder() throws {
        let table = try vtable(CVSession.self)
        #expect(
            names(table) == [
                "getter of count", "setter of count", "modify of count",
                "init(name:)",
                "fetch(_:)",
                "load(from:)",
                "getter of title",
                "getter of subscript(_:)", "setter of subscript(_:)", "modify of subscript(_:)",
                "class make()",
                "echo(_:)",
            ]
        )
        // `let name`, the final method and the extension's method have no slot.
        let slotNames = names(table).joined(separator: " ")
        #expect(!slotNames.contains("sealed"))
        #expect(!slotNames.contains("extended"))
        #expect(!slotNames.contains("of name"))
    }

    @Test func flagsTellInstanceAsyncAndKind() throws {
        let table = try vtable(CVSession.self)
        let kinds = table.slots.map(\.method.kind)
        #expect(kinds.filter { $0 == .modify }.count == 2)
        let instance = table.slots.map(\.method.isInstance)
        // The initializer and the class method are not instance members.
        #expect(instance == [true, true, true, false, true, true, true, true, true, true, false, true])
        #expect(
            table.slots.map(\.method.isAsync) == [false, false, false, false, false, true]
                + Array(repeating: false, count: 6))
        #expect(table.slots.allSatisfy { !$0.method.isDynamic && $0.method.unknownFlags == 0 })
    }

    @Test func slotsHoldTheDeclaringImplementation() throws {
        let table = try vtable(CVSession.self)
        #expect(!table.slots.isEmpty)
        for slot in table.slots {
            #expect(slot.implementation != nil)
            #expect(slot.implementation == slot.method.implementation)
            #expect(slot.declaringClass == slot.implementingClass)
        }
        let words = table.slots.map(\.wordOffset)
        #expect(words == Array(words[0]..<(words[0] + words.count)))
        // Seven header words precede the members of a root class: its
        // field offset (one stored `var`, one `let`) come before the vtable.
        #expect(words[0] == 9)
    }

    @Test func anOverrideFillsTheAncestorsSlot() throws {
        let base = try vtable(CVSession.self)
        let derived = try vtable(CVDerived.self)
        #expect(derived.slots.count == base.slots.count + 1)
        let session = try #require(TypeMetadata(CVSession.self).classDescriptor)
        let subclass = try #require(TypeMetadata(CVDerived.self).classDescriptor)
        let overrides = try subclass.overrides()
        // fetch(_:), the getter of title, and init(name:), which the subclass inherits.
        #expect(overrides.count == 3)
        for override in overrides {
            let method = try #require(override.method)
            #expect(override.baseClass?.pointer == session.type.pointer)
            let slot = try #require(derived.slot(for: method))
            #expect(slot.declaringClass == session)
            #expect(slot.implementingClass == subclass)
            #expect(slot.implementation == override.implementation)
            #expect(base.slot(for: method)?.wordOffset == slot.wordOffset)
            #expect(base.slot(for: method)?.implementation == method.implementation)
        }
        let extra = try #require(derived.slots.last)
        #expect(extra.declaringClass == subclass)
        #expect(extra.method.symbol()?.displayName == "extra()")
        #expect(extra.method.symbol()?.declaringClass.name == "CVDerived")
        #expect(extra.wordOffset == base.slots.last!.wordOffset + 1 + 0)
        for (index, slot) in derived.slots.dropLast().enumerated() where slot.implementingClass != subclass {
            #expect(slot.implementation == base.slots[index].implementation)
        }
    }

    @Test func aFinalClassKeepsOnlyItsInitializersSlot() throws {
        // A final class's methods have no slot; its designated initializer
        // keeps one (a class metatype call dispatches through it).
        let table = try vtable(CVFinal.self)
        #expect(names(table) == ["init()"])
        #expect(table.slots.allSatisfy { $0.method.kind == .initializer && !$0.method.isInstance })
        let descriptor = try #require(TypeMetadata(CVFinal.self).classDescriptor)
        #expect(!descriptor.hasOverrideTable)
    }

    @Test func genericClassesReadThroughTheirGenericContext() throws {
        let table = try vtable(CVGeneric<String>.self)
        #expect(
            names(table) == [
                "getter of stored", "setter of stored", "modify of stored", "init()", "first(of:)",
            ]
        )
        for slot in table.slots { #expect(slot.implementation == slot.method.implementation) }
        let derived = try vtable(CVGenericDerived.self)
        #expect(derived.slots.count == table.slots.count)
        let last = try #require(derived.slots.last)
        #expect(last.implementingClass.qualifiedName.hasSuffix("CVGenericDerived"))
        #expect(last.implementation != last.method.implementation)
        #expect(last.wordOffset == table.slots.last?.wordOffset)
    }

    @Test func structDescriptorsAreRefused() throws {
        let type = try #require(TypeMetadata(RTPoint.self).nominalDescriptor)
        #expect(throws: MetadataError.self) { try ClassDescriptor(type) }
    }

    @Test func classObjectLayoutIsReadable() throws {
        let metadata = try ClassMetadata(TypeMetadata(CVSession.self))
        #expect(metadata.classObjectAddressPoint == 3 * MemoryLayout<UInt>.size)
        #expect(metadata.classObjectSize > metadata.classObjectAddressPoint)
        #expect(metadata.heapDestroyer != nil)
        #expect(metadata.hierarchy.count == 1)
        #expect(try ClassMetadata(TypeMetadata(CVDerived.self)).hierarchy.count == 2)
        let table = try vtable(CVSession.self)
        #expect(table.slots.last!.wordOffset < metadata.positiveSizeInWords)
    }
}

extension TypeMetadata {
    fileprivate var classDescriptor: ClassDescriptor? {
        (try? ClassMetadata(self))?.descriptor.flatMap { try? ClassDescriptor($0) }
    }

    fileprivate var nominalDescriptor: TypeContextDescriptor? {
        pointer.pointer(at: 8).map(TypeContextDescriptor.init(pointer:))
    }
}
