import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Everything needed to fabricate doubles of one class: the vtable slots
/// the double answers (every overridable instance method, getter, setter
/// and `_modify`), one requirement shape per slot (its dispatch index is
/// its position), and the class's own code for each slot, which a Spy
/// forwards to.
///
/// Built once per class and cached. Construction fails closed: a slot the
/// runtime cannot answer exactly throws a ``StubError`` naming the member,
/// never a double that would let the class's own code answer a call the
/// test believes the double answers. Slots kept with the class's code are
/// those a test cannot reach through the instance: initializers and
/// `class` members (called on the metatype), and slots whose member the
/// library never emitted (`swift_deletedMethodError`).
struct ClassBlueprint: @unchecked Sendable {
    /// The class's qualified name.
    let typeName: String
    /// The class's metadata.
    let metadata: ClassMetadata
    /// The shapes, by dispatch index, and the recording types.
    let blueprint: StubBlueprint
    /// The slots the double routes, by dispatch index.
    let routedSlots: [ClassVTable.Slot]
    /// Per dispatch index: the class's own code for the slot.
    let implementations: [UnsafeRawPointer]
    /// The members the test accepted keeping the class's code (neither answered nor recorded), by name.
    let keptMembers: [String]
    /// The kept members' code, to tell calls their code makes in a recording pass.
    let keptCode: ClassKeptCode

    private struct Key: Hashable {
        let subject: ObjectIdentifier
        let kept: KeptClassMembers
    }

    private static let cache = Mutex<[Key: ClassBlueprint]>([:])

    /// The blueprint of `subject` (cached).
    ///
    /// - Parameters:
    ///   - subject: The class to double.
    ///   - kept: The members the test accepts keeping the class's code.
    /// - Throws: ``StubError`` when `subject` is not a Swift class or one of
    ///   its members cannot be answered exactly and `kept` does not accept it.
    static func make(for subject: Any.Type, keeping kept: KeptClassMembers = []) throws(StubError) -> ClassBlueprint {
        let key = Key(subject: ObjectIdentifier(subject), kept: kept)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let blueprint = try ClassBlueprint(subject, keeping: kept)
        cache.withLock { $0[key] = blueprint }
        return blueprint
    }

    private init(_ subject: Any.Type, keeping kept: KeptClassMembers) throws(StubError) {
        let typeName = _typeName(subject, qualified: true)
        self.typeName = typeName
        let shortName = _typeName(subject, qualified: false)
        let typeMetadata = TypeMetadata(subject)
        guard typeMetadata.kind == .class, let metadata = try? ClassMetadata(typeMetadata), metadata.isSwiftClass,
            let descriptor = typeMetadata.typeDescriptor
        else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "\(typeName) is not a Swift class (a class double needs a class's vtable)",
                fix: "write Stub<any P>() for a protocol, or Stub<SomeClass>(initializingWith:) for a non-final class")
        }
        self.metadata = metadata
        if descriptor.context.kindSpecificFlags & (1 << 7) != 0 {
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "\(typeName) is an actor, whose methods a class double cannot answer on the actor's executor",
                fix: Self.protocolFix(shortName))
        }
        if let closed = ClosedClassDispatch.find(in: metadata) {
            let evidence =
                closed.isProvenOptimized
                ? "its module was compiled with optimization" : "no debug information shows its module unoptimized"
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "\(closed.className) is visible only in its module (private, fileprivate, or internal in a "
                    + "module built without -enable-testing) and \(evidence): the optimizer then calls its members "
                    + "directly wherever no class of the module overrides them, so a class double's answers would be "
                    + "skipped",
                fix: "build the tests in debug, or make \(closed.className) internal (swift test builds with "
                    + "-enable-testing) or open; " + Self.protocolFix(shortName))
        }
        for ancestor in metadata.hierarchy {
            guard let type = ancestor.descriptor, type.isGeneric else { continue }
            let name = _typeName(ancestor.metadata.type, qualified: true)
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: (name == typeName ? "\(typeName) is generic" : "\(typeName) inherits from the generic \(name)")
                    + ": a class double does not read generic classes yet (their members' signatures and their "
                    + "directly dispatched members are not decoded)",
                fix: Self.protocolFix(shortName))
        }
        let vtable: ClassVTable
        do { vtable = try ClassVTable(metadata) } catch {
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "the vtable of \(typeName) cannot be read (\(error))", fix: Self.protocolFix(shortName))
        }
        let deleted = Self.deletedMethodError
        // The slots answered, in vtable order; a `_modify` is planned once its getter and setter have indices.
        var routed: [ClassVTable.Slot] = []
        var keptMembers: [String] = []
        var keptCode: [ClassKeptCode.Member] = []
        // Per routed slot's vtable word: a read-only getter's effects, or why they are unproven.
        var getterEffects: [Int: Result<ThrownShape, StubError>] = [:]
        for slot in vtable.slots {
            if let deleted, UInt(bitPattern: slot.implementation) == deleted { continue }
            let method = slot.method
            guard let name = method.displayName() else {
                // A shared library exports the method descriptor of every public member: one with no symbol at all
                // is internal or private to the library, so only the library's own code can call it, and it keeps
                // that code (as under a subclass, which could not override it either).
                if Self.isInSharedLibrary(method.pointer) { continue }
                throw StubError(
                    .unsupportedProtocolShape, type: typeName,
                    requirement: "the member at vtable word \(slot.wordOffset)",
                    reason: "it has no method descriptor symbol (a private member, or a stripped library), so its "
                        + "signature cannot be read and a call to it could not be answered exactly",
                    fix: Self.protocolFix(shortName))
            }
            func refuse(_ reason: String) -> StubError {
                StubError(
                    .unsupportedProtocolShape, type: typeName, requirement: name, reason: reason,
                    fix: Self.protocolFix(shortName))
            }
            guard let kind = method.kind, method.unknownFlags == 0 else {
                throw refuse(
                    "its vtable entry has a kind or flags (0x\(String(method.flags, radix: 16))) this version does not "
                        + "know, so a call through it could not be answered exactly")
            }
            // Initializers and `class` members are called on the metatype, never through the instance: the
            // double keeps the class's code for them, as a subclass that does not override them would.
            if kind == .initializer || !method.isInstance { continue }
            if kind == .read {
                throw refuse("it is a `_read` accessor, which a class double does not answer yet")
            }
            if kind == .getter {
                let effects = Result { () throws(StubError) -> ThrownShape in
                    try Self.getterThrown(of: slot, among: vtable.slots) { reason in
                        StubError(
                            .unsupportedProtocolShape, type: typeName, requirement: name, reason: reason,
                            fix: "pass `keepingClassCodeFor: .unprovenGetters` if the code under test may run the "
                                + "class's own getter (it is then neither answered nor recorded); otherwise "
                                + Self.protocolFix(shortName))
                    }
                }
                if case .failure = effects, kept.contains(.unprovenGetters) {
                    keptMembers.append(name)
                    keptCode += ClassKeptCode.member(named: name, slot: slot).map { [$0] } ?? []
                    continue
                }
                getterEffects[slot.wordOffset] = effects
            }
            if kept.contains(.selfMembers), Self.mentionsSelf(method) {
                keptMembers.append(name)
                keptCode += ClassKeptCode.member(named: name, slot: slot).map { [$0] } ?? []
                continue
            }
            routed.append(slot)
        }
        let keptDirect = try Self.checkDispatch(
            vtable, typeName: typeName, shortName: shortName, keepingDirect: kept.contains(.directlyDispatched))
        keptMembers += keptDirect.map(\.displayName)
        keptCode += keptDirect.map {
            ClassKeptCode.Member(name: $0.displayName, start: $0.address, end: $0.address + $0.size)
        }
        var shapes: [RequirementShape] = []
        var implementations: [UnsafeRawPointer] = []
        for (index, slot) in routed.enumerated() {
            let name = slot.method.displayName() ?? "the member at vtable word \(slot.wordOffset)"
            let fail = { (reason: String, fix: String) in
                StubError(.unsupportedProtocolShape, type: typeName, requirement: name, reason: reason, fix: fix)
            }
            guard let implementation = slot.implementation else {
                throw fail("the class's slot holds no code", Self.protocolFix(shortName))
            }
            implementations.append(implementation)
            let selfFix =
                "pass `keepingClassCodeFor: .selfMembers` if the code under test may run the class's own code for "
                + "it (it is then neither answered nor recorded); otherwise " + Self.protocolFix(shortName)
            let discovered: RequirementSignature
            do { discovered = try slot.method.signature(declaringClass: slot.declaringClass) } catch {
                throw fail(
                    "its signature cannot be read exactly (\(Self.reason(error)))",
                    Self.mentionsSelf(slot.method) ? selfFix : Self.protocolFix(shortName))
            }
            var signature = try ResolvedSignature(discovered, binding: nil, fail: fail)
            if slot.method.kind == .getter, let effects = getterEffects[slot.wordOffset] {
                signature.thrown = try effects.get()
            }
            if signature.result == nil || signature.resultIsOptionalSelf || signature.resultIsSelfArray
                || signature.parameters.contains(where: { $0.selfForm != nil })
            {
                throw fail("it takes or returns Self, which a class double does not answer yet", selfFix)
            }
            let access: RequirementAccess
            if slot.method.kind == .modify {
                guard let getter = Self.sibling(of: slot, offset: -2, kind: .getter, in: routed),
                    let setter = Self.sibling(of: slot, offset: -1, kind: .setter, in: routed)
                else {
                    throw fail(
                        "its `_modify` has no getter and setter beside it to answer the access with",
                        Self.protocolFix(shortName))
                }
                access = .modify(getter: getter, setter: setter, calleeAllocated: false)
            } else {
                access = .call
            }
            shapes.append(
                try RequirementShape(
                    signature, dispatchIndex: index, access: access, isClassBound: true, existential: subject,
                    classMember: true, fail: { reason, fix in fail(reason, fix) }))
        }
        self.routedSlots = routed
        self.implementations = implementations
        self.keptMembers = keptMembers
        self.keptCode = ClassKeptCode(members: keptCode)
        self.blueprint = StubBlueprint(classNamed: typeName, shapes: shapes)
    }

    /// Fails closed for members callers reach without the vtable, unless the
    /// test keeps them with the class's code, and for a class that may be
    /// `final` (metadata does not say).
    ///
    /// - Returns: The directly dispatched members kept.
    private static func checkDispatch(
        _ vtable: ClassVTable, typeName: String, shortName: String, keepingDirect: Bool
    ) throws(StubError) -> [ClassDirectMember] {
        let direct = vtable.directlyDispatchedMembers()
        if let first = direct.first, !keepingDirect {
            let others = direct.dropFirst().map(\.displayName)
            let more =
                others.isEmpty
                ? ""
                : "; \(others.count) other member\(others.count == 1 ? " is" : "s are") dispatched directly too ("
                    + others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", ..." : "") + ")"
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: first.displayName,
                reason: "it is dispatched directly (a `final` member, a member of a `final class`, or a member of an "
                    + "extension of \(first.declaringClass)): it has no vtable slot, so callers run the class's own "
                    + "code past any subclass, and a double could neither answer nor record a call to it" + more,
                fix: "pass `keepingClassCodeFor: .directlyDispatched` if the code under test may run the class's own "
                    + "code for it, as under a hand-written subclass (it is then neither answered nor recorded); "
                    + "otherwise " + protocolFix(shortName))
        }
        let kept = direct
        // A `final class` is not marked in metadata, and its members have no slots of their own. One that declares
        // none looks like any subclass that declares none (it overrides, or only inherits, or its own members are
        // all direct): callers holding its type may call every member directly, past any double. Refused: it might
        // be final.
        guard let own = vtable.metadata.descriptor.flatMap({ try? ClassDescriptor($0) }),
            let parent = vtable.metadata.superclass
        else { return kept }
        let declaresSlots = ((try? own.methods()) ?? []).contains { $0.isInstance && $0.kind != .initializer }
        guard !declaresSlots else { return kept }
        let overrides = ((try? own.overrides()) ?? []).compactMap(\.method).filter {
            $0.isInstance && $0.kind != .initializer
        }
        let ownDirect = direct.filter { $0.declaringClass == own.qualifiedName }
        let superclass = _typeName(parent.type, qualified: false)
        let what =
            overrides.isEmpty
            ? (ownDirect.isEmpty ? "only inherits the members of \(superclass)" : "declares only direct members")
            : "overrides members of \(superclass)"
        throw StubError(
            .unsupportedProtocolShape, type: typeName,
            requirement: overrides.first.flatMap { $0.displayName() } ?? ownDirect.first?.displayName,
            reason: "\(shortName) \(what) and declares no overridable member of its own, which is all metadata shows "
                + "of a `final class`; if \(shortName) is final, code holding a \(shortName) calls its members "
                + "directly, past any double, so the double is refused",
            fix: "double \(superclass) instead if the code under test takes a \(superclass) "
                + "(Stub<\(superclass)>(initializingWith:)); otherwise " + protocolFix(shortName))
    }

    /// Whether the member's type mentions `Self` (`func copy() -> Self`).
    private static func mentionsSelf(_ method: MethodDescriptor) -> Bool {
        guard let member = method.symbol() else { return false }
        var found = false
        _ = DemangledType.function(member.functionType).replacing { part in
            if case .dynamicSelf = part { found = true }
            return nil
        }
        return found
    }

    /// The dispatch index of the slot `offset` words from `slot` in the same class, if it has `kind`.
    private static func sibling(
        of slot: ClassVTable.Slot, offset: Int, kind: RequirementKind, in routed: [ClassVTable.Slot]
    ) -> Int? {
        routed.firstIndex {
            $0.declaringClass == slot.declaringClass && $0.wordOffset == slot.wordOffset + offset
                && $0.method.kind == kind
        }
    }

    /// The reasons a signature discovery gave, as one clause.
    private static func reason(_ error: SignatureDiscoveryError) -> String {
        error.attempts.map(\.reason).joined(separator: "; ")
    }

    /// Whether `address` lies in a shared library (not the executable, where
    /// the test's own internal members live).
    private static func isInSharedLibrary(_ address: UnsafeRawPointer) -> Bool {
        guard let image = ImageRegistry.shared.image(containing: UInt(bitPattern: address)) else { return false }
        let file = image.path.split(separator: "/").last.map(String.init) ?? image.path
        return file.hasSuffix(".so") || file.contains(".so.")
    }

    /// The runtime's stand-in for a member its library never emitted.
    private static let deletedMethodError: UInt? = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(handle, "swift_deletedMethodError").map { UInt(bitPattern: $0) }
    }()

    /// The fix for a class whose members cannot all be answered: it applies
    /// to someone who does not own the class.
    static func protocolFix(_ shortName: String) -> String {
        "declare a protocol of your own with the members your code calls, conform \(shortName) to it in an empty "
            + "extension (`extension \(shortName): YourProtocol {}`), have the code under test take the protocol, "
            + "and double it with Stub<any YourProtocol>; or use ManualStub"
    }
}

extension StubBlueprint {
    /// The blueprint of a class double: its shapes, no witness tables.
    init(classNamed typeName: String, shapes: [RequirementShape]) {
        self.typeName = typeName
        self.shapes = shapes
        self.prepared = PreparedRequirements(shapes)
        self.layouts = []
        self.isClassBound = true
    }
}
