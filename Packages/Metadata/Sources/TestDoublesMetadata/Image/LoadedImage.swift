import CTestDoublesElf

#if canImport(Glibc)
import Glibc
#endif

/// One image mapped into the process: the main executable or a shared object.
public struct LoadedImage: Hashable, Sendable {
    /// The file the image was loaded from (the main executable's real path).
    public var path: String
    /// What the loader added to every link-time address of the image.
    public var loadBias: UInt
    /// The run-time address ranges of the image's `PT_LOAD` segments.
    public var segments: [Range<UInt>] {
        get { bounds.map { $0.lower..<$0.upper } }
        set { bounds = newValue.map { Bounds(lower: $0.lowerBound, upper: $0.upperBound) } }
    }
    /// The segments' bounds, as pairs of words: the first use of a `[Range<UInt>]` makes the runtime
    /// check `UInt: Comparable` by walking every conformance record of the process (~340,000
    /// instructions of the first `Stub`, which lists the images to find its witnesses').
    private var bounds: [Bounds]

    /// One segment's run-time addresses, `lower` included, `upper` not.
    private struct Bounds: Hashable, Sendable {
        var lower: UInt
        var upper: UInt
    }

    /// Creates an image description.
    ///
    /// - Parameters:
    ///   - path: The image's file.
    ///   - loadBias: The load bias.
    ///   - segments: The run-time ranges of its loadable segments.
    public init(path: String, loadBias: UInt, segments: [Range<UInt>]) {
        self.path = path
        self.loadBias = loadBias
        self.bounds = segments.map { Bounds(lower: $0.lowerBound, upper: $0.upperBound) }
    }

    private init(path: String, loadBias: UInt, bounds: [Bounds]) {
        self.path = path
        self.loadBias = loadBias
        self.bounds = bounds
    }

    /// Whether one of the image's segments contains `address`.
    ///
    /// - Parameter address: A run-time address.
    /// - Returns: True when the address lies in a loadable segment of this image.
    public func contains(_ address: UInt) -> Bool {
        bounds.contains { $0.lower <= address && address < $0.upper }
    }

    /// Every image currently loaded, in the loader's order (main executable first).
    ///
    /// Images without a file (the vDSO) are left out.
    public static func currentlyLoaded() -> [LoadedImage] {
        final class Collector {
            var images: [LoadedImage] = []
        }
        let collector = Collector()
        withExtendedLifetime(collector) {
            _ = td_iterate_loaded_images(
                { info, _, context in
                    guard let info, let context else { return 0 }
                    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                    var path = info.pointee.name.map { String(cString: $0) } ?? ""
                    if path.isEmpty {
                        guard collector.images.isEmpty else { return 0 }
                        path = LoadedImage.mainExecutablePath()
                    }
                    guard path.hasPrefix("/") else { return 0 }
                    let bias = UInt(info.pointee.load_bias)
                    var segments: [Bounds] = []
                    guard let headers = info.pointee.headers else { return 0 }
                    for index in 0..<Int(info.pointee.header_count) {
                        let header = headers[index]
                        guard header.p_type == UInt32(PT_LOAD) else { continue }
                        let start = bias &+ UInt(header.p_vaddr)
                        let end = start &+ UInt(header.p_memsz)
                        if end > start { segments.append(Bounds(lower: start, upper: end)) }
                    }
                    collector.images.append(
                        LoadedImage(path: path, loadBias: bias, bounds: segments))
                    return 0
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.images
    }

    /// The main executable's real path, through `/proc/self/exe`.
    static func mainExecutablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
