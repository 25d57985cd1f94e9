import Synchronization
import TestDoublesRecorder

/// The requirements of a double's statically typed call sites, found
/// without a lock and without retaining anything but the requirement.
///
/// A call from a conformer (`stub.call(value)`) names its requirement by its
/// `#function` literal and the static types of its arguments, result and
/// error: a site is those, compared word by word. The name is compared by
/// the two words of its `String` (a literal's address and count, or a small
/// string's bytes): equal words are equal contents because the index keeps
/// each site's name alive, so its storage cannot be reused for another
/// string. A call whose name has other words (the same text built at run
/// time) misses and takes ``RequirementTable``'s locked path, which
/// compares the text.
///
/// Sites are only ever added, under ``RequirementTable``'s lock, each one
/// written before ``published`` counts it (a releasing store), and read
/// after an acquiring load of ``published``: a reader sees whole sites and
/// never a site that changes. At most ``capacity`` sites are kept; calls of
/// any further ones take the locked path.
@usableFromInline
final class RequirementSiteIndex: @unchecked Sendable {
    /// The most sites kept.
    @usableFromInline static let capacity = 16

    /// One call site's identity, every field a word (trivial, so a reader
    /// copies it without retaining).
    @usableFromInline
    struct Site {
        /// The two words of the `#function` string.
        @usableFromInline let nameLow: UInt64
        @usableFromInline let nameHigh: UInt64
        /// The effects, the accessor kind and the argument count, packed by ``shape(_:_:count:)``.
        @usableFromInline let shape: UInt
        @usableFromInline let result: ObjectIdentifier
        @usableFromInline let error: ObjectIdentifier?
        /// The argument types in declaration order, `count` of them (owned by the index).
        @usableFromInline let arguments: UnsafeMutablePointer<ObjectIdentifier>

        @usableFromInline
        init(
            nameLow: UInt64, nameHigh: UInt64, shape: UInt, result: ObjectIdentifier, error: ObjectIdentifier?,
            arguments: UnsafeMutablePointer<ObjectIdentifier>
        ) {
            self.nameLow = nameLow
            self.nameHigh = nameHigh
            self.shape = shape
            self.result = result
            self.error = error
            self.arguments = arguments
        }
    }

    /// The sites, ``published`` of them initialized.
    @usableFromInline let sites: UnsafeMutablePointer<Site>
    /// Each site's requirement, at the site's index.
    @usableFromInline let requirements: UnsafeMutablePointer<Requirement>
    /// How many sites are written and may be read.
    @usableFromInline let published = Atomic<Int>(0)
    /// Each site's name, which keeps its storage (and so its words) from
    /// being reused; written and read only under ``RequirementTable``'s lock.
    private var names: [String] = []

    init() {
        sites = .allocate(capacity: Self.capacity)
        requirements = .allocate(capacity: Self.capacity)
    }

    deinit {
        let count = published.load(ordering: .acquiring)
        for index in 0..<count { sites[index].arguments.deallocate() }
        requirements.deinitialize(count: count)
        requirements.deallocate()
        sites.deallocate()
    }

    /// The two words of a string's representation (a literal's address
    /// and count, a small string's bytes, a native buffer's reference).
    @inlinable
    @inline(__always)
    static func words(of name: String) -> (UInt64, UInt64) {
        unsafeBitCast(name, to: (UInt64, UInt64).self)
    }

    /// The packed effects, kind and argument count of a site.
    @inlinable
    @inline(__always)
    static func shape(_ effects: RequirementEffects, _ kind: RequirementTable.Kind, count: Int) -> UInt {
        UInt(effects.rawValue) | (kind == .setter ? 1 << 8 : 0) | UInt(count) << 16
    }

    /// Where the index keeps the requirement of a published site with exactly
    /// this name (by its words), shape, result, error and argument types, for
    /// the index's life; nil when no site is.
    @inlinable
    func requirement<each A>(
        _ name: (UInt64, UInt64), shape: UInt, result: ObjectIdentifier, error: ObjectIdentifier?,
        arguments _: repeat (each A).Type
    ) -> UnsafePointer<Requirement>? {
        let count = published.load(ordering: .acquiring)
        var index = 0
        while index < count {
            let site = sites[index]
            if site.nameLow == name.0, site.nameHigh == name.1, site.shape == shape, site.result == result,
                site.error == error, Self.sameTypes(site.arguments, repeat (each A).self)
            {
                return UnsafePointer(requirements + index)
            }
            index += 1
        }
        return nil
    }

    /// Whether `types` lists exactly the pack's types (the count is part of the shape).
    @inlinable
    @inline(__always)
    static func sameTypes<each A>(_ types: UnsafeMutablePointer<ObjectIdentifier>, _: repeat (each A).Type) -> Bool {
        var position = 0
        for type in repeat (each A).self {
            guard types[position] == ObjectIdentifier(type) else { return false }
            position += 1
        }
        return true
    }

    /// Where the index keeps the requirement of the site with this name (by
    /// its text), shape, result, error and argument types, for the index's
    /// life: the site found, or added with `requirement`; nil when the index
    /// is full and has no such site. Called only under
    /// ``RequirementTable``'s lock (one writer at a time).
    ///
    /// A site found by its text holds the requirement of the same key as
    /// `requirement`: the table makes one requirement per key.
    func add(
        _ name: String, shape: UInt, result: ObjectIdentifier, error: ObjectIdentifier?,
        arguments: [ObjectIdentifier], requirement: Requirement
    ) -> UnsafePointer<Requirement>? {
        let count = published.load(ordering: .relaxed)
        for index in 0..<count {
            let site = sites[index]
            guard site.shape == shape, site.result == result, site.error == error, names[index] == name,
                UnsafeBufferPointer(start: site.arguments, count: arguments.count).elementsEqual(arguments)
            else { continue }
            return UnsafePointer(requirements + index)
        }
        guard count < Self.capacity else { return nil }
        let types = UnsafeMutablePointer<ObjectIdentifier>.allocate(capacity: max(arguments.count, 1))
        types.initialize(from: arguments, count: arguments.count)
        let words = Self.words(of: name)
        (sites + count).initialize(
            to: Site(
                nameLow: words.0, nameHigh: words.1, shape: shape, result: result, error: error, arguments: types))
        (requirements + count).initialize(to: requirement)
        names.append(name)
        published.store(count + 1, ordering: .releasing)
        return UnsafePointer(requirements + count)
    }
}
