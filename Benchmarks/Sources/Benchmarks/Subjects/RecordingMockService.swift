import Synchronization

/// What users write by hand today: a mock that records every call's
/// arguments under a lock and answers with configured values.
final class RecordingMockService: BenchService, Sendable {
    struct State {
        var zeroCalls = 0
        var intCalls: [Int] = []
        var stringCalls: [String] = []
        var mixedCalls: [(Int, String, Double, Bool, Float, Int8)] = []
        var wideCalls: [([Int], [Double])] = []
        var voidCalls: [Int] = []
        var referenceCalls: [Token] = []
        var closureCalls: [RecordedClosure] = []
        var simdCalls: [SIMD4<Float>] = []
        var fiveWordsCalls: [Int] = []
        var fetchCalls: [Int] = []
        var loadCalls: [String] = []
        var fetchStackedCalls: [[Int]] = []
        var objectCalls: [Token] = []
        var optionalCalls: [Int?] = []
        var threeCalls: [ThreeWords] = []
        var fiveCalls: [FiveWords] = []
        var arrayCalls: [[Int]] = []
        var payloadCalls: [Payload] = []
        var shapeCalls: [any BenchShape] = []
        var parseCalls: [String] = []
        /// The error `parse(_:)` throws, when set.
        var parseError: (any Error)?
        /// Handlers that answer instead of ``intResult`` (the `.then` workloads).
        var handlers = Handlers()

        var intResult = 0
        /// Answers by argument, checked in order (the matching workload).
        var intAnswers: [(argument: Int, result: Int)] = []
        /// Answers consumed in order, the last repeating (the chain workload).
        var intChain: [Int] = []
        var token = Token()
        var fiveWordsResult = FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)
    }

    let state: Mutex<State>

    init(configure: (inout State) -> Void = { _ in }) {
        var state = State()
        configure(&state)
        self.state = Mutex(state)
    }

    func zero() -> Int {
        state.withLock {
            $0.zeroCalls += 1
            return $0.intResult
        }
    }

    func int(_ value: Int) -> Int {
        state.withLock { state in
            state.intCalls.append(value)
            if !state.intChain.isEmpty {
                let position = min(state.intCalls.count, state.intChain.count) - 1
                return state.intChain[position]
            }
            for answer in state.intAnswers where answer.argument == value { return answer.result }
            return state.intResult
        }
    }

    func string(_ text: String) -> Int {
        state.withLock {
            $0.stringCalls.append(text)
            return $0.handlers.string?(text) ?? $0.intResult
        }
    }

    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int {
        state.withLock {
            $0.mixedCalls.append((a, b, c, d, e, f))
            return $0.intResult
        }
    }

    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double {
        state.withLock {
            $0.wideCalls.append(([i0, i1, i2, i3, i4, i5, i6, i7], [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9]))
            return $0.handlers.wide?(i0) ?? Double($0.intResult)
        }
    }

    func void(_ value: Int) {
        state.withLock { $0.voidCalls.append(value) }
    }

    func reference(_ token: Token) -> Token {
        state.withLock {
            $0.referenceCalls.append(token)
            return $0.token
        }
    }

    func closure(_ body: @escaping (Int) -> Int) -> Int {
        state.withLock {
            let recorded = RecordedClosure(body: body)
            $0.closureCalls.append(recorded)
            return $0.handlers.closure?(recorded) ?? $0.intResult
        }
    }

    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float> {
        state.withLock {
            $0.simdCalls.append(vector)
            return vector
        }
    }

    func fiveWords(_ seed: Int) -> FiveWords {
        state.withLock {
            $0.fiveWordsCalls.append(seed)
            return $0.fiveWordsResult
        }
    }

    func fetch(_ id: Int) async -> Int {
        state.withLock {
            $0.fetchCalls.append(id)
            return $0.intResult
        }
    }

    func load(_ name: String) async throws -> Int {
        state.withLock {
            $0.loadCalls.append(name)
            return $0.intResult
        }
    }

    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int {
        state.withLock {
            $0.fetchStackedCalls.append([i0, i1, i2, i3, i4, i5, i6, i7, i8])
            return $0.intResult
        }
    }

    func object(_ token: Token) -> Int {
        state.withLock {
            $0.objectCalls.append(token)
            return $0.handlers.object?(token) ?? $0.intResult
        }
    }

    func optional(_ value: Int?) -> Int {
        state.withLock {
            $0.optionalCalls.append(value)
            return $0.handlers.optional?(value) ?? $0.intResult
        }
    }

    func three(_ value: ThreeWords) -> Int {
        state.withLock {
            $0.threeCalls.append(value)
            return $0.handlers.three?(value) ?? $0.intResult
        }
    }

    func five(_ value: FiveWords) -> Int {
        state.withLock {
            $0.fiveCalls.append(value)
            return $0.handlers.five?(value) ?? $0.intResult
        }
    }

    func array(_ values: [Int]) -> Int {
        state.withLock {
            $0.arrayCalls.append(values)
            return $0.handlers.array?(values) ?? $0.intResult
        }
    }

    func payload(_ value: Payload) -> Int {
        state.withLock {
            $0.payloadCalls.append(value)
            return $0.handlers.payload?(value) ?? $0.intResult
        }
    }

    func shape(_ value: any BenchShape) -> Int {
        state.withLock {
            $0.shapeCalls.append(value)
            return $0.handlers.shape?(value) ?? $0.intResult
        }
    }

    func parse(_ text: String) throws -> Int {
        let (error, result) = state.withLock { state -> ((any Error)?, Int) in
            state.parseCalls.append(text)
            return (state.parseError, state.intResult)
        }
        if let error { throw error }
        return result
    }
}

/// The hand-written mock's answering handlers, one per requirement that has a `.then` workload.
struct Handlers {
    var string: (@Sendable (String) -> Int)?
    var object: (@Sendable (Token) -> Int)?
    var optional: (@Sendable (Int?) -> Int)?
    var three: (@Sendable (ThreeWords) -> Int)?
    var five: (@Sendable (FiveWords) -> Int)?
    var array: (@Sendable ([Int]) -> Int)?
    var closure: (@Sendable (RecordedClosure) -> Int)?
    var payload: (@Sendable (Payload) -> Int)?
    var shape: (@Sendable (any BenchShape) -> Int)?
    /// The 18-argument requirement's handler, given its first argument.
    var wide: (@Sendable (Int) -> Double)?
}

/// A recorded closure argument; the mock only stores it under its lock.
struct RecordedClosure: @unchecked Sendable {
    let body: (Int) -> Int
}
