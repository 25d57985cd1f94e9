import TestDoublesMetadata

extension TrampolineConvention {
    /// Places the direct result of an async call.
    ///
    /// An async function returns by a tail call to its caller's continuation,
    /// and its results are that continuation's arguments: the frame's result
    /// registers hold them in argument order (x0-x3 on arm64; rdi rsi rdx rcx
    /// on x86_64). On arm64 a 128-bit integer's pair therefore starts at an
    /// even-numbered register as an argument's does: `async -> (Int, Int128)`
    /// answers x0, x2:x3 where the synchronous convention answers x0, x1:x2
    /// (measured with Swift 6.0.3 `-S` and 6.3.1 on IR, 2026-12-03). On
    /// x86_64 the rules agree (a pair takes the next two registers).
    ///
    /// - Parameter result: The lowering of the result.
    /// - Returns: Where the result is written.
    /// - Throws: `TrampolineError.resultTooWide` as ``placeResult(_:)``, and
    ///   `TrampolineError.unsupportedFragment` when the continuation would take
    ///   a part beyond the four integer registers a frame returns.
    public func placeAsyncResult(_ result: ValueLowering) throws(TrampolineError) -> ResultLocation {
        let location = try placeResult(result)
        guard integerPairs == .evenPairOrStack, case .direct(let fragments) = result,
            fragments.contains(where: \.startsPair)
        else { return location }
        var generalPurpose = 0
        var vector = 0
        var parts: [PlacedFragment] = []
        var index = fragments.startIndex
        while index < fragments.endIndex {
            let fragment = fragments[index]
            switch fragment.bank {
            case .vector:
                parts.append(PlacedFragment(fragment, at: .vector(vector)))
                vector += 1
                index += 1
            case .generalPurpose where fragment.startsPair:
                let high = index + 1
                guard high < fragments.endIndex, fragments[high].bank == .generalPurpose else {
                    throw .unsupportedFragment(
                        "the low half of a 128-bit integer at offset \(fragment.offset) has no high half")
                }
                generalPurpose += generalPurpose % 2
                parts.append(PlacedFragment(fragment, at: .generalPurpose(generalPurpose)))
                parts.append(PlacedFragment(fragments[high], at: .generalPurpose(generalPurpose + 1)))
                generalPurpose += 2
                index += 2
            case .generalPurpose:
                parts.append(PlacedFragment(fragment, at: .generalPurpose(generalPurpose)))
                generalPurpose += 1
                index += 1
            }
        }
        guard generalPurpose <= generalPurposeResultCount else {
            throw .unsupportedFragment(
                "an async result holding a 128-bit integer (Int128, UInt128) reaches integer register "
                    + "\(generalPurpose - 1) of the caller's continuation once its pair starts at an even-numbered "
                    + "register (arm64), beyond the \(generalPurposeResultCount) result registers a stub returns")
        }
        return try Self.framed(parts, generalPurpose: generalPurpose, vector: vector)
    }
}
