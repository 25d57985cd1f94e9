import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Doubles of Foundation's open classes on Linux: their generic members are
/// answered, and the members no double can answer exactly (`NSObject`'s
/// `hashValue`, extension members, getters whose effects Foundation's
/// missing debug information cannot prove) keep Foundation's code once the
/// test accepts it.
@Suite struct ClassFoundationDoubleTests {
    private static let kept: KeptClassMembers = [.directlyDispatched, .unprovenGetters, .selfMembers]

    @Test func aStubOfJSONDecoderAnswersDecode() throws {
        let stub = try Stub<JSONDecoder>(initializingWith: { JSONDecoder() }, keepingClassCodeFor: Self.kept)
        stub.when { try $0.decode(Match.equal(CDItem.self), from: Match.any()) }
            .thenReturn(CDItem(id: 1, title: "stubbed"))
        stub.when { try $0.decode(Match.equal(Int.self), from: Match.any()) }.thenThrow(CDError.offline)
        let decoder: JSONDecoder = stub()
        #expect(try decoder.decode(CDItem.self, from: Data("not json".utf8)) == CDItem(id: 1, title: "stubbed"))
        #expect(throws: CDError.offline) { try decoder.decode(Int.self, from: Data("1".utf8)) }
        stub.verify(.once) { try $0.decode(Match.equal(CDItem.self), from: Match.equal(Data("not json".utf8))) }
        stub.verify(.never) { try $0.decode(Match.equal(String.self), from: Match.any()) }
    }

    @MainActor @Test func aSpyOfJSONDecoderDecodesWithFoundationUnlessAnswered() throws {
        let spy = try Spy<JSONDecoder>(initializingWith: { JSONDecoder() }, keepingClassCodeFor: Self.kept)
        spy.when { try $0.decode(Match.equal(Int.self), from: Match.any()) }.thenReturn(42)
        let decoder: JSONDecoder = spy()
        #expect(try decoder.decode(Int.self, from: Data("1".utf8)) == 42)
        let json = Data(#"{"id":5,"title":"real"}"#.utf8)
        #expect(try decoder.decode(CDItem.self, from: json) == CDItem(id: 5, title: "real"))
        #expect(throws: DecodingError.self) { try decoder.decode(CDItem.self, from: Data("[]".utf8)) }
        // Settable properties are answered or forwarded to the instance's storage.
        decoder.allowsJSON5 = true
        #expect(decoder.allowsJSON5)
        spy.verify(.exactly(2)) { try $0.decode(Match.equal(CDItem.self), from: Match.any()) }
        spy.verify(.once) { $0.allowsJSON5 = Match.equal(true) }
    }

    @Test func directMembersAreRefusedUnlessKept() throws {
        do {
            _ = try Stub<JSONDecoder>(initializingWith: { JSONDecoder() })
            Issue.record("JSONDecoder was doubled with members it cannot answer")
        } catch {
            #expect(error.fix.contains("keepingClassCodeFor: ."))
        }
        do {
            _ = try Stub<JSONDecoder>(initializingWith: { JSONDecoder() }, keepingClassCodeFor: .directlyDispatched)
        } catch {
            // Only what the test did not accept is refused.
            #expect(error.fix.contains("keepingClassCodeFor: .unprovenGetters"))
        }
    }

    @Test func anNSObjectSubclassIsDoubledOnceItsDirectMembersAreKept() throws {
        let stub = try Stub<DateFormatter>(initializingWith: { DateFormatter() }, keepingClassCodeFor: Self.kept)
        stub.when { $0.string(from: Match.any()) }.thenReturn("stubbed date")
        stub.when { $0.date(from: Match.equal("never")) }.thenReturn(nil)
        let formatter: DateFormatter = stub()
        #expect(formatter.string(from: Date(timeIntervalSince1970: 0)) == "stubbed date")
        #expect(formatter.date(from: "never") == nil)
        stub.verify(.once) { $0.string(from: Match.equal(Date(timeIntervalSince1970: 0))) }
        // `hashValue` (an extension member of NSObject) keeps NSObject's code on the double's instance.
        #expect(formatter.hashValue == formatter.hashValue)
    }

    @Test func aRecordingOfAKeptMemberRecordsNothingAndIsAnIssueAtItsLine() throws {
        let stub = try Stub<DateFormatter>(initializingWith: { DateFormatter() }, keepingClassCodeFor: Self.kept)
        withKnownIssue {
            stub.when { $0.hashValue }.thenReturn(1)
        } matching: { issue in
            String(describing: issue).contains("the closure called no requirement")
                && issue.sourceLocation?.line == #line - 3
        }
        withKnownIssue {
            stub.verify(.once) { $0.hashValue }
        } matching: { issue in
            String(describing: issue).contains("the closure called no requirement")
        }
    }

    @Test func foundationClassesWithoutDirectMembersAreDoubledByDefault() throws {
        let encoder = try Stub<JSONEncoder>(initializingWith: { JSONEncoder() })
        encoder.when { try $0.encode(Match.equal(CDItem(id: 1, title: "a"))) }.thenReturn(Data("stub".utf8))
        #expect(try encoder().encode(CDItem(id: 1, title: "a")) == Data("stub".utf8))
        let plist = try Spy<PropertyListDecoder>(initializingWith: { PropertyListDecoder() })
        plist.when { try $0.decode(Match.equal(Int.self), from: Match.any()) }.thenReturn(3)
        #expect(try plist().decode(Int.self, from: Data()) == 3)
    }
}
