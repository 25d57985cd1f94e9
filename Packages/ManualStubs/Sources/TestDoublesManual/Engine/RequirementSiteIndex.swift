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
/// A site is found by hashing its name's words, shape and result into a
/// table of buckets (open addressing, linear probing), so a call costs the
/// same on the first requirement of a protocol and on its fortieth: with a
/// scan, each site seen before the called one cost a few instructions, and
/// a protocol with more requirements than the scan kept took the locked
/// path on every call of the others, about 8 times as slow.
///
/// Sites are only ever added, under ``RequirementTable``'s lock: a site and
/// its requirement are written in their block, then its bucket is set (a
/// releasing store), and a reader that loads a bucket (acquiring) sees the
/// whole site. A table that would pass half full is replaced by one twice
/// the size holding every site, published whole (a releasing store of its
/// address); a replaced table is kept until the index dies, because a
/// reader may still be probing it. Sites never move: a requirement's
/// address is the index's for its life. At most ``capacity`` sites are
/// kept; calls of any further ones take the locked path.
@usableFromInline
final class RequirementSiteIndex: @unchecked Sendable {
    /// The most sites kept.
    @usableFromInline static let capacity = blockSize * maximumBlocks
    /// The sites of one block, allocated when the first of them is added
    /// (``block(of:)`` and ``place(of:)`` divide by it).
    static let blockSize = 16
    /// The most blocks.
    static let maximumBlocks = 16
    /// The buckets of the first table (half of them may be taken).
    static let firstBucketCount = 32

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

    /// Each block's sites, ``blockSize`` of them, nil until its first site is added.
    @usableFromInline let siteBlocks: UnsafeMutablePointer<UnsafeMutablePointer<Site>?>
    /// Each block's requirements, at their sites' places.
    @usableFromInline let requirementBlocks: UnsafeMutablePointer<UnsafeMutablePointer<Requirement>?>
    /// The address of the current table, 0 before the first site: its
    /// first element is the bucket count less one (a power of two less
    /// one), each other a bucket, 0 when empty, else its site's index plus one.
    @usableFromInline let table = Atomic<Int>(0)
    /// How many sites are written.
    @usableFromInline let published = Atomic<Int>(0)
    /// Every table made, the current one last; written and read only under
    /// ``RequirementTable``'s lock, and by `deinit`.
    private var tables: [UnsafeMutablePointer<Atomic<Int>>] = []
    /// Each site's name, which keeps its storage (and so its words) from
    /// being reused; written and read only under ``RequirementTable``'s lock.
    private var names: [String] = []

    init() {
        siteBlocks = .allocate(capacity: Self.maximumBlocks)
        siteBlocks.initialize(repeating: nil, count: Self.maximumBlocks)
        requirementBlocks = .allocate(capacity: Self.maximumBlocks)
        requirementBlocks.initialize(repeating: nil, count: Self.maximumBlocks)
    }

    deinit {
        let count = published.load(ordering: .acquiring)
        for index in 0..<count {
            site(at: index).pointee.arguments.deallocate()
            requirement(at: index).deinitialize(count: 1)
        }
        for block in 0..<Self.maximumBlocks {
            siteBlocks[block]?.deallocate()
            requirementBlocks[block]?.deallocate()
        }
        siteBlocks.deallocate()
        requirementBlocks.deallocate()
        for table in tables {
            let buckets = table[0].load(ordering: .relaxed) + 1
            table.deinitialize(count: buckets + 1)
            table.deallocate()
        }
    }

    /// Where site `index` is kept (its block is allocated).
    @inlinable
    @inline(__always)
    func site(at index: Int) -> UnsafeMutablePointer<Site> {
        siteBlocks[Self.block(of: index)].unsafelyUnwrapped + Self.place(of: index)
    }

    /// Where the requirement of site `index` is kept (its block is allocated).
    @inlinable
    @inline(__always)
    func requirement(at index: Int) -> UnsafeMutablePointer<Requirement> {
        requirementBlocks[Self.block(of: index)].unsafelyUnwrapped + Self.place(of: index)
    }

    /// The block of site `index` (never negative: a shift, where `/` on a
    /// signed index also rounded toward zero).
    @inlinable
    @inline(__always)
    static func block(of index: Int) -> Int { index &>> 4 }

    /// The place of site `index` in its block.
    @inlinable
    @inline(__always)
    static func place(of index: Int) -> Int { index & 15 }

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

    /// The hash of a site's name words, shape and result: its first bucket
    /// is this masked by the table's bucket count less one.
    @inlinable
    @inline(__always)
    static func hash(_ name: (UInt64, UInt64), shape: UInt, result: ObjectIdentifier) -> Int {
        let mixed =
            (name.0 ^ name.1 &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(shape) &* 0xC2B2_AE3D_27D4_EB4F)
            ^ UInt64(UInt(bitPattern: result))
        // The high bits of the product depend on every bit of `mixed`.
        return Int(truncatingIfNeeded: (mixed &* 0xFF51_AFD7_ED55_8CCD) >> 32)
    }

    /// Where the index keeps the requirement of a published site with exactly
    /// this name (by its words), shape, result, error and argument types, for
    /// the index's life; nil when no site is.
    @inlinable
    @inline(__always)
    func requirement<each A>(
        _ name: (UInt64, UInt64), shape: UInt, result: ObjectIdentifier, error: ObjectIdentifier?,
        arguments _: repeat (each A).Type
    ) -> UnsafePointer<Requirement>? {
        guard let table = UnsafeMutablePointer<Atomic<Int>>(bitPattern: table.load(ordering: .acquiring)) else {
            return nil
        }
        let mask = table[0].load(ordering: .relaxed)
        var bucket = Self.hash(name, shape: shape, result: result) & mask
        while true {
            let entry = table[1 + bucket].load(ordering: .acquiring)
            guard entry != 0 else { return nil }
            let site = self.site(at: entry &- 1).pointee
            if site.nameLow == name.0, site.nameHigh == name.1, site.shape == shape, site.result == result,
                site.error == error, Self.sameTypes(site.arguments, repeat (each A).self)
            {
                return UnsafePointer(requirement(at: entry &- 1))
            }
            bucket = (bucket + 1) & mask
        }
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

    /// Whether `slot` is where the index keeps a site's requirement.
    func keeps(_ slot: UnsafePointer<Requirement>) -> Bool {
        (0..<published.load(ordering: .acquiring)).contains { UnsafePointer(requirement(at: $0)) == slot }
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
            let site = site(at: index).pointee
            guard site.shape == shape, site.result == result, site.error == error, names[index] == name,
                UnsafeBufferPointer(start: site.arguments, count: arguments.count).elementsEqual(arguments)
            else { continue }
            return UnsafePointer(self.requirement(at: index))
        }
        guard count < Self.capacity else { return nil }
        let block = count / Self.blockSize
        if siteBlocks[block] == nil {
            siteBlocks[block] = .allocate(capacity: Self.blockSize)
            requirementBlocks[block] = .allocate(capacity: Self.blockSize)
        }
        let types = UnsafeMutablePointer<ObjectIdentifier>.allocate(capacity: max(arguments.count, 1))
        types.initialize(from: arguments, count: arguments.count)
        let words = Self.words(of: name)
        site(at: count).initialize(
            to: Site(
                nameLow: words.0, nameHigh: words.1, shape: shape, result: result, error: error, arguments: types))
        self.requirement(at: count).initialize(to: requirement)
        names.append(name)
        published.store(count + 1, ordering: .releasing)
        let current = tables.last
        if let current, (count + 1) * 2 <= current[0].load(ordering: .relaxed) + 1 {
            insert(count, into: current)
        } else {
            // The first table, or twice the current one's buckets, with every site; published whole.
            let buckets = current.map { ($0[0].load(ordering: .relaxed) + 1) * 2 } ?? Self.firstBucketCount
            let grown = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: buckets + 1)
            grown.initialize(to: Atomic(buckets - 1))
            for bucket in 1...buckets { (grown + bucket).initialize(to: Atomic(0)) }
            for index in 0...count { insert(index, into: grown) }
            tables.append(grown)
            table.store(Int(bitPattern: grown), ordering: .releasing)
        }
        return UnsafePointer(self.requirement(at: count))
    }

    /// Sets the first empty bucket from site `index`'s own in `table` to name it.
    private func insert(_ index: Int, into table: UnsafeMutablePointer<Atomic<Int>>) {
        let site = site(at: index).pointee
        let mask = table[0].load(ordering: .relaxed)
        var bucket = Self.hash((site.nameLow, site.nameHigh), shape: site.shape, result: site.result) & mask
        while table[1 + bucket].load(ordering: .relaxed) != 0 { bucket = (bucket + 1) & mask }
        table[1 + bucket].store(index + 1, ordering: .releasing)
    }
}
