import Foundation
import Testing

@testable import LabCore

@Suite struct LabReportTests {
    private func report(_ statuses: [CaseStatus]) -> LabReport {
        let cases = ShapeGenerator(seed: 1, size: statuses.count).cases()
        var run = LabReport.ArchitectureRun(architecture: .x86_64)
        run.results = zip(cases, statuses).map { labCase, status in
            CaseResult(
                id: labCase.id, status: status,
                detail: status == .failedClosed ? "StubError: unsupported" : status == .passed ? "" : "detail")
        }
        return LabReport(
            seed: 1, size: statuses.count, filter: nil, backend: .stub, backendNote: "test", configuration: .debug,
            generateSeconds: 0.5, cases: cases,
            architectures: [run, LabReport.ArchitectureRun(architecture: .arm64, unavailableReason: "no toolchain")])
    }

    @Test func wrongValuesAndCrashesFailTheRunOthersDoNot() {
        #expect(!report([.passed, .failedClosed, .skipped]).hasFailures)
        #expect(report([.passed, .wrongValue]).hasFailures)
        #expect(report([.crashed, .passed]).hasFailures)
    }

    @Test func theMarkdownHasTotalsMatrixFamiliesReasonsAndFailures() {
        let report = report([.passed, .failedClosed, .wrongValue, .crashed, .passed])
        let markdown = report.markdown
        #expect(markdown.contains("| x86_64 | 2 | 1 | 1 | 1 | 0 |"))
        #expect(markdown.contains("| arm64 | not run: no toolchain |"))
        #expect(markdown.contains("## Matrix: type family × effect × architecture"))
        #expect(markdown.contains("| \(report.cases[0].shape.group.rawValue) | x86_64 |"))
        #expect(markdown.contains("## Per family"))
        #expect(markdown.contains("- 1 × StubError: unsupported"))
        #expect(markdown.contains("## Wrong values and crashes on x86_64 (2)"))
    }

    @Test func theJSONRoundTrips() throws {
        let original = report([.passed, .crashed])
        let decoded = try LabReport.decode(original.jsonData())
        #expect(decoded.cases == original.cases)
        #expect(decoded.architectures.map(\.results) == original.architectures.map(\.results))
        #expect(decoded.architectures[1].unavailableReason == "no toolchain")
    }

    @Test func failedClosedReasonsGroupAcrossGeneratedProtocols() {
        #expect(
            LabReport.genericReason(
                "Cannot build a test double for LabCases07.P_c1955 & LabCases07.P_c1955_A, requirement x")
                == "Cannot build a test double for P, requirement x")
    }
}
