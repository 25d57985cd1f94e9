/// The kind of a type's runtime metadata record (its first word).
public enum MetadataKind: Hashable, Sendable {
    /// A Swift class (on Linux the kind word is zero; an isa pointer elsewhere).
    case `class`
    /// A struct.
    case `struct`
    /// An enum other than `Optional`.
    case `enum`
    /// `Optional<Wrapped>`.
    case optional
    /// A foreign (imported C) class.
    case foreignClass
    /// A foreign reference type (C++ reference types).
    case foreignReferenceType
    /// A builtin or otherwise opaque type.
    case opaque
    /// A tuple.
    case tuple
    /// A function type.
    case function
    /// A protocol composition existential (`any P`, `Any`, `AnyObject`, `any Error`).
    case existential
    /// The metatype of a concrete type (`T.Type`).
    case metatype
    /// An Objective-C class wrapper.
    case objCClassWrapper
    /// An existential metatype (`any P.Type`).
    case existentialMetatype
    /// An extended existential (`any P<Int>`).
    case extendedExistential
    /// A builtin fixed-size array (`InlineArray` storage).
    case fixedArray
    /// A heap-allocated local variable box.
    case heapLocalVariable
    /// A generic heap-allocated local variable box.
    case heapGenericLocalVariable
    /// A boxed error object.
    case errorObject
    /// An async task.
    case task
    /// An executor job.
    case job
    /// A kind value this reader does not know.
    case unknown(UInt)

    /// The largest kind value that is not an isa pointer.
    static let lastEnumerated: UInt = 0x7FF

    /// Decodes a metadata kind word.
    ///
    /// - Parameter rawValue: The first word of a metadata record.
    public init(rawValue: UInt) {
        if rawValue > Self.lastEnumerated {
            self = .class
            return
        }
        switch rawValue {
        case 0: self = .class
        case 0x200: self = .struct
        case 0x201: self = .enum
        case 0x202: self = .optional
        case 0x203: self = .foreignClass
        case 0x204: self = .foreignReferenceType
        case 0x300: self = .opaque
        case 0x301: self = .tuple
        case 0x302: self = .function
        case 0x303: self = .existential
        case 0x304: self = .metatype
        case 0x305: self = .objCClassWrapper
        case 0x306: self = .existentialMetatype
        case 0x307: self = .extendedExistential
        case 0x308: self = .fixedArray
        case 0x400: self = .heapLocalVariable
        case 0x500: self = .heapGenericLocalVariable
        case 0x501: self = .errorObject
        case 0x502: self = .task
        case 0x503: self = .job
        default: self = .unknown(rawValue)
        }
    }
}
