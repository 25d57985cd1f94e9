// How a maker makes the value of a marker for a handler's run and takes it
// back once the run returns (see ``DeferredArgument/makeForRun(at:into:)``).

extension DeferredArgument.Maker {
    /// What makes the value of a marker for one handler run and takes it
    /// back once the run returns: two functions without a context and
    /// the object they work on, so a run costs no reference counting.
    public struct Runs: @unchecked Sendable {
        /// The object the functions work on, not retained: whatever
        /// ``Maker/make`` holds keeps it alive as long as the maker.
        let runner: UnsafeRawPointer
        /// Writes the value of a marker for one run into an uninitialized
        /// `Any`: from the runner, the marker's word, its reference
        /// (lent: the value retains its own) and the `Any`'s address.
        let make:
            @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer)
                -> Void
        /// Takes back a value ``make`` made, the run over, leaving its
        /// `Any` uninitialized: from the runner and the `Any`'s address.
        let end: @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void

        /// The functions `make` and `end` working on `runner`.
        ///
        /// - Parameters:
        ///   - runner: The object both work on, kept alive by what the
        ///     maker's `make` holds (it is not retained here).
        ///   - make: Writes the value of a marker for one run into an
        ///     uninitialized `Any` (the runner, the word, the reference
        ///     lent, the `Any`'s address).
        ///   - end: Takes back a value `make` made and leaves its `Any`
        ///     uninitialized (the runner, the `Any`'s address).
        public init(
            runner: UnsafeRawPointer,
            make:
                @escaping @convention(c) (
                    UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer
                ) -> Void,
            end: @escaping @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
        ) {
            self.runner = runner
            self.make = make
            self.end = end
        }
    }
}
