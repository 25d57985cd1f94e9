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

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(self.filter { $0 != " " })
    }
}
