internal import TestDoublesRecorder

extension Spy {
    /// The default value for a call no stub answers, from the spy's registry.
    func defaultAnswer(_ call: Call) -> Output? {
        call.registry?.getDefaultForType(Output.self)
    }

    /// The answer to a call of a non-throwing spy that neither a stub nor a
    /// default answers: an issue at the caller and the type's zero value (or a
    /// placeholder registered with `Match.Placeholders`); else a trap that says
    /// no value can be made. The action does not run.
    ///
    /// The trap is the only way left: the member cannot throw, and returning
    /// memory that is not a value of `Output` would be undefined behaviour.
    func unstubbed(_ call: Call, at site: SourceSite) -> Output {
        let error = unstubbedError(call)
        let advice = stubbingAdvice(call, from: site.function)
        guard let zero = standIn() else {
            fatalError(
                "MockingError: \(error.message). \(advice). No value of type \(Output.self) "
                    + "can be made to answer instead, so the call cannot return.")
        }
        MockingIssues.report(
            "\(error.message). \(advice); answered with \(String(reflecting: zero)) meanwhile",
            kind: .unstubbedCall, at: site)
        return zero
    }

    /// The value an unanswerable call returns after its issue: the type's zero
    /// value, else a placeholder the test registered for the type.
    private func standIn() -> Output? {
        ZeroValue.make(Output.self) ?? Match.Placeholders.make(Output.self)
    }

    /// What an unstubbed call of a throwing spy throws.
    func unstubbedError(_ call: Call) -> MockingError {
        .unStubbed(methodLabel, inputs: call.invocation.debugDescription)
    }

    /// How to stub the member: `when(mock.price(for: .any)).thenReturn(…)`, or a default for the type.
    ///
    /// The labels come from `function`, the calling member as `#function`
    /// spells it, when it names the spy's member with one label per argument;
    /// otherwise each matcher is written without a label.
    private func stubbingAdvice(_ call: Call, from function: String) -> String {
        let member = methodLabel.map { $0.split(separator: ".").last.map(String.init) ?? $0 } ?? "spy"
        let arguments = ArgumentList.boxed(repeat each call.invocation.arguments)
        let count = arguments.count == 1 && arguments[0] is Void ? 0 : arguments.count
        var labels = Array(repeating: "", count: count)
        if function.hasPrefix(member + "("), function.hasSuffix(")") {
            let written = function.dropFirst(member.count + 1).dropLast().split(separator: ":").map(String.init)
            if written.count == count { labels = written.map { $0 == "_" ? "" : "\($0): " } }
        }
        let matchers = labels.map { "\($0).any" }.joined(separator: ", ")
        return "Stub it with when(mock.\(member)(\(matchers))).thenReturn(…), or give \(Output.self) a default "
            + "value (DefaultProvidableRegistry.register, or the .withDefaults trait)"
    }
}

extension Spy {
    /// The answer to a call of a `throws(E)` member whose spy threw an error
    /// that is not an `E`: an issue at the caller and the type's zero value,
    /// else a trap that says no value can be made.
    func untypedError<E>(_ error: any Error, expected: E.Type, at site: SourceSite) -> Output {
        let message =
            "\(methodLabel ?? "Spy") throws(\(E.self)) cannot throw \(error)"
            + (error is MockingError ? "" : " (\(type(of: error)))")
        guard let zero = standIn() else {
            fatalError("MockingError: \(message). No value of type \(Output.self) can be made to answer instead.")
        }
        MockingIssues.report(
            "\(message). Stub it with thenReturn(…), or thenThrow(…) with a \(E.self); answered with "
                + "\(String(reflecting: zero)) meanwhile",
            kind: .unstubbedCall, at: site)
        return zero
    }
}
