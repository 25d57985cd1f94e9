/// One `when` of a double: a pattern, and the behavior chain that answers the calls it matches.
///
/// Mutable state is only touched under the owning recorder's lock. It lives
/// in separate allocations reached through addressors, so the per-call
/// updates need no dynamic exclusivity check (the lock provides exclusivity).
final class Registration: @unchecked Sendable {
    let number: Int
    let requirement: Requirement
    let matchers: [ArgumentMatcher]
    let site: CallSite
    private let chainStorage: UnsafeMutablePointer<BehaviorChain>
    private let servedStorage: UnsafeMutablePointer<Int>

    /// The behaviors, consumed in order.
    var chain: BehaviorChain {
        unsafeAddress { UnsafePointer(chainStorage) }
        unsafeMutableAddress { chainStorage }
    }

    /// The number of calls the registration served.
    var served: Int {
        unsafeAddress { UnsafePointer(servedStorage) }
        unsafeMutableAddress { servedStorage }
    }

    init(number: Int, requirement: Requirement, matchers: [ArgumentMatcher], site: CallSite) {
        self.number = number
        self.requirement = requirement
        self.matchers = matchers
        self.site = site
        self.isCatchAll = matchers.allSatisfy(\.acceptsEverything)
        self.servesLentArguments = isCatchAll && requirement.storage.weakArguments == 0
        let scalarTests = matchers.compactMap(\.scalarTest)
        if scalarTests.count == matchers.count {
            let storage = UnsafeMutableBufferPointer<ScalarTest>.allocate(capacity: scalarTests.count)
            _ = storage.initialize(from: scalarTests)
            scalarTestStorage = storage
        } else {
            scalarTestStorage = nil
        }
        chainStorage = .allocate(capacity: 1)
        chainStorage.initialize(to: BehaviorChain())
        servedStorage = .allocate(capacity: 1)
        servedStorage.initialize(to: 0)
    }

    deinit {
        chainStorage.deinitialize(count: 1)
        chainStorage.deallocate()
        // Scalar tests are trivial: nothing to deinitialize.
        scalarTestStorage?.deallocate()
        servedStorage.deallocate()
    }

    func matches(_ arguments: CallArguments) -> Bool {
        guard matchers.count == arguments.count else { return false }
        for index in matchers.indices where !matchers[index].matches(arguments.value(at: index)) { return false }
        return true
    }

    /// Whether every argument matcher accepts everything (a catch-all): such
    /// a registration needs no matcher run, so dispatch can pick it in one lock hold.
    let isCatchAll: Bool

    /// Whether the one-hold lane that takes a front's lent or borrowed
    /// buffer (``InvocationRecorder/catchAllAnswer(_:_:consuming:handlers:wide:deferred:)``)
    /// may serve the registration's calls: a catch-all of a requirement
    /// that keeps no argument weakly (``Requirement/argumentsKeptWeakly``).
    /// The ledger replaces such an argument by a weak reference, and a
    /// handler of that lane reads the ledger's own values in place; the
    /// general path keeps the front's. Decided here, once, so the lane
    /// reads one flag as before.
    let servesLentArguments: Bool

    /// The matchers' tests on raw scalar words, when every matcher has one
    /// (see ``ScalarTest``): a call with scalar arguments is matched against
    /// them under the lock, without boxing. Kept outside an array so reading
    /// them retains nothing.
    private let scalarTestStorage: UnsafeMutableBufferPointer<ScalarTest>?

    /// Whether a call with these scalar arguments passes every matcher; nil
    /// when some matcher can only test a boxed argument.
    @inline(__always)
    func matches(_ scalars: ScalarArguments) -> Bool? {
        guard let tests = scalarTestStorage else { return nil }
        guard tests.count == scalars.count else { return false }
        // Every test of a catch-all is `.anything`: nothing to read from the words.
        if isCatchAll { return true }
        for index in tests.indices
        where !tests[index].accepts(scalars.kind(at: index), index == 0 ? scalars.first : scalars.second) {
            return false
        }
        return true
    }

    /// The pattern as diagnostics print it: `track(event: equal("x"), value: any())`.
    var patternDescription: String { describePattern(requirement, matchers) }
}

/// Prints a pattern: the requirement's name with each matcher in its argument's place.
func describePattern(_ requirement: Requirement, _ matchers: [ArgumentMatcher]) -> String {
    let parts = matchers.enumerated().map { index, matcher in
        if index < requirement.labels.count, let label = requirement.labels[index] { return "\(label): \(matcher)" }
        return matcher.description
    }
    if parts.isEmpty && !requirement.name.contains("(") { return requirement.name }
    return "\(requirement.baseName)(\(parts.joined(separator: ", ")))"
}

/// Explains why a call does not match a pattern, one line per rejecting matcher.
func explainMismatch(_ requirement: Requirement, _ matchers: [ArgumentMatcher], _ arguments: [Any]) -> [String] {
    guard matchers.count == arguments.count else {
        return ["the pattern has \(matchers.count) matchers but the call has \(arguments.count) arguments"]
    }
    return matchers.indices.compactMap { index in
        matchers[index].matches(arguments[index])
            ? nil
            : "\(requirement.describeArgument(index)): \(describeValue(arguments[index])) does not match \(matchers[index])"
    }
}
