import TestDoubles
import Testing

// Swift 6.0.3's `#expect(throws:)` and `#require(throws:)` hand back no
// error, so the tests that read a refusal's kind, requirement, reason or fix
// catch it with these.

/// The `StubError` that `construct` throws, or nil when it returns. An error
/// of another type is recorded as an issue (and gives nil).
func constructionError<Value>(
    sourceLocation: SourceLocation = #_sourceLocation, _ construct: () throws -> Value
) -> StubError? {
    do {
        _ = try construct()
        return nil
    } catch let error as StubError {
        return error
    } catch {
        Issue.record("construction threw \(error), not a StubError", sourceLocation: sourceLocation)
        return nil
    }
}

/// The `StubError` that `Stub<Subject>()` throws, or nil when it builds.
func constructionError<Subject>(of _: Subject.Type) -> StubError? {
    constructionError { try Stub<Subject>() }
}
