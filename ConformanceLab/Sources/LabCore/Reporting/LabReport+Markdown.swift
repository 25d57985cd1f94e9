import Foundation

extension LabReport {
    /// The report as Markdown: totals, the family group × effect ×
    /// architecture matrix, per-family pass counts, failed-closed reasons,
    /// and every wrong value and crash.
    public var markdown: String {
        var lines: [String] = []
        let shapesByID = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0.shape) })
        lines.append("# ABI conformance lab")
        lines.append("")
        lines.append(
            "Seed \(seed), size \(size.map(String.init) ?? "all"), \(cases.count) cases (\(distinctShapes) distinct shapes), "
                + "backend `\(backend.rawValue)` (\(backendNote)), \(configuration.rawValue) build"
                + (filter.map { ", filter `\($0)`" } ?? "") + ".")
        if let injectedFault {
            lines.append("")
            lines.append(
                "**Injected fault `\(injectedFault)`: the failures below were asked for (harness self-test).**")
        }
        lines.append("")
        lines.append("## Totals")
        lines.append("")
        lines.append("| architecture | passed | failed closed | wrong value | crashed | skipped | build s | run s |")
        lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for run in architectures {
            if let reason = run.unavailableReason {
                lines.append("| \(run.architecture.rawValue) | not run: \(reason) | | | | | | |")
                continue
            }
            let counts = CaseStatus.allCases.map { String(run.count($0)) }
            lines.append(
                "| \(run.architecture.rawValue) | \(counts[0]) | \(counts[1]) | \(counts[2]) | \(counts[3]) | \(counts[4]) | "
                    + "\(Self.seconds(run.buildSeconds)) | \(Self.seconds(run.runSeconds)) |")
        }
        lines.append("")
        lines.append("Generating and writing the sources took \(Self.seconds(generateSeconds)) s.")
        let ran = architectures.filter { $0.unavailableReason == nil }
        guard !ran.isEmpty else { return lines.joined(separator: "\n") + "\n" }

        lines.append("")
        lines.append("## Matrix: type family × effect × architecture")
        lines.append("")
        lines.append("Cells: passed / failed closed / wrong value / crashed (skipped cases are not counted).")
        lines.append("")
        let effects = Effect.allCases
        let header = ["family", "arch"] + effects.map(\.rawValue)
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("|" + String(repeating: " --- |", count: header.count))
        let groups = Set(cases.map(\.shape.group)).sorted()
        for group in groups {
            for run in ran {
                var cells: [String] = [group.rawValue, run.architecture.rawValue]
                for effect in effects {
                    let selected = run.results.filter {
                        guard let shape = shapesByID[$0.id] else { return false }
                        return shape.group == group && shape.effect == effect
                    }
                    cells.append(selected.isEmpty ? "–" : Self.cell(selected))
                }
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }

        lines.append("")
        lines.append("## Per family")
        lines.append("")
        lines.append(
            "| family | group | " + ran.map { "\($0.architecture.rawValue) passed / total" }.joined(separator: " | ")
                + " |")
        lines.append("| --- | --- |" + String(repeating: " ---: |", count: ran.count))
        let families = Set(cases.map(\.shape.focus)).sorted()
        for family in families {
            let ids = Set(cases.filter { $0.shape.focus == family }.map(\.id))
            let group = cases.first { $0.shape.focus == family }?.shape.group.rawValue ?? "?"
            let cells = ran.map { run -> String in
                let selected = run.results.filter { ids.contains($0.id) }
                return "\(selected.filter { $0.status == .passed }.count) / \(selected.count)"
            }
            lines.append("| `\(family)` | \(group) | " + cells.joined(separator: " | ") + " |")
        }

        lines += resilienceSections(ran: ran)

        for run in ran {
            let closed = run.results.filter { $0.status == .failedClosed }
            if !closed.isEmpty {
                lines.append("")
                lines.append("## Failed closed on \(run.architecture.rawValue) (\(closed.count)), by reason")
                lines.append("")
                let reasons = Dictionary(grouping: closed) { Self.genericReason($0.detail) }
                    .sorted { $0.value.count > $1.value.count || $0.value.count == $1.value.count && $0.key < $1.key }
                for (reason, results) in reasons {
                    let examples = results.prefix(5).map(\.id).joined(separator: ", ")
                    lines.append(
                        "- \(results.count) × \(reason.isEmpty ? "(no reason given)" : reason) — e.g. \(examples)")
                }
            }
            let skipped = run.results.filter { $0.status == .skipped }
            if !skipped.isEmpty {
                lines.append("")
                lines.append("## Skipped on \(run.architecture.rawValue) (\(skipped.count)), by reason")
                lines.append("")
                for (reason, results) in Dictionary(grouping: skipped, by: \.detail).sorted(by: { $0.key < $1.key }) {
                    lines.append("- \(results.count) × \(reason)")
                }
            }
            let failures = run.results.filter { $0.status.isFailure }
            if !failures.isEmpty {
                lines.append("")
                lines.append("## Wrong values and crashes on \(run.architecture.rawValue) (\(failures.count))")
                lines.append("")
                lines.append("| case | status | shape | detail |")
                lines.append("| --- | --- | --- | --- |")
                for result in failures {
                    let key = shapesByID[result.id]?.key ?? "?"
                    lines.append(
                        "| \(result.id) | \(result.status.rawValue) | `\(key)` | \(result.detail.replacingOccurrences(of: "|", with: "\\|")) |"
                    )
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A reason with the generated protocol's name (`LabCases03.P_c0936`) replaced by `P`, so equal reasons group.
    static func genericReason(_ reason: String) -> String {
        reason.replacingOccurrences(
            of: #"(LabCases[0-9]+\.|LabCoroutineCases\.)?P_c[0-9]+(_A|_Base)?"#, with: "P", options: .regularExpression
        )
        .replacingOccurrences(of: #"P & P"#, with: "P", options: .regularExpression)
    }

    /// The resilience tier by family (every position of each type) and the
    /// recording tier by mode and group: passed / failed closed / wrong / crashed.
    private func resilienceSections(ran: [ArchitectureRun]) -> [String] {
        let resilienceIDs = Set(TypeFamily.resilienceFamilies.map(\.id))
        let resilience = cases.filter { $0.shape.recording == .samples && resilienceIDs.contains($0.shape.focus) }
        let recording = cases.filter { $0.shape.recording != .samples }
        var lines: [String] = []
        let header =
            "| " + ran.map { "\($0.architecture.rawValue) passed / closed / wrong / crashed" }.joined(separator: " | ")
            + " |"
        let rule = String(repeating: " ---: |", count: ran.count)
        if !resilience.isEmpty {
            lines += [
                "", "## Resilience tier: library-evolution and Foundation types", "",
                "Each family as argument and result under every effect, getter, setter, subscript, static "
                    + "method, initializer, `inout`, after 16 register-filling parameters, typed error where it "
                    + "is an `Error`, and (rows `(T) -> T`, `Optional<T>`) as a closure's parameter and result "
                    + "and as an optional.",
                "", "| family | cases " + header, "| --- | ---: |" + rule,
            ]
            for family in TypeFamily.resilienceFamilies {
                let ids = Set(resilience.filter { $0.shape.focus == family.id }.map(\.id))
                guard !ids.isEmpty else { continue }
                let cells = ran.map { run in Self.cell(run.results.filter { ids.contains($0.id) }) }
                lines.append("| `\(family.id)` | \(ids.count) | " + cells.joined(separator: " | ") + " |")
            }
        }
        if !recording.isEmpty {
            lines += [
                "", "## Recording tier: `when` without placeholders", "",
                "`bare-any`: `Match.any()` with no `using:` and no `returning:` (argument and result of the family); "
                    + "`bare-class-result`: the family as argument (`Match.any(using:)`), a class result with no "
                    + "`returning:`.",
                "", "| mode | group | cases " + header, "| --- | --- | ---: |" + rule,
            ]
            for mode in Shape.Recording.allCases where mode != .samples {
                let ofMode = recording.filter { $0.shape.recording == mode }
                for group in Set(ofMode.map { $0.shape.group }).sorted() {
                    let ids = Set(ofMode.filter { $0.shape.group == group }.map(\.id))
                    let cells = ran.map { run in Self.cell(run.results.filter { ids.contains($0.id) }) }
                    lines.append(
                        "| \(mode.rawValue) | \(group.rawValue) | \(ids.count) | " + cells.joined(separator: " | ")
                            + " |")
                }
            }
        }
        return lines
    }

    private static func cell(_ results: [CaseResult]) -> String {
        let counted: [CaseStatus] = [.passed, .failedClosed, .wrongValue, .crashed]
        return counted.map { status in String(results.filter { $0.status == status }.count) }.joined(separator: "/")
    }

    static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
