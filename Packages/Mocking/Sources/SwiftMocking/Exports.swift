// `@Mockable([.suffixMock])` and `mockable --options` read the same option set;
// re-exported so that a test importing SwiftMocking can name it.
@_exported import SwiftMockingOptions
