/// Carries a value the engine hands between threads by design (user
/// closures and arguments that test code shares with the double).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
