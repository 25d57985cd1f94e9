import Foundation

/// `api-parity`: which public declarations of the seed library's listing our
/// public modules lack, by area.
///
/// ```
/// api-parity normalize --listing <api.txt> --rules <listing-rules.txt> --output <seed-api.tsv>
/// api-parity check --symbol-graphs <dir> --seed <seed-api.tsv> --allow <allow-list.txt>
///                  [--areas a,b,...|all] [--verbose] [--names-only]
/// ```
///
/// `check` prints every area's counts, and lists the missing declarations
/// of the checked areas, then the present ones whose shape (effects,
/// static-ness, result; see `ShapeCheck`) breaks a seed-style call site, then
/// those where such a call site only warns. It exits 1 when a checked area
/// misses a declaration or has a source break the allow-list does not excuse,
/// 2 on unreadable input. `--names-only` skips the shape comparison.
@main
enum APIParity {
    /// The areas in report order: issue 20's, then issue 21's.
    static let areaOrder = [
        "requirements", "errors", "matchers", "behaviors", "async", "verification", "inspection", "ordering",
        "construction", "clearing", "manual", "closures", "callbacks", "scenarios", "recording", "traits",
        "clients",
    ]

    static func main() {
        do {
            exit(try run(Array(CommandLine.arguments.dropFirst())))
        } catch {
            FileHandle.standardError.write(Data("api-parity: \(error)\n".utf8))
            exit(2)
        }
    }

    static func run(_ arguments: [String]) throws(ParityError) -> Int32 {
        let options = Options(arguments: arguments.dropFirst())
        switch arguments.first {
        case "normalize":
            return try normalize(options)
        case "check":
            return try check(options)
        default:
            throw ParityError("usage: api-parity normalize|check ... (see APIParity/README.md)")
        }
    }

    private static func normalize(_ options: Options) throws(ParityError) -> Int32 {
        let listing = try read(options.value("--listing"))
        let rules = try ListingRules(text: read(options.value("--rules")))
        let result = ListingNormalizer(rules: rules).normalize(listing)
        let text = result.entries.map(\.line).joined(separator: "\n") + "\n"
        let output = try options.value("--output")
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw ParityError("cannot write \(output): \(error)")
        }
        print("api-parity: \(result.entries.count) declarations written to \(output)")
        print("api-parity: \(result.skippedSPI) @_spi declarations skipped (not public API)")
        for line in result.unreadable { print("api-parity: unreadable line skipped: \(line)") }
        let unowned = result.entries.filter { $0.owner == "*" }
        if !unowned.isEmpty {
            print("api-parity: \(unowned.count) declarations with no owner (matched against every type):")
            for entry in unowned { print("  - \(entry.section): \(entry.key)") }
        }
        return 0
    }

    private static func check(_ options: Options) throws(ParityError) -> Int32 {
        let entries = try read(options.value("--seed")).split(separator: "\n").compactMap {
            ListingEntry(line: String($0))
        }
        let allowList = try AllowList(text: read(options.value("--allow")))
        let index = try SymbolGraphIndex(directory: URL(fileURLWithPath: options.value("--symbol-graphs")))
        let shapes = options.flag("--names-only") ? nil : ShapeCheck(index: index, entries: entries)
        let report = ParityReport(
            entries: entries, check: ParityCheck(index: index), shapes: shapes, allowList: allowList)
        var checked: Set<String> = []
        if let areas = options.optionalValue("--areas") {
            checked = areas == "all" ? Set(areaOrder) : Set(areas.split(separator: ",").map(String.init))
            let unknown = checked.subtracting(areaOrder)
            if !unknown.isEmpty { throw ParityError("unknown areas: \(unknown.sorted().joined(separator: ", "))") }
        }
        print(
            "api-parity: \(entries.count) listed declarations against \(index.symbolCount) of our symbols"
                + " (\(index.fileCount) symbol graph files)")
        report.print(order: areaOrder, checked: checked, verbose: options.flag("--verbose"))
        let missing = report.missingCount(in: checked)
        if checked.isEmpty {
            print("\napi-parity: no area checked (--areas): report only")
            return 0
        }
        let breaks = report.breakCount(in: checked)
        let warnings = report.warningCount(in: checked)
        print(
            "\napi-parity: \(missing) missing, \(breaks) source breaks, \(warnings) warnings in the checked areas"
                + " (\(checked.sorted().joined(separator: ", ")))")
        return missing == 0 && breaks == 0 ? 0 : 1
    }

    private static func read(_ path: String) throws(ParityError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ParityError("cannot read \(path): \(error)")
        }
    }
}

/// `--name value` and `--flag` arguments.
struct Options {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--verbose" || argument == "--names-only" {
                flags.insert(argument)
            } else if let value = iterator.next() {
                values[argument] = value
            }
        }
    }

    func value(_ name: String) throws(ParityError) -> String {
        guard let value = values[name] else { throw ParityError("missing \(name) <value>") }
        return value
    }

    func optionalValue(_ name: String) -> String? { values[name] }

    func flag(_ name: String) -> Bool { flags.contains(name) }
}
