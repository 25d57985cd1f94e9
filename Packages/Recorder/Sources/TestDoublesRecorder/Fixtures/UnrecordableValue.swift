import Foundation

/// A value that `Codable` would encode into a fixture as a different
/// value: recording refuses it rather than replay something else later.
struct UnrecordableValue: Error, CustomStringConvertible {
    let description: String

    /// An optional inside an optional that holds `nil` in an inner layer,
    /// below the top of the recorded value.
    static func nestedNone(_ type: Any.Type, at path: [any CodingKey], in top: Any.Type) -> Self {
        Self(
            description: "\(place(path, top)) is \(String(reflecting: type)).some(nil): JSON has one null, so it "
                + "would replay as nil. An argument or result that is itself an optional of optionals keeps "
                + "every layer; inside a value, use one optional layer or an enum with a case per state")
    }

    /// A `URL` made relative to a base URL.
    static func relativeURL(_ url: URL, at path: [any CodingKey], in top: Any.Type) -> Self {
        Self(
            description: "\(place(path, top)) is the URL \"\(url.relativeString)\" relative to "
                + "\(url.baseURL?.absoluteString ?? "a base URL"): JSON stores its absolute string, so it would "
                + "replay as a different URL, without its base. Pass url.absoluteURL, or record a request value "
                + "that holds the string with thenRecord(as:into:recording:calling:)")
    }

    /// A floating-point value (or a NaN `Decimal`) JSON has no number for.
    static func nonFinite(_ value: String, _ type: Any.Type, at path: [any CodingKey], in top: Any.Type) -> Self {
        Self(
            description: "\(place(path, top)) is the \(type) \(value): JSON numbers are finite. Give the type a "
                + "Codable conformance that stores it another way (as a string, say), or record a request value "
                + "with thenRecord(as:into:recording:calling:)")
    }

    /// A nested optional whose wrapped value encodes like the marker a
    /// fixture uses for `.some(nil)`.
    static func markerLike(_ type: Any.Type) -> Self {
        Self(
            description: "the \(String(reflecting: type)) encodes as an object whose only key is "
                + "\"\(FixtureValue.someMarkerKey)\", which a fixture uses for .some(nil) of nested optionals; "
                + "it would replay as nil. Rename the key, or record a request value")
    }

    /// `in the value` or `at items[2].price in MyModule.Order`, for diagnostics.
    private static func place(_ path: [any CodingKey], _ top: Any.Type) -> String {
        guard !path.isEmpty else { return "the value (\(String(reflecting: top)))" }
        let keys = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return "the value at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys) in \(String(reflecting: top))"
    }
}
