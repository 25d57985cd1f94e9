/// The shared state behind a `CallPattern`, its `CallInteractions` views and
/// `history`: which calls of which double it selects.
final class CallSelection: Sendable {
    /// Which answered calls a view selects.
    enum Filter: Sendable {
        case all
        /// Calls handed to the real implementation.
        case forwarded
        /// Calls answered by a registration's behavior.
        case stubbed
    }

    let recorder: InvocationRecorder
    /// The requirement selected; `nil` selects every requirement (`history`).
    let requirement: Requirement?
    let matchers: [ArgumentMatcher]
    let filter: Filter
    /// The registration behaviors are appended to; `nil` for verification-only patterns and views.
    let registration: Registration?
    let site: CallSite
    /// `false` when the recording failed; the failure was reported and the pattern does nothing.
    let isValid: Bool
    /// Whether every matcher is `any()`: a call's arguments need no test,
    /// only their count.
    let acceptsAnyArguments: Bool
    /// The generic types of a pattern of a requirement-level generic
    /// requirement (`value(for: "count") as Int?`): it selects the calls
    /// made with the same ones only; empty for any other pattern.
    let genericTypes: [ObjectIdentifier]

    init(
        recorder: InvocationRecorder, requirement: Requirement?, matchers: [ArgumentMatcher], filter: Filter = .all,
        registration: Registration?, site: CallSite, isValid: Bool = true
    ) {
        self.recorder = recorder
        self.requirement = requirement
        self.matchers = matchers
        self.filter = filter
        self.registration = registration
        self.site = site
        self.isValid = isValid
        self.acceptsAnyArguments = matchers.allSatisfy { $0.acceptsEverything && $0.captors.isEmpty }
        self.genericTypes = requirement?.genericTypes ?? []
    }

    static func invalid(_ recorder: InvocationRecorder, site: CallSite) -> CallSelection {
        CallSelection(recorder: recorder, requirement: nil, matchers: [], registration: nil, site: site, isValid: false)
    }

    func filtered(_ filter: Filter) -> CallSelection {
        CallSelection(
            recorder: recorder, requirement: requirement, matchers: matchers, filter: filter, registration: nil,
            site: site, isValid: isValid)
    }

    func accepts(_ invocation: Invocation) -> Bool {
        guard selects(outcome: invocation.outcome, registration: invocation.registration) else { return false }
        guard requirement != nil else { return true }
        return selects(specializationOf: invocation.requirement) && accepts(.boxed(invocation.arguments))
    }

    /// Whether the pattern selects call `position` of `ledger`, read in place.
    func accepts(_ ledger: borrowing Ledger, at position: Int) -> Bool {
        let (shape, count) = ledger.shapeAndArgumentCount(at: position)
        guard selects(outcome: shape.outcome, registration: shape.registration == 0 ? nil : Int(shape.registration))
        else { return false }
        guard requirement != nil else { return true }
        // The same checks as `accepts(_:)`, without reading (or boxing) the
        // arguments when the matchers accept any.
        guard matchers.count == count, selects(specializationOf: ledger.requirement(at: position)) else {
            return false
        }
        return acceptsAnyArguments || accepts(ledger.arguments(at: position))
    }

    /// Whether a call of the pattern's requirement was made with the
    /// pattern's generic types, if it has any.
    private func selects(specializationOf called: Requirement) -> Bool {
        genericTypes.isEmpty || called.genericTypes == genericTypes
    }

    /// Whether the filter keeps a call answered so.
    private func selects(outcome: Invocation.Outcome, registration: Int?) -> Bool {
        guard isValid else { return false }
        switch filter {
        case .all: return true
        case .forwarded: return outcome == .forwarded
        case .stubbed: return registration != nil && outcome != .forwarded
        }
    }

    /// Whether the matchers accept a call's arguments.
    private func accepts(_ arguments: CallArguments) -> Bool {
        guard matchers.count == arguments.count else { return false }
        if acceptsAnyArguments { return true }
        for index in matchers.indices where !matchers[index].matches(arguments.value(at: index)) { return false }
        return true
    }

    /// The calls the pattern selects, in call order, with their ledger positions.
    func matchingInvocations() -> [Invocation] { matching().map(\.invocation) }

    /// The ledger positions of the calls the pattern selects, in call order;
    /// reads the ledger in place instead of copying every invocation.
    func matchingIndices() -> [Int] {
        guard isValid else { return [] }
        let (ledger, positions) = recorder.ledgerSnapshot(of: requirement?.id)
        guard let positions else { return (0..<ledger.count).filter { accepts(ledger, at: $0) } }
        // The same tests as `accepts(_:at:)`, the filter's once per shape.
        return ledger.select(
            positions, argumentCount: matchers.count,
            verdict: { shape in
                guard
                    selects(
                        outcome: shape.outcome, registration: shape.registration == 0 ? nil : Int(shape.registration))
                else { return .rejects }
                return acceptsAnyArguments && genericTypes.isEmpty ? .accepts : .tests
            },
            test: {
                selects(specializationOf: ledger.requirement(at: $0)) && accepts(ledger.arguments(at: $0))
            })
    }

    func matching() -> [(index: Int, invocation: Invocation)] {
        guard isValid else { return [] }
        return recorder.invocations(of: requirement?.id).filter { accepts($0.invocation) }
    }

    /// The pattern as diagnostics print it.
    var patternDescription: String {
        let base = requirement.map { describePattern($0, matchers) } ?? "any call on \(recorder.name)"
        switch filter {
        case .all: return base
        case .forwarded: return "\(base) (forwarded calls only)"
        case .stubbed: return "\(base) (stubbed calls only)"
        }
    }
}
