import TestDoubles
import Testing

class ClassResultShape: @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
}

final class ClassResultWidget: ClassResultShape, @unchecked Sendable {}

protocol ClassResultFactory {
    func widget(_ index: Int) -> ClassResultWidget
    func shape() -> ClassResultShape
    func maybe() -> ClassResultWidget?
}

/// A linked conformer: the Stub discovers the requirements' signatures from its witnesses.
struct LiveClassResultFactory: ClassResultFactory {
    func widget(_ index: Int) -> ClassResultWidget { ClassResultWidget(name: "live \(index)") }
    func shape() -> ClassResultShape { ClassResultShape(name: "live") }
    func maybe() -> ClassResultWidget? { nil }
}

/// A class reference result is written straight into its result register
/// (the configured instance, one more reference for the caller): the caller
/// gets the very instance, every reference it is given is its own (no
/// instance dies early, none outlives everything that held it).
@Suite struct ClassResultTests {
    @Test func aConfiguredInstanceIsReturnedOwnedAndReleasedWithItsHolders() throws {
        weak var watched: ClassResultWidget?
        try {
            let widget = ClassResultWidget(name: "configured")
            watched = widget
            let stub = try Stub<any ClassResultFactory>()
            stub.when(returning: widget) { $0.widget(Match.any()) }.thenReturn(widget)
            let factory = stub()
            var received: [ClassResultWidget] = []
            for index in 0..<1_000 { received.append(factory.widget(index)) }
            #expect(received.allSatisfy { $0 === widget })
            received.removeAll()
            // The caller's references are gone; the stub's configuration still holds the instance.
            for index in 0..<1_000 { _ = factory.widget(index) }
            #expect(watched != nil && watched?.name == "configured")
        }()
        #expect(watched == nil)
    }

    @Test func aSubclassInstanceOfASuperclassResultAndAnOptionalAreTheConfiguredOnes() throws {
        let widget = ClassResultWidget(name: "as shape")
        let stub = try Stub<any ClassResultFactory>()
        stub.when(returning: widget as ClassResultShape) { $0.shape() }.thenReturn(widget)
        stub.when { $0.maybe() }.thenReturn(widget)
        let factory = stub()
        for _ in 0..<100 {
            #expect(factory.shape() === widget)
            #expect(factory.maybe() === widget)
        }
    }

    @Test func aHandlersNewInstancesBelongToTheCaller() throws {
        weak var last: ClassResultWidget?
        let stub = try Stub<any ClassResultFactory>()
        stub.when(returning: ClassResultWidget(name: "placeholder")) { $0.widget(Match.any()) }
            .then { (index: Int) in ClassResultWidget(name: "made \(index)") }
        let factory = stub()
        try {
            let made = factory.widget(3)
            last = made
            #expect(made.name == "made 3")
        }()
        // The recorder keeps the completion's answer, so the instance lives until the call is forgotten.
        stub.reset()
        #expect(last == nil)
    }
}
