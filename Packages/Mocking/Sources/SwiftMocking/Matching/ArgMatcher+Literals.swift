extension ArgMatcher: ExpressibleByIntegerLiteral where Argument == Int {
    /// An integer literal matches arguments equal to it.
    ///
    /// - Parameter value: The literal.
    public init(integerLiteral value: Int) {
        self = .equal(value)
    }
}

extension ArgMatcher: ExpressibleByFloatLiteral where Argument == Double {
    /// A floating-point literal matches arguments equal to it.
    ///
    /// - Parameter value: The literal.
    public init(floatLiteral value: Double) {
        self = .equal(value)
    }
}

extension ArgMatcher: ExpressibleByBooleanLiteral where Argument == Bool {
    /// A Boolean literal matches arguments equal to it.
    ///
    /// - Parameter value: The literal.
    public init(booleanLiteral value: Bool) {
        self = .equal(value)
    }
}

extension ArgMatcher: ExpressibleByUnicodeScalarLiteral where Argument == String {
    /// A one-scalar string literal matches arguments equal to it.
    ///
    /// - Parameter value: The literal.
    public init(unicodeScalarLiteral value: String) {
        self = .equal(value)
    }
}

extension ArgMatcher: ExpressibleByExtendedGraphemeClusterLiteral where Argument == String {
    /// A one-character string literal matches arguments equal to it.
    ///
    /// - Parameter value: The literal.
    public init(extendedGraphemeClusterLiteral value: String) {
        self = .equal(value)
    }
}

extension ArgMatcher: ExpressibleByStringLiteral where Argument == String {
    /// A string literal matches arguments equal to it.
    ///
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        self = .equal(value)
    }
}
