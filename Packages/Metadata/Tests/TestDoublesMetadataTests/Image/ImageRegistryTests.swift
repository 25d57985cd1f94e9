import Testing

@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// A function of the test binary whose address the tests look up.
@inline(never)
func imageRegistryProbe(_ value: Int) -> Int { value &* 3 }

@Suite struct ImageRegistryTests {
    private static var probeAddress: UInt {
        let function: @convention(c) (Int) -> Int = { imageRegistryProbe($0) }
        _ = function
        return UInt(bitPattern: unsafeBitCast(function, to: UnsafeRawPointer.self))
    }

    @Test func theMainExecutableComesFirstAndMapsItsOwnCode() throws {
        let registry = ImageRegistry.shared
        let images = registry.images()
        let main = try #require(images.first)
        #expect(main.path == LoadedImage.mainExecutablePath())
        #expect(images.contains { $0.path.hasSuffix("/libswiftCore.so") })
        let address = try #require(registry.address(ofSymbol: Self.probeName()))
        #expect(main.contains(address))
        #expect(registry.image(containing: address) == main)
    }

    private static func probeName() throws -> String {
        let table = try ThisBinary.symbolTable.get()
        // The function's own symbol: an AddressSanitizer build also names the
        // string literal below after its contents (a local object symbol
        // `.str.<length>.18imageRegistryProbeyS2iF`), which the suffix alone matches.
        let probe = table.symbols.first {
            $0.isFunction && $0.name.hasPrefix("$s") && $0.name.hasSuffix("18imageRegistryProbeyS2iF")
        }
        return try #require(probe).name
    }

    @Test func addressesAndNamesRoundTrip() throws {
        let registry = ImageRegistry.shared
        let name = try Self.probeName()
        let address = try #require(registry.address(ofSymbol: name))
        #expect(imageRegistryProbe(2) == 6)
        let exact = try registry.symbols(at: address)
        #expect(exact.map(\.name).contains(name))
        #expect(exact.allSatisfy { $0.address == address && $0.isFunction })
        let inside = try registry.symbol(containing: address + 1)
        #expect(inside.name == name)
        #expect(registry.address(ofSymbol: "no_such_symbol_anywhere_\(address)") == nil)
    }

    @Test func anUnmappedAddressIsAnError() {
        #expect(throws: ImageLookupError.noImage(address: 8)) { try ImageRegistry().symbols(at: 8) }
        #expect(throws: ImageLookupError.noImage(address: 8)) { try ImageRegistry().debugSubprogram(at: 8) }
    }

    @Test func aStrippedLibraryReportsThatItIsStripped() throws {
        let registry = ImageRegistry.shared
        var stripped: LoadedImage?
        for image in registry.images() where image.path.contains("libc.so") || image.path.contains("libm.so") {
            if let table = try? registry.symbolTable(of: image), !table.hasStaticSymbolTable { stripped = image }
        }
        let image = try #require(stripped, "this distribution ships libc with a .symtab")
        let exported = try #require(try registry.symbolTable(of: image).symbols.first { $0.isFunction && $0.size > 4 })
        let address = UInt(exported.value) + image.loadBias
        #expect(try registry.symbols(at: address).map(\.name).contains(exported.name))
        #expect(throws: ImageLookupError.unreadable(.stripped(path: image.path))) {
            try registry.symbols(at: address + 1)
        }
    }

    @Test func imagesLoadedLaterArePickedUp() throws {
        let registry = ImageRegistry.shared
        let core = try #require(registry.images().first { $0.path.hasSuffix("/libswiftCore.so") })
        let directory = String(core.path.dropLast("libswiftCore.so".count))
        let candidates = ["libswiftObservation.so", "libswift_Differentiation.so", "libswiftDistributed.so"]
        let loaded = registry.images().map(\.path)
        let unloaded = candidates.map { directory + $0 }.filter { access($0, R_OK) == 0 && !loaded.contains($0) }
        var opened: (library: String, symbol: ELFSymbolTable.Symbol)?
        var failures: [String] = []
        for library in unloaded where opened == nil {
            let table = try ELFSymbolTable(contentsOf: library)
            guard let symbol = table.symbols.first(where: { !$0.isLocal && $0.isFunction && $0.name.hasPrefix("$s") })
            else { continue }
            #expect(registry.address(ofSymbol: symbol.name) == nil, "\(symbol.name) found before \(library) was loaded")
            // Never dlclose a Swift library: the runtime keeps pointers into its metadata sections.
            if dlopen(library, RTLD_NOW | RTLD_LOCAL) != nil {
                opened = (library, symbol)
            } else {
                failures.append(dlerror().map { String(cString: $0) } ?? library)
            }
        }
        let (library, symbol) = try #require(opened, "no toolchain library could be loaded: \(failures)")
        let address = try #require(registry.address(ofSymbol: symbol.name))
        #expect(registry.image(containing: address)?.path == library)
        #expect(try registry.symbols(at: address).map(\.name).contains(symbol.name))
    }

    @Test func concurrentLookupsAgree() async throws {
        // A registry of its own: the 32 lookups race to read its tables first.
        let registry = ImageRegistry()
        let name = try Self.probeName()
        let results = await withTaskGroup(of: UInt?.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    guard let address = registry.address(ofSymbol: name),
                        (try? registry.symbols(at: address))?.contains(where: { $0.name == name }) == true
                    else { return nil }
                    return address
                }
            }
            var all: [UInt?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32)
        #expect(Set(results).count == 1)
        #expect(results.first.flatMap { $0 } != nil)
    }

    @Test func debugInfoDescribesAWitnessThunk() throws {
        let registry = ImageRegistry.shared
        let table = WitnessTableReader.tables(of: FixtureConformer() as any FixtureScalars, count: 1)[0]
        let entry = try #require(WitnessTableReader(table: table).entries.first)
        let subprogram = try registry.debugSubprogram(at: entry.witness)
        let symbol = try #require(try registry.symbols(at: entry.witness).first)
        #expect(subprogram.linkageName == symbol.name)
        #expect(subprogram.name == "flag")
        #expect(subprogram.parameterTypeNames.first == "$sSbD")
        #expect(subprogram.parameterTypeNames.count == 2)  // the Bool, then Self
        #expect(subprogram.resultTypeName == "$sSbD")
        #expect(subprogram.thrownTypeName == nil)
    }

    @Test func aFileWithoutDebugInfoIsAnError() throws {
        let registry = ImageRegistry.shared
        let libc = try #require(registry.images().first { $0.path.contains("libc.so") })
        let address = try #require(libc.segments.first).lowerBound
        do {
            _ = try registry.debugSubprogram(at: address)
            Issue.record("libc gave a DWARF subprogram at its first byte")
        } catch {
            switch error {
            case .unreadable(.noDebugInfo), .noSubprogram: break
            default: Issue.record("unexpected \(error)")
            }
        }
    }
}
