import DoublesGenCore
import SwiftMockingOptions

/// One generated mock.
public struct GeneratedMock: Hashable, Sendable {
    /// The protocol it mocks.
    public var protocolName: String
    /// The class's name, such as `MockP`.
    public var mockName: String
    /// The class's source, with the `#if DEBUG` wrapper when asked for.
    public var source: String
}

/// What ``MockGenerator/generate(sources:options:includeDebugWrapper:)`` produced.
public struct MockGenerationResult: Hashable, Sendable {
    /// The mocks, in source order, separated by blank lines.
    public var output: String
    /// Each mock.
    public var mocks: [GeneratedMock]
    /// Errors, warnings and notes.
    public var diagnostics: [Diagnostic]

    /// Whether no diagnostic is an error.
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// The generator behind `mockable` (and meant for the `@Mockable` macro):
/// one mock class per top-level protocol of the input, in the SwiftMocking
/// generated shape.
///
/// Beyond the original generator: the requirements a protocol inherits from
/// any protocol of the input are flattened into its mock, so `protocol B: A`
/// conforms when A's file is part of the input; a class constraint that
/// names a class of the input selects the composition shape by itself;
/// requirements under `#if` keep their condition; a requirement no mock can
/// satisfy exactly is an error naming it, and its protocol gets no mock.
public enum MockGenerator {
    /// Generates the mocks of every top-level protocol in the sources.
    ///
    /// - Parameters:
    ///   - sources: The input files; inheritance is followed across all of them.
    ///   - options: Options for protocols without a `@Mockable(...)` attribute; `nil` for `.default`.
    ///   - includeDebugWrapper: Whether each mock sits inside `#if DEBUG`.
    ///   - seedOptions: The options the seed's generator would have read from the
    ///     protocol's attributes, for a front end that removed `@Mockable` from the
    ///     source (see ``seedOptions(attributes:)``); `nil` to read them from the source.
    /// - Returns: The mocks and diagnostics; with an error diagnostic, some protocols have no mock.
    public static func generate(
        sources: [SourceText], options: MockableOptions? = nil, includeDebugWrapper: Bool = true,
        seedOptions: MockableOptions? = nil
    ) -> MockGenerationResult {
        let files = sources.map { Parser.parse($0.text, file: $0.name) }
        var diagnostics = files.flatMap(\.diagnostics).map(informational)
        let graph = ProtocolGraph(files: files)
        let classNames = files.reduce(into: Set<String>()) { $0.formUnion($1.classNames) }
        let noncopyableTypes = files.reduce(into: Set<String>()) { $0.formUnion($1.noncopyableTypeNames) }
        var mocks: [GeneratedMock] = []
        var seen: Set<String> = []
        for declaration in files.flatMap(\.protocols) where seen.insert(declaration.name).inserted {
            guard graph.protocols[declaration.name] == declaration else { continue }
            let (mock, found) = generate(
                declaration, graph: graph, classNames: classNames, noncopyableTypes: noncopyableTypes,
                defaultOptions: options, includeDebugWrapper: includeDebugWrapper, seedOptions: seedOptions)
            diagnostics += found
            if let mock { mocks.append(mock) }
        }
        return MockGenerationResult(
            output: mocks.isEmpty ? "" : mocks.map(\.source).joined(separator: "\n\n") + "\n",
            mocks: mocks, diagnostics: diagnostics)
    }

    /// The options the seed's generator read from a protocol's attributes,
    /// written in order (`["@MainActor", "@Mockable([.suffixMock])"]`): it
    /// stopped at the first attribute with no argument list, so these can
    /// differ from the options of the `@Mockable` attribute itself.
    ///
    /// - Parameter attributes: The protocol's attributes, as written, in order.
    /// - Returns: The options that named the seed's mock.
    public static func seedOptions(attributes: [String]) -> MockableOptions {
        MockableAttribute.seedOptions(attributes)
    }

    /// The parser's word that requirements under `#if` keep their condition,
    /// as a note: the mock is right, and a warning would reach every build
    /// of a `@Mockable` protocol with such a requirement.
    private static func informational(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.severity == .warning, diagnostic.message.hasPrefix("requirements inside '#if'") else {
            return diagnostic
        }
        var note = diagnostic
        note.severity = .note
        return note
    }

    private static func generate(
        _ declaration: ProtocolDeclaration, graph: ProtocolGraph, classNames: Set<String>,
        noncopyableTypes: Set<String>, defaultOptions: MockableOptions?, includeDebugWrapper: Bool,
        seedOptions: MockableOptions?
    ) -> (GeneratedMock?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var options = defaultOptions ?? .default
        if let attribute = declaration.attributes.first(where: { $0.hasPrefix("@Mockable") }) {
            guard let parsed = MockableAttribute.options(attribute) else {
                return (nil, [Diagnostic(.error, at: declaration.location, "unknown option in '\(attribute)'")])
            }
            options = parsed
        }
        let (merged, flattenDiagnostics, unsupported) = graph.flatten(declaration.name)
        let flattened = OpaqueParameters.asGenerics(
            Inheritance.resolvingRestatedProperties(EffectOverloads.restore(merged)))
        let superclass = Inheritance.superclass(of: declaration, graph: graph, classNames: classNames)
        // With `.composition`, the composed mock inherits `superclass`: no requirement of it is missing.
        let knownClasses = options.contains(.composition) ? classNames.union(superclass.map { [$0] } ?? []) : classNames
        for diagnostic in flattenDiagnostics {
            if let warning = Inheritance.warning(
                for: diagnostic, protocolName: declaration.name, classNames: knownClasses)
            {
                diagnostics.append(warning)
            } else if diagnostic.severity == .error {
                diagnostics.append(diagnostic)
            }
        }
        let problems =
            unsupported
            + UnsupportedShapes.diagnostics(
                for: flattened, functionTypeAliases: graph.functionTypeAliases, noncopyableTypes: noncopyableTypes)
        guard problems.isEmpty, !diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, diagnostics + problems)
        }
        // A requirement named like `Mock`'s own members (`func clear()`) cannot
        // live in a `Mock` subclass: the composed shape holds a `Mock` instead.
        let composedByOptions = options.contains(.composition) || (superclass.map(classNames.contains) ?? false)
        let composedByName = !composedByOptions && MockWriter.clashesWithMock(flattened)
        // Composed only for a name, the mock inherits nothing: an inherited name
        // the input does not show is taken for a protocol, not a superclass.
        let writer = MockWriter(
            flattened, options: options, isComposed: composedByOptions || composedByName,
            superclass: composedByName ? nil : superclass)
        var source = writer.write()
        // The seed's generator named the mock from the first attributes only
        // (`@MainActor @Mockable([.suffixMock])` gave `MockP`): that name
        // stays usable beside the one the options ask for.
        let seed =
            seedOptions
            ?? (declaration.attributes.contains { $0.hasPrefix("@Mockable") }
                ? MockableAttribute.seedOptions(declaration.attributes) : nil)
        if let seedName = seed?.mockName(for: declaration.name), seedName != writer.mockName {
            let access = ["private", "fileprivate"].contains(declaration.accessLevel ?? "") ? "fileprivate " : ""
            source += "\n\n\(access)typealias \(seedName) = \(writer.mockName)"
        }
        if !declaration.conditions.isEmpty {
            source = "#if \(declaration.conditions.combined)\n\(source)\n#endif"
        }
        if includeDebugWrapper {
            source = "#if DEBUG\n\(source)\n#endif"
        }
        return (
            GeneratedMock(protocolName: declaration.name, mockName: writer.mockName, source: source), diagnostics
        )
    }
}
