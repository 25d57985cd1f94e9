import Synchronization

/// Whether a module that is not a known toolchain module was compiled with
/// library evolution, read from the symbols the compiler emits only in one
/// mode or the other.
///
/// Evidence (measured with Swift 6.3.1's `swiftc`, each module with and
/// without `-enable-library-evolution`, `-enable-testing`, `-O`/`-Onone` and
/// `-wmo`, as a shared library and linked into an executable, with `nm`; the
/// facts are listed in `Documentation/FailClosedCensus.md`):
/// - library evolution shows, whatever the other flags:
///   - a dispatch thunk (`...Tj`), emitted only with library evolution: for
///     every callable requirement of a protocol that is not private, and for
///     every method of a class whose method descriptor is global;
///   - an enum case tag (`...WC`), emitted only for a resilient enum;
///   - a class metadata base offset (`...Mo`) in a read-only section: a
///     class of a library-evolution module whose bounds its module knows. A
///     writable one (`.bss`, filled in at run time) shows only that the class
///     inherits from a class of a library-evolution module, in either mode;
/// - built without it, when none of those shows:
///   - a global method descriptor (`...Tq`): with library evolution every
///     global one has its dispatch thunk. A local one (an internal class's
///     without `-enable-testing`, a private protocol's) is no evidence: library
///     evolution emits no thunk for it;
///   - a global protocol descriptor (`...Mp`) with a callable requirement,
///     which library evolution would give a dispatch thunk. A local one (a
///     private protocol, an internal one without `-enable-testing`) is no
///     evidence, nor is one whose requirements are only base protocols,
///     associated types and conformances: neither mode emits a thunk for it.
///
/// A module that shows neither (only structs and enums, classes and protocols
/// that are internal or private, or, in a stripped image, none of them
/// public) is ``Verdict/unknown``: runtime metadata does not record the mode,
/// so the caller must fail closed.
enum ModuleResilienceEvidence {
    /// What the module's symbols show.
    enum Verdict: Equatable, Sendable {
        /// Built with library evolution.
        case libraryEvolution
        /// Built without library evolution.
        case fixedLayout
        /// No evidence either way; the reason says what was looked for.
        case unknown(String)
    }

    private static let cache = Mutex<[String: Verdict]>([:])

    /// The evidence about `module`, read from the image that holds `descriptor`.
    ///
    /// - Parameters:
    ///   - module: The module's name.
    ///   - descriptor: The address of a descriptor declared in the module.
    ///   - registry: Where loaded images and their symbols are read.
    /// - Returns: The verdict, cached per image and module.
    static func verdict(
        module: String, descriptor: UnsafeRawPointer, registry: ImageRegistry = .shared
    ) -> Verdict {
        let address = UInt(bitPattern: descriptor)
        guard let image = registry.image(containing: address) else {
            return .unknown("no loaded image maps its descriptor")
        }
        let key = image.path + "\u{0}" + module
        if let known = cache.withLock({ $0[key] }) { return known }
        let verdict = read(module: module, image: image, registry: registry)
        cache.withLock { $0[key] = verdict }
        return verdict
    }

    private static func read(module: String, image: LoadedImage, registry: ImageRegistry) -> Verdict {
        guard let prefix = mangledPrefix(of: module) else {
            return .unknown("its name does not mangle as a plain identifier")
        }
        let table: ELFSymbolTable
        do { table = try registry.symbolTable(of: image) } catch {
            return .unknown("the symbols of \(image.path) cannot be read (\(error))")
        }
        // A stripped image keeps only `.dynsym`: a public protocol's or class's
        // descriptors and its dispatch thunks share their visibility, so the
        // evidence that remains is still consistent.
        let symbols = table.symbols.lazy.filter { $0.name.hasPrefix(prefix) }
        let shown = evidence(in: symbols) { symbol in
            guard !symbol.isAbsolute else { return false }
            let address = UInt(truncatingIfNeeded: symbol.value) &+ image.loadBias
            guard image.contains(address), let pointer = UnsafeRawPointer(bitPattern: address) else { return false }
            // A kind this reader does not know shows nothing.
            let requirements = (try? ProtocolDescriptor(pointer: pointer).requirements()) ?? []
            return requirements.contains { $0.kind.isCallable }
        }
        if let shown { return shown }
        return .unknown(
            "\(image.path) shows no public protocol with a method or accessor requirement and no exported "
                + "class method of it, whose symbols would show whether it was built with library evolution"
                + (table.hasStaticSymbolTable ? "" : " (the image is stripped: no .symtab)")
                + "; for a module you build, -enable-testing (which swift test and debug builds add) or one "
                + "public protocol with a method requirement in it makes its symbols show the mode")
    }

    /// The mode a module's symbols show, or nil when they show neither.
    ///
    /// - Parameters:
    ///   - symbols: The module's symbols (those whose names start with its mangled prefix).
    ///   - hasCallableRequirements: Whether the protocol whose descriptor (`...Mp`) is `symbol`
    ///     has a method, initializer or accessor requirement.
    /// - Returns: ``Verdict/libraryEvolution``, ``Verdict/fixedLayout``, or nil.
    static func evidence(
        in symbols: some Sequence<ELFSymbolTable.Symbol>, hasCallableRequirements: (ELFSymbolTable.Symbol) -> Bool
    ) -> Verdict? {
        var hasMethodDescriptor = false
        var hasCallableProtocol = false
        for symbol in symbols {
            let name = symbol.name
            if name.hasSuffix("Tj") || name.hasSuffix("WC") { return .libraryEvolution }
            if name.hasSuffix("Mo"), !symbol.isWritable { return .libraryEvolution }
            if name.hasSuffix("Tq"), !symbol.isLocal { hasMethodDescriptor = true }
            if !hasCallableProtocol, name.hasSuffix("Mp"), !symbol.isLocal, hasCallableRequirements(symbol) {
                hasCallableProtocol = true
            }
        }
        return hasMethodDescriptor || hasCallableProtocol ? .fixedLayout : nil
    }

    /// Whether a resilient enum's case tags are exported for the enum whose
    /// descriptor is `descriptor`: library evolution emits one `...WC` symbol
    /// per case of every public enum that is not `@frozen`, and none for a
    /// `@frozen` or internal enum.
    ///
    /// - Parameters:
    ///   - descriptor: The enum's nominal type descriptor.
    ///   - registry: Where loaded images and their symbols are read.
    /// - Returns: True or false, or nil when the enum's symbol prefix cannot be
    ///   spelled (a type nested in an extension or a generic context's
    ///   anonymous scope) or the image's symbols cannot be read.
    static func exportsCaseTags(ofEnum descriptor: TypeContextDescriptor, registry: ImageRegistry = .shared) -> Bool? {
        var components: [String] = []
        var current: ContextDescriptor? = descriptor.context
        while let context = current {
            guard let name = context.name, name.utf8.first.map({ !(48...57).contains($0) }) == true else { return nil }
            switch context.kind {
            case .module:
                guard let prefix = mangledPrefix(of: name) else { return nil }
                components.append(prefix)
            case .struct: components.append("\(name.utf8.count)\(name)V")
            case .enum: components.append("\(name.utf8.count)\(name)O")
            case .class: components.append("\(name.utf8.count)\(name)C")
            default: return nil
            }
            current = context.parent
        }
        let prefix = components.reversed().joined()
        guard let image = registry.image(containing: UInt(bitPattern: descriptor.pointer)),
            let table = try? registry.symbolTable(of: image)
        else { return nil }
        return table.symbols.contains { isCaseTag($0.name, of: prefix) }
    }

    /// Whether `symbol` is the case tag (`<enum><length><case><type>WC`) of a
    /// case of the enum mangled as `prefix`, not of a type nested in it.
    static func isCaseTag(_ symbol: String, of prefix: String) -> Bool {
        guard symbol.hasPrefix(prefix), symbol.hasSuffix("WC") else { return false }
        let rest = symbol.utf8.dropFirst(prefix.utf8.count)
        let digits = rest.prefix { (48...57).contains($0) }
        guard let length = Int(String(decoding: digits, as: UTF8.self)), length > 0 else { return false }
        let afterName = rest.dropFirst(digits.count + length)
        // A nested type's identifier is followed by its kind (struct, enum, class, protocol).
        guard let next = afterName.first else { return false }
        return !"VOCP".utf8.contains(next)
    }

    /// `$s` followed by the module's mangled identifier (`$s4Test`), or nil for
    /// a name that needs punycode or a substitution.
    static func mangledPrefix(of module: String) -> String? {
        guard let first = module.unicodeScalars.first, !("0"..."9").contains(first),
            module.unicodeScalars.allSatisfy({
                $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            }),
            module != "Swift"
        else { return nil }
        return "$s\(module.utf8.count)\(module)"
    }
}
