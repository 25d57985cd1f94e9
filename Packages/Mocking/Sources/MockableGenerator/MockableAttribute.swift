import SwiftMockingOptions

/// Reads the options of a `@Mockable` attribute written on a protocol.
enum MockableAttribute {
    /// `@Mockable` gives the defaults; `@Mockable([.suffixMock])` its options; `nil` for an unknown option.
    static func options(_ attribute: String) -> MockableOptions? {
        guard let open = attribute.firstIndex(of: "("), attribute.last == ")" else { return .default }
        let argument = attribute[attribute.index(after: open)..<attribute.index(before: attribute.endIndex)]
        if argument.trimmingCharacters() == ".default" { return .default }
        return MockableOptions(parsing: String(argument))
    }
}

extension MockableAttribute {
    /// The options the seed's generator read from a protocol's attributes.
    ///
    /// It walked the attributes in order and took the first argument list that
    /// parsed as options; an attribute with no argument list (`@MainActor`)
    /// or a non-expression one (`@available(iOS 15, *)`) ended the walk with
    /// the defaults. So `@MainActor @Mockable([.suffixMock])` gave `MockP`
    /// there, and tests written against it name that class.
    static func seedOptions(_ attributes: [String]) -> MockableOptions {
        for attribute in attributes {
            guard attribute.contains("(") else { return .default }
            if attribute.hasPrefix("@Mockable"), let options = options(attribute) { return options }
            if !attribute.hasPrefix("@Mockable") { return .default }
        }
        return .default
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(self.filter { $0 != " " })
    }
}
