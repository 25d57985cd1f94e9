import Foundation
import Testing

@testable import TestDoublesRecorder

@Suite struct MatcherTests {
    /// Registers `pattern` for `translate(_:)` and returns which of `inputs` it matches.
    func accepted(_ inputs: [String], _ pattern: @escaping () -> String) -> [String] {
        let double = ServiceDouble()
        double.when { $0.translate(pattern()) }.thenReturn("hit")
        double.when { $0.translate(Match.any()) }.thenReturn("miss")
        return inputs.filter { double().translate($0) == "hit" }
    }

    func acceptedInts(_ inputs: [Int], _ pattern: @escaping () -> Int) -> [Int] {
        let double = ServiceDouble()
        double.when { try $0.fetch(id: pattern()) }.thenReturn("hit")
        double.when { try $0.fetch(id: Match.any()) }.thenReturn("miss")
        return inputs.filter { (try? double().fetch(id: $0)) == "hit" }
    }

    @Test func equalityMatchers() {
        #expect(accepted(["a", "b"]) { Match.equal("a") } == ["a"])
        #expect(accepted(["a", "b"]) { Match.notEqual("a") } == ["b"])
        #expect(accepted(["a", "b", "c"]) { Match.oneOf("a", "c") } == ["a", "c"])
        let anything = issues { #expect(accepted(["a", "b"]) { Match.any() } == ["a", "b"]) }
        #expect(anything.map(\.kind) == [.unreachableRegistration])  // the fallback behind any() is dead
        #expect(accepted(["aa", "b"]) { Match.matching(description: "long") { (s: String) in s.count > 1 } } == ["aa"])
    }

    @Test func comparableMatchers() {
        let inputs = Array(0...6)
        #expect(acceptedInts(inputs) { Match.greaterThan(4) } == [5, 6])
        #expect(acceptedInts(inputs) { Match.atLeast(4) } == [4, 5, 6])
        #expect(acceptedInts(inputs) { Match.lessThan(2) } == [0, 1])
        #expect(acceptedInts(inputs) { Match.atMost(2) } == [0, 1, 2])
        #expect(acceptedInts(inputs) { Match.inRange(2...3) } == [2, 3])
        #expect(acceptedInts(inputs) { Match.inRange(2..<3) } == [2])
    }

    @Test func stringMatchers() {
        let inputs = ["purchase_ok", "Purchase", "refund", "pur"]
        #expect(accepted(inputs) { Match.hasPrefix("pur") } == ["purchase_ok", "pur"])
        #expect(accepted(inputs) { Match.hasSuffix("und") } == ["refund"])
        #expect(accepted(inputs) { Match.containsSubstring("chase") } == ["purchase_ok", "Purchase"])
        #expect(accepted(inputs) { Match.equalsIgnoringCase("PURCHASE") } == ["Purchase"])
        #expect(accepted(inputs) { Match.matchesRegex("^[a-z]+$") } == ["refund", "pur"])
        #expect(accepted(inputs) { Match.matchesRegex("(") }.isEmpty)
    }

    @Test func compositionMatchers() {
        let inputs = ["purchase", "pur", "refund"]
        #expect(accepted(inputs) { Match.not(Match.hasPrefix("pur")) } == ["refund"])
        #expect(accepted(inputs) { Match.not("pur") } == ["purchase", "refund"])
        #expect(accepted(inputs) { Match.allOf(Match.hasPrefix("pur"), Match.hasSuffix("se")) } == ["purchase"])
        #expect(accepted(inputs) { Match.anyOf(Match.equal("pur"), Match.equal("refund")) } == ["pur", "refund"])
        #expect(
            accepted(inputs) { Match.anyOf(Match.equal("pur"), "refund", Match.hasSuffix("chase")) } == inputs)
        #expect(
            accepted(inputs) { Match.allOf(Match.nonEmpty(), Match.hasPrefix("p"), Match.not("pur")) } == ["purchase"])
    }

    @Test func optionalMatchers() {
        let double = ServiceDouble()
        double.when { $0.lookup(Match.isNil()) }.thenReturn(0)
        double.when { $0.lookup(Match.some(Match.hasPrefix("a"))) }.thenReturn(1)
        double.when { $0.lookup(Match.notNil()) }.thenReturn(2)
        #expect(double().lookup(nil) == 0)
        #expect(double().lookup("abc") == 1)
        #expect(double().lookup("xyz") == 2)
    }

    @Test func collectionMatchers() {
        func accepted(_ inputs: [[String]], _ pattern: @escaping () -> [String]) -> [[String]] {
            let double = ServiceDouble()
            double.when { $0.tags(pattern()) }.thenReturn(1)
            double.when { $0.tags(Match.any()) }.thenReturn(0)
            return inputs.filter { double().tags($0) == 1 }
        }
        let inputs: [[String]] = [[], ["a"], ["a", "b"], ["b", "a", "c"]]
        #expect(accepted(inputs) { Match.isEmpty() } == [[]])
        #expect(accepted(inputs) { Match.nonEmpty() } == [["a"], ["a", "b"], ["b", "a", "c"]])
        #expect(accepted(inputs) { Match.hasCount(2) } == [["a", "b"]])
        #expect(accepted(inputs) { Match.contains("c") } == [["b", "a", "c"]])
        #expect(accepted(inputs) { Match.containsAll(["a", "b"]) } == [["a", "b"], ["b", "a", "c"]])
        #expect(accepted(inputs) { Match.startsWith(["a"]) } == [["a"], ["a", "b"]])
        #expect(accepted(inputs) { Match.endsWith(["a", "c"]) } == [["b", "a", "c"]])
    }

    @Test func identityMatchersAndLiteralReferences() {
        let first = Token("first")
        let twin = Token("first")
        let double = ServiceDouble()
        double.when { $0.attach(Match.identical(to: first)) }.thenReturn(true)
        double.when { $0.attach(Match.any()) }.thenReturn(false)
        #expect(double().attach(first))
        #expect(!double().attach(twin))

        let literal = ServiceDouble()
        literal.when { $0.attach(first) }.thenReturn(true)
        literal.when { $0.attach(nil) }.thenReturn(true)
        literal.when { $0.attach(Match.any()) }.thenReturn(false)
        #expect(literal().attach(first))
        #expect(literal().attach(nil))
        #expect(!literal().attach(twin))
    }

    @Test func literalOnlyRecordingsUseEqualityAndMetatypeEquality() {
        let double = ServiceDouble()
        double.when { $0.isEnabled("a", for: 1) }.thenReturn(true)
        double.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(false)
        double.when { $0.kind(of: Int.self) }.thenReturn("int")
        double.when { $0.kind(of: Match.any(using: String.self)) }.thenReturn("other")
        #expect(double().isEnabled("a", for: 1))
        #expect(!double().isEnabled("a", for: 2))
        #expect(double().kind(of: Int.self) == "int")
        #expect(double().kind(of: Double.self) == "other")
    }

    @Test func aMetatypeMatcherMatchesThatTypeOnly() {
        let double = ServiceDouble()
        double.when { $0.kind(of: Match.equal(Int.self)) }.thenReturn("int")
        double.when { $0.kind(of: Match.any(using: String.self)) }.thenReturn("other")
        #expect(double().kind(of: Int.self) == "int")
        #expect(double().kind(of: Double.self) == "other")
        #expect(double().kind(of: Int?.self) == "other")
    }

    @Test func mixingLiteralsAndMatchersIsRejectedWithARewriteHint() throws {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.isEnabled("a", for: Match.any()) }.thenReturn(true)
        }
        #expect(found.count == 1)
        #expect(found.first?.kind == .invalidRecording)
        let issue = try #require(found.first)
        #expect(issue.message.contains("isEnabled(_:for:) mixes 1 matcher(s) with literal arguments"))
        #expect(issue.message.contains("Match.equal("))
        #expect(issue.location?.line == #line - 7)
    }

    @Test func theRewriteHintKeepsAMatcherWhereNoLiteralCouldStand() throws {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.file(Match.any(using: Opaque(payload: 0)), under: "inbox") }.thenReturn(true)
        }
        let issue = try #require(found.first)
        // A value without equality cannot be a literal: the hint writes a matcher there, not `Match.equal`.
        #expect(issue.message.contains(#"file(Match.any(), under: Match.equal("inbox"))"#))
    }

    @Test func literalWithoutEqualityIsRejected() throws {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.store(Opaque(payload: 1)) }.thenReturn(true)
        }
        #expect(found.map(\.kind) == [.invalidRecording])
        let issue = try #require(found.first)
        #expect(issue.message.contains("argument 1 of store(_:) is a Opaque, which has no equality"))
    }

    @Test func recordingThatCallsNothingIsRejected() throws {
        let double = ServiceDouble()
        let found = issues { double.when { _ in 1 }.thenReturn(2) }
        let issue = try #require(found.first)
        #expect(issue.message.contains("the closure called no requirement of ServiceDouble"))
    }

    @Test func captorsCollectArgumentsOfCallsMatchingTheWholePattern() {
        let double = ServiceDouble()
        let events = ArgumentCaptor<String>()
        let purchases = ArgumentCaptor<String>()
        double.when {
            $0.track(event: Match.allOf(purchases.capture(), Match.hasPrefix("purchase")), value: Match.any())
        }
        .thenDoNothing()
        double.when { $0.track(event: events.capture(), value: Match.any()) }.thenDoNothing()
        double().track(event: "add", value: 1)
        double().track(event: "purchase", value: 2)
        double().track(event: "remove", value: 3)
        #expect(events.values == ["add", "purchase", "remove"])
        #expect(events.value == "remove")
        #expect(purchases.values == ["purchase"])
    }

    @Test func placeholdersCoverBuiltInsRegistryAndHook() {
        #expect(Match.Placeholders.make(Int.self) == 0)
        #expect(Match.Placeholders.make(String.self) == "")
        #expect(Match.Placeholders.make([Int].self) == [])
        #expect(Match.Placeholders.make([String: Int].self) == [:])
        #expect(Match.Placeholders.make(Int?.self) == .some(nil))
        #expect(Match.Placeholders.make(URL.self) != nil)
        #expect(Match.Placeholders.make(Data.self) == Data())
        #expect(Match.Placeholders.make(UUID.self) != nil)
        #expect(Match.Placeholders.make(Date.self) != nil)
        #expect(Match.Placeholders.make(Locale.self) != nil)
        #expect(Match.Placeholders.make(TimeZone.self) != nil)
        // Classes: nothing built in makes one, and neither does the metadata
        // synthesizer the runtime layer installs when it shares the process.
        final class Unsynthesizable {}
        #expect(Match.Placeholders.make(Unsynthesizable.self) == nil)

        final class Registered: Equatable {
            let id: Int
            init(id: Int) { self.id = id }
            static func == (lhs: Registered, rhs: Registered) -> Bool { lhs.id == rhs.id }
        }
        Match.Placeholders.register { Registered(id: 42) }
        #expect(Match.Placeholders.make(Registered.self) == Registered(id: 42))
        Match.Placeholders.unregister(Registered.self)
        #expect(Match.Placeholders.make(Registered.self) == nil)
    }

    @Test func explicitPlaceholderServesTypesWithoutOne() {
        let double = ServiceDouble()
        double.when { $0.store(Match.any(using: Opaque(payload: 0))) }.thenReturn(true)
        double.when {
            $0.attach(Match.matching(description: "named x", using: Token("p")) { (t: Token?) in t?.name == "x" })
        }.thenReturn(true)
        #expect(double().store(Opaque(payload: 5)))
        #expect(double().attach(Token("x")))
    }

    /// The seed's spelling, a placeholder then a trailing predicate, picks one
    /// overload (it was ambiguous beside `matching(description:using:where:)`).
    @Test func placeholderThenTrailingPredicateIsTheSeedSpelling() {
        let double = ServiceDouble()
        double.when { $0.store(Match.matching(using: Opaque(payload: 0)) { $0.payload > 2 }) }.thenReturn(true)
        double.when { $0.store(Match.matching(using: Opaque(payload: 0), where: { $0.payload < 0 })) }
            .thenReturn(false)
        #expect(double().store(Opaque(payload: 5)))
        #expect(double().store(Opaque(payload: -1)) == false)
    }

    @Test func whenReturningSuppliesTheRecordingResult() {
        let double = ServiceDouble()
        let made = Token("made")
        double.when(returning: Token("placeholder")) { $0.makeToken() }.thenReturn(made)
        #expect(double().makeToken() === made)
        #expect(double.history.callCount == 1)  // the recording pass is not a call
    }

    @Test func resultPlaceholderComesFromTheRegistryDuringRecording() {
        Match.Placeholders.register { Token("placeholder") }
        defer { Match.Placeholders.unregister(Token.self) }
        let double = ServiceDouble()
        let made = Token("made")
        double.when { $0.makeToken() }.thenReturn(made)
        #expect(double().makeToken() === made)
    }
}
