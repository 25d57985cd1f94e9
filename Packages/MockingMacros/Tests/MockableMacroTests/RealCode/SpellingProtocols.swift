import Foundation
import SwiftMockingMacros

// Parameter spellings app code writes that the generated mock must copy
// exactly: attributes written before `@escaping`, keyword argument labels,
// `throws(Never)`, escaping autoclosures and variadic closures.

/// A settings feed whose observers are written `@Sendable @escaping`, the
/// attribute order Xcode's fix-its and many codebases use.
@Mockable
protocol ChangeFeed: Sendable {
    func onChange(of key: String, _ handler: @Sendable @escaping (String) -> Void) -> Int
    func onMainChange(_ handler: @MainActor @Sendable @escaping () -> Void)
}

/// An asset loader whose argument labels are keywords used as the
/// parameters' only names, as Foundation-style APIs write them.
@Mockable
protocol AssetLoader {
    func image(for: URL) -> Data?
    func assets(in: String, as: String) async throws -> [String]
    subscript(for: String) -> Int { get set }
}

/// A parser whose entry points spell out that they cannot fail, as generic
/// code written against typed throws does (`throws(Never)`).
@Mockable
protocol InfallibleParser {
    func parse(_ text: String) throws(Never) -> Int
    func warmUp() async throws(Never)
}

/// A logger that keeps its messages lazy (`@autoclosure @escaping`, for a
/// background writer) and a pipeline of transforms passed variadically
/// (the closures of a variadic parameter escape).
@Mockable
protocol DeferredLogger {
    func debug(_ message: @autoclosure @escaping @Sendable () -> String)
    func pipeline(_ steps: (Int) -> Int...) -> Int
}
