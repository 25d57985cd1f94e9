import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// Reads one argument of a call from its frame.
typealias ArgumentDecoder = (CallFrame) -> Any

/// Where a scalar argument travels: the low bytes of one register or stack word.
struct ScalarArgumentReader {
    let kind: ScalarKind
    let location: FragmentLocation

    /// The reader of an argument of `type` at `location`; nil unless it is a
    /// scalar at the start of a single piece that holds all of it.
    init?(type: Any.Type, location: ArgumentLocation) {
        guard let kind = ScalarKind(type), case .direct(let parts) = location, parts.count == 1,
            parts[0].fragment.offset == 0, parts[0].fragment.size >= kind.byteCount
        else { return nil }
        self.kind = kind
        self.location = parts[0].location
    }

    /// The word whose low bytes hold the argument of one call.
    @inline(__always)
    func word(_ frame: CallFrame) -> UInt64 {
        switch location {
        case .generalPurpose(let index): UInt64(frame.generalPurposeRegister(index))
        case .vector(let index): frame.vectorRegister(index).low
        case .stack(let index): UInt64(frame.stackWord(index))
        }
    }
}

/// Where an escaping closure argument travels, and its reader, worked out once.
struct ClosureArgumentReader {
    let reader: EscapingClosureReader
    let location: ArgumentLocation
    let ownership: ArgumentOwnership
    /// The reader with the argument's words located, where they can be.
    let located: EscapingClosureReader.Located?

    init(reader: EscapingClosureReader, location: ArgumentLocation, ownership: ArgumentOwnership) {
        self.reader = reader
        self.location = location
        self.ownership = ownership
        located = reader.located(at: location, ownership: ownership)
    }

    /// The closure of one call read by a located reader, as the nested decoding bridges it.
    static func read(_ frame: CallFrame, with located: EscapingClosureReader.Located) -> Any {
        do { return try located.read(frame) } catch {
            stop("a \(_typeName(located.type, qualified: false)) argument cannot be decoded: \(error)")
        }
    }

    /// The closure of one call, as the nested decoding bridges it.
    func read(_ frame: CallFrame) -> Any {
        do {
            if let located { return try located.read(frame) }
            return try reader.read(at: location, in: frame, ownership: ownership)
        } catch {
            stop("a \(_typeName(reader.type, qualified: false)) argument cannot be decoded: \(error)")
        }
    }
}

/// How one argument is read: a scalar straight from its register or stack
/// word (no reference counting, no metadata lookup), a value an `Any` keeps
/// inline straight into the `Any` (no generic code), anything else through
/// a decoder: an escaping closure through its bridge's reader (its function
/// type worked out once), any other value through the frame's generic
/// decoding. (A case of its own for the closure reader made every reader's
/// dispatch dearer: +78 instructions for a call of 18 scalar arguments.)
enum ArgumentReader {
    case scalar(ScalarArgumentReader)
    case inline(InlineAnyArgumentReader)
    case generic(ArgumentDecoder)

    /// The reader of an argument of `type` at `location`.
    /// - Parameters:
    ///   - selfForm: How the argument holds `Self`; `type` is then the stub's existential.
    ///   - closureReader: The reader of an escaping closure argument of exactly `type`.
    init(
        type: Any.Type, location: ArgumentLocation, ownership: ArgumentOwnership, selfForm: SelfArgument.Form? = nil,
        existential: Any.Type? = nil, closureReader: EscapingClosureReader? = nil
    ) {
        if let closureReader {
            let closure = ClosureArgumentReader(reader: closureReader, location: location, ownership: ownership)
            if let located = closure.located {
                // The located reader alone: the decoder's context holds nothing else to copy per call.
                self = .generic { frame in ClosureArgumentReader.read(frame, with: located) }
            } else {
                self = .generic { frame in closure.read(frame) }
            }
        } else if let selfForm, let existential {
            self = .generic { frame in
                SelfArgument.decode(frame, at: location, ownership: ownership, form: selfForm, as: existential)
            }
        } else if let scalar = ScalarArgumentReader(type: type, location: location) {
            self = .scalar(scalar)
        } else if let inline = InlineAnyArgumentReader(type: type, location: location, ownership: ownership) {
            self = .inline(inline)
        } else {
            self = .generic { frame in frame.argument(ofType: type, at: location, ownership: ownership) }
        }
    }

    /// Reads the argument of one call.
    @inline(__always)
    func read(_ frame: CallFrame) -> Any {
        switch self {
        case .scalar(let scalar): scalar.kind.value(from: scalar.word(frame))
        case .inline(let inline): inline.read(frame)
        case .generic(let decode): decode(frame)
        }
    }

    /// Reads the argument of one call into the uninitialized `Any` at `destination`.
    @inline(__always)
    func initialize(_ destination: UnsafeMutablePointer<Any>, from frame: CallFrame) {
        switch self {
        case .scalar(let scalar): destination.initialize(to: scalar.kind.value(from: scalar.word(frame)))
        case .inline(let inline): inline.initialize(destination, from: frame)
        case .generic(let decode): destination.initialize(to: decode(frame))
        }
    }
}

/// How the arguments of a call travel to the recorder as raw words
/// (``ScalarArguments``): every argument a scalar, at most two of them.
enum ScalarArgumentLane {
    case none
    case one(ScalarArgumentReader)
    case two(ScalarArgumentReader, ScalarArgumentReader)

    /// The lane of a requirement whose arguments `readers` read, in the recorder's order.
    init?(_ readers: [ArgumentReader]) {
        let scalars = readers.compactMap { reader -> ScalarArgumentReader? in
            if case .scalar(let scalar) = reader { return scalar }
            return nil
        }
        guard scalars.count == readers.count else { return nil }
        switch scalars.count {
        case 0: self = .none
        case 1: self = .one(scalars[0])
        case 2: self = .two(scalars[0], scalars[1])
        default: return nil
        }
    }

    /// The arguments of one call.
    @inline(__always)
    func read(_ frame: CallFrame) -> ScalarArguments {
        switch self {
        case .none: ScalarArguments()
        case .one(let first): ScalarArguments(first.kind, first.word(frame))
        case .two(let first, let second):
            ScalarArguments(first.kind, first.word(frame), second.kind, second.word(frame))
        }
    }
}

/// How a behavior's answer becomes the call's result, when that can skip
/// the frame's generic encoding: nothing to write, a scalar in the low
/// bytes of one result register, or a Swift class reference in one
/// general-purpose result register. (Any other result may have an
/// ``AnyResultWriter``, kept apart: this enum is copied out of its plan on
/// every call a scalar answers, and stays a few words.)
enum ResultWriter {
    case nothing
    case scalar(ScalarKind, FragmentLocation)
    /// A reference to an instance of exactly this class (a `Token`, not an
    /// `Optional<Token>`), returned owned (+1) in general-purpose register `index`.
    case reference(ObjectIdentifier, index: Int)

    /// The writer for a result of `type` at `location`; nil unless the
    /// result is `Void`, a scalar in one register or a Swift class reference in one register.
    init?(type: Any.Type, location: ResultLocation) {
        if type == Void.self {
            self = .nothing
            return
        }
        if TypeMetadata(type).kind == .class, case .direct(let parts) = location, parts.count == 1,
            parts[0].fragment.offset == 0, parts[0].fragment.size == MemoryLayout<UnsafeRawPointer>.size,
            case .generalPurpose(let index) = parts[0].location
        {
            self = .reference(ObjectIdentifier(type), index: index)
            return
        }
        guard let kind = ScalarKind(type), case .direct(let parts) = location, parts.count == 1,
            parts[0].fragment.offset == 0, parts[0].fragment.size >= kind.byteCount
        else { return nil }
        switch parts[0].location {
        case .generalPurpose, .vector: self = .scalar(kind, parts[0].location)
        case .stack: return nil
        }
    }

    /// Writes `value`; `false` (and nothing written) when it is not of the result's type.
    @inline(__always)
    func write(_ value: Any, to frame: CallFrame) -> Bool {
        switch self {
        case .nothing:
            return ObjectIdentifier(type(of: value)) == ObjectIdentifier(Void.self)
        case .scalar(let kind, _):
            guard let word = kind.word(of: value) else { return false }
            return write(kind, word, to: frame)
        case .reference:
            return withUnsafePointer(to: value) { write(valueAt: $0, to: frame) }
        }
    }

    /// Writes the value the `Any` at `container` holds, read in place (a
    /// class reference is retained, nothing else copied); `false` (and
    /// nothing written) when it is not of the result's type.
    @inline(__always)
    func write(valueAt container: UnsafePointer<Any>, to frame: CallFrame) -> Bool {
        guard case .reference(let expected, let index) = self else { return write(container.pointee, to: frame) }
        // The box's metadata word (after its three-word buffer, the ABI's layout of `Any`) is the
        // type the value was boxed as: exactly the result's class means the buffer's first word is a
        // reference to an instance of it. Anything else (a subclass boxed as itself, an optional, a
        // mistake) goes through the checked generic encoding.
        let raw = UnsafeRawPointer(container)
        let boxed = raw.load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.stride, as: Any.Type.self)
        guard ObjectIdentifier(boxed) == expected else { return false }
        let reference = raw.load(as: UnsafeRawPointer.self)
        // The caller owns the result: one more reference, as the generic encoding's copy takes.
        _ = Unmanaged<AnyObject>.fromOpaque(reference).retain()
        frame.setReturnGeneralPurposeRegister(index, to: UInt(bitPattern: reference))
        return true
    }

    /// Writes a scalar of `kind` whose bytes are the low bytes of `word`;
    /// `false` (and nothing written) when the result is not of that kind.
    @inline(__always)
    func write(_ kind: ScalarKind, _ word: UInt64, to frame: CallFrame) -> Bool {
        guard case .scalar(let resultKind, let location) = self, resultKind == kind else { return false }
        switch location {
        case .generalPurpose(let index): frame.setReturnGeneralPurposeRegister(index, to: UInt(word))
        case .vector(let index): frame.setReturnVectorRegister(index, low: word)
        case .stack: return false
        }
        return true
    }

    /// Whether the result is `Void`.
    var writesNothing: Bool {
        if case .nothing = self { return true }
        return false
    }
}

/// One requirement's shape behind a reference, with the facts the call path
/// asks on every call worked out once.
///
/// `RequirementShape` is a large struct of arrays; copying it out of the
/// blueprint on every call retained and released each of them. A runtime
/// keeps one plan per dispatch index and hands the reference around instead.
final class RequirementPlan: @unchecked Sendable {
    /// The shape the plan was made from.
    let shape: RequirementShape
    /// Where the arguments travel: the witness convention's plan, or the
    /// shape's own locations for a coroutine access.
    let argumentLocations: [ArgumentLocation]
    /// Whether each argument decodes on its own: no argument is a closure,
    /// or each closure argument escapes and has a reader of exactly its type
    /// (and none is an autoclosure, whose matchers the nested decoding records).
    let decodesDirectly: Bool
    /// Whether the recorder's order is the call order (no permutation).
    let keepsCallOrder: Bool
    /// Whether some argument is `inout` (its handler's value is written back after the call).
    let hasInoutArguments: Bool
    /// Whether some argument is a non-escaping closure: an async call holds
    /// it until its answer is written (`HeldClosureScopes`).
    let holdsNonEscapingClosures: Bool
    /// Whether every argument is borrowed (+0), so decoding it again from the
    /// frame gives the same values (an owned one is taken by its first decoding).
    let borrowsEveryArgument: Bool
    /// One reader per argument, in the recorder's order (empty when an
    /// argument is a closure without a reader: those decode in nested scopes).
    let readers: [ArgumentReader]
    /// A writer for a `Void` result or a plain scalar result in one register;
    /// nil for every other result.
    let resultWriter: ResultWriter?
    /// A writer for any other result of a plain call that copies a value of
    /// exactly the result's type out of its `Any` (see ``AnyResultWriter``);
    /// nil where only the frame's generic encoding writes the result.
    let valueWriter: AnyResultWriter?
    /// How a call's arguments reach the recorder as raw words; nil when one
    /// is not a scalar, there are more than two, or one is `inout`.
    let scalarLane: ScalarArgumentLane?
    /// The arguments' word readers, in the recorder's order, for a call
    /// routed ``Route/onStackWords``; empty otherwise. Allocated with the
    /// plan and read in place (an array read out of the plan is retained
    /// and released per call).
    let wordReaders: UnsafeBufferPointer<WordArgumentReader>
    /// Whether a word reader reads a stack word (the caller's stack arguments are looked up only then).
    let readsStackWords: Bool
    /// Whether every word reader reads one word of plain bits
    /// (``WordArgumentReader/readsOneWordOfBits``): the call's arguments
    /// are all scalars, read by the shorter loop.
    let wordReadersReadOneWordOfBits: Bool
    /// The positions of the ``wordReaders`` whose values are copied through
    /// their value witness once read (``WordArgumentReader/copiesThroughWitness``); empty for most plans.
    let witnessCopies: UnsafeBufferPointer<Int>
    /// The word form of ``scalarLane`` for a call routed ``Route/scalarWords``; nil otherwise.
    let scalarWords: ScalarWordLane?
    /// Where a scalar result goes, for the lanes that write a scalar answer themselves.
    let scalarResult: ScalarResultSlot?
    /// Whether the result is `Void` (a `Void` answer writes nothing).
    let returnsNothing: Bool
    /// For a call routed ``Route/onStackWide``: bit `n` set when argument
    /// `n` (in the recorder's order) is lent by address (``WideArgumentLending``); 0 otherwise.
    let wideArguments: UInt64
    /// The scratch bytes the lent arguments of a call routed ``Route/onStackWide`` need, together.
    let wideScratchBytes: Int
    /// The `Any`s past a call's arguments that hold ``wideScratchBytes``, 16-byte aligned.
    var wideScratchSlots: Int {
        wideScratchBytes == 0 ? 0 : (wideScratchBytes + 15) / MemoryLayout<Any>.stride + 1
    }
    /// The readers of the lent arguments (``wideArguments``), in order;
    /// allocated with the plan and read in place, as ``wordReaders`` are.
    let wideReaders: UnsafeBufferPointer<WideArgumentLending.Lender>
    /// For a call routed ``Route/onStackClosures``: bit `n` set when
    /// argument `n` (in the recorder's order) is an escaping closure lent as
    /// its raw words (``DeferredClosureLending``); 0 otherwise.
    let deferredClosures: UInt64
    /// The readers of the lent closures (``deferredClosures``), in order;
    /// allocated with the plan and read in place, as ``wordReaders`` are.
    let closureLenders: UnsafeBufferPointer<DeferredClosureLending.Lender>
    /// Which path ``StubRuntime/handle(_:)`` takes a call of this plan
    /// down, decided once: the common synchronous paths are entered
    /// straight from the handler, without the general dispatch's checks.
    let route: Route

    /// The path of a call (see ``route``).
    enum Route {
        /// A synchronous, non-generic call whose arguments all travel as scalars.
        case scalarLane
        /// A `scalarLane` call whose arguments are read by ``scalarWords``.
        case scalarWords
        /// A synchronous, non-generic call whose arguments decode directly, with no `inout` argument.
        case onStack
        /// An `onStack` call whose arguments are all borrowed and all read by word readers (``wordReaders``).
        case onStackWords
        /// An `onStack` call whose arguments are all borrowed, some of them
        /// wider than an `Any`'s buffer: those are lent to the recorder by
        /// address (``wideArguments``), not boxed.
        case onStackWide
        /// An `onStack` call whose arguments are all borrowed, none wider
        /// than an `Any`'s buffer, some of them escaping closures: those are
        /// lent to the recorder as their raw words (``deferredClosures``), not wrapped.
        case onStackClosures
        /// An async, non-generic plain call whose arguments all travel as scalars: answered at once when it can be.
        case asyncScalarLane
        /// An async, non-generic plain call whose arguments decode directly,
        /// all borrowed, with no `inout` argument: answered at once when it can be.
        case asyncOnStack
        /// Every other call: the general dispatch decides.
        case general
    }

    init(_ shape: RequirementShape) {
        self.shape = shape
        let locations: [ArgumentLocation]
        if shape.access.coroutineHiddenWords != nil {
            locations = shape.argumentLocations
        } else {
            locations = shape.plan.arguments
        }
        argumentLocations = locations
        let count = shape.argumentTypes.count
        // An escaping closure's reader must be of the argument's own type (a generic requirement's
        // specialized plan may have another): any other closure nests the rest of the decoding.
        let closuresReadDirectly =
            shape.autoclosureArguments.isEmpty
            && zip(shape.argumentBridges, shape.argumentTypes).allSatisfy { bridge, type in
                guard let bridge else { return true }
                return bridge.reader.map { $0.type == type } ?? false
            }
        // A variadic argument's matchers are folded while decoding (`withArguments`'s general path).
        decodesDirectly =
            locations.count == count && shape.variadicArguments.isEmpty
            && (shape.argumentBridges.allSatisfy { $0 == nil }
                || (closuresReadDirectly && shape.argumentBridges.count == count))
        keepsCallOrder = shape.recorderOrder.elementsEqual(0..<count)
        hasInoutArguments = !shape.inoutArguments.isEmpty
        holdsNonEscapingClosures = shape.argumentBridges.contains { $0.map { !$0.isEscaping } ?? false }
        borrowsEveryArgument = shape.ownerships.allSatisfy { $0 == .borrowed }
        if decodesDirectly {
            let order = keepsCallOrder ? Array(0..<count) : shape.recorderOrder
            let bridges = shape.argumentBridges
            readers = order.map { position in
                ArgumentReader(
                    type: shape.argumentTypes[position], location: locations[position],
                    ownership: shape.ownerships[position], selfForm: shape.selfArguments[position],
                    existential: shape.existential,
                    closureReader: position < bridges.count ? bridges[position]?.reader : nil)
            }
        } else {
            readers = []
        }
        // A `[Self]` answer is converted to its payloads (`answer`), never written as the behavior gave it; a
        // call that cannot return gets no answer there (``StubRuntime/endNeverReturningCall(_:_:_:)``): with no
        // writer, every lane hands its answer to `answer`.
        if case .call = shape.access, shape.resultBridge == nil, !shape.resultIsSelfArray, !shape.neverReturns {
            resultWriter = ResultWriter(type: shape.resultType, location: shape.plan.result)
            valueWriter =
                resultWriter == nil ? AnyResultWriter(type: shape.resultType, location: shape.plan.result) : nil
        } else {
            resultWriter = nil
            valueWriter = nil
        }
        if case .call = shape.access, !hasInoutArguments, decodesDirectly, !shape.resultIsSelfArray {
            scalarLane = ScalarArgumentLane(readers)
        } else {
            scalarLane = nil
        }
        scalarResult = ScalarResultSlot(resultWriter)
        returnsNothing = resultWriter?.writesNothing == true
        let route = Self.route(
            shape, scalarLane: scalarLane, onStack: decodesDirectly && !hasInoutArguments && !readers.isEmpty)
        let words =
            route == .onStack && borrowsEveryArgument && readers.count <= Self.maximumWordArguments
            ? Self.wordReaders(readers, shape, locations) : nil
        scalarWords = route == .scalarLane ? scalarLane.flatMap(ScalarWordLane.init) : nil
        // Arguments wider than an `Any`'s buffer, lent by address, where no word reader reads every argument.
        let lending = route == .onStack && words == nil && borrowsEveryArgument ? WideArgumentLending(readers) : nil
        // Escaping closures lent as raw words, where no wide value is lent.
        let closures =
            route == .onStack && words == nil && lending == nil && borrowsEveryArgument
            ? DeferredClosureLending(
                shape, order: keepsCallOrder ? Array(0..<count) : shape.recorderOrder, locations: locations)
            : nil
        if scalarWords != nil {
            wordReaders = UnsafeBufferPointer(start: nil, count: 0)
            readsStackWords = false
            wordReadersReadOneWordOfBits = false
            witnessCopies = UnsafeBufferPointer(start: nil, count: 0)
            self.route = .scalarWords
        } else if let words {
            let storage = UnsafeMutableBufferPointer<WordArgumentReader>.allocate(capacity: words.count)
            _ = storage.initialize(from: words)
            wordReaders = UnsafeBufferPointer(storage)
            readsStackWords = words.contains { $0.fromStack != 0 }
            wordReadersReadOneWordOfBits = words.allSatisfy(\.readsOneWordOfBits)
            let copied = words.indices.filter { words[$0].copiesThroughWitness }
            if copied.isEmpty {
                witnessCopies = UnsafeBufferPointer(start: nil, count: 0)
            } else {
                let positions = UnsafeMutableBufferPointer<Int>.allocate(capacity: copied.count)
                _ = positions.initialize(from: copied)
                witnessCopies = UnsafeBufferPointer(positions)
            }
            self.route = .onStackWords
        } else {
            wordReaders = UnsafeBufferPointer(start: nil, count: 0)
            readsStackWords = false
            wordReadersReadOneWordOfBits = false
            witnessCopies = UnsafeBufferPointer(start: nil, count: 0)
            self.route = lending != nil ? .onStackWide : closures != nil ? .onStackClosures : route
        }
        if let closures {
            deferredClosures = closures.positions
            let storage = UnsafeMutableBufferPointer<DeferredClosureLending.Lender>.allocate(
                capacity: closures.lenders.count)
            _ = storage.initialize(from: closures.lenders)
            closureLenders = UnsafeBufferPointer(storage)
        } else {
            deferredClosures = 0
            closureLenders = UnsafeBufferPointer(start: nil, count: 0)
        }
        wideArguments = lending?.positions ?? 0
        wideScratchBytes = lending?.scratchBytes ?? 0
        if let lenders = lending?.readers {
            let storage = UnsafeMutableBufferPointer<WideArgumentLending.Lender>.allocate(capacity: lenders.count)
            _ = storage.initialize(from: lenders)
            wideReaders = UnsafeBufferPointer(storage)
        } else {
            wideReaders = UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    deinit {
        wordReaders.deallocate()
        witnessCopies.deallocate()
        wideReaders.deallocate()
        UnsafeMutableBufferPointer(mutating: closureLenders).deinitialize().deallocate()
    }

    /// The most arguments a call routed ``Route/onStackWords`` has: its stack buffer's capacity.
    static var maximumWordArguments: Int { 24 }

    /// The word readers standing for `readers` (in the recorder's order, of
    /// arguments at `locations` in call order); nil unless every argument has one.
    private static func wordReaders(
        _ readers: [ArgumentReader], _ shape: RequirementShape, _ locations: [ArgumentLocation]
    ) -> [WordArgumentReader]? {
        // Call order where the recorder's order is the call order, as the readers were made.
        let order = shape.recorderOrder
        guard order.count == readers.count else { return nil }
        var words: [WordArgumentReader] = []
        for (reader, position) in zip(readers, order) {
            guard position < locations.count, position < shape.argumentTypes.count,
                let word = WordArgumentReader(
                    reader, type: shape.argumentTypes[position], location: locations[position])
            else { return nil }
            words.append(word)
        }
        return words
    }

    /// The route of a call of `shape`: the choices `serve` and `serveCall` make, made once.
    private static func route(_ shape: RequirementShape, scalarLane: ScalarArgumentLane?, onStack: Bool) -> Route {
        switch shape.access {
        case .call, .makesSelf, .makesOptionalSelf:
            guard shape.genericWords.isEmpty else { return .general }
            if shape.isAsync {
                guard case .call = shape.access else { return .general }
                if scalarLane != nil { return .asyncScalarLane }
                let borrowed = shape.ownerships.allSatisfy { $0 == .borrowed }
                return onStack && borrowed ? .asyncOnStack : .general
            }
            if scalarLane != nil { return .scalarLane }
            return onStack ? .onStack : .general
        default:
            return .general
        }
    }

    /// The plans of a blueprint's requirements, by dispatch index: made once
    /// with the blueprint and shared by its runtimes.
    static func plans(of blueprint: StubBlueprint) -> [RequirementPlan] {
        blueprint.prepared.plans
    }
}
