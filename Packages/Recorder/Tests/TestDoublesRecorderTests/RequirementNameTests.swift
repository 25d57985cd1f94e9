import TestDoublesRecorder
import Testing

@Suite struct RequirementNameTests {
    @Test func parsesAMethodWithLabels() {
        let name = RequirementName("track(event:value:)")
        #expect(name.baseName == "track")
        #expect(name.labels == ["event", "value"])
        #expect(name.description == "track(event:value:)")
    }

    @Test func parsesUnlabelledAndNullaryMethods() {
        #expect(RequirementName("translate(_:)").labels == [nil])
        #expect(RequirementName("translate(_:)").description == "translate(_:)")
        #expect(RequirementName("loadFeed()").labels == [])
        #expect(RequirementName("loadFeed()").description == "loadFeed()")
    }

    @Test func aPropertyHasNoArgumentList() {
        let name = RequirementName("count")
        #expect(name.baseName == "count")
        #expect(name.labels == nil)
        #expect(name.description == "count")
    }

}
