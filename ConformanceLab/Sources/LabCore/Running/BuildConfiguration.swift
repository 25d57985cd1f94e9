/// The SwiftPM configuration the generated package is built in.
public enum BuildConfiguration: String, CaseIterable, Codable, Sendable {
    case debug
    case release
}
