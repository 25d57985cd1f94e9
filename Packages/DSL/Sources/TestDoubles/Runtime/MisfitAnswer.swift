/// The error a throwing requirement throws when its configured answer does
/// not have the type this call returns (a value configured for one
/// specialization of a generic result reaching a call of another) and no
/// value of that type can be made; the mistake is also reported as an issue.
struct MisfitAnswer: Error, CustomStringConvertible {
    /// The mistake, naming the double, the requirement and both types.
    let message: String

    var description: String { message }
}
