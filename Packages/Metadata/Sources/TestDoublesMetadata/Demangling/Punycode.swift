/// Swift's variant of Punycode (RFC 3492), which mangled names use for
/// identifiers with non-ASCII or non-identifier characters: digits are
/// `a`-`z` then `A`-`J`, the delimiter is `_`, and ASCII characters that
/// cannot appear in identifiers are carried as code points 0xD800 + c.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    private static func digitValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(c - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "J"): return Int(c - UInt8(ascii: "A")) + 26
        default: return nil
        }
    }

    private static func adapt(_ delta: Int, _ count: Int, _ isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (((base - tMin + 1) * delta) / (delta + skew))
    }

    /// The UTF-8 identifier `input` encodes, nil when it is malformed.
    static func decode(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        var codePoints: [Int] = []
        var rest = input
        if let delimiter = input.lastIndex(of: UInt8(ascii: "_")) {
            for c in input[..<delimiter] {
                guard c < 0x80 else { return nil }
                codePoints.append(Int(c))
            }
            rest = input[(delimiter + 1)...]
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        let limit = Int(Int32.max)
        while !rest.isEmpty {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard let c = rest.first, let digit = digitValue(c) else { return nil }
                rest = rest.dropFirst()
                guard digit <= (limit - i) / w else { return nil }
                i += digit * w
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                guard w <= limit / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            bias = adapt(i - oldI, codePoints.count + 1, oldI == 0)
            guard i / (codePoints.count + 1) <= limit - n else { return nil }
            n += i / (codePoints.count + 1)
            i %= codePoints.count + 1
            guard n < 0xD880 || (n >= 0xE000 && n <= 0x1F_FFFF) else { return nil }
            codePoints.insert(n, at: i)
            i += 1
        }
        var utf8: [UInt8] = []
        for var point in codePoints {
            if point >= 0xD800 && point < 0xD880 { point -= 0xD800 }
            guard let scalar = Unicode.Scalar(UInt32(point)) else { return nil }
            utf8 += Array(String(Character(scalar)).utf8)
        }
        return utf8
    }
}
