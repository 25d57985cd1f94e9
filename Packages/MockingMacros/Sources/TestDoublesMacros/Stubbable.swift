/// Writes a `ManualStub` conformer and its controller alias beside the
/// protocol it is attached to.
///
/// For `protocol WeatherService` the peers are `WeatherServiceStubConformer`,
/// a struct that forwards every requirement to its `ManualStub`, and
/// `typealias WeatherServiceStub = ManualStub<WeatherServiceStubConformer>`:
///
/// ```swift
/// @Stubbable
/// protocol WeatherService {
///     func forecast(for city: String) -> String
/// }
///
/// let stub = WeatherServiceStub()
/// stub.when { $0.forecast(for: "Oslo") }.thenReturn("Snow")
/// let service: any WeatherService = stub()
/// ```
///
/// The source is what `doubles-gen` and the `ManualStubBuildPlugin` write for
/// the same declaration. Static and initializer requirements are refused
/// with an error: they would forward to the process-wide
/// `ManualStub.shared`, which parallel tests share. Generate such a protocol
/// with `doubles-gen` and configure it inside `SharedManualStubs.isolated`.
/// The macro sees only the declaration it is attached to, so for
/// `protocol B: A` generate the conformer with `doubles-gen` from both files.
@attached(peer, names: suffixed(StubConformer), suffixed(Stub))
public macro Stubbable() = #externalMacro(module: "MockingMacrosPlugin", type: "StubbableMacro")
