import Foundation
import SwiftMockingMacros

// Requirements named like `Mock`'s own members, as app protocols often are.

/// A cache with `clear()`, the most common clash with `Mock.clear()`.
@Mockable
protocol ImageCache {
    func image(for url: URL) -> Data?
    func clear()
    func clear(olderThan date: Date)
    var isLoggingEnabled: Bool { get set }
}

/// Static members named like `Mock`'s static ones.
@Mockable
protocol SessionRegistry {
    static func clear()
    static var isLoggingEnabled: Bool { get }
    func adapt(_ value: Int) -> Int
}
