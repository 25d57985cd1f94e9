import TestDoublesRecorder

extension Stub where Subject: AnyObject {
    /// Builds a stub of the class `Subject` around a new instance made by
    /// one of the class's own initializers.
    ///
    /// ```swift
    /// let session = try Stub<Session>(initializingWith: { Session(configuration: .default) })
    /// session.when { $0.fetch(Match.any()) }.thenReturn(Data())
    /// let sut = Downloader(session: session())   // a real Session: `is Session` holds
    /// ```
    ///
    /// The double is the instance `make` returns, moved onto a subclass
    /// made at run time: every overridable instance method, property
    /// accessor and subscript accessor of the class and its ancestors is
    /// answered by the recorder, as a protocol ``Stub`` answers (`when`,
    /// `then`, `thenReturn`, `verify`, matchers, unmatched calls reported).
    /// The class's stored properties are those its initializer set; the
    /// class's own code still runs for initializers, `class` members and
    /// members with direct dispatch (`final` ones, those of extensions),
    /// and it sees the double's answers when it calls an answered member,
    /// as it would see a subclass's overrides.
    ///
    /// - Parameters:
    ///   - make: Calls one of the class's initializers and returns the new
    ///     instance, exactly of `Subject` (not a subclass) and kept nowhere else.
    ///   - kept: The members the test accepts keeping the class's own code
    ///     (neither answered nor recorded) rather than refusing the class:
    ///     directly dispatched members (`final` ones, those of extensions,
    ///     `NSObject`'s `hashValue`) and read-only getters whose effects no
    ///     debug information proves. None by default.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` naming the member, the class, the reason and a
    ///   fix when a member cannot be answered exactly and `kept` does not
    ///   accept it (a directly dispatched member, one taking or returning
    ///   `Self`, a read-only getter whose effects no debug information
    ///   proves; always: a `_read`, a member of a generic class, an unnamed
    ///   one), when `Subject` may be a `final class`, when
    ///   `Subject` is not a Swift class, or when `make` throws or returns an
    ///   instance that cannot be adopted.
    public convenience init(
        initializingWith make: () throws -> Subject, keepingClassCodeFor kept: KeptClassMembers = [],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        let parts = try ClassDoubleFabrication.fabricate(
            make, forwards: false, keeping: kept,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        self.init(recorder: parts.recorder, value: parts.value, construction: parts.construction)
    }
}
