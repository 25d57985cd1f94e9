/// Spells a generalized constrained existential (`any P<τ_0_0, τ_0_1>`) as
/// the compiler spells its shape's existential type, substitutions included
/// (`s5Clock_px8DurationsAAPRts_XP`, `1b2PA_px1AAaBPRts_q_1BADRtsXP`): the
/// runtime unique shapes by that spelling, so the same spelling gives the
/// compiler's own metadata.
///
/// Covers one protocol declared at a module's top level, optionally with
/// `AnyObject`. An identifier is written once and referred to after (`AA`,
/// consecutive references merged: `AaB`); so is the protocol once written as
/// a type. Where the compiler would also substitute a word inside an
/// identifier (a word of two or more letters met before), this spelling
/// differs from the compiler's and `spelling` is nil.
struct ShapeNameMangler {
    private var output = ""
    /// Identifiers and types already written, by substitution index.
    private var substitutions: [String] = []
    /// Words of the identifiers written so far (the mangler's word substitution candidates).
    private var words: Set<String> = []
    /// Substitution indices waiting to be written as one merged reference.
    private var pendingReferences: [Int] = []
    private var matchesCompiler = true

    /// The shape's existential type, or nil where the compiler's spelling is not reproduced.
    static func spelling(
        protocolName: String, module: String, isClassBound: Bool, associatedTypes: [String]
    ) -> String? {
        var mangler = ShapeNameMangler()
        let standard = StandardSubstitution.letter(forSwiftType: protocolName, kind: .protocol)
        let protocolText = module == "Swift" ? standard : nil
        if let protocolText {
            mangler.output += protocolText
        } else {
            mangler.module(module)
            mangler.identifier(protocolName)
            mangler.flushReferences()
        }
        mangler.output += isClassBound ? "_Xl" : "_p"
        let protocolKey = "type:" + module + "." + protocolName
        for (index, name) in associatedTypes.enumerated() {
            var parameter = TypeMangler()
            parameter.append(.genericParameter(depth: 0, index: index))
            mangler.output += parameter.output
            mangler.identifier(name)
            if let protocolText {
                mangler.flushReferences()
                mangler.output += protocolText
            } else if let known = mangler.substitutions.firstIndex(of: protocolKey) {
                mangler.pendingReferences.append(known)
                mangler.flushReferences()
            } else {
                mangler.module(module)
                mangler.identifier(protocolName)
                mangler.flushReferences()
                mangler.output += "P"
                mangler.substitutions.append(protocolKey)
            }
            mangler.output += index == 0 ? "Rts_" : "Rts"
        }
        mangler.output += "XP"
        return mangler.matchesCompiler && mangler.substitutions.count <= 26 ? mangler.output : nil
    }

    private mutating func module(_ name: String) {
        if name == "Swift" {
            flushReferences()
            output += "s"
        } else {
            identifier(name)
        }
    }

    private mutating func identifier(_ text: String) {
        let key = "identifier:" + text
        if let known = substitutions.firstIndex(of: key) {
            pendingReferences.append(known)
            return
        }
        flushReferences()
        let newWords = Self.words(of: text)
        if newWords.contains(where: words.contains) || Set(newWords).count != newWords.count
            || !text.utf8.allSatisfy({ $0 < 0x80 })
        {
            matchesCompiler = false
        }
        words.formUnion(newWords)
        output += "\(text.utf8.count)\(text)"
        substitutions.append(key)
    }

    /// Writes pending references as one `A` operator: lowercase letters, the last uppercase.
    private mutating func flushReferences() {
        guard !pendingReferences.isEmpty else { return }
        output += "A"
        for (offset, index) in pendingReferences.enumerated() {
            guard index < 26 else {
                matchesCompiler = false
                continue
            }
            let base = offset == pendingReferences.count - 1 ? UInt8(ascii: "A") : UInt8(ascii: "a")
            output += String(Unicode.Scalar(base + UInt8(index)))
        }
        pendingReferences = []
    }

    /// The words of an identifier the mangler may substitute later: runs that start at a
    /// non-digit, non-underscore character and end before `_`, the end or a lowercase-to-uppercase
    /// change, two characters or longer.
    static func words(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        var start: Int?
        for offset in 0...bytes.count {
            let c = offset < bytes.count ? bytes[offset] : 0
            if let wordStart = start, Demangler.isWordEnd(c, previous: bytes[offset - 1]) {
                if offset - wordStart >= 2 { found.append(String(decoding: bytes[wordStart..<offset], as: UTF8.self)) }
                start = nil
            }
            if start == nil, Demangler.isWordStart(c) { start = offset }
        }
        return found
    }
}
