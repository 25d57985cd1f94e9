import Foundation

/// Runs the cases of a built runner in batches of child processes, several
/// at a time, so that a crash costs one case: the case a dead batch was
/// running is confirmed alone and the rest of the batch goes on.
public struct CaseRunner: Sendable {
    /// How to launch the runner.
    public var toolchain: CaseToolchain
    /// The built case runner.
    public var runner: String
    /// Cases per batch process.
    public var batchSize: Int
    /// Processes at a time.
    public var jobs: Int
    /// Called after each finished batch with (cases done, total).
    public var progress: @Sendable (Int, Int) -> Void
    /// Extra environment of the case-runner processes (e.g. `ABI_LAB_FAULT`).
    public var environment: [String: String] = [:]
    /// Whether the case a dead batch was running is re-run alone before it is
    /// reported (slower: every process pays the runner's start-up; catches
    /// crashes that only happen after other cases ran).
    public var confirmsCrashes = false

    /// Creates a runner.
    /// - Parameters:
    ///   - toolchain: How to launch the case runner.
    ///   - runner: The case runner's path.
    ///   - batchSize: Cases per process.
    ///   - jobs: Processes at a time.
    ///   - progress: Called with (done, total) after each batch.
    public init(
        toolchain: CaseToolchain, runner: String, batchSize: Int, jobs: Int,
        progress: @escaping @Sendable (Int, Int) -> Void
    ) {
        self.toolchain = toolchain
        self.runner = runner
        self.batchSize = max(1, batchSize)
        self.jobs = max(1, jobs)
        self.progress = progress
    }

    /// Runs every case and returns one result per identifier, in the given order.
    /// - Parameter ids: The cases to run.
    /// - Returns: The results.
    /// - Throws: When a process cannot be started.
    public func run(_ ids: [String]) async throws -> [CaseResult] {
        let batches = stride(from: 0, to: ids.count, by: batchSize).map {
            Array(ids[$0..<min($0 + batchSize, ids.count)])
        }
        var byID: [String: CaseResult] = [:]
        var done = 0
        try await forEachConcurrently(batches) { batch in
            try await runBatch(batch)
        } collect: { results in
            for result in results { byID[result.id] = result }
            done += results.count
            progress(done, ids.count)
        }
        return ids.map { byID[$0] ?? CaseResult(id: $0, status: .crashed, detail: "no result collected") }
    }

    /// Runs one batch. When the process dies, the case it was running (the
    /// last `LABSTART` without a result) is reported as crashed (re-run alone
    /// first with ``confirmsCrashes``), and the cases after it continue as a
    /// new batch; when it died before starting any case, every unfinished
    /// case runs alone.
    func runBatch(_ ids: [String]) async throws -> [CaseResult] {
        if ids.count == 1 { return [try await runAlone(ids[0])] }
        let (program, arguments) = toolchain.command(runner: runner, ids: ids)
        // No crash backtraces in batches (they cost seconds); the confirming single run prints one.
        let outcome = try await ProcessLauncher.run(
            program, arguments, environment: environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
            timeout: toolchain.timeout(cases: ids.count))
        let classification = BatchClassifier.classify(ids: ids, outcome: outcome)
        guard !classification.unfinished.isEmpty else { return classification.results }
        guard let culprit = classification.culprit, let position = classification.unfinished.firstIndex(of: culprit)
        else {
            var results = classification.results
            for id in classification.unfinished { results.append(try await runAlone(id)) }
            return results
        }
        var confirmed: CaseResult
        if confirmsCrashes {
            confirmed = try await runAlone(culprit)
        } else {
            // The last LABSTART without a result names the case that was running when the process died.
            confirmed = BatchClassifier.classifySingle(id: culprit, outcome: outcome)
        }
        if confirmed.status != .crashed {
            // It survives alone: still a crash (an interaction with the cases before it), named as such.
            confirmed = CaseResult(
                id: culprit, status: .crashed,
                detail: "crashed in a batch (\(outcome.terminationDescription)) but \(confirmed.status.rawValue) alone")
        }
        let rest = Array(classification.unfinished[(position + 1)...])
        return classification.results + [confirmed] + (rest.isEmpty ? [] : try await runBatch(rest))
    }

    /// Runs one case in its own process.
    func runAlone(_ id: String) async throws -> CaseResult {
        let (program, arguments) = toolchain.command(runner: runner, ids: [id])
        let outcome = try await ProcessLauncher.run(
            program, arguments, environment: environment, timeout: toolchain.timeout(cases: 1))
        return BatchClassifier.classifySingle(id: id, outcome: outcome)
    }

    /// Runs `work` on every element with at most `jobs` at a time, handing results to `collect` in completion order.
    private func forEachConcurrently<Element: Sendable, Output: Sendable>(
        _ elements: [Element], _ work: @escaping @Sendable (Element) async throws -> Output,
        collect: (Output) -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Output.self) { group in
            var next = 0
            while next < elements.count && next < jobs {
                let element = elements[next]
                group.addTask { try await work(element) }
                next += 1
            }
            while let output = try await group.next() {
                collect(output)
                if next < elements.count {
                    let element = elements[next]
                    group.addTask { try await work(element) }
                    next += 1
                }
            }
        }
    }
}
