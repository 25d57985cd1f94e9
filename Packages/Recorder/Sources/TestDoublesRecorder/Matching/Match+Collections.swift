extension Match {
    /// Matches empty collections.
    ///
    /// - Returns: A placeholder of `C`.
    public static func isEmpty<C: Collection>() -> C {
        record(.typed("isEmpty()") { (argument: C) in argument.isEmpty })
    }

    /// Matches non-empty collections.
    ///
    /// - Returns: A placeholder of `C`.
    public static func nonEmpty<C: Collection>() -> C {
        record(.typed("nonEmpty()") { (argument: C) in !argument.isEmpty })
    }

    /// Matches collections with a given number of elements.
    ///
    /// - Parameter count: The expected number of elements.
    /// - Returns: A placeholder of `C`.
    public static func hasCount<C: Collection>(_ count: Int) -> C {
        record(.typed("hasCount(\(count))") { (argument: C) in argument.count == count })
    }

    /// Matches collections containing an element.
    ///
    /// - Parameter element: The element that must be present.
    /// - Returns: A placeholder of `C`.
    public static func contains<C: Collection>(_ element: C.Element) -> C where C.Element: Equatable {
        record(.typed("contains(\(describeValue(element)))") { (argument: C) in argument.contains(element) })
    }

    /// Matches collections containing every element given, in any order.
    ///
    /// - Parameter elements: The elements that must be present.
    /// - Returns: A placeholder of `C`.
    public static func containsAll<C: Collection>(_ elements: [C.Element]) -> C where C.Element: Equatable {
        record(
            .typed("containsAll(\(describeValue(elements)))") { (argument: C) in
                elements.allSatisfy { argument.contains($0) }
            })
    }

    /// Matches collections that start with the elements given.
    ///
    /// - Parameter prefix: The leading elements.
    /// - Returns: A placeholder of `C`.
    public static func startsWith<C: Collection>(_ prefix: [C.Element]) -> C where C.Element: Equatable {
        record(.typed("startsWith(\(describeValue(prefix)))") { (argument: C) in argument.starts(with: prefix) })
    }

    /// Matches collections that end with the elements given.
    ///
    /// - Parameter suffix: The trailing elements.
    /// - Returns: A placeholder of `C`.
    public static func endsWith<C: Collection>(_ suffix: [C.Element]) -> C where C.Element: Equatable {
        record(
            .typed("endsWith(\(describeValue(suffix)))") { (argument: C) in
                argument.reversed().starts(with: suffix.reversed())
            })
    }

    /// Matches collections that contain every element listed.
    ///
    /// ```swift
    /// $0.tag(Match.containsAll("swift", "testing"))
    /// ```
    ///
    /// - Parameter elements: The required elements.
    /// - Returns: A placeholder of `C`.
    public static func containsAll<C: Collection>(_ elements: C.Element...) -> C where C.Element: Equatable {
        containsAll(elements)
    }

    /// Matches collections that start with the elements listed.
    ///
    /// - Parameter prefix: The leading elements.
    /// - Returns: A placeholder of `C`.
    public static func startsWith<C: Collection>(_ prefix: C.Element...) -> C where C.Element: Equatable {
        startsWith(prefix)
    }

    /// Matches collections that end with the elements listed.
    ///
    /// - Parameter suffix: The trailing elements.
    /// - Returns: A placeholder of `C`.
    public static func endsWith<C: Collection>(_ suffix: C.Element...) -> C where C.Element: Equatable {
        endsWith(suffix)
    }

    // MARK: Strings

    /// Matches strings with a prefix.
    ///
    /// - Parameter prefix: The required prefix.
    /// - Returns: `prefix`.
    public static func hasPrefix(_ prefix: String) -> String {
        record(
            .typed("hasPrefix(\(describeValue(prefix)))") { (argument: String) in argument.hasPrefix(prefix) },
            returning: prefix)
    }

    /// Matches strings with a suffix.
    ///
    /// - Parameter suffix: The required suffix.
    /// - Returns: `suffix`.
    public static func hasSuffix(_ suffix: String) -> String {
        record(
            .typed("hasSuffix(\(describeValue(suffix)))") { (argument: String) in argument.hasSuffix(suffix) },
            returning: suffix)
    }

    /// Matches strings containing a substring.
    ///
    /// - Parameter substring: The text that must occur.
    /// - Returns: `substring`.
    public static func containsSubstring(_ substring: String) -> String {
        record(
            .typed("containsSubstring(\(describeValue(substring)))") { (argument: String) in
                substring.isEmpty || argument.contains(substring)
            }, returning: substring)
    }

    /// Matches strings equal to a value when case is ignored.
    ///
    /// - Parameter value: The expected text.
    /// - Returns: `value`.
    public static func equalsIgnoringCase(_ value: String) -> String {
        let folded = value.lowercased()
        return record(
            .typed("equalsIgnoringCase(\(describeValue(value)))") { (argument: String) in
                argument.lowercased() == folded
            },
            returning: value)
    }

    /// Matches strings in which a regular expression finds a match.
    ///
    /// Anchor the pattern (`^…$`) to require a whole match. A pattern that
    /// does not compile matches nothing and says so in diagnostics.
    ///
    /// - Parameter pattern: The regular expression.
    /// - Returns: A placeholder string.
    public static func matchesRegex(_ pattern: String) -> String {
        guard let regex = try? Regex(pattern) else {
            return record(
                .typed("matchesRegex(\(describeValue(pattern))) (invalid pattern)") { (_: String) in false },
                returning: "")
        }
        let box = RegexBox(regex: regex)
        return record(
            .typed("matchesRegex(\(describeValue(pattern)))") { (argument: String) in
                (try? box.regex.firstMatch(in: argument)) != nil
            }, returning: "")
    }

    /// Matches strings in which a regular expression finds a match.
    ///
    /// ```swift
    /// $0.open(Match.matchesRegex(/^https:/))
    /// ```
    ///
    /// - Parameter regex: The expression.
    /// - Returns: A placeholder string.
    public static func matchesRegex<Output>(_ regex: Regex<Output>) -> String {
        let box = RegexBox(regex: Regex<AnyRegexOutput>(regex))
        return record(
            .typed("matchesRegex(a Regex<\(Output.self)>)") { (argument: String) in
                (try? box.regex.firstMatch(in: argument)) != nil
            }, returning: "")
    }
}

/// Lets a compiled regular expression be shared by matcher evaluations.
private final class RegexBox: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>
    init(regex: Regex<AnyRegexOutput>) { self.regex = regex }
}
