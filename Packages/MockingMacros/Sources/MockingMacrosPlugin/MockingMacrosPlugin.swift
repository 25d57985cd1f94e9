@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The compiler plugin that serves `@Mockable`, `@Stubbable` and `@StubbableClient`.
///
/// The toolchain's host folder has no `SwiftCompilerPlugin` module (the one
/// that supplies `@main` for plugins built against the swift-syntax package),
/// so this entry point does its few lines itself: it answers the compiler's
/// messages on standard input and output with the macros it provides.
@main
struct MockingMacrosPlugin: PluginProvider {
    /// Runs the plugin until the compiler closes the connection.
    static func main() throws {
        let connection = try StandardIOMessageConnection()
        let listener = CompilerPluginMessageListener(connection: connection, provider: MockingMacrosPlugin())
        try listener.main()
    }

    /// The macros, by the type names their declarations give.
    static var macros: [String: any Macro.Type] {
        [
            "MockableMacro": MockableMacro.self,
            "StubbableMacro": StubbableMacro.self,
            "StubbableClientMacro": StubbableClientMacro.self,
        ]
    }

    /// The macro the compiler asks for by type name.
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard let macro = Self.macros[typeName] else { throw UnknownMacro(typeName: typeName) }
        return macro
    }
}

/// The compiler asked for a macro this plugin does not provide.
struct UnknownMacro: Error, CustomStringConvertible {
    /// The type name the compiler asked for.
    var typeName: String

    var description: String {
        "the MockingMacros plugin provides \(MockingMacrosPlugin.macros.keys.sorted().joined(separator: ", ")), "
            + "not \(typeName)"
    }
}
