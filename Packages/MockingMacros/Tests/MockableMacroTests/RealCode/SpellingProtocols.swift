import Foundation
import SwiftMockingMacros

// Parameter spellings app code writes that the generated mock must copy
// exactly: attributes written before `@escaping`.

/// A settings feed whose observers are written `@Sendable @escaping`, the
/// attribute order Xcode's fix-its and many codebases use.
@Mockable
protocol ChangeFeed: Sendable {
    func onChange(of key: String, _ handler: @Sendable @escaping (String) -> Void) -> Int
    func onMainChange(_ handler: @MainActor @Sendable @escaping () -> Void)
}
