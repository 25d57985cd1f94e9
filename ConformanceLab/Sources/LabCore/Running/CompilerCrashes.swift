/// Finds the cases whose compilation crashed the compiler, from a build log.
///
/// A crashing frontend prints a stack dump whose numbered header lines name
/// the function it was working on (`3. While splitting coroutine @"$s…check_c1169…"`,
/// `4. Running pass 'Fast Register Allocator' on function '@"$s…check_c0936…"'`)
/// and, in assertion builds, the failed assertion. Cases found this way are
/// left out of that architecture's build and reported as skipped.
public enum CompilerCrashes {
    /// The cases named by crash stack dumps in `log`, each with a reason.
    /// - Parameter log: The build output.
    /// - Returns: Case identifiers and reasons, in order of appearance, without duplicates.
    public static func crashingCases(in log: String) -> [(id: String, reason: String)] {
        var found: [(id: String, reason: String)] = []
        var assertion: String?
        for line in log.split(separator: "\n") {
            if let range = line.range(of: "Assertion `") {
                assertion = String(line[range.lowerBound...].prefix(140))
                continue
            }
            guard isStackDumpHeader(line), let id = caseID(in: line) else { continue }
            guard !found.contains(where: { $0.id == id }) else { continue }
            let reason =
                "toolchain: the compiler crashed compiling this case ("
                + (assertion ?? "no assertion message") + "); not built"
            found.append((id, reason))
            assertion = nil
        }
        return found
    }

    /// Whether `line` is a numbered header line of a stack dump (`3.\tWhile …`).
    static func isStackDumpHeader(_ line: Substring) -> Bool {
        let digits = line.prefix { $0.isNumber }
        return !digits.isEmpty && line.dropFirst(digits.count).first == "."
    }

    /// The case identifier in a `check_cNNNN_` function name (mangled or not) on `line`.
    /// The trailing underscore ends the number: mangling may put digits right after it.
    static func caseID(in line: Substring) -> String? {
        guard let range = line.range(of: "check_c") else { return nil }
        let rest = line[range.upperBound...]
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).first == "_" else { return nil }
        return "c" + digits
    }
}
