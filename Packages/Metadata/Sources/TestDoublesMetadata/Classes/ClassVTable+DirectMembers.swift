#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An instance member of a class that no vtable slot serves: a `final`
/// member, a member of a `final class`, a member of an extension. Callers
/// reach its code directly, so no subclass (and no double) can replace it.
public struct ClassDirectMember: Hashable, Sendable {
    /// How a message names it: `total()`, `getter of summary`.
    public var displayName: String
    /// The qualified name of the class that declares it.
    public var declaringClass: String
    /// Its function symbol.
    public var symbol: String
    /// Where its code starts in the process (the symbol's address).
    public var address: UInt = 0
    /// Its code's size in bytes (the symbol's size, 0 when the table gives none).
    public var size: UInt = 0
}

extension ClassVTable {
    /// The instance members of the class and its ancestors that callers
    /// reach directly: each class's global function symbols that name an
    /// instance method or accessor of it (decoded as its method descriptor
    /// would be) whose code no vtable entry holds (neither a method
    /// descriptor's nor an override's implementation).
    ///
    /// Not listed: initializers, `static` and `class` members, accessors of
    /// stored properties (`let`s and `final var`s read and write the
    /// instance's own storage, which the class's initializer set), members
    /// with local symbols (`private` ones), members a shared library does
    /// not export (only its own code calls them), members of images without
    /// a `.symtab`, and members of generic classes (their symbols name the
    /// unbound class; callers refuse generic classes). Members of extensions
    /// in other modules are found in those modules' images when the
    /// demangler reads their extension context.
    ///
    /// - Parameter registry: The images to read.
    /// - Returns: The members, root class first, each class's in image and symbol-table order.
    public func directlyDispatchedMembers(registry: ImageRegistry = .shared) -> [ClassDirectMember] {
        var served: Set<UInt> = []
        var classes: [(metadata: ClassMetadata, descriptor: ClassDescriptor)] = []
        for ancestor in metadata.hierarchy {
            guard let type = ancestor.descriptor, let descriptor = try? ClassDescriptor(type) else { continue }
            classes.append((ancestor, descriptor))
            // An async member's entry is its async function pointer record, whose first word locates the code.
            func serve(_ code: UnsafeRawPointer?, async: Bool) {
                guard let code else { return }
                served.insert(UInt(bitPattern: async ? code.relativeDirect(at: 0) : code))
            }
            for method in (try? descriptor.methods()) ?? [] {
                serve(method.implementation, async: method.isAsync)
            }
            for override in (try? descriptor.overrides()) ?? [] {
                serve(override.implementation, async: override.method?.isAsync ?? false)
            }
        }
        var members: [ClassDirectMember] = []
        let images = registry.images()
        for (ancestor, descriptor) in classes {
            guard let mangled = _mangledTypeName(ancestor.metadata.type) else { continue }
            // Matched in the tables' mapped names (`symbols(withNamePrefix:)`, a pointer loop): only the
            // class's own symbols become strings. Comparing every symbol of every image as a `String` cost
            // ~0.1 s of CPU per double in the lab's runner (230,000 symbols) and ~2 s under qemu.
            let prefix = "$s" + mangled
            let prefixLength = prefix.utf8.count
            let stored = Set(descriptor.type.fieldDescriptor?.records.map(\.name) ?? [])
            // Every image: an extension in another module declares its members in that module's image.
            for image in images {
                guard let table = try? registry.symbolTable(of: image) else { continue }
                // A shared library's members that it does not export (internal, private) are called only by its
                // own code: no test, and no code under test in another image, can call them.
                let file = image.path.split(separator: "/").last.map(String.init) ?? image.path
                let exportsOnly = file.hasSuffix(".so") || file.contains(".so.")
                let handle = exportsOnly ? dlopen(nil, RTLD_NOW) : nil
                for symbol in table.symbols(withNamePrefix: prefix)
                where symbol.isFunction && !symbol.isLocal && !symbol.isAbsolute
                    && symbol.name.utf8.count > prefixLength
                {
                    guard let member = try? ClassMemberSymbol(mangledName: symbol.name + "Tq"),
                        member.declaringClass.name == descriptor.type.name, !member.isStatic,
                        member.kind != .initializer
                    else { continue }
                    let address = UInt(symbol.value) &+ image.loadBias
                    if served.contains(address) { continue }
                    if exportsOnly, dlsym(handle, symbol.name) == nil { continue }
                    if member.kind != .method, !member.isSubscript, stored.contains(member.name) {
                        continue
                    }
                    members.append(
                        ClassDirectMember(
                            displayName: member.displayName, declaringClass: descriptor.qualifiedName,
                            symbol: symbol.name, address: address, size: UInt(symbol.size)))
                }
            }
        }
        return members
    }
}
