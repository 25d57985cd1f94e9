import Foundation
import MockableGenerator
import Testing

@Suite struct CorpusGenerationTests {
    /// The doubles-gen corpus (ManualStubs' test folder) and this package's own.
    static let corpusDirectories = ["../../ManualStubs/Tests/DoublesGenCorpus", "MockableCorpus"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent($0).standardizedFileURL.path
    }

    @Test func everyCorpusProtocolGetsAMockOrFailsClosedNamingTheRequirement() {
        let outcome = MockableCommand.run(
            arguments: ["--no-debug-wrap", "--skip-unsupported"] + Self.corpusDirectories
        ) { Data() }
        #expect(outcome.status == 0)
        let mocks = outcome.standardOutput.components(separatedBy: "\n").filter {
            $0.hasPrefix("class Mock") || $0.hasPrefix("final class Mock")
        }
        // `Compositions` is mocked since its `some Collection<Int>` parameter is written as a generic.
        #expect(mocks.count == 71)
        let skipped = outcome.standardError.components(separatedBy: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "no mock generated for '") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "'" })
        }
        #expect(
            Set(skipped) == [
                "Rethrowing", "NonEscaping", "Autoclosures", "AliasedClosures", "Packs", "TicketDesk",
            ])
        #expect(outcome.standardError.contains("has a noncopyable type ('~Copyable'), which a spy cannot record"))
    }
}
