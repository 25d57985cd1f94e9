/// A type that has a ``Mock``: a mock class (which is its own mock) or a
/// composed mock holding `let mock = Mock()`.
public protocol MockProviding {
    /// The mock whose spies record the calls.
    var mock: Mock { get }
}

extension Mock: MockProviding {
    /// The mock itself.
    public var mock: Mock { self }
}

extension MockProviding {
    /// Removes the stubs, actions and calls of the mock's spies.
    public func clear() {
        mock.clear()
    }

    /// Removes the stubs, actions and calls of every mock type's static spies
    /// in ``MockScope/currentStorage``.
    public static func clear() {
        Mock.clear()
    }
}
