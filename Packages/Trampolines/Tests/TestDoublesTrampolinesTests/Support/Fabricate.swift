@testable import TestDoublesTrampolines

/// Builds a single-protocol conformance whose requirement `i` (in
/// descriptor order) dispatches with index `i`, and one value of `P`.
func fabricate<P>(
    _ type: P.Type, slots: [WitnessSlot]? = nil, handler: @escaping @Sendable (CallFrame) -> Void
) throws -> (value: P, conformance: FabricatedConformance) {
    let descriptor = try ProtocolProbe.protocolDescriptor(of: type)
    let count = try ProtocolProbe.requirementKinds(of: descriptor).count
    let layout = WitnessTableLayout(
        protocolDescriptor: descriptor, slots: slots ?? (0..<count).map { .requirement(dispatchIndex: $0) })
    let conformance = try FabricatedConformance([layout], handler: handler)
    return (try conformance.materialize(as: type), conformance)
}

/// Takes ownership of an error box the error register carried.
func takeErrorBox(_ word: UInt) -> any Error {
    let cell = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    defer { cell.deallocate() }
    cell.storeBytes(of: word, as: UInt.self)
    return cell.bindMemory(to: (any Error).self, capacity: 1).move()
}

#if canImport(Glibc)
import Glibc
#endif

/// The contents of a (small, procfs) text file.
func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
