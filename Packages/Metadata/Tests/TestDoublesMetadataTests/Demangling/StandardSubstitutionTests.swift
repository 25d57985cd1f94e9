import Testing

@testable import TestDoublesMetadata

/// The standard substitutions, held in arrays by letter, answer every
/// letter both ways and nothing for the letters they do not define.
@Suite struct StandardSubstitutionTests {
    @Test func everyLetterRoundTrips() {
        var defined = 0
        for letter in UInt8(0)...UInt8(255) {
            for concurrency in [false, true] {
                guard let entry = StandardSubstitution.lookup(letter, concurrency: concurrency) else { continue }
                defined += 1
                let spelled = (concurrency ? "Sc" : "S") + String(Unicode.Scalar(letter))
                // A Swift type in both tables is remangled with its standard letter first.
                let expected =
                    concurrency && StandardSubstitution.letter(forSwiftType: entry.name, kind: entry.kind)?.count == 2
                    ? StandardSubstitution.letter(forSwiftType: entry.name, kind: entry.kind) : spelled
                #expect(StandardSubstitution.letter(forSwiftType: entry.name, kind: entry.kind) == expected)
            }
        }
        #expect(defined > 50)
        #expect(StandardSubstitution.lookup(UInt8(ascii: "a"), concurrency: false)?.name == "Array")
        #expect(StandardSubstitution.lookup(UInt8(ascii: "T"), concurrency: true)?.name == "Task")
        #expect(StandardSubstitution.lookup(UInt8(ascii: "a"), concurrency: true) == nil)
        #expect(StandardSubstitution.lookup(0xC3, concurrency: false) == nil)
        #expect(StandardSubstitution.letter(forSwiftType: "NoSuchType", kind: .structure) == nil)
    }

    /// A name of another kind has no letter: the kind must match as well as the name.
    @Test func aNameOfAnotherKindHasNoLetter() {
        #expect(StandardSubstitution.letter(forSwiftType: "Array", kind: .structure) == "Sa")
        #expect(StandardSubstitution.letter(forSwiftType: "Array", kind: .protocol) == nil)
        #expect(StandardSubstitution.letter(forSwiftType: "Optional", kind: .enum) == "Sq")
        #expect(StandardSubstitution.letter(forSwiftType: "Optional", kind: .structure) == nil)
        #expect(StandardSubstitution.letter(forSwiftType: "Task", kind: .structure) == "ScT")
        #expect(StandardSubstitution.letter(forSwiftType: "Task", kind: .protocol) == nil)
    }
}
