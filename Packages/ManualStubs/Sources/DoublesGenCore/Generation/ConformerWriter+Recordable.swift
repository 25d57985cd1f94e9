extension ConformerWriter {
    /// The name of the overloaded file-private function that turns a
    /// `borrowing` or `consuming` parameter into a value a `ManualStub` can
    /// record.
    static let recordableFunction = "doublesGenRecordable"

    /// The name of the marker recorded in place of a `~Copyable` argument
    /// (private to the file, so that two generated files of a module never clash).
    static let noncopyableMarker = "DoublesGenNoncopyableArgument"

    /// The declarations a generated file carries when a conformer forwards a
    /// `borrowing` or `consuming` parameter.
    ///
    /// `copy name` compiles only for a copyable type, and a recorder stores
    /// its arguments as copyable values, so a `~Copyable` argument cannot be
    /// recorded at all. The generator cannot tell from the source alone
    /// whether a parameter's type (perhaps declared in another module) is
    /// copyable; overload resolution can: the unconstrained overload (whose
    /// `T` is implicitly `Copyable`) is more specific and wins for a copyable
    /// type, and the `T: ~Copyable` one is the only candidate for a
    /// noncopyable type, which is then recorded as a marker (the call is
    /// still recorded and answered). Noncopyable generics need Swift 6.0.
    /// The functions are `nonisolated` so that a `nonisolated` requirement
    /// can call them in a module built with `-default-isolation MainActor`.
    static let recordableDeclarations = """
        /// A `~Copyable` argument, which a ManualStub cannot record: the call is recorded with this marker.
        private struct \(noncopyableMarker): Equatable, Sendable, CustomStringConvertible {
            var description: String { "a noncopyable argument (not recorded)" }
        }

        /// A copyable borrowed or consumed argument, copied for the recorder.
        nonisolated private func \(recordableFunction)<T>(_ value: borrowing T) -> T { copy value }

        /// A `~Copyable` argument, recorded as ``\(noncopyableMarker)``.
        nonisolated private func \(recordableFunction)<T: ~Copyable>(_ value: borrowing T) -> \(noncopyableMarker) {
            \(noncopyableMarker)()
        }
        """
}
