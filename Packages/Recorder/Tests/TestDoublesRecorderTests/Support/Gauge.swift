import Synchronization
import TestDoublesRecorder

/// A protocol whose requirements take only scalars.
protocol Gauge {
    func add(_ amount: Int, _ carry: Bool) -> Int
    func scale(_ factor: Double) -> Double
    func reset()
    func narrow(_ value: Int8) -> UInt16
    func describe(_ value: Int) -> String
}

/// A hand-written front that hands scalar arguments to the recorder as raw
/// words (`dispatch(_:scalars:)`), the way the runtime stub does from registers.
final class GaugeDouble: Gauge, RecordingTestDouble, Sendable {
    let recorder: InvocationRecorder

    init(
        name: String = "GaugeDouble", unmatchedCallPolicy: InvocationRecorder.UnmatchedCallPolicy = .reportIssue,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        recorder = InvocationRecorder(
            name: name, unmatchedCallPolicy: unmatchedCallPolicy, fileID: fileID, filePath: filePath, line: line)
    }

    var recordingSubject: any Gauge { self }
    func callAsFunction() -> any Gauge { self }

    enum Requirements {
        static let add = Requirement("add(_:_:)", resultType: Int.self)
        static let scale = Requirement("scale(_:)", resultType: Double.self)
        static let reset = Requirement("reset()")
        static let narrow = Requirement("narrow(_:)", resultType: UInt16.self)
        static let describe = Requirement("describe(_:)", resultType: String.self)
    }

    /// The outcomes `dispatch(_:scalars:)` gave, in call order.
    let outcomes = Mutex<[ScalarCallOutcome]>([])

    func add(_ amount: Int, _ carry: Bool) -> Int {
        answer(
            Requirements.add,
            ScalarArguments(.int, UInt64(UInt(bitPattern: amount)), .bool, carry ? 1 : 0))
    }

    func scale(_ factor: Double) -> Double {
        answer(Requirements.scale, ScalarArguments(.double, factor.bitPattern))
    }

    func reset() {
        let _: Void = answer(Requirements.reset, ScalarArguments())
    }

    func narrow(_ value: Int8) -> UInt16 {
        // Garbage above the low byte, as a register may hold: it must not reach the ledger.
        answer(Requirements.narrow, ScalarArguments(.int8, 0xDEAD_BE00 | UInt64(UInt8(bitPattern: value))))
    }

    func describe(_ value: Int) -> String {
        answer(Requirements.describe, ScalarArguments(.int, UInt64(UInt(bitPattern: value))))
    }

    private func answer<R>(_ requirement: Requirement, _ scalars: ScalarArguments) -> R {
        let outcome = recorder.dispatch(requirement, scalars: scalars)
        outcomes.withLock { $0.append(outcome) }
        // The boxed outcome is bound first and matched on its own: a pattern that reaches into the `indirect`
        // case in one step crashes Swift 6.0.3's ownership verifier.
        switch outcome {
        case .returnedVoid: return () as! R
        case .returnedScalar(let kind, let word): return kind.value(from: word) as! R
        case .returnedConfigured(let configured): return configured.value as! R
        case .forward: fatalError("GaugeDouble cannot forward")
        case .outcome(let boxed):
            guard case .returned(let value) = boxed else { fatalError("GaugeDouble cannot act on \(boxed)") }
            return value as! R
        }
    }
}
