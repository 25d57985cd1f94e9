import SwiftMocking

/// A protocol with a requirement of every shape the generated mocks handle.
protocol PricingService {
    func price(_ item: String) throws -> Int
    func discount(for item: String, percent: Double) -> Double
    func load() async -> [String]
    func refresh(id: Int) async throws -> Bool
    func reset()
    func log(_ messages: String...)
    func encode<T: Encodable>(_ value: T) -> String
    var name: String { get }
    var cachePolicy: Int { get set }
    subscript(row: Int, column: Int) -> String { get set }
    static func shared() -> String
    static var version: Int { get }
}

/// `PricingService`'s mock, written in the generated shape (section 17 templates).
class MockPricingService: Mock, @unchecked Sendable, PricingService {
    func price(_ item: ArgMatcher<String>) -> Interaction<String, Throws, Int> {
        Interaction(item, spy: super.price)
    }

    func discount(
        for item: ArgMatcher<String>, percent: ArgMatcher<Double>
    ) -> Interaction<
        String, Double, None, Double
    > {
        Interaction(item, percent, spy: super.discount)
    }

    func load() -> Interaction<Void, Async, [String]> {
        Interaction(.any, spy: super.load)
    }

    func refresh(id: ArgMatcher<Int>) -> Interaction<Int, AsyncThrows, Bool> {
        Interaction(id, spy: super.refresh)
    }

    func reset() -> Interaction<Void, None, Void> {
        Interaction(.any, spy: super.reset)
    }

    func log(_ messages: ArgMatcher<String>...) -> Interaction<[String], None, Void> {
        Interaction(.variadic(messages), spy: super.log)
    }

    func encode<T: Encodable>(_ value: ArgMatcher<T>) -> Interaction<T, None, String> {
        Interaction(value, spy: super.encode)
    }

    func name(_ void: Void = ()) -> Interaction<Void, None, String> {
        Interaction(.any, spy: super.name)
    }

    func cachePolicy(_ void: Void = ()) -> SettableInteraction<Void, None, Int> {
        SettableInteraction(
            get: Interaction(.any, spy: super.cachePolicy),
            setInteraction: { newValue in
                let writeSpy: Spy<Void, Int, None, Void> = super.setCachePolicy
                let writeInteraction: Interaction<Void, Int, None, Void> = Interaction(.any, newValue, spy: writeSpy)
                return writeInteraction
            })
    }

    #if compiler(>=6.1)
    subscript(row: ArgMatcher<Int>, column: ArgMatcher<Int>) -> SettableInteraction<Int, Int, None, String> {
        get {
            SettableInteraction(
                get: Interaction(row, column, spy: super.subscriptRowColumn),
                setInteraction: { newValue in
                    let writeSpy: Spy<Int, Int, String, None, Void> = super.setSubscriptRowColumn
                    let writeInteraction: Interaction<Int, Int, String, None, Void> = Interaction(
                        row, column, newValue, spy: writeSpy)
                    return writeInteraction
                })
        }
    }
    #else
    // Swift 6.0 crashes compiling a write interaction whose read side has two or more inputs.
    subscript(row: ArgMatcher<Int>, column: ArgMatcher<Int>) -> Interaction<Int, Int, None, String> {
        get { Interaction(row, column, spy: super.subscriptRowColumn) }
    }
    #endif

    static func shared() -> Interaction<Void, None, String> {
        Interaction(.any, spy: super.shared)
    }

    static func version(_ void: Void = ()) -> Interaction<Void, None, Int> {
        Interaction(.any, spy: super.version)
    }

    func price(_ item: String) throws -> Int {
        return try adaptThrowing(super.price, item)
    }

    func discount(for item: String, percent: Double) -> Double {
        return adapt(super.discount, item, percent)
    }

    func load() async -> [String] {
        return await adapt(super.load, ())
    }

    func refresh(id: Int) async throws -> Bool {
        return try await adaptThrowing(super.refresh, id)
    }

    func reset() {
        return adapt(super.reset, ())
    }

    func log(_ messages: String...) {
        return adapt(super.log, messages)
    }

    func encode<T: Encodable>(_ value: T) -> String {
        return adapt(super.encode, value)
    }

    var name: String {
        get { adapt(super.name, ()) }
    }

    var cachePolicy: Int {
        set { return adapt(super.setCachePolicy, (), newValue) }
        get { adapt(super.cachePolicy, ()) }
    }

    subscript(row: Int, column: Int) -> String {
        set { return adapt(super.setSubscriptRowColumn, row, column, newValue) }
        get { return adapt(super.subscriptRowColumn, row, column) }
    }

    static func shared() -> String {
        return adapt(super.shared, ())
    }

    static var version: Int {
        get { adapt(super.version, ()) }
    }
}
