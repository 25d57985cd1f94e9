extension CaseSource {
    /// The class a class-double case doubles (`C_c0042`), nil for other shapes.
    var classDoubleName: String? {
        shape.form?.group == .classDouble || shape.form == .callerIsolatedClassMember ? "C_\(id)" : nil
    }

    /// How the stub backend constructs the double: a class's through its own
    /// initializer, a protocol's with the getter effects its metadata cannot say.
    var stubConstruction: String {
        if let classDoubleName { return "Stub<\(classDoubleName)>(initializingWith: { \(classDoubleName)() })" }
        return "Stub<\(existential)>(\(getterEffectsArgument))"
    }

    /// The open class of a class-double case: the requirement's member as an
    /// `open` member that records its arguments and answers as a conformer's
    /// witness does (the control backend calls it; the stub backend's double
    /// answers in its place), with a public designated initializer.
    var classDeclaration: String {
        "open class C_\(id) {\n    public init() {}\n    open \(witness)\n}"
    }

    /// The source of a class-double case: the class and the check, or, for a
    /// class of the library-evolution module (declared there, see
    /// ``GeneratedPackage/classEvolutionTarget``), the check alone.
    var classDoubleText: String? {
        switch shape.form {
        case .classMember?, .callerIsolatedClassMember?: return [classDeclaration, check].joined(separator: "\n")
        case .resilientClassMember?: return check
        default: return nil
        }
    }
}
