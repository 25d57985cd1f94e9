/// A machine architecture the lab runs cases on.
public enum Architecture: String, CaseIterable, Codable, Sendable, Comparable {
    case x86_64
    case arm64

    /// The architecture this program runs on.
    public static var host: Architecture {
        #if arch(arm64)
        return .arm64
        #else
        return .x86_64
        #endif
    }

    /// Orders architectures by declaration order.
    public static func < (lhs: Architecture, rhs: Architecture) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
