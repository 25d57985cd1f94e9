import Synchronization

/// Static strings made from run-time text, by text; their bytes are never freed.
private let processLifetimeStaticStrings = Mutex<[String: StaticString]>([:])

extension StaticString {
    /// A static string over a copy of `text` that lives as long as the process.
    ///
    /// XCTest takes a failure's file as a `StaticString` (`XCTFail(_:file:line:)`),
    /// while an issue knows its call site as a `String`. A `StaticString` is
    /// a frozen type: a pointer to UTF-8 bytes, their count, and flags (bit 0
    /// clear for a pointer, bit 1 set for ASCII). This builds one over bytes
    /// copied once per distinct text and kept for good (a process reports
    /// from a handful of source files), then reads its fields back through
    /// the standard library's own accessors before anyone uses it.
    ///
    /// - Parameter text: The text, a source file's path.
    /// - Returns: The static string, or `nil` when this standard library
    ///   does not lay a `StaticString` out as described (the caller then
    ///   reports without a file).
    static func keptForProcess(_ text: String) -> StaticString? {
        processLifetimeStaticStrings.withLock { kept in
            if let known = kept[text] { return known }
            let bytes = Array(text.utf8)
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
            storage.initialize(from: bytes, count: bytes.count)
            storage[bytes.count] = 0
            let asciiFlag: UInt8 = bytes.allSatisfy { $0 < 0x80 } ? 0b10 : 0
            let fields = (UInt(bitPattern: storage), UInt(bytes.count), asciiFlag)
            guard MemoryLayout<StaticString>.size == MemoryLayout.size(ofValue: fields) else {
                storage.deallocate()
                return nil
            }
            let made = unsafeBitCast(fields, to: StaticString.self)
            // `utf8Start` requires the pointer representation: check it first.
            guard made.hasPointerRepresentation, made.utf8CodeUnitCount == bytes.count,
                made.utf8Start == UnsafePointer(storage), made.isASCII == (asciiFlag != 0)
            else {
                storage.deallocate()
                return nil
            }
            kept[text] = made
            return made
        }
    }
}
