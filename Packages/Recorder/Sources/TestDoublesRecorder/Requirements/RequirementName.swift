/// The name of a protocol requirement as `#function` spells it.
///
/// `fetch(id:)` has the base name `fetch` and the labels `["id"]`;
/// `translate(_:)` has one argument without a label (`[nil]`); a property
/// `count` has no argument list at all (`labels` is `nil`).
///
/// Every front that names requirements by `#function` (ManualStubs, the
/// Recorder's `Requirement`) reads them through this one parser.
public struct RequirementName: Hashable, Sendable, CustomStringConvertible {
    /// The name before the argument list.
    public var baseName: String
    /// The argument labels, `nil` for an unlabelled argument; `nil` for a
    /// property, which has no argument list.
    public var labels: [String?]?

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
        labels = inner.split(separator: ":", omittingEmptySubsequences: true).map { $0 == "_" ? nil : String($0) }
    }

    /// The name as `#function` spells it.
    public var description: String {
        guard let labels else { return baseName }
        return "\(baseName)(\(labels.map { "\($0 ?? "_"):" }.joined()))"
    }
}
