/// The name of a protocol requirement as `#function` spells it.
///
/// `fetch(id:)` has the base name `fetch` and the labels `["id"]`; a
/// property `count` has no argument list at all.
public struct RequirementName: Hashable, Sendable, CustomStringConvertible {
    /// The name before the argument list.
    public var baseName: String
    /// The argument labels, `_` for an unlabelled argument; `nil` for a
    /// property, which has no argument list.
    public var labels: [String]?

    /// Parses a name as `#function` spells it.
    ///
    /// - Parameter function: A name such as `fetch(id:)`, `subscript(_:)`
    ///   or `count`.
    public init(_ function: String) {
        guard let open = function.firstIndex(of: "("), function.last == ")" else {
            baseName = function
            labels = nil
            return
        }
        baseName = String(function[..<open])
        let inner = function[function.index(after: open)..<function.index(before: function.endIndex)]
        labels = inner.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    }

    /// The name as `#function` spells it.
    public var description: String {
        guard let labels else { return baseName }
        return "\(baseName)(\(labels.map { "\($0):" }.joined()))"
    }
}
