import Foundation
import SwiftMockingMacros

// Remaining requirement shapes: unnamed subscript indices, static
// subscripts, async closure properties, metatype existentials and
// parameters named like the generated code's own words.

/// A matrix-like lookup and a registry of types.
@Mockable
protocol Registry {
    subscript(_ row: Int, _ column: Int) -> Int { get }
    static subscript(key: String) -> Int { get }
    var loader: @Sendable () async throws -> Data { get }
    func register(_ type: any Decodable.Type, as name: String)
    func track(spy: String, newValue: Int, void: Bool)
}
