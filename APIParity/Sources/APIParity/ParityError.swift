/// A failure of the tool itself (unreadable input), as opposed to a finding.
struct ParityError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
