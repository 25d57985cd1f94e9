// Types whose lowering was read from `swiftc -emit-ir -O` for
// x86_64-unknown-linux-gnu (Swift 6.3.1) and aarch64-unknown-linux-gnu
// (Swift 6.0.3 against the arm64 standard library; also 6.3.1 through
// Builtin-typed mirrors compiled with -parse-stdlib).

struct CLMixed {
    var f: Float
    var a: Int8
    var b: Bool
}
struct CLInt32Pair {
    var a: Int32
    var b: Int32
}
struct CLFourWords { var a, b, c, d: Int }
struct CLFiveWords { var a, b, c, d, e: Int }
struct CLAllFloat {
    var a: Float
    var b: Float
    var c: Double
}
struct CLFiveDoubles { var a, b, c, d, e: Double }
struct CLMixedBig {
    var a: Int
    var d: Double
    var i: Int32
}
struct CLThreeBytes { var a, b, c: Int8 }
struct CLThreeShorts { var a, b, c: Int16 }
struct CLNested {
    var a: (Int8, Int8)
    var b: Float
    var c: Int16
}
struct CLEmpty {}
struct CLGenericBox<Value> { var value: Value }
struct CLThinField {
    var type: Int.Type
    var count: Int
}
struct CLOptionalThinField {
    var type: Int.Type?
    var count: Int
}
struct CLOptionalThinBeforeByte {
    var type: Int.Type?
    var flag: Int8
}
enum CLCLike { case a, b, c }
enum CLMulti {
    case a(Int)
    case b(String)
    case c
}
enum CLSinglePayload {
    case a(Int, Int)
    case b, c
}
enum CLOnlyCase { case only(Double) }
struct CLHasOnlyCase {
    var a: Float
    var w: CLOnlyCase
}
final class CLObject {}
protocol CLProtocol {}
protocol CLClassProtocol: AnyObject {}
struct CLHoldsAny { var value: Any }
struct CLHoldsWeak { weak var object: CLObject? }
