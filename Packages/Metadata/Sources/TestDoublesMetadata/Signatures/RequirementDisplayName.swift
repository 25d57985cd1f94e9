#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A requirement's name as `#function` spells it (`fetch(key:)`, `count`,
/// `subscript(_:)`), read from a witness or method-descriptor symbol when
/// its signature could not be: the runtime's own demangler prints the symbol,
/// and the declaration name is taken from that text.
///
/// Only for messages: nothing is resolved or classified from it.
public enum RequirementDisplayName {
    typealias Demangle =
        @convention(c) (
            UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
        ) -> UnsafeMutablePointer<CChar>?

    private static let demangleAddress: UInt = {
        #if os(Linux)
        let handle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        return UInt(bitPattern: dlsym(handle, "swift_demangle"))
    }()

    /// The name of the requirement a symbol at one of `addresses` witnesses or describes.
    ///
    /// - Parameters:
    ///   - addresses: Witness (or method descriptor) addresses of the requirement.
    ///   - registry: The images to read.
    /// - Returns: The name, nil when no address has a symbol the runtime demangles.
    public static func name(atAnyOf addresses: [UInt], registry: ImageRegistry = .shared) -> String? {
        for address in addresses {
            guard let symbols = try? registry.symbols(at: address) else { continue }
            for symbol in symbols {
                if let text = demangled(symbol.name), let name = declarationName(inDemangled: text) { return name }
            }
        }
        return nil
    }

    /// The runtime's readable form of a mangled symbol.
    static func demangled(_ mangled: String) -> String? {
        guard let pointer = UnsafeRawPointer(bitPattern: demangleAddress) else { return nil }
        let demangle = unsafeBitCast(pointer, to: Demangle.self)
        return mangled.withCString { name -> String? in
            guard let output = demangle(name, strlen(name), nil, nil, 0) else { return nil }
            defer { free(output) }
            return String(cString: output)
        }
    }

    /// The declaration name in a demangled witness or descriptor
    /// (`protocol witness for M.P.fetch(key: Swift.String) -> Swift.Int in conformance ...`).
    static func declarationName(inDemangled text: String) -> String? {
        var entity = Substring(text)
        for prefix in [
            "coro function pointer to ", "async function pointer to ", "protocol witness for ",
            "method descriptor for ", "dispatch thunk of ",
        ]
        where entity.hasPrefix(prefix) {
            entity = entity.dropFirst(prefix.count)
        }
        if let range = entity.firstRange(of: " in conformance ") { entity = entity[..<range.lowerBound] }
        if entity.hasPrefix("static ") { entity = entity.dropFirst("static ".count) }
        // A private declaration's name carries its discriminator: `M.(Hidden in _5A88…).count`.
        let plain = entity.withoutPrivateDiscriminators
        entity = plain[...]
        if let named = operatorName(in: entity) { return named }
        // The qualified name runs up to the parameter list or the accessor's type.
        let end = entity.firstIndex { $0 == "(" || $0 == " " || $0 == "<" } ?? entity.endIndex
        let qualified = entity[..<end]
        guard let last = qualified.split(separator: ".").last else { return nil }
        // An accessor: `M.P.count.getter : Swift.Int` names the property `count`.
        let accessors: Set<Substring> = [
            "getter", "setter", "modify", "read", "_modify", "_read", "modify2", "read2", "yielding borrow",
        ]
        var base = last
        if accessors.contains(last) {
            let parts = qualified.split(separator: ".")
            guard parts.count >= 2 else { return nil }
            base = parts[parts.count - 2]
        }
        var open = end
        if open < entity.endIndex, entity[open] == "<" {
            // A generic requirement: skip its generic clause (`fetch<A where A: P>(...)`).
            var depth = 0
            while open < entity.endIndex {
                if entity[open] == "<" { depth += 1 }
                if entity[open] == ">" { depth -= 1 }
                open = entity.index(after: open)
                if depth == 0 { break }
            }
        }
        if base == "subscript", accessors.contains(last),
            let type = entity.firstRange(of: " : (")
        {
            // A subscript accessor's type holds the index labels: `subscript.getter : (key: Swift.String) -> Int`.
            return labeledName("subscript", parameters: entity[entity.index(before: type.upperBound)...])
        }
        guard open < entity.endIndex, entity[open] == "(", !accessors.contains(last) else { return String(base) }
        return labeledName(String(base), parameters: entity[open...])
    }

    /// `==(_:_:)` for an operator requirement (`Swift.Equatable.== infix(A, A) -> Swift.Bool`), else nil.
    private static func operatorName(in entity: Substring) -> String? {
        for fixity in [" infix(", " prefix(", " postfix("] {
            guard let range = entity.firstRange(of: fixity) else { continue }
            let qualified = entity[..<range.lowerBound]
            let operatorCharacters = Set("/=-+!*%<>&|^~?.")
            let symbol = qualified.reversed().prefix { operatorCharacters.contains($0) }
            // The first character is the `.` that separates the operator from its protocol.
            let name = String(symbol.reversed().dropFirst())
            guard !name.isEmpty else { return nil }
            return labeledName(name, parameters: entity[entity.index(before: range.upperBound)...])
        }
        return nil
    }

    /// `base(key:_:)` from a demangled parameter list starting at its `(`.
    private static func labeledName(_ base: String, parameters: Substring) -> String {
        guard parameters.first == "(" else { return base }
        let open = parameters.startIndex
        let entity = parameters
        // Labels of the top-level parameter list: `key: T, _: U` becomes `key:_:`.
        var labels = ""
        var depth = 0
        var current = ""
        var sawColon = false
        var previous: Character = "("
        for character in entity[entity.index(after: open)...] {
            defer { previous = character }
            switch character {
            case ">" where previous == "-":
                // The arrow of a function type: `handler: (Swift.Int) -> ()`.
                current.append(character)
            case "(", "<", "[":
                depth += 1
                current.append(character)
            case ")", ">", "]":
                if depth == 0 {
                    if current.contains(where: { $0 != " " }) { labels += sawColon ? current.labelPart + ":" : "_:" }
                    return "\(base)(\(labels))"
                }
                depth -= 1
                current.append(character)
            case "," where depth == 0:
                labels += sawColon ? current.labelPart + ":" : "_:"
                current = ""
                sawColon = false
            case ":" where depth == 0 && !sawColon:
                sawColon = true
                current.append(character)
            default:
                current.append(character)
            }
        }
        return String(base)
    }
}

extension StringProtocol {
    /// The text with each private discriminator dropped: `M.(Hidden in _5A88…).count` becomes `M.Hidden.count`.
    fileprivate var withoutPrivateDiscriminators: String {
        var result = ""
        var rest = Substring(self)
        while let marker = rest.firstRange(of: " in _") {
            // The name before the marker starts after the `(` that opens `(name in _HEX)`.
            guard let open = rest[..<marker.lowerBound].lastIndex(of: "("),
                let close = rest[marker.upperBound...].firstIndex(of: ")"),
                rest[rest.index(after: open)..<marker.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }
                )
            else {
                result += rest[..<marker.upperBound]
                rest = rest[marker.upperBound...]
                continue
            }
            result += rest[..<open] + rest[rest.index(after: open)..<marker.lowerBound]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

extension String {
    /// The label of a demangled parameter (`key: Swift.String` → `key`, `_: Swift.Int` → `_`).
    fileprivate var labelPart: String {
        let label = prefix { $0 != ":" }.drop { $0 == " " }
        return label.isEmpty ? "_" : String(label)
    }
}
