import TestDoubles

/// The recorder-backed doubles the workloads configure and call.
///
/// Each declares that its recording passes meet no type without a
/// placeholder (every result here has one, or the workload passes one with
/// `when(returning:)`), so `when` and `verify` record on the calling thread.
/// The call costs measured are the same either way; a pass hosted on a
/// thread of its own crashed in release builds at commit e1c5e2f (reported
/// in the performance round 4 notes of Benchmarks/README.md).
enum BenchDoubles {
    static func manual() -> ManualStub<ManualBenchService> {
        let manual = ManualStub<ManualBenchService>()
        manual.recorder.declareRecordingTypes([])
        return manual
    }

    static func stub() throws -> Stub<any BenchService> {
        let stub = try Stub<any BenchService>()
        stub.recorder.declareRecordingTypes([])
        return stub
    }
}
