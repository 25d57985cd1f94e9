import Synchronization

/// A symbol found for a run-time address, with the image that defines it.
public struct ResolvedSymbol: Hashable, Sendable {
    /// The symbol's (mangled) name.
    public var name: String
    /// The symbol's run-time address (link-time value plus the image's load bias).
    public var address: UInt
    /// The symbol's size in bytes, zero where the producer gave none.
    public var size: UInt64
    /// Whether the symbol is local to its image.
    public var isLocal: Bool
    /// Whether the symbol names code rather than data.
    public var isFunction: Bool
    /// The image that defines the symbol.
    public var image: LoadedImage
}

/// Why an address or a name could not be resolved in the loaded images.
public enum ImageLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No loaded image maps the address.
    case noImage(address: UInt)
    /// The image's file could not be read (missing, malformed, stripped, no DWARF).
    case unreadable(ELFError)
    /// The image's symbol tables have no symbol at the address.
    case noSymbol(address: UInt, path: String)
    /// The image's DWARF has no subprogram starting at the address.
    case noSubprogram(address: UInt, path: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .noImage(let address): return "no loaded image maps address 0x\(String(address, radix: 16))"
        case .unreadable(let error): return error.description
        case .noSymbol(let address, let path): return "\(path) has no symbol at 0x\(String(address, radix: 16))"
        case .noSubprogram(let address, let path):
            return "\(path) has no DWARF subprogram at 0x\(String(address, radix: 16))"
        }
    }
}

/// Every image loaded in the process, with its symbol tables and DWARF,
/// each read from the file once and cached.
///
/// Thread-safe. Images loaded later (`dlopen`) are picked up by the next
/// query that does not find its address or name among the known images.
public final class ImageRegistry: Sendable {
    private struct State {
        var images: [LoadedImage] = []
        var symbolTables: [String: Read<ELFSymbolTable>] = [:]
        var debugInfo: [String: Read<DWARFFile>] = [:]
    }

    /// What reading a file gave. Not a `Result`: the runtime instantiates
    /// `Result<_, ELFError>` by name, which checks `ELFError: Error` through
    /// every conformance record of the process the first time (~300,000
    /// instructions of the first `Stub`).
    private enum Read<Value> {
        case read(Value)
        case failed(ELFError)

        init(_ body: () throws(ELFError) -> Value) {
            do { self = .read(try body()) } catch { self = .failed(error) }
        }

        func get() throws(ELFError) -> Value {
            switch self {
            case .read(let value): return value
            case .failed(let error): throw error
            }
        }
    }

    private let state = Mutex(State())

    /// The registry of the running process.
    public static let shared = ImageRegistry()

    /// Creates a registry with an empty cache (tests use their own).
    public init() {}

    /// The images loaded now, re-read from the loader.
    ///
    /// - Returns: Every loaded image with a file, main executable first.
    public func images() -> [LoadedImage] {
        let images = LoadedImage.currentlyLoaded()
        state.withLock { $0.images = images }
        return images
    }

    /// The loaded image that maps `address`.
    ///
    /// - Parameter address: A run-time address.
    /// - Returns: The image, or nil when no image maps it.
    public func image(containing address: UInt) -> LoadedImage? {
        if let known = state.withLock({ $0.images.first { $0.contains(address) } }) { return known }
        return images().first { $0.contains(address) }
    }

    /// The symbol table of `image`, read on first use.
    ///
    /// - Parameter image: A loaded image.
    /// - Returns: The image's symbols.
    /// - Throws: `ELFError` when the file cannot be read.
    public func symbolTable(of image: LoadedImage) throws(ELFError) -> ELFSymbolTable {
        try state.withLock { state throws(ELFError) in
            if let cached = state.symbolTables[image.path] { return try cached.get() }
            let result = Read { () throws(ELFError) in try ELFSymbolTable(contentsOf: image.path) }
            state.symbolTables[image.path] = result
            return try result.get()
        }
    }

    /// The symbols that start exactly at `address` (functions and data, such as async function pointers).
    ///
    /// - Parameter address: A run-time address.
    /// - Returns: Every distinct symbol name at that address.
    /// - Throws: `ImageLookupError` when no image maps the address, its file
    ///   cannot be read, or no symbol starts there (`.stripped` when the image
    ///   has no `.symtab` to look in).
    public func symbols(at address: UInt) throws(ImageLookupError) -> [ResolvedSymbol] {
        guard let image = image(containing: address) else { throw .noImage(address: address) }
        let table: ELFSymbolTable
        do {
            table = try symbolTable(of: image)
        } catch {
            throw .unreadable(error)
        }
        let found = table.symbols(at: UInt64(address &- image.loadBias))
        guard !found.isEmpty else {
            if !table.hasStaticSymbolTable { throw .unreadable(.stripped(path: image.path)) }
            throw .noSymbol(address: address, path: image.path)
        }
        return found.map { Self.resolved($0, in: image) }
    }

    /// The symbol whose extent contains `address`.
    ///
    /// - Parameter address: A run-time address.
    /// - Returns: The containing symbol.
    /// - Throws: `ImageLookupError` as `symbols(at:)` does.
    public func symbol(containing address: UInt) throws(ImageLookupError) -> ResolvedSymbol {
        guard let image = image(containing: address) else { throw .noImage(address: address) }
        let table: ELFSymbolTable
        do {
            table = try symbolTable(of: image)
        } catch {
            throw .unreadable(error)
        }
        guard let symbol = table.symbol(containing: UInt64(address &- image.loadBias)) else {
            throw .noSymbol(address: address, path: image.path)
        }
        return Self.resolved(symbol, in: image)
    }

    /// The run-time address of the symbol named `name`, in the first image that defines it.
    ///
    /// - Parameter name: The exact (mangled) symbol name; local symbols are found too.
    /// - Returns: The address, or nil when no loaded image defines the name.
    public func address(ofSymbol name: String) -> UInt? {
        func search(_ images: [LoadedImage]) -> UInt? {
            for image in images {
                guard let table = try? symbolTable(of: image), let symbol = table.symbol(named: name) else { continue }
                return Self.resolved(symbol, in: image).address
            }
            return nil
        }
        let known = state.withLock { $0.images }
        if let address = search(known) { return address }
        let current = images()
        return search(current.filter { !known.contains($0) })
    }

    /// The DWARF subprogram of the function that starts at `address`.
    ///
    /// - Parameter address: The run-time entry address of a function.
    /// - Returns: What the debug information says about its parameters, result and thrown type.
    /// - Throws: `ImageLookupError` when no image maps the address, the image
    ///   has no DWARF, or no subprogram starts there.
    public func debugSubprogram(at address: UInt) throws(ImageLookupError) -> DebugSubprogram {
        guard let image = image(containing: address) else { throw .noImage(address: address) }
        let file: DWARFFile
        do throws(ELFError) {
            file = try debugInfo(of: image)
        } catch {
            throw .unreadable(error)
        }
        guard let subprogram = file.subprogram(at: UInt64(address &- image.loadBias)) else {
            throw .noSubprogram(address: address, path: image.path)
        }
        return subprogram
    }

    /// Whether the code at `address` was compiled with optimization, as the
    /// DWARF compile unit that holds it says (`DW_AT_APPLE_optimized`).
    ///
    /// - Parameter address: A code address in a loaded image.
    /// - Returns: Nil when the image has no DWARF or no unit holds the address.
    public func isOptimized(codeAt address: UInt) -> Bool? {
        guard let image = image(containing: address) else { return nil }
        guard let file = try? debugInfo(of: image) else { return nil }
        return file.unitIsOptimized(containing: UInt64(address &- image.loadBias))
    }

    /// The image's DWARF, read once per path (a failed read is kept too).
    private func debugInfo(of image: LoadedImage) throws(ELFError) -> DWARFFile {
        try state.withLock { state throws(ELFError) in
            if let cached = state.debugInfo[image.path] { return try cached.get() }
            let result = Read { () throws(ELFError) in try DWARFFile(path: image.path) }
            state.debugInfo[image.path] = result
            return try result.get()
        }
    }

    private static func resolved(_ symbol: ELFSymbolTable.Symbol, in image: LoadedImage) -> ResolvedSymbol {
        ResolvedSymbol(
            name: symbol.name,
            address: symbol.isAbsolute ? UInt(symbol.value) : UInt(symbol.value) &+ image.loadBias,
            size: symbol.size, isLocal: symbol.isLocal, isFunction: symbol.isFunction, image: image)
    }
}
