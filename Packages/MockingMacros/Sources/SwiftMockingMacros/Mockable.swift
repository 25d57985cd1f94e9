@_exported import SwiftMocking

/// Writes a SwiftMocking mock class beside the protocol it is attached to.
///
/// The class is what the `mockable` command writes for the same protocol:
/// `MockP` by default, inside `#if DEBUG`, with an interaction member and a
/// runtime member for each requirement. The options are the ones `mockable`
/// reads: `.prefixMock` (`MockP`, the default), `.suffixMock` (`PMock`) and
/// `.composition` (the mock holds its `Mock` instead of inheriting it, which
/// leaves the superclass slot to a protocol's class constraint).
///
/// ```swift
/// @Mockable
/// protocol PriceService {
///     func price(_ item: String) throws -> Int
/// }
///
/// let mock = MockPriceService()
/// when(mock.price(.any)).thenReturn(42)
/// ```
///
/// The macro sees only the declaration it is attached to: requirements
/// inherited from another protocol are not in its input, so for
/// `protocol B: A` generate the mock with `mockable` from both files instead.
///
/// - Parameter options: How the mock is named and shaped; `"[.suffixMock]"`-style text.
@attached(peer, names: prefixed(Mock), suffixed(Mock))
public macro Mockable(_ options: MockableOptions = .default) =
    #externalMacro(module: "MockingMacrosPlugin", type: "MockableMacro")
