import Foundation
import TestDoubles
import Testing

@Suite struct ClassDoubleRefusalTests {
    private func refusal<C: AnyObject>(_ make: () -> C) -> StubError? {
        constructionError { try Stub<C>(initializingWith: make) }
    }

    @Test func aFinalMemberIsRefusedByName() throws {
        let error = try #require(refusal { CDWithFinal() })
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.requirement == "total()")
        #expect(error.reason.contains("dispatched directly"))
        #expect(error.description.contains("CDWithFinal"))
        #expect(error.fix.contains("extension CDWithFinal: YourProtocol {}"))
    }

    @Test func aMemberOfAnExtensionIsRefusedByName() throws {
        let error = try #require(refusal { CDWithExtension() })
        #expect(error.requirement == "extra()")
    }

    @Test func aFinalClassIsRefused() throws {
        let own = try #require(refusal { CDFinalOwn() })
        #expect(own.requirement == "value()")
        #expect(own.reason.contains("dispatched directly"))
        let overriding = try #require(refusal { CDFixedClock() })
        #expect(overriding.requirement == "now()")
        #expect(overriding.reason.contains("final class"))
        #expect(overriding.fix.contains("Stub<CDClock>(initializingWith:)"))
    }

    @Test func genericClassesAreRefused() throws {
        let box = try #require(refusal { CDBox<Int>() })
        #expect(box.reason.contains("is generic"))
        let ints = try #require(refusal { CDBoxOfInts() })
        #expect(ints.reason.contains("inherits from the generic"))
    }

    @Test func anInstanceKeptElsewhereIsRefused() throws {
        let kept = CDClock()
        let error = try #require(refusal { kept })
        #expect(error.reason.contains("referenced elsewhere"))
        #expect(type(of: kept) == CDClock.self)
    }

    /// Foundation's open classes on Linux all have a member the double cannot answer exactly: the refusal
    /// names it, never a double that would let the class's code answer a call the test configured.
    @Test func foundationClassesAreRefusedNamingTheMember() throws {
        let decoder = try #require(refusal { JSONDecoder() })
        #expect(decoder.description.contains("FoundationEssentials.JSONDecoder"))
        #expect(decoder.requirement != nil)
        let formatter = try #require(refusal { DateFormatter() })
        #expect(formatter.requirement == "getter of hashValue")
        #expect(formatter.reason.contains("extension of Foundation.NSObject"))
        // A generic member, or a read-only getter whose effects no debug information proves (Foundation ships
        // none), whichever comes first in its vtable.
        let files = try #require(refusal { FileManager() })
        #expect(files.requirement != nil)
        #expect(files.reason.contains("generic") || files.reason.contains("read-only getter"))
    }
}
