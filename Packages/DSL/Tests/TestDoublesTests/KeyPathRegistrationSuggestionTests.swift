import TestDoubles
import Testing

struct SuggestedSettings: Sendable {
    struct Display: Sendable {
        var scale: Double
    }
    var display: Display
    var name: String
    var shoutedName: String { name.uppercased() }
}

protocol SuggestedSettingsObserver {
    func observe(_ path: KeyPath<SuggestedSettings, Double>, every seconds: Int)
    func zoom(_ path: KeyPath<SuggestedSettings.Display, Double>)
    func read(_ path: KeyPath<SuggestedSettings, String>, handler: @escaping @Sendable (String) -> Void) -> Int
}

/// The conformer the runtime reads the signatures from.
private struct RealSettingsObserver: SuggestedSettingsObserver {
    func observe(_ path: KeyPath<SuggestedSettings, Double>, every seconds: Int) {}
    func zoom(_ path: KeyPath<SuggestedSettings.Display, Double>) {}
    func read(_ path: KeyPath<SuggestedSettings, String>, handler: @escaping @Sendable (String) -> Void) -> Int { 0 }
}

/// An unmatched call with a key path argument: the suggestion writes a key
/// path of stored properties as the expression a test would (`Match.any()`
/// cannot stand for a key path: no placeholder of one can be made), and the
/// pasted suggestion matches the call it was written for.
@Suite struct KeyPathRegistrationSuggestionTests {
    private func suggestion(
        of stub: Stub<any SuggestedSettingsObserver>, _ call: (any SuggestedSettingsObserver) -> Void
    ) throws -> String {
        let issues = TestDoubleIssueReporting.capture { call(stub()) }
        let message = try #require(issues.first?.message)
        let marker = try #require(message.range(of: "for example:\n    "))
        return String(message[marker.upperBound...])
    }

    @Test func aStoredPropertyPathIsWrittenAsAKeyPathExpression() throws {
        let stub = try Stub<any SuggestedSettingsObserver>()
        #expect(
            try suggestion(of: stub) { $0.observe(\SuggestedSettings.display.scale, every: 3) }
                == #"stub.when { $0.observe(\SuggestedSettings.display.scale, every: 3) }.thenDoNothing()"#)
        // A root nested in another type is written with its enclosing type.
        #expect(
            try suggestion(of: stub) { $0.zoom(\SuggestedSettings.Display.scale) }
                == #"stub.when { $0.zoom(\SuggestedSettings.Display.scale) }.thenDoNothing()"#)
        #expect(
            try suggestion(of: stub) { _ = $0.read(\.name) { _ in } }
                == #"stub.when { $0.read(Match.equal(\SuggestedSettings.name), handler: Match.any()) }"#
                + #".then { fatalError("TODO: configure read(_:handler:)") }"#)
    }

    @Test func aComputedPropertyPathIsLeftToAMatcher() throws {
        let stub = try Stub<any SuggestedSettingsObserver>()
        // Its description names no property (`<computed 0x… (String)>`): no expression is guessed.
        #expect(
            try suggestion(of: stub) { _ = $0.read(\.shoutedName) { _ in } }
                == #"stub.when { $0.read(Match.any(), handler: Match.any()) }"#
                + #".then { fatalError("TODO: configure read(_:handler:)") }"#)
    }

    @Test func theSuggestedRegistrationsMatchTheCallsTheyWereWrittenFor() throws {
        let stub = try Stub<any SuggestedSettingsObserver>()
        // The suggestions above, pasted.
        stub.when { $0.observe(\SuggestedSettings.display.scale, every: 3) }.thenDoNothing()
        stub.when { $0.zoom(\SuggestedSettings.Display.scale) }.thenDoNothing()
        stub.when { $0.read(Match.equal(\SuggestedSettings.name), handler: Match.any()) }.thenReturn(5)
        let observer = stub()
        let matched = TestDoubleIssueReporting.capture {
            observer.observe(\.display.scale, every: 3)
            observer.zoom(\.scale)
            #expect(observer.read(\.name) { _ in } == 5)
        }
        #expect(matched.isEmpty)
        let unmatched = TestDoubleIssueReporting.capture { _ = observer.read(\.shoutedName) { _ in } }
        #expect(unmatched.count == 1)
    }
}
