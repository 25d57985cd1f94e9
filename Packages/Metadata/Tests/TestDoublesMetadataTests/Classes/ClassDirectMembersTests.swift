import Testing

@testable import TestDoublesMetadata

@Suite struct ClassDirectMembersTests {
    private func direct(_ type: AnyClass) throws -> [String] {
        try ClassVTable(ClassMetadata(TypeMetadata(type))).directlyDispatchedMembers().map(\.displayName).sorted()
    }

    @Test func finalAndExtensionMembersAreDirectStoredPropertiesAreNot() throws {
        // `let name` reads the instance's storage: not listed. `class func make()` is not an instance member.
        let members = try direct(CVSession.self)
        #expect(members == ["extended()", "sealed()"])
    }

    @Test func aSubclassListsItsAncestorsDirectMembersAndNoneOfItsOverrides() throws {
        let members = try direct(CVDerived.self)
        #expect(members == ["extended()", "sealed()"])
    }

    @Test func aFinalClassesOwnMembersAreDirect() throws {
        #expect(try direct(CVFinal.self) == ["answer()"])
    }
}
