import SwiftMockingOptions

extension MockableOptions {
    /// The mock's name for a protocol: `MockP` unless only `.suffixMock` is set.
    func mockName(for protocolName: String) -> String {
        if contains(.prefixMock) || !contains(.suffixMock) { return "Mock" + protocolName }
        return protocolName + "Mock"
    }
}
