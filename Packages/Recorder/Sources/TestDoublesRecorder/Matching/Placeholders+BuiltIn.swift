import Dispatch
import Foundation

/// A type with a built-in placeholder: an empty, zero or inert value made by
/// the type's own initializers, so it is valid to copy, destroy and use.
protocol PlaceholderProviding {
    static var placeholder: Self { get }
}

extension Int: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int8: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int16: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int32: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int64: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt8: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt16: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt32: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt64: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Float: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Double: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Bool: PlaceholderProviding { static var placeholder: Self { false } }
extension String: PlaceholderProviding { static var placeholder: Self { "" } }
extension Substring: PlaceholderProviding { static var placeholder: Self { "" } }
extension Character: PlaceholderProviding { static var placeholder: Self { " " } }
extension Unicode.Scalar: PlaceholderProviding { static var placeholder: Self { " " } }
extension Array: PlaceholderProviding { static var placeholder: Self { [] } }
extension ContiguousArray: PlaceholderProviding { static var placeholder: Self { [] } }
extension ArraySlice: PlaceholderProviding { static var placeholder: Self { [] } }
extension Set: PlaceholderProviding { static var placeholder: Self { [] } }
extension Dictionary: PlaceholderProviding { static var placeholder: Self { [:] } }
extension Optional: PlaceholderProviding { static var placeholder: Self { nil } }
extension Duration: PlaceholderProviding { static var placeholder: Self { .zero } }
extension Data: PlaceholderProviding { static var placeholder: Self { Data() } }
extension Date: PlaceholderProviding { static var placeholder: Self { Date(timeIntervalSince1970: 0) } }
extension UUID: PlaceholderProviding {
    static var placeholder: Self { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
extension URL: PlaceholderProviding { static var placeholder: Self { URL(string: "about:blank")! } }
extension URLComponents: PlaceholderProviding { static var placeholder: Self { URLComponents() } }
extension Locale: PlaceholderProviding { static var placeholder: Self { Locale(identifier: "en_US_POSIX") } }
extension TimeZone: PlaceholderProviding { static var placeholder: Self { TimeZone(identifier: "UTC")! } }
extension Calendar: PlaceholderProviding { static var placeholder: Self { Calendar(identifier: .gregorian) } }
extension Decimal: PlaceholderProviding { static var placeholder: Self { 0 } }
extension IndexPath: PlaceholderProviding { static var placeholder: Self { IndexPath() } }
extension DateComponents: PlaceholderProviding { static var placeholder: Self { DateComponents() } }
extension AnyHashable: PlaceholderProviding { static var placeholder: Self { AnyHashable(0) } }
extension ObjectIdentifier: PlaceholderProviding {
    static var placeholder: Self { ObjectIdentifier(PlaceholderValue.self) }
}
extension StaticString: PlaceholderProviding { static var placeholder: Self { "" } }

// Streams and type-erased sequences: a real, finished or empty instance.
extension AsyncStream: PlaceholderProviding { static var placeholder: Self { AsyncStream { $0.finish() } } }
extension AsyncThrowingStream: PlaceholderProviding where Failure == any Error {
    static var placeholder: Self { AsyncThrowingStream { $0.finish() } }
}
extension AsyncStream.Continuation: PlaceholderProviding {
    static var placeholder: Self {
        let (_, continuation) = AsyncStream<Element>.makeStream()
        continuation.finish()
        return continuation
    }
}
extension AsyncThrowingStream.Continuation: PlaceholderProviding where Failure == any Error {
    static var placeholder: Self {
        let (_, continuation) = AsyncThrowingStream<Element, Failure>.makeStream()
        continuation.finish()
        return continuation
    }
}
extension AnySequence: PlaceholderProviding { static var placeholder: Self { AnySequence(EmptyCollection()) } }
extension AnyCollection: PlaceholderProviding { static var placeholder: Self { AnyCollection(EmptyCollection()) } }
extension AnyBidirectionalCollection: PlaceholderProviding {
    static var placeholder: Self { AnyBidirectionalCollection(EmptyCollection()) }
}
extension AnyRandomAccessCollection: PlaceholderProviding {
    static var placeholder: Self { AnyRandomAccessCollection(EmptyCollection()) }
}
extension AnyIterator: PlaceholderProviding { static var placeholder: Self { AnyIterator { nil } } }

// Foundation and Dispatch values whose storage is a class.
extension CharacterSet: PlaceholderProviding { static var placeholder: Self { CharacterSet() } }
extension IndexSet: PlaceholderProviding { static var placeholder: Self { IndexSet() } }
extension AttributedString: PlaceholderProviding { static var placeholder: Self { AttributedString() } }
extension DispatchData: PlaceholderProviding { static var placeholder: Self { .empty } }
extension PersonNameComponents: PlaceholderProviding { static var placeholder: Self { PersonNameComponents() } }
extension URLQueryItem: PlaceholderProviding { static var placeholder: Self { URLQueryItem(name: "", value: nil) } }
extension NSRange: PlaceholderProviding { static var placeholder: Self { NSRange(location: 0, length: 0) } }
extension Measurement: PlaceholderProviding where UnitType: Dimension {
    static var placeholder: Self { Measurement(value: 0, unit: UnitType.baseUnit()) }
}

/// Foundation classes whose plain initializer makes a valid, inert instance:
/// placeholders for their exact type only (a subclass is another type, and
/// an instance of the parent is not one of it).
enum BuiltInClassPlaceholders {
    static func make(_ type: Any.Type) -> AnyObject? {
        makers[ObjectIdentifier(type)]?()
    }

    private static let makers: [ObjectIdentifier: @Sendable () -> AnyObject] = [
        ObjectIdentifier(JSONDecoder.self): { JSONDecoder() },
        ObjectIdentifier(JSONEncoder.self): { JSONEncoder() },
        ObjectIdentifier(PropertyListDecoder.self): { PropertyListDecoder() },
        ObjectIdentifier(PropertyListEncoder.self): { PropertyListEncoder() },
        ObjectIdentifier(DateFormatter.self): { DateFormatter() },
        ObjectIdentifier(NumberFormatter.self): { NumberFormatter() },
        ObjectIdentifier(ISO8601DateFormatter.self): { ISO8601DateFormatter() },
        // Not `Progress()`, which becomes a child of the thread's current progress.
        ObjectIdentifier(Progress.self): { Progress(parent: nil, userInfo: nil) },
        ObjectIdentifier(NotificationCenter.self): { NotificationCenter() },
        ObjectIdentifier(OperationQueue.self): { OperationQueue() },
        ObjectIdentifier(FileManager.self): { FileManager() },
        ObjectIdentifier(NSLock.self): { NSLock() },
        ObjectIdentifier(NSRecursiveLock.self): { NSRecursiveLock() },
        // Units of measure (a `Measurement`'s unit argument): each class's base unit, of exactly that class.
        ObjectIdentifier(UnitLength.self): { UnitLength.meters },
        ObjectIdentifier(UnitMass.self): { UnitMass.kilograms },
        ObjectIdentifier(UnitDuration.self): { UnitDuration.seconds },
        ObjectIdentifier(UnitTemperature.self): { UnitTemperature.kelvin },
        ObjectIdentifier(UnitSpeed.self): { UnitSpeed.metersPerSecond },
        ObjectIdentifier(UnitAngle.self): { UnitAngle.degrees },
        ObjectIdentifier(UnitArea.self): { UnitArea.squareMeters },
        ObjectIdentifier(UnitVolume.self): { UnitVolume.liters },
        ObjectIdentifier(UnitEnergy.self): { UnitEnergy.joules },
        ObjectIdentifier(UnitPower.self): { UnitPower.watts },
        ObjectIdentifier(UnitPressure.self): { UnitPressure.newtonsPerMetersSquared },
        ObjectIdentifier(UnitFrequency.self): { UnitFrequency.hertz },
    ]
}
