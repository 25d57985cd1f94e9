import Foundation

/// The references other threads hold on the context of an escaping closure
/// made with `withoutActuallyEscaping`, so a recording pass parked for good
/// on another thread does not trip the check that ends the
/// `withoutActuallyEscaping` block.
///
/// A parked recording thread never runs again, so the copies of the closure
/// its frames hold are never used or released; giving up exactly those
/// references (the count above the one measured before the thread got the
/// closure) leaves the block's own reference unique, as the check requires,
/// and the context is freed when the block ends. Nothing else holds the
/// closure: the thread takes it out of its mailbox before calling it.
struct ClosureReferences {
    /// The closure's context object, nil for a closure without one.
    private let context: UnsafeMutableRawPointer?
    /// The context's strong reference count before the closure was handed over.
    private var baseline = 0

    private typealias RetainCount = @convention(c) (UnsafeMutableRawPointer) -> Int

    /// `swift_retainCount`, looked up at run time (the name is reserved to the runtime at compile time).
    private static let retainCount: RetainCount? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "swift_retainCount") else { return nil }
        return unsafeBitCast(symbol, to: RetainCount.self)
    }()

    /// Finds the context of a recording closure held by `carrier`, a struct
    /// whose only field is the closure; nil when its references cannot be
    /// counted here.
    ///
    /// The closure is read from a concrete struct field, where it keeps its
    /// own representation (code pointer, context): handing the closure
    /// itself to a generic function would wrap it in a new context first.
    init?<Carrier>(of carrier: Carrier) {
        guard Self.retainCount != nil, MemoryLayout<Carrier>.size == 2 * MemoryLayout<UInt>.size else { return nil }
        context = withUnsafeBytes(of: carrier) {
            UnsafeMutableRawPointer(bitPattern: $0.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self))
        }
    }

    /// Counts the references that exist now, before the closure is handed
    /// over: call it where no temporary copy of the closure is alive (not
    /// inside a call that received the closure), and keep those references
    /// alive until ``disownParkedReferences()``.
    mutating func measure() {
        baseline = context.flatMap { Self.retainCount?($0) } ?? 0
    }

    /// Gives up the references taken since the measurement: call only once
    /// every holder of them can never run again.
    func disownParkedReferences() {
        guard let context, let count = Self.retainCount?(context), count > baseline else { return }
        for _ in baseline..<count {
            Unmanaged<AnyObject>.fromOpaque(context).release()
        }
    }
}

/// A recording closure in a concrete field (see ``ClosureReferences/init(of:)``).
struct RecordingBody: @unchecked Sendable {
    let run: () throws -> Void
}

/// An async recording closure in a concrete field (see ``ClosureReferences/init(of:)``).
struct AsyncRecordingBody: @unchecked Sendable {
    let run: () async throws -> Void
}
