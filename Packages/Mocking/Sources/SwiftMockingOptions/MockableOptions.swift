/// How a generated mock is named and shaped: the options of `@Mockable(...)`
/// and of `mockable --options`.
///
/// Its own module, so that the generator, the macro and SwiftMocking (which
/// re-exports it) share one definition.
public struct MockableOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: Int

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Names the mock `<P>Mock`.
    public static let suffixMock = MockableOptions(rawValue: 1 << 0)
    /// Names the mock `Mock<P>`; wins over ``suffixMock``.
    public static let prefixMock = MockableOptions(rawValue: 1 << 1)
    /// Holds `let mock = Mock()` instead of inheriting `Mock`, leaving the
    /// superclass slot to a class constraint.
    public static let composition = MockableOptions(rawValue: 1 << 2)
    /// `[.prefixMock]`.
    public static let `default`: MockableOptions = [.prefixMock]

    /// The names, in declaration order.
    static let named: [(String, MockableOptions)] = [
        ("suffixMock", .suffixMock), ("prefixMock", .prefixMock), ("composition", .composition),
    ]

    /// Parses `[.suffixMock, .composition]`, `.suffixMock` or `suffixMock,composition`:
    /// brackets, dots and spaces are ignored, empty parts skipped; `nil` for an unknown name.
    ///
    /// - Parameter text: The options as written.
    public init?(parsing text: String) {
        var options: MockableOptions = []
        let cleaned = text.filter { !"[]. \t\n".contains($0) }
        for part in cleaned.split(separator: ",") {
            guard let option = Self.named.first(where: { $0.0 == part })?.1 else { return nil }
            options.insert(option)
        }
        self = options
    }

    /// The names of the options set.
    public var identifiers: [String] {
        Self.named.filter { contains($0.1) }.map(\.0)
    }

    /// Parses options the way ``init(parsing:)`` does; the spelling
    /// SwiftMocking's generator used.
    ///
    /// - Parameter stringLiteral: The options as written.
    public init?(stringLiteral: String) {
        self.init(parsing: stringLiteral)
    }
}
