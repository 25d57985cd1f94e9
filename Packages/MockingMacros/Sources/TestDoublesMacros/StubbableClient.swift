/// Writes a `<Client>Doubles` namespace whose `preset(...)` returns the
/// `ClientDoublePreset` of a struct of closure fields.
///
/// ```swift
/// @StubbableClient
/// struct PriceClient {
///     var currency: String
///     var price: @Sendable (String) async throws -> Int
/// }
///
/// let stub = PriceClientDoubles.preset(currency: "EUR").failing()
/// await stub.when { try await $0.price(Match.equal("tea")) }.thenReturn(3)
/// let client = stub()  // a PriceClient whose closures report to the stub
/// ```
///
/// Each stored closure field becomes an endpoint named after the field. A
/// field is a closure when its type is a function type written inline or a
/// non-generic closure alias declared inside the struct; name the fields
/// whose type is any other alias (declared at file scope, imported, or
/// generic) in `aliasedEndpoints`, because from syntax alone such a name
/// could be any type. Other stored fields without an initial value become
/// `preset(...)`'s parameters; fields with one, and `let` closures with one,
/// keep it.
///
/// The macro also adds a file-private initializer in an extension that sets
/// every field, so the struct keeps its memberwise and custom initializers.
/// Generic clients keep their parameters and constraints on the namespace
/// (`StatusClientDoubles<String>`). Closure fields with `inout`, variadic or
/// pack parameters or a global actor, and clients with parameter packs or
/// value generic parameters, are errors at the field or parameter.
///
/// - Parameter aliasedEndpoints: Names of closure fields whose type is an alias declared elsewhere.
@attached(peer, names: suffixed(Doubles))
@attached(extension, names: named(init))
public macro StubbableClient(aliasedEndpoints: String...) =
    #externalMacro(module: "MockingMacrosPlugin", type: "StubbableClientMacro")
