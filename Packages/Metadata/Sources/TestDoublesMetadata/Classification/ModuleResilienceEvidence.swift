import Synchronization

/// Whether a module that is not a known toolchain module was compiled with
/// library evolution, read from the symbols the compiler emits only in one
/// mode or the other.
///
/// Evidence (measured with Swift 6.3.1's and 6.0.3's `swiftc`, each module
/// with and without `-enable-library-evolution` and `-enable-testing`, at
/// `-Onone`, `-O` and `-Osize`, with and without `-wmo` and LLVM LTO, as a
/// shared library, as an executable's own module and as a static archive
/// linked into an executable, on x86_64 and arm64; the facts are listed in
/// `Documentation/FailClosedCensus.md`):
/// - library evolution shows, whatever the other flags:
///   - a dispatch thunk (`...Tj`), emitted only with library evolution: for
///     every callable requirement of a protocol that is not private, and for
///     every method of a class whose method descriptor is global;
///   - an enum case tag (`...WC`), emitted only for a resilient enum;
///   - a class metadata base offset (`...Mo`) in a read-only section: a
///     class of a library-evolution module whose bounds its module knows. A
///     writable one (`.bss`, filled in at run time) shows only that the class
///     inherits from a class of a library-evolution module, in either mode;
///   - a property descriptor (`...vpMV`) of a struct's stored property
///     that is a stored-property key path component: library evolution gives
///     each a stored component, or a computed one where the storage differs
///     from the value (`weak`, `unowned`, thin metatypes, functions,
///     observers); without it, a public property's descriptor is a zero word,
///     and an internal one's (exported by `-enable-testing`) zero or a
///     computed component. A class's property can be a stored component in
///     either mode, so only structs' count;
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
///     An internal protocol's local thunks are no safe sign either way: LLVM
///     LTO (`-lto=llvm-full`, `-lto=llvm-thin`) drops every one of them and
///     keeps the local descriptor, so a library-evolution module then looks
///     like one built without it;
///   - a zero property descriptor of a stored property of a struct (the
///     struct's field records name it): library evolution never gives one (a
///     get-only computed property's is zero in both modes).
///
/// A module that shows neither (no public protocol or class method, no public
/// stored property, or, in a stripped image, none of them exported) is
/// ``Verdict/unknown``: runtime metadata does not record the mode, so the
/// caller must fail closed.
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
        // descriptors and its dispatch thunks share their visibility, as do a public
        // struct's descriptor and its properties', so the evidence that remains is
        // still consistent.
        // Only the kinds of symbol the evidence reads (``evidence(in:hasCallableRequirements:propertyDescriptor:)``
        // and ``storedFields(of:at:)``): making every symbol of a large module into a `String` was most of
        // the first verdict's cost.
        let symbols = table.symbols(withNamePrefix: prefix, endingWithAnyOf: evidenceSuffixes)
        let address = { (symbol: ELFSymbolTable.Symbol) -> UnsafeRawPointer? in
            guard !symbol.isAbsolute else { return nil }
            let address = UInt(truncatingIfNeeded: symbol.value) &+ image.loadBias
            guard image.contains(address) else { return nil }
            return UnsafeRawPointer(bitPattern: address)
        }
        let storedFields = storedFields(of: symbols, at: address)
        let shown = evidence(
            in: symbols,
            hasCallableRequirements: { symbol in
                guard let pointer = address(symbol) else { return false }
                // A kind this reader does not know shows nothing.
                let requirements = (try? ProtocolDescriptor(pointer: pointer).requirements()) ?? []
                return requirements.contains { $0.kind.isCallable }
            },
            propertyDescriptor: { symbol in
                // Only a struct's stored property: a class's can be a component in either mode.
                guard isStoredPropertyDescriptor(symbol.name, fields: storedFields), let pointer = address(symbol)
                else { return nil }
                return PropertyDescriptorEvidence(header: pointer.uint32(at: 0))
            })
        if let shown { return shown }
        return .unknown(
            "\(image.path) shows no public protocol with a method or accessor requirement, no exported class "
                + "method and no public stored property of it, whose symbols would show whether it was built with "
                + "library evolution"
                + (table.hasStaticSymbolTable ? "" : " (the image is stripped: no .symtab)")
                + "; for a module you build, -enable-testing (which swift test and debug builds add), one public "
                + "protocol with a method requirement or one public struct with a public stored property in it "
                + "makes its symbols show the mode")
    }

    /// The ends of the symbol names the evidence reads: dispatch thunks, enum
    /// case tags, class metadata base offsets, method descriptors, protocol
    /// descriptors, property descriptors and struct descriptors.
    static let evidenceSuffixes = ["Tj", "WC", "Mo", "Tq", "Mp", "vpMV", "VMn"]

    /// The stored properties' names of each struct of the module whose descriptor
    /// symbol (`...VMn`) is among `symbols`, by the struct's mangled prefix (the
    /// symbol without `Mn`). A struct whose field records are not emitted
    /// (`-disable-reflection-metadata`) is left out.
    private static func storedFields(
        of symbols: [ELFSymbolTable.Symbol], at address: (ELFSymbolTable.Symbol) -> UnsafeRawPointer?
    ) -> [String: Set<String>] {
        var fields: [String: Set<String>] = [:]
        for symbol in symbols where symbol.name.hasSuffix("VMn") {
            guard let pointer = address(symbol) else { continue }
            let descriptor = TypeContextDescriptor(pointer: pointer)
            guard descriptor.kind == .struct, let records = descriptor.fieldDescriptor?.records else { continue }
            let names = Set(records.map(\.name).filter { !$0.isEmpty })
            if !names.isEmpty { fields[String(symbol.name.dropLast(2)), default: []].formUnion(names) }
        }
        return fields
    }

    /// Whether `symbol` is the property descriptor (`<struct><length><name><type>vpMV`)
    /// of a stored property of a struct in `fields`, not of a computed or static
    /// property (`...vpZMV`) or of a member of a nested type.
    ///
    /// - Parameters:
    ///   - symbol: A symbol name.
    ///   - fields: Stored properties' names by their struct's mangled prefix, as
    ///     ``storedFields(of:at:)`` reads them.
    /// - Returns: True for a stored property's descriptor. An identifier the
    ///   mangler abbreviated (word substitutions, punycode) is not recognized.
    static func isStoredPropertyDescriptor(_ symbol: String, fields: [String: Set<String>]) -> Bool {
        guard symbol.hasSuffix("vpMV") else { return false }
        let body = Array(symbol.utf8.dropLast(4))
        // A struct's prefix ends in `V` before the property's length: one lookup per such place.
        for end in body.indices.dropLast() where body[end] == UInt8(ascii: "V") && (48...57).contains(body[end + 1]) {
            guard let names = fields[String(decoding: body[...end], as: UTF8.self)] else { continue }
            let rest = body[(end + 1)...]
            let digits = rest.prefix { (48...57).contains($0) }
            guard digits.first != 48, let length = Int(String(decoding: digits, as: UTF8.self)), length > 0 else {
                continue
            }
            let identifier = rest.dropFirst(digits.count).prefix(length)
            guard identifier.count == length else { continue }
            // The property's type follows; a nested type's identifier is followed by its kind instead.
            guard let next = rest.dropFirst(digits.count + length).first, !"VOCP".utf8.contains(next) else {
                continue
            }
            if names.contains(String(decoding: identifier, as: UTF8.self)) { return true }
        }
        return false
    }

    /// What the descriptor (`...vpMV`) of a struct's stored property shows, read
    /// from its first word (a key path component header, zero for a trivial
    /// descriptor).
    enum PropertyDescriptorEvidence: Equatable, Sendable {
        /// A struct stored-property component (kind 1): library evolution only.
        case storedComponent
        /// A zero (trivial) descriptor: never with library evolution.
        case trivial

        /// What `header` shows: nil for a computed component (kind 2), which library
        /// evolution gives a stored property whose storage differs from its abstract
        /// value (`weak`, `unowned`, thin metatypes, functions, observers) and which a
        /// build without it gives the same internal properties with `-enable-testing`.
        init?(header: UInt32) {
            switch header {
            case 0: self = .trivial
            case _ where header >> 24 & 0x7F == 1: self = .storedComponent
            default: return nil
            }
        }
    }

    /// The mode a module's symbols show, or nil when they show neither.
    ///
    /// - Parameters:
    ///   - symbols: The module's symbols (those whose names start with its mangled prefix).
    ///   - hasCallableRequirements: Whether the protocol whose descriptor (`...Mp`) is `symbol`
    ///     has a method, initializer or accessor requirement.
    ///   - propertyDescriptor: What the property descriptor (`...vpMV`) `symbol` shows, nil
    ///     for nothing (any but a struct's stored property's, or one that cannot be read).
    /// - Returns: ``Verdict/libraryEvolution``, ``Verdict/fixedLayout``, or nil.
    static func evidence(
        in symbols: some Sequence<ELFSymbolTable.Symbol>, hasCallableRequirements: (ELFSymbolTable.Symbol) -> Bool,
        propertyDescriptor: (ELFSymbolTable.Symbol) -> PropertyDescriptorEvidence? = { _ in nil }
    ) -> Verdict? {
        var hasMethodDescriptor = false
        var hasCallableProtocol = false
        var hasTrivialStoredProperty = false
        for symbol in symbols {
            let name = symbol.name
            if name.hasSuffix("Tj") || name.hasSuffix("WC") { return .libraryEvolution }
            if name.hasSuffix("Mo"), !symbol.isWritable { return .libraryEvolution }
            if name.hasSuffix("Tq"), !symbol.isLocal { hasMethodDescriptor = true }
            if !hasCallableProtocol, name.hasSuffix("Mp"), !symbol.isLocal, hasCallableRequirements(symbol) {
                hasCallableProtocol = true
            }
            if name.hasSuffix("vpMV") {
                switch propertyDescriptor(symbol) {
                case .storedComponent: return .libraryEvolution
                case .trivial: hasTrivialStoredProperty = true
                case nil: break
                }
            }
        }
        return hasMethodDescriptor || hasCallableProtocol || hasTrivialStoredProperty ? .fixedLayout : nil
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
        // Joined by hand, as `TypeResilience` joins a path (no `ReversedCollection<[String]>`).
        components.reverse()
        var prefix = ""
        for component in components { prefix += component }
        guard let image = registry.image(containing: UInt(bitPattern: descriptor.pointer)),
            let table = try? registry.symbolTable(of: image)
        else { return nil }
        return table.symbols(withNamePrefix: prefix, endingWithAnyOf: ["WC"]).contains {
            isCaseTag($0.name, of: prefix)
        }
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
