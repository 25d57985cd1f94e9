/// The findings grouped by area, printed with counts; decides the exit
/// status for the areas being checked.
struct ParityReport {
    /// One area's findings.
    struct Area {
        var name: String
        var listed = 0
        var present = 0
        var allowed: [(key: String, reason: String)] = []
        var missing: [(key: String, note: String?)] = []
        /// Present, with a shape a seed-style call site does not compile against (or warns on).
        var breaks: [(key: String, ours: String, notes: [String])] = []
        /// Present, with a shape a seed-style call site only gets a warning from.
        var warnings: [(key: String, ours: String, notes: [String])] = []
    }

    private(set) var areas: [String: Area] = [:]
    /// Allow-list keys that matched no missing entry (present now, or gone).
    private(set) var staleAllowances: [String] = []

    /// The findings for `entries`; with a `shapes` check, the present ones'
    /// shapes are compared too (allow-list keys `shape <key>` excuse a break).
    init(entries: [ListingEntry], check: ParityCheck, shapes: ShapeCheck? = nil, allowList: AllowList) {
        var usedAllowances: Set<String> = []
        for entry in entries {
            var area = areas[entry.area] ?? Area(name: entry.area)
            area.listed += 1
            let finding = check.finding(for: entry)
            if finding == .present, let shapes, let differences = shapes.finding(for: entry) {
                let shapeKey = "shape " + entry.key
                let pairKey = differences.resultTypes.map { "result \($0.ours) for \($0.seed)" }
                if !differences.breaks.isEmpty, let reason = allowList.reasons[shapeKey] {
                    area.allowed.append((shapeKey, reason))
                    usedAllowances.insert(shapeKey)
                } else if differences.breaks.count == 1, let pairKey, let reason = allowList.reasons[pairKey] {
                    // The only break is a result type the allow-list excuses for every declaration.
                    area.allowed.append((entry.key + " (" + pairKey + ")", reason))
                    usedAllowances.insert(pairKey)
                } else if !differences.breaks.isEmpty {
                    area.breaks.append((entry.key, differences.ours, differences.breaks))
                }
                if !differences.warnings.isEmpty {
                    area.warnings.append((entry.key, differences.ours, differences.warnings))
                }
            }
            if finding != .present, let reason = allowList.reasons[entry.key] {
                area.allowed.append((entry.key, reason))
                usedAllowances.insert(entry.key)
                areas[entry.area] = area
                continue
            }
            switch finding {
            case .present:
                area.present += 1
            case .missing:
                area.missing.append((entry.key, nil))
            case .otherOverloads(let overloads):
                area.missing.append((entry.key, "we have: " + overloads.joined(separator: "; ")))
            }
            areas[entry.area] = area
        }
        staleAllowances = allowList.reasons.keys.filter { !usedAllowances.contains($0) }.sorted()
    }

    /// The areas in report order: `order` first, then the rest by name.
    func orderedAreas(_ order: [String]) -> [Area] {
        let known = order.compactMap { areas[$0] }
        let rest = areas.values.filter { !order.contains($0.name) }.sorted { $0.name < $1.name }
        return known + rest
    }

    /// Prints the report; `checked` areas are marked, and their missing
    /// entries listed in full (others too when `verbose`).
    func print(order: [String], checked: Set<String>, verbose: Bool) {
        var totals = (listed: 0, present: 0, allowed: 0, missing: 0, breaks: 0, warnings: 0)
        Swift.print("area                listed present allowed missing  breaks   warns")
        for area in orderedAreas(order) {
            let mark = checked.contains(area.name) ? " (checked)" : ""
            Swift.print(
                area.name.padding(18) + String(area.listed).leftPadding(8) + String(area.present).leftPadding(8)
                    + String(area.allowed.count).leftPadding(8) + String(area.missing.count).leftPadding(8)
                    + String(area.breaks.count).leftPadding(8) + String(area.warnings.count).leftPadding(8) + mark)
            totals.listed += area.listed
            totals.present += area.present
            totals.allowed += area.allowed.count
            totals.missing += area.missing.count
            totals.breaks += area.breaks.count
            totals.warnings += area.warnings.count
        }
        Swift.print(
            "total".padding(18) + String(totals.listed).leftPadding(8) + String(totals.present).leftPadding(8)
                + String(totals.allowed).leftPadding(8) + String(totals.missing).leftPadding(8)
                + String(totals.breaks).leftPadding(8) + String(totals.warnings).leftPadding(8))
        for area in orderedAreas(order) where !area.missing.isEmpty && (verbose || checked.contains(area.name)) {
            Swift.print("\n\(area.name): \(area.missing.count) missing")
            for (key, note) in area.missing {
                Swift.print("  - " + key + (note.map { "\n      " + $0 } ?? ""))
            }
        }
        for area in orderedAreas(order) where !area.breaks.isEmpty && (verbose || checked.contains(area.name)) {
            Swift.print("\n\(area.name): \(area.breaks.count) source breaks (a seed-style call site fails)")
            for (key, ours, notes) in area.breaks {
                Swift.print("  - " + key + "\n      ours: " + ours + notes.map { "\n      " + $0 }.joined())
            }
        }
        for area in orderedAreas(order) where !area.warnings.isEmpty && (verbose || checked.contains(area.name)) {
            Swift.print("\n\(area.name): \(area.warnings.count) warnings (a seed-style call site warns)")
            for (key, ours, notes) in area.warnings {
                Swift.print("  - " + key + "\n      ours: " + ours + notes.map { "\n      " + $0 }.joined())
            }
        }
        if verbose {
            for area in orderedAreas(order) where !area.allowed.isEmpty {
                Swift.print("\n\(area.name): \(area.allowed.count) allowed")
                for (key, reason) in area.allowed { Swift.print("  - \(key)\n      \(reason)") }
            }
        }
        if !staleAllowances.isEmpty {
            Swift.print("\nallow-list entries that match nothing missing (remove them):")
            for key in staleAllowances { Swift.print("  - " + key) }
        }
    }

    /// How many entries of the `checked` areas are missing and not allowed.
    func missingCount(in checked: Set<String>) -> Int {
        areas.values.filter { checked.contains($0.name) }.reduce(0) { $0 + $1.missing.count }
    }

    /// How many entries of the `checked` areas have a source break not allowed.
    func breakCount(in checked: Set<String>) -> Int {
        areas.values.filter { checked.contains($0.name) }.reduce(0) { $0 + $1.breaks.count }
    }

    /// How many entries of the `checked` areas warn at a seed-style call site.
    func warningCount(in checked: Set<String>) -> Int {
        areas.values.filter { checked.contains($0.name) }.reduce(0) { $0 + $1.warnings.count }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    fileprivate func leftPadding(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
