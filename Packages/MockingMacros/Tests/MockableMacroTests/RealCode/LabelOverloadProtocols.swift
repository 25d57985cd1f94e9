import Foundation
import SwiftMockingMacros

// Requirements that differ only by argument labels and whose spies could
// hold the same types: each must get its own spy.

/// A cache read by key or by tag, generic over the stored value, with
/// generic parameters named differently in each overload.
@Mockable
protocol TaggedCache {
    func value<T: Decodable>(forKey key: String) -> T?
    func value<V: Decodable>(forTag key: String) -> V?
    func store<T: Encodable>(_ value: T, key: String)
    func store<U: Encodable>(_ value: U, tag: String)
}

/// A table read by row or by column: two subscripts whose index has the same
/// internal name and type, told apart by their labels only.
@Mockable
protocol Table {
    subscript(row index: Int) -> [String] { get }
    subscript(column index: Int) -> [String] { get }
    subscript(header index: Int) -> String { get set }
    subscript(footer index: Int) -> String { get set }
}
