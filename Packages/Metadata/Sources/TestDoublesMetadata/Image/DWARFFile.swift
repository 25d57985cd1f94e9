import CTestDoublesElf
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What DWARF says about one function: for a witness thunk, the mangled
/// names of its lowered parameter types, its result type and thrown type.
public struct DebugSubprogram: Hashable, Sendable {
    /// The function's linkage (symbol) name, when DWARF records one.
    public var linkageName: String?
    /// The function's source-level name (`greet`, `count.get`, `subscript.set`).
    public var name: String?
    /// The mangled name (`$s...D`) of each formal parameter's type, in lowered
    /// order; the last one of a witness thunk is `Self`. Nil where a parameter
    /// has no named type.
    public var parameterTypeNames: [String?]
    /// The mangled name of the result type; nil for `Void` (no `DW_AT_type`).
    public var resultTypeName: String?
    /// The mangled name of the thrown type (`DW_TAG_thrown_type`), for typed throws.
    public var thrownTypeName: String?
    /// The mangled name of the first formal parameter's type as the
    /// declaration lists it: a method's definition lists only its named
    /// parameters and `self`, while the declaration it specifies (inside the
    /// class's type) also lists an artificial leading one, such as the
    /// caller's actor (`Builtin.ImplicitActor`) of a `nonisolated(nonsending)`
    /// method. The same as `parameterTypeNames.first` for any other function.
    public var declaredFirstParameterTypeName: String? = nil
}

/// One ELF file's DWARF, opened through libdw and kept open.
///
/// libdw handles are not safe for concurrent use, so every query holds the
/// file's lock. The map from entry address to subprogram is built per
/// compile unit on first use.
final class DWARFFile: @unchecked Sendable {
    private let descriptor: Int32
    private let dwarf: OpaquePointer
    /// Per compile unit (by DIE offset), entry address → subprogram DIE offset; and the units found by a walk.
    private struct State {
        var entries: [UInt64: [UInt64: UInt64]] = [:]
        var walkedUnits: [UInt64] = []
    }

    private let lock = Mutex(State())
    let path: String

    init(path: String) throws(ELFError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        guard let dwarf = dwarf_begin(descriptor, DWARF_C_READ) else {
            let reason = String(cString: dwarf_errmsg(-1))
            close(descriptor)
            throw .noDebugInfo(path: path, reason: reason)
        }
        self.descriptor = descriptor
        self.dwarf = dwarf
    }

    deinit {
        dwarf_end(dwarf)
        close(descriptor)
    }

    /// The subprogram whose entry (`DW_AT_low_pc`) is `address` (a link-time address).
    func subprogram(at address: UInt64) -> DebugSubprogram? {
        lock.withLock { state -> DebugSubprogram? in
            guard let unitOffset = compileUnit(containing: address, walked: &state.walkedUnits) else { return nil }
            if state.entries[unitOffset] == nil { state.entries[unitOffset] = subprogramEntries(unit: unitOffset) }
            guard let offset = state.entries[unitOffset]?[address] else { return nil }
            var die = Dwarf_Die()
            guard dwarf_offdie(dwarf, Dwarf_Off(offset), &die) != nil else { return nil }
            return describe(&die)
        }
    }

    /// Whether the compile unit whose ranges contain `address` (a link-time
    /// address) was compiled with optimization: LLVM marks such a unit
    /// `DW_AT_APPLE_optimized` (Swift's `-O`, `-Osize`; not `-Onone`). Nil
    /// when no unit holds the address.
    func unitIsOptimized(containing address: UInt64) -> Bool? {
        lock.withLock { state -> Bool? in
            guard let unitOffset = compileUnit(containing: address, walked: &state.walkedUnits) else { return nil }
            var unit = Dwarf_Die()
            guard dwarf_offdie(dwarf, Dwarf_Off(unitOffset), &unit) != nil else { return nil }
            var attribute = Dwarf_Attribute()
            guard dwarf_attr(&unit, Self.appleOptimized, &attribute) != nil else { return false }
            var flag = false
            return dwarf_formflag(&attribute, &flag) == 0 ? flag : true
        }
    }

    /// `DW_AT_APPLE_optimized`, an LLVM extension attribute.
    static let appleOptimized: UInt32 = 0x3fe1

    /// The offset of the compile unit DIE whose ranges contain `address`.
    ///
    /// The units found before are asked first (a double's witnesses are
    /// mostly in one unit, past many others), then every unit in order, then
    /// `.debug_aranges` (`dwarf_addrdie`). Swift does not emit
    /// `.debug_aranges` for its units, so asking it first never found a
    /// witness, and its first call made libdw read the header of every unit
    /// (2,400 in the benchmark executable, 2.7M instructions of the first
    /// `Stub`); it stays last for units only it would find.
    private func compileUnit(containing address: UInt64, walked: inout [UInt64]) -> UInt64? {
        for known in walked {
            var die = Dwarf_Die()
            if dwarf_offdie(dwarf, Dwarf_Off(known), &die) != nil, dwarf_haspc(&die, address) == 1 { return known }
        }
        var offset: Dwarf_Off = 0
        var next: Dwarf_Off = 0
        var headerSize = 0
        var visited = 0
        while dwarf_nextcu(dwarf, offset, &next, &headerSize, nil, nil, nil) == 0, visited < 1 << 20 {
            visited += 1
            var die = Dwarf_Die()
            if dwarf_offdie(dwarf, offset + Dwarf_Off(headerSize), &die) != nil, dwarf_haspc(&die, address) == 1 {
                let found = UInt64(dwarf_dieoffset(&die))
                if !walked.contains(found) { walked.append(found) }
                return found
            }
            guard next > offset else { break }
            offset = next
        }
        var unit = Dwarf_Die()
        if dwarf_addrdie(dwarf, Dwarf_Addr(address), &unit) != nil {
            return UInt64(dwarf_dieoffset(&unit))
        }
        return nil
    }

    /// Entry address → DIE offset of every subprogram with a `DW_AT_low_pc` in the unit.
    private func subprogramEntries(unit: UInt64) -> [UInt64: UInt64] {
        var entries: [UInt64: UInt64] = [:]
        var root = Dwarf_Die()
        guard dwarf_offdie(dwarf, Dwarf_Off(unit), &root) != nil else { return entries }
        var stack: [Dwarf_Die] = []
        var child = Dwarf_Die()
        if dwarf_child(&root, &child) == 0 { stack.append(child) }
        var visited = 0
        while var die = stack.popLast(), visited < 1 << 24 {
            visited += 1
            var sibling = Dwarf_Die()
            if dwarf_siblingof(&die, &sibling) == 0 { stack.append(sibling) }
            if dwarf_tag(&die) == Int32(DW_TAG_subprogram) {
                var low: Dwarf_Addr = 0
                if dwarf_lowpc(&die, &low) == 0, entries[UInt64(low)] == nil {
                    entries[UInt64(low)] = UInt64(dwarf_dieoffset(&die))
                }
            }
            var inner = Dwarf_Die()
            if dwarf_haschildren(&die) == 1, dwarf_child(&die, &inner) == 0 { stack.append(inner) }
        }
        return entries
    }

    /// Reads a subprogram definition, following `DW_AT_specification` to the declaration that has the types.
    private func describe(_ definition: inout Dwarf_Die) -> DebugSubprogram {
        var declaration = definition
        var attribute = Dwarf_Attribute()
        for name in [DW_AT_specification, DW_AT_abstract_origin] {
            if dwarf_attr(&definition, UInt32(name), &attribute) != nil {
                var target = Dwarf_Die()
                if dwarf_formref_die(&attribute, &target) != nil {
                    declaration = target
                    break
                }
            }
        }
        var result = DebugSubprogram(
            linkageName: string(&definition, DW_AT_linkage_name) ?? string(&declaration, DW_AT_linkage_name),
            name: string(&declaration, DW_AT_name),
            parameterTypeNames: [],
            resultTypeName: typeName(of: &declaration),
            thrownTypeName: nil)
        let definitionHasParameters = hasParameters(&definition)
        var scope = definitionHasParameters ? definition : declaration
        var child = Dwarf_Die()
        guard dwarf_child(&scope, &child) == 0 else { return result }
        var count = 0
        while count < 4096 {
            count += 1
            switch dwarf_tag(&child) {
            case Int32(DW_TAG_formal_parameter): result.parameterTypeNames.append(typeName(of: &child))
            case Int32(DW_TAG_thrown_type): result.thrownTypeName = typeName(of: &child)
            default: break
            }
            var sibling = Dwarf_Die()
            guard dwarf_siblingof(&child, &sibling) == 0 else { break }
            child = sibling
        }
        result.declaredFirstParameterTypeName =
            definitionHasParameters
            ? firstChildTypeName(of: &declaration, tag: Int32(DW_TAG_formal_parameter))
            : result.parameterTypeNames.first ?? nil
        if result.thrownTypeName == nil, definitionHasParameters {
            // A method's definition lists its parameters (`self`) but not what it throws: the declaration
            // it specifies (inside the class's type) carries the `DW_TAG_thrown_type`.
            result.thrownTypeName = firstChildTypeName(of: &declaration, tag: Int32(DW_TAG_thrown_type))
        }
        return result
    }

    /// The type name of `die`'s first child tagged `tag` (`DW_TAG_formal_parameter`,
    /// `DW_TAG_thrown_type`), if it has one.
    private func firstChildTypeName(of die: inout Dwarf_Die, tag: Int32) -> String? {
        var child = Dwarf_Die()
        guard dwarf_child(&die, &child) == 0 else { return nil }
        var count = 0
        while count < 4096 {
            count += 1
            if dwarf_tag(&child) == tag { return typeName(of: &child) }
            var sibling = Dwarf_Die()
            guard dwarf_siblingof(&child, &sibling) == 0 else { return nil }
            child = sibling
        }
        return nil
    }

    private func hasParameters(_ die: inout Dwarf_Die) -> Bool {
        var child = Dwarf_Die()
        guard dwarf_child(&die, &child) == 0 else { return false }
        var count = 0
        while count < 4096 {
            count += 1
            let tag = dwarf_tag(&child)
            if tag == Int32(DW_TAG_formal_parameter) || tag == Int32(DW_TAG_thrown_type) { return true }
            var sibling = Dwarf_Die()
            guard dwarf_siblingof(&child, &sibling) == 0 else { return false }
            child = sibling
        }
        return false
    }

    private func string(_ die: inout Dwarf_Die, _ name: Int) -> String? {
        var attribute = Dwarf_Attribute()
        guard dwarf_attr_integrate(&die, UInt32(name), &attribute) != nil,
            let text = dwarf_formstring(&attribute)
        else { return nil }
        return String(cString: text)
    }

    /// The linkage name of the type `DW_AT_type` refers to, looking through qualifiers and typedefs.
    private func typeName(of die: inout Dwarf_Die) -> String? {
        var attribute = Dwarf_Attribute()
        guard dwarf_attr(&die, UInt32(DW_AT_type), &attribute) != nil else { return nil }
        var type = Dwarf_Die()
        guard dwarf_formref_die(&attribute, &type) != nil else { return nil }
        var hops = 0
        while hops < 16 {
            hops += 1
            if let name = string(&type, DW_AT_linkage_name) { return name }
            var next = Dwarf_Attribute()
            var target = Dwarf_Die()
            guard dwarf_attr(&type, UInt32(DW_AT_type), &next) != nil, dwarf_formref_die(&next, &target) != nil
            else { return nil }
            type = target
        }
        return nil
    }
}
