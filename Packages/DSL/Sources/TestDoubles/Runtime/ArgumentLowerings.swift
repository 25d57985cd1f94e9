import TestDoublesMetadata
import TestDoublesTrampolines

/// How a requirement's arguments travel, one lowering per value the witness
/// receives: a tuple parameter is exploded into its elements, which travel
/// as arguments of their own and are gathered back into one location.
struct ArgumentLowerings {
    /// One lowering per value the witness receives, in order.
    var lowerings: [ValueLowering] = []
    /// Per parameter: the exploded elements of a tuple parameter, `nil` for
    /// every other parameter.
    var tuples: [TupleParameter?] = []

    /// Classifies every parameter of `signature` for `architecture`.
    ///
    /// - Parameters:
    ///   - signature: The resolved signature.
    ///   - isClassBound: Whether `Self` is one reference (class-bound protocols).
    ///   - architecture: The machine whose convention places the values.
    ///   - fail: Makes the error for an unsupported parameter.
    /// - Throws: `StubError` for an `inout` thin metatype, a tuple whose
    ///   elements cannot be gathered back, or a type that cannot be classified.
    init(
        _ signature: ResolvedSignature, isClassBound: Bool, architecture: Architecture,
        fail: (String, String) -> StubError
    ) throws(StubError) {
        for (index, parameter) in signature.parameters.enumerated() {
            if parameter.isInout, Self.travelsThin(parameter.type) {
                // The caller's variable holds the thin form (nothing, or one tag byte), not a metadata word.
                throw fail(
                    "parameter \(index + 1) is an inout thin metatype (\(parameter.type)), which the runtime stub "
                        + "cannot read or write back", "pass the metatype by value, or use ManualStub")
            }
            if let form = parameter.selfForm {
                lowerings.append(form.lowering(isClassBound: isClassBound))
                tuples.append(nil)
                continue
            }
            if parameter.isInout || parameter.genericIndex != nil || parameter.isAbstract {
                lowerings.append(.indirect)
                tuples.append(nil)
                continue
            }
            let tuple: TupleParameter?
            do {
                tuple = try TupleParameter(parameter.type, architecture: architecture)
            } catch {
                throw fail(
                    "parameter \(index + 1) is the tuple type \(parameter.type), which the witness receives as one "
                        + "argument per element; its element \(error.element) cannot be reassembled (\(error.reason))",
                    "use ManualStub (a hand-written or doubles-gen conformer)")
            }
            tuples.append(tuple)
            if let tuple {
                lowerings += tuple.lowerings(architecture: architecture)
            } else {
                do {
                    lowerings.append(try ABIClassifier.classify(parameter.type, for: architecture))
                } catch {
                    throw fail(
                        "parameter \(index + 1) of type \(parameter.type) cannot be classified (\(error))",
                        "use ManualStub")
                }
            }
        }
    }

    /// One location per parameter: a tuple's elements gathered back into one.
    ///
    /// - Parameter placed: One location per lowering, as the convention placed them.
    /// - Returns: One location per parameter.
    func gathered(_ placed: [ArgumentLocation]) -> [ArgumentLocation] {
        guard tuples.contains(where: { $0 != nil }) else { return placed }
        var result: [ArgumentLocation] = []
        var next = 0
        for tuple in tuples {
            if let tuple {
                result.append(tuple.gathered(placed[next..<(next + tuple.elements.count)]))
                next += tuple.elements.count
            } else {
                result.append(placed[next])
                next += 1
            }
        }
        return result
    }

    /// Whether a value of `type` has a thin concrete form (a thin metatype or
    /// an optional of one, at any depth) that differs from its memory form.
    private static func travelsThin(_ type: Any.Type) -> Bool {
        do { return try ConcreteRepresentation(of: type) != nil } catch { return true }
    }
}
