extension CaseSource {
    /// Whether a call through the subject crosses into an actor the check is
    /// not on: an instance requirement of `protocol P: Actor`, called from the
    /// nonisolated check, is awaited whatever its own effects.
    var callHopsToActor: Bool {
        shape.form == .actorProtocol && shape.kind != .staticMethod && shape.kind != .initializer
    }

    /// The attribute that isolates the check: the global actor of
    /// `@LabGlobalActor protocol P`, so its synchronous requirements are
    /// called synchronously on that actor, as its callers in an app do; and of
    /// the caller-isolated form that passes that actor as its isolation.
    var checkIsolation: String {
        switch shape.form {
        case .globalActorProtocol?, .callerIsolatedOnGlobalActor?, .callerIsolatedClassMember?: "@LabGlobalActor "
        default: ""
        }
    }

    /// The declaration of an isolated-protocol form's protocol, nil for other shapes.
    var isolatedProtocolDeclaration: String? {
        switch shape.form {
        case .actorProtocol?: return "protocol \(protocolName): Actor { \(requirement) }"
        case .globalActorProtocol?: return "@LabGlobalActor protocol \(protocolName) { \(requirement) }"
        default: return nil
        }
    }

    /// What declares the conformer: an actor for `P: Actor`, a struct isolated
    /// to the global actor for `@LabGlobalActor protocol P`, else a struct.
    var conformerKeyword: String {
        switch shape.form {
        case .actorProtocol?: return "actor"
        case .globalActorProtocol?: return "@LabGlobalActor struct"
        default: return "struct"
        }
    }
}
