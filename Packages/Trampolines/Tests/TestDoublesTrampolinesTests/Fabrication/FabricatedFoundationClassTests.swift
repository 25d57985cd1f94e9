import Foundation
import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// A class double of an open Foundation class on Linux (`JSONDecoder`, in
/// FoundationEssentials): one getter routed, everything else the class's.
@Suite struct FabricatedFoundationClassTests {
    struct Point: Decodable, Equatable {
        var x: Int
    }

    @Test func aRoutedGetterAnswersWhileDecodingKeepsTheClasssCode() throws {
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(JSONDecoder.self)))
        let getter = try #require(fabricated.vtable.slots.first { $0.method.displayName() == "getter of allowsJSON5" })
        let calls = FCCalls()
        try fabricated.routeToTrampolines([getter]) { frame in
            calls.append("allowsJSON5")
            frame.setReturnGeneralPurposeRegister(0, to: 1)
        }
        let decoder = try fabricated.adopt { JSONDecoder() }
        #expect(decoder.allowsJSON5)
        #expect(try decoder.decode(Point.self, from: Data(#"{"x": 3}"#.utf8)) == Point(x: 3))
        #expect(decoder.userInfo.isEmpty)
        // `decode` itself reads `allowsJSON5` through the vtable, as it would
        // read a subclass's override: the class's own code sees the double.
        #expect(calls.all == ["allowsJSON5", "allowsJSON5"])
        let plain = JSONDecoder()
        #expect(!plain.allowsJSON5)
    }
}
