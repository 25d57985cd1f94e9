import Testing

@testable import TestDoublesRecorder

/// A configured value is kept at one address for its object's life, and
/// read back exactly: whole, typed when it was configured as exactly that
/// type, and nil (for a cast to decide) otherwise.
@Suite struct ConfiguredValueTests {
    struct Wide: Equatable {
        var name: String
        var a = 1, b = 2, c = 3, d = 4
    }

    final class Owner {}

    @Test func aValueConfiguredAsExactlyTheTypeIsReadInPlace() {
        let wide = Wide(name: String(repeating: "x", count: 40))
        #expect(ConfiguredValue(wide).value(ifExactly: Wide.self) == wide)
        #expect(ConfiguredValue(7).value(ifExactly: Int.self) == 7)
        let owner = Owner()
        #expect(ConfiguredValue(owner).value(ifExactly: Owner.self) === owner)
    }

    @Test func aValueOfAnotherTypeIsLeftToACast() {
        #expect(ConfiguredValue(7).value(ifExactly: Int32.self) == nil)
        #expect(ConfiguredValue(Int?.some(7)).value(ifExactly: Int.self) == nil)
        #expect(ConfiguredValue(7).value(ifExactly: (any CustomStringConvertible).self) == nil)
        #expect((ConfiguredValue(7).value as? Int) == 7)
    }

    @Test func theValueLivesAsLongAsItsObject() {
        weak var watched: Owner?
        do {
            let owner = Owner()
            watched = owner
            let configured = ConfiguredValue(owner)
            #expect(configured.value(ifExactly: Owner.self) === owner)
        }
        #expect(watched == nil)
    }
}
