import Foundation
import TestDoubles
import Testing

// The delegate pattern as UIKit-era SDKs write it: a class-bound protocol held
// weakly by the object that reports to it, often a composition of two
// protocols, and identity and lifetime that the holder relies on.

protocol SDKDownloadDelegate: AnyObject {
    func download(_ id: UUID, didWriteBytes written: Int64, of total: Int64)
    func downloadDidFinish(_ id: UUID, at location: URL)
    func download(_ id: UUID, didFailWith error: any Error)
    func downloadShouldRetry(_ id: UUID, after chunk: Int) -> Bool
}

protocol SDKProgressReporting: AnyObject {
    var fractionCompleted: Double { get set }
    func reportStage(_ stage: String)
}

/// The object under test: reports to a weak delegate, as SDK types do.
final class SDKDownloader {
    weak var delegate: (any SDKDownloadDelegate)?
    weak var progress: (any SDKDownloadDelegate & SDKProgressReporting)?
    let id: UUID

    init(id: UUID) { self.id = id }

    /// Writes `chunks`; a failing chunk is retried once if the delegate agrees.
    func run(chunks: [Int64], failing: Set<Int> = [], destination: URL) {
        let total = chunks.reduce(0, +)
        var written: Int64 = 0
        for (index, chunk) in chunks.enumerated() {
            if failing.contains(index) {
                delegate?.download(id, didFailWith: URLError(.networkConnectionLost))
                guard delegate?.downloadShouldRetry(id, after: index) == true else { return }
            }
            written += chunk
            delegate?.download(id, didWriteBytes: written, of: total)
        }
        delegate?.downloadDidFinish(id, at: destination)
    }

    /// Drives the composed delegate: stages and progress through one reference.
    func reportProgress(stages: [String]) {
        for (index, stage) in stages.enumerated() {
            progress?.reportStage(stage)
            progress?.fractionCompleted = Double(index + 1) / Double(stages.count)
            progress?.download(id, didWriteBytes: Int64(index + 1), of: Int64(stages.count))
        }
    }
}

final class SDKRecordingDelegate: SDKDownloadDelegate, SDKProgressReporting {
    var events: [String] = []
    var fractionCompleted: Double = 0
    func download(_ id: UUID, didWriteBytes written: Int64, of total: Int64) { events.append("\(written)/\(total)") }
    func downloadDidFinish(_ id: UUID, at location: URL) { events.append("done \(location.lastPathComponent)") }
    func download(_ id: UUID, didFailWith error: any Error) { events.append("failed") }
    func downloadShouldRetry(_ id: UUID, after chunk: Int) -> Bool { chunk < 2 }
    func reportStage(_ stage: String) { events.append(stage) }
}

@Suite struct RealCodeSDKDelegateTests {
    static let id = UUID(uuidString: "D0D0D0D0-0000-4000-8000-000000000001")!
    static let destination = URL(fileURLWithPath: "/tmp/asset.zip")

    @MainActor @Test func aWeaklyHeldDelegateSeesEveryCallbackInOrder() throws {
        let delegate = try Stub<any SDKDownloadDelegate>()
        delegate.when { $0.downloadShouldRetry(Match.any(), after: Match.any()) }.then { (_: UUID, chunk: Int) in
            chunk < 2
        }
        delegate.when { $0.download(Match.any(), didWriteBytes: Match.any(), of: Match.any()) }.thenDoNothing()
        delegate.when { $0.download(Match.any(), didFailWith: Match.any()) }.thenDoNothing()
        delegate.when { $0.downloadDidFinish(Match.any(), at: Match.any()) }.thenDoNothing()
        let downloader = SDKDownloader(id: Self.id)
        downloader.delegate = delegate()
        downloader.run(chunks: [100, 50, 25], failing: [0, 1], destination: Self.destination)

        #expect(downloader.delegate != nil)
        #expect(downloader.delegate === delegate())
        let progress: [(UUID, Int64, Int64)] =
            delegate.when { $0.download(Match.any(), didWriteBytes: Match.any(), of: Match.any()) }.arguments()
        #expect(progress.map(\.0) == [Self.id, Self.id, Self.id])
        #expect(progress.map(\.1) == [100, 150, 175])
        #expect(progress.map(\.2) == [175, 175, 175])
        let retries: [(UUID, Int)] = delegate.when { $0.downloadShouldRetry(Match.any(), after: Match.any()) }
            .arguments()
        #expect(retries.map(\.1) == [0, 1])
        let failures: [(UUID, any Error)] =
            delegate.when { $0.download(Match.any(), didFailWith: Match.any()) }.arguments()
        #expect(failures.count == 2)
        #expect((failures.first?.1 as? URLError)?.code == .networkConnectionLost)
        delegate.verify { $0.downloadDidFinish(Self.id, at: Self.destination) }
        delegate.verify(.exactly(3)) {
            $0.download(Match.equal(Self.id), didWriteBytes: Match.any(), of: Match.equal(175))
        }
    }

    @Test func aDelegateThatDeclinesTheRetryStopsTheDownload() throws {
        let delegate = try Stub<any SDKDownloadDelegate>()
        delegate.when { $0.downloadShouldRetry(Match.any(), after: Match.any()) }.thenReturn(false)
        delegate.when { $0.download(Match.any(), didFailWith: Match.any()) }.thenDoNothing()
        let downloader = SDKDownloader(id: Self.id)
        downloader.delegate = delegate()
        downloader.run(chunks: [10, 20], failing: [0], destination: Self.destination)
        delegate.verify(.never) { $0.downloadDidFinish(Match.any(), at: Match.any()) }
        delegate.verify(.never) { $0.download(Match.any(), didWriteBytes: Match.any(), of: Match.any()) }
        delegate.verify { $0.downloadShouldRetry(Self.id, after: 0) }
    }

    @Test func theWeakReferenceLivesAsLongAsTheStub() throws {
        let downloader = SDKDownloader(id: Self.id)
        weak var held: AnyObject?
        do {
            let delegate = try Stub<any SDKDownloadDelegate>()
            delegate.when { $0.download(Match.any(), didWriteBytes: Match.any(), of: Match.any()) }.thenDoNothing()
            delegate.when { $0.downloadDidFinish(Match.any(), at: Match.any()) }.thenDoNothing()
            downloader.delegate = delegate()
            held = delegate()
            #expect(downloader.delegate != nil)
            #expect(held === downloader.delegate)
            downloader.run(chunks: [1], destination: Self.destination)
            delegate.verify { $0.downloadDidFinish(Self.id, at: Self.destination) }
        }
        #expect(downloader.delegate == nil)
        #expect(held == nil)
        // Callbacks to a released delegate go nowhere, as for a real one.
        downloader.run(chunks: [1], destination: Self.destination)
    }

    @MainActor @Test func aCompositionOfTwoClassBoundProtocols() throws {
        let both = try Stub<any SDKDownloadDelegate & SDKProgressReporting>()
        let fractions = both.when { $0.fractionCompleted = Match.any() }
        fractions.thenDoNothing()
        both.when { $0.fractionCompleted }.thenReturn(0.5)
        both.when { $0.reportStage(Match.any()) }.thenDoNothing()
        both.when { $0.download(Match.any(), didWriteBytes: Match.any(), of: Match.any()) }.thenDoNothing()
        let downloader = SDKDownloader(id: Self.id)
        downloader.progress = both()
        downloader.delegate = both()
        downloader.reportProgress(stages: ["resolve", "fetch", "verify", "unpack"])

        #expect(downloader.progress === downloader.delegate)
        #expect(both().fractionCompleted == 0.5)
        #expect(fractions.arguments() == [0.25, 0.5, 0.75, 1.0])
        #expect(both.when { $0.reportStage(Match.any()) }.arguments() == ["resolve", "fetch", "verify", "unpack"])
        let written: [(UUID, Int64, Int64)] =
            both.when { $0.download(Match.any(), didWriteBytes: Match.any(), of: Match.any()) }.arguments()
        #expect(written.map(\.1) == [1, 2, 3, 4])
        both.verify(.exactly(4)) { $0.download(Match.equal(Self.id), didWriteBytes: Match.any(), of: Match.equal(4)) }
        both.verify { $0.reportStage("verify") }
    }

    @Test func aSpyOfTheCompositionForwardsToTheRealDelegate() throws {
        let real = SDKRecordingDelegate()
        let spy = try Spy<any SDKDownloadDelegate & SDKProgressReporting>(forwardingTo: real)
        let downloader = SDKDownloader(id: Self.id)
        downloader.delegate = spy()
        downloader.progress = spy()
        downloader.run(chunks: [5, 5], failing: [1], destination: Self.destination)
        downloader.reportProgress(stages: ["a", "b"])
        #expect(real.events == ["5/10", "failed", "10/10", "done asset.zip", "a", "1/2", "b", "2/2"])
        #expect(real.fractionCompleted == 1.0)
        #expect(spy().fractionCompleted == 1.0)
        spy.verify { $0.downloadShouldRetry(Self.id, after: 1) }
        let fractions: [Double] = spy.when { $0.fractionCompleted = Match.any() }.arguments()
        #expect(fractions == [0.5, 1.0])
    }

    @Test func aDummyDelegateIsAUsableWeakTargetUntilCalled() throws {
        let dummy = try Dummy<any SDKDownloadDelegate & SDKProgressReporting>()
        let downloader = SDKDownloader(id: Self.id)
        downloader.progress = dummy()
        #expect(downloader.progress === dummy())
        // Never called: reportProgress with no stages makes no call.
        downloader.reportProgress(stages: [])
    }
}
