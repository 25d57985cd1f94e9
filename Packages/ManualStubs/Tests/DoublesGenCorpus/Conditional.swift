protocol Platform {
    func common() -> Int
    #if os(Linux)
    func linuxOnly() -> String
    #elseif os(macOS)
    func macOnly() -> String
    #else
    func otherOnly() -> String
    #endif
}

#if DEBUG || !DEBUG
protocol DebugTools {
    func dump() -> String
}
#endif

/* A comment with a brace { that must not count. */
protocol Commented {
    // func notARequirement() {
    func real(_ text: String) -> String /* trailing { comment */
    var message: String { get }  // "quote {
}

let sample = """
    protocol NotAProtocol { func ignored() }
    """

struct Unrelated {
    func helper() -> String { "{ protocol Fake {" }
}
