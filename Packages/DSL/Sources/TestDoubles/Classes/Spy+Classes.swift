import TestDoublesRecorder

extension Spy where Subject: AnyObject {
    /// Builds a spy of the class `Subject` around a new instance made by
    /// one of the class's own initializers: calls no registration answers
    /// run the class's own code on that same instance.
    ///
    /// ```swift
    /// let cache = try Spy<ImageCache>(initializingWith: { ImageCache(limit: 10) })
    /// cache.when { $0.image(for: Match.equal("logo")) }.thenReturn(nil)
    /// let sut = Gallery(cache: cache())      // every other call reaches ImageCache's code
    /// cache.verify { $0.store(Match.any(), for: Match.equal("hero")) }
    /// ```
    ///
    /// Every overridable instance method, property accessor and subscript
    /// accessor is recorded; a matching registration answers it, any other
    /// call (and `thenForward()`) runs the class's implementation with the
    /// instance's own stored properties. A `_modify` access (`+=`) starts
    /// from the getter's answer and hands the final value to the setter,
    /// each answered or forwarded as its own call.
    ///
    /// - Parameters:
    ///   - make: Calls one of the class's initializers and returns the new
    ///     instance, exactly of `Subject` (not a subclass) and kept nowhere else.
    ///   - kept: The members the test accepts keeping the class's own code
    ///     (neither answered nor recorded) rather than refusing the class:
    ///     directly dispatched members (`final` ones, those of extensions,
    ///     `NSObject`'s `hashValue`) and read-only getters whose effects no
    ///     debug information proves. None by default.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` as `Stub(initializingWith:)` does: naming the member, the class, the
    ///   reason and a fix when a member cannot be answered exactly, or the instance cannot be adopted.
    public convenience init(
        initializingWith make: () throws -> Subject, keepingClassCodeFor kept: KeptClassMembers = [],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        let parts = try ClassDoubleFabrication.fabricate(
            make, forwards: true, keeping: kept,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        self.init(recorder: parts.recorder, value: parts.value, construction: parts.construction)
    }
}
