import TestDoubles
import Testing

// A configured answer that does not fit a non-throwing call whose result is a class (issue 17): no
// placeholder of a class can be made, so the caller gets the newest instance of that class the double
// was handed as an argument, with the issue at the stub's creation. Before, the process stopped:
// "make(_:around:) returns MisfitBox for this call, but its behavior produced … and no placeholder
// MisfitBox can be made to answer instead".

final class MisfitBox: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

protocol MisfitFactory {
    func make<T>(_ type: T.Type, around seed: Any) -> T
}

struct LiveMisfitFactory: MisfitFactory {
    func make<T>(_ type: T.Type, around seed: Any) -> T { seed as! T }
}

@Suite struct MisfitClassAnswerTests {
    @Test func aMisfitAnswerOfAClassResultIsAnIssueAndTheHandedOverInstance() throws {
        let factory = try Stub<any MisfitFactory>()
        factory.when { $0.make(Match.any(using: MisfitUser.self), around: Match.any()) }
            .thenReturn(MisfitUser(name: "configured"))
        // The registration's own specialization: exact.
        #expect(factory().make(MisfitUser.self, around: 1) == MisfitUser(name: "configured"))
        let box = MisfitBox(id: 7)
        var made: MisfitBox?
        withKnownIssue {
            made = factory().make(MisfitBox.self, around: box)
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("make(_:around:) returns MisfitBox for this call")
                && text.contains("the newest argument of that type the double was handed")
        }
        // The process survived and the caller got a real instance, the one it handed over.
        #expect(made === box)
    }
}
