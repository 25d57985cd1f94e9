extension InvocationRecorder {
    /// Registers a catch-all pattern answered by `replay` for each of the
    /// given requirements, so every call of them replays the fixture.
    ///
    /// Fronts that know their requirements (a runtime stub) build their
    /// `replay(_:)` on this; each requirement is recorded under its own name.
    ///
    /// - Parameters:
    ///   - replay: The replay that answers.
    ///   - requirements: Each requirement with its number of arguments.
    ///   - typedErrors: The error type of each typed-throwing requirement: a
    ///     recorded error that cannot be rebuilt as it is an issue, not a wrong-typed throw.
    ///   - site: Where the replay was installed; mismatches are reported here.
    public func install(
        _ replay: InteractionReplay, for requirements: [(requirement: Requirement, argumentCount: Int)],
        typedErrors: [RequirementID: any Error.Type] = [:], site: CallSite
    ) {
        for (requirement, argumentCount) in requirements {
            let registration = register(
                requirement, matchers: Array(repeating: .anything, count: argumentCount), site: site)
            let action = BehaviorAction.compute { arguments, _ in
                try replay.answer(
                    requirement, recordedAs: requirement.name, Array(arguments), typedError: typedErrors[requirement.id]
                )
            }
            append(BehaviorStep(action: action, repetition: .bare, site: site), to: registration)
        }
    }
}
