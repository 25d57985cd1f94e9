import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Foundation's value types as an app's service layer passes and returns them:
// calendars, locales, time zones, measurements, index and character sets,
// coders, notifications, and URL loading's request, components and responses.

protocol SDKCalendarService: Sendable {
    func nextRun(after date: Date, matching components: DateComponents, in calendar: Calendar) -> Date?
    func window(containing day: Date, in zone: TimeZone) async -> DateInterval
    func components(of date: Date, in calendar: Calendar) throws -> DateComponents
    func zone(named identifier: String) -> TimeZone?
    var calendar: Calendar { get }
    var locale: Locale { get }
}

protocol SDKFormattingService: Sendable {
    func format(_ amount: Decimal, currency: String, locale: Locale) -> String
    func parse(_ text: String, locale: Locale) throws -> Decimal
    func sanitize(_ text: String, keeping allowed: CharacterSet) -> String
    func allowedCharacters() -> CharacterSet
    func selection(from rows: IndexSet, removing hidden: IndexSet) -> IndexSet
    func convert(_ distance: Measurement<UnitLength>, to unit: UnitLength) async throws -> Measurement<UnitLength>
}

protocol SDKCoding: Sendable {
    func encode(_ ids: [UUID], with encoder: JSONEncoder) throws -> Data
    func decode(_ data: Data, with decoder: JSONDecoder) throws -> [UUID]
    func post(_ notification: Notification) -> Bool
}

protocol SDKURLLoading: Sendable {
    func components(for url: URL) -> URLComponents?
    func request(for components: URLComponents, timeout: TimeInterval) throws -> URLRequest
    func head(_ url: URL) async throws -> HTTPURLResponse
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

struct SDKLiveCalendarService: SDKCalendarService {
    func nextRun(after date: Date, matching components: DateComponents, in calendar: Calendar) -> Date? {
        calendar.nextDate(after: date, matching: components, matchingPolicy: .nextTime)
    }
    func window(containing day: Date, in zone: TimeZone) async -> DateInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.dateInterval(of: .day, for: day) ?? DateInterval(start: day, duration: 0)
    }
    func components(of date: Date, in calendar: Calendar) throws -> DateComponents {
        calendar.dateComponents([.year, .month, .day], from: date)
    }
    func zone(named identifier: String) -> TimeZone? { TimeZone(identifier: identifier) }
    var calendar: Calendar { Calendar(identifier: .iso8601) }
    var locale: Locale { Locale(identifier: "de_DE") }
}

struct SDKLiveFormattingService: SDKFormattingService {
    func format(_ amount: Decimal, currency: String, locale: Locale) -> String { "\(amount) \(currency)" }
    func parse(_ text: String, locale: Locale) throws -> Decimal {
        guard let value = Decimal(string: text, locale: locale) else { throw CocoaError(.formatting) }
        return value
    }
    func sanitize(_ text: String, keeping allowed: CharacterSet) -> String {
        String(text.unicodeScalars.filter(allowed.contains).map(Character.init))
    }
    func allowedCharacters() -> CharacterSet { .alphanumerics }
    func selection(from rows: IndexSet, removing hidden: IndexSet) -> IndexSet { rows.subtracting(hidden) }
    func convert(_ distance: Measurement<UnitLength>, to unit: UnitLength) async throws -> Measurement<UnitLength> {
        distance.converted(to: unit)
    }
}

struct SDKLiveURLLoading: SDKURLLoading {
    func components(for url: URL) -> URLComponents? { URLComponents(url: url, resolvingAgainstBaseURL: false) }
    func request(for components: URLComponents, timeout: TimeInterval) throws -> URLRequest {
        guard let url = components.url else { throw URLError(.badURL) }
        return URLRequest(url: url, timeoutInterval: timeout)
    }
    func head(_ url: URL) async throws -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!
    }
    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let url = request.url ?? URL(fileURLWithPath: "/")
        return (Data(), URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
    }
}

struct SDKLiveCoding: SDKCoding {
    func encode(_ ids: [UUID], with encoder: JSONEncoder) throws -> Data { try encoder.encode(ids) }
    func decode(_ data: Data, with decoder: JSONDecoder) throws -> [UUID] {
        try decoder.decode([UUID].self, from: data)
    }
    func post(_ notification: Notification) -> Bool { notification.name.rawValue.hasPrefix("SDK") }
}

@Suite struct RealCodeFoundationValueTests {
    static let launch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func gregorian(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        return calendar
    }

    @Test func calendarsComponentsAndZonesTravelBothWays() throws {
        let service = try Stub<any SDKCalendarService>()
        let berlinCalendar = Self.gregorian(in: Self.berlin)
        let nineAM = DateComponents(hour: 9, minute: 30)
        let next = Self.launch.addingTimeInterval(8 * 3600 + 30 * 60)
        service.when { $0.nextRun(after: Match.any(), matching: Match.any(), in: Match.any()) }.thenReturn(next)
        var parts = DateComponents()
        parts.calendar = berlinCalendar
        parts.year = 2026
        parts.month = 1
        parts.day = 1
        parts.nanosecond = 250
        service.when { try $0.components(of: Match.any(), in: Match.any()) }.thenReturn(parts)
        service.when { $0.zone(named: "Asia/Tokyo") }.thenReturn(Self.tokyo)
        service.when { $0.zone(named: Match.any()) }.thenReturn(nil)

        let calendars = service()
        #expect(calendars.nextRun(after: Self.launch, matching: nineAM, in: berlinCalendar) == next)
        let answered = try calendars.components(of: Self.launch, in: berlinCalendar)
        #expect(answered == parts)
        #expect(answered.calendar?.timeZone == Self.berlin)
        #expect(answered.nanosecond == 250)
        #expect(calendars.zone(named: "Asia/Tokyo") == Self.tokyo)
        #expect(calendars.zone(named: "Mars/Olympus") == nil)

        let runs: [(Date, DateComponents, Calendar)] =
            service.when { $0.nextRun(after: Match.any(), matching: Match.any(), in: Match.any()) }.arguments()
        #expect(runs.count == 1)
        #expect(runs.first?.0 == Self.launch)
        #expect(runs.first?.1 == nineAM)
        #expect(runs.first?.2 == berlinCalendar)
        #expect(runs.first?.2.firstWeekday == 2)
        service.verify { $0.nextRun(after: Self.launch, matching: nineAM, in: berlinCalendar) }
        service.verify(.never) { $0.nextRun(after: Self.launch, matching: nineAM, in: Self.gregorian(in: Self.tokyo)) }
        service.verify(.exactly(2)) { $0.zone(named: Match.any()) }
    }

    @MainActor @Test func anAsyncDateIntervalAndCalendarAndLocaleProperties() async throws {
        let service = try Stub<any SDKCalendarService>()
        let day = DateInterval(start: Self.launch, duration: 86_400)
        await service.when { await $0.window(containing: Match.any(), in: Match.equal(Self.berlin)) }.thenReturn(day)
        await service.when { await $0.window(containing: Match.any(), in: Match.any()) }.then {
            (date: Date, zone: TimeZone) in
            DateInterval(start: date, duration: TimeInterval(zone.secondsFromGMT(for: date)))
        }
        service.when { $0.calendar }.thenReturn(Self.gregorian(in: Self.tokyo))
        service.when { $0.locale }.thenReturn(Locale(identifier: "ja_JP"))

        let calendars = service()
        #expect(await calendars.window(containing: Self.launch, in: Self.berlin) == day)
        let tokyoWindow = await calendars.window(containing: Self.launch, in: Self.tokyo)
        #expect(tokyoWindow == DateInterval(start: Self.launch, duration: 9 * 3600))
        #expect(calendars.calendar == Self.gregorian(in: Self.tokyo))
        #expect(calendars.calendar.timeZone == Self.tokyo)
        #expect(calendars.locale.identifier == "ja_JP")
        let zones: [(Date, TimeZone)] =
            await service.when { await $0.window(containing: Match.any(), in: Match.any()) }.arguments()
        #expect(zones.map(\.1) == [Self.berlin, Self.tokyo])
        service.verify(.exactly(2)) { $0.calendar }
    }

    @Test func aSpyForwardsCalendarMathToTheRealService() async throws {
        let spy = try Spy<any SDKCalendarService>(forwardingTo: SDKLiveCalendarService())
        let calendar = Self.gregorian(in: Self.berlin)
        let nineAM = DateComponents(hour: 9, minute: 0)
        let next = spy().nextRun(after: Self.launch, matching: nineAM, in: calendar)
        #expect(next == Self.launch.addingTimeInterval(8 * 3600))
        let window = await spy().window(containing: Self.launch, in: Self.tokyo)
        #expect(window.start == Self.launch.addingTimeInterval(-9 * 3600))
        #expect(window.duration == 86_400)
        let parts = try spy().components(of: Self.launch, in: calendar)
        #expect(parts.year == 2026 && parts.month == 1 && parts.day == 1)
        #expect(spy().zone(named: "Europe/Berlin") == Self.berlin)
        #expect(spy().calendar.identifier == .iso8601)
        #expect(spy().locale.identifier == "de_DE")
        spy.verify { $0.nextRun(after: Self.launch, matching: nineAM, in: calendar) }
        await spy.verify { await $0.window(containing: Self.launch, in: Self.tokyo) }
    }

    @Test func decimalsLocalesAndCharacterSets() throws {
        let formatter = try Stub<any SDKFormattingService>()
        let german = Locale(identifier: "de_DE")
        let price = Decimal(string: "1234.5678")!
        formatter.when { $0.format(Match.any(), currency: Match.equal("EUR"), locale: Match.any()) }.then {
            (amount: Decimal, _: String, locale: Locale) in
            "\(amount) € (\(locale.identifier))"
        }
        formatter.when { try $0.parse(Match.equal("NaN"), locale: Match.any()) }.thenThrow(CocoaError(.formatting))
        formatter.when { try $0.parse(Match.any(), locale: Match.any()) }.thenReturn(Decimal(string: "-0.000001")!)
        let digits = CharacterSet.decimalDigits.union(CharacterSet(charactersIn: "-"))
        formatter.when { $0.allowedCharacters() }.thenReturn(digits)
        formatter.when { $0.sanitize(Match.any(), keeping: Match.any()) }.then {
            (text: String, allowed: CharacterSet) in
            String(text.unicodeScalars.filter(allowed.contains).map(Character.init))
        }

        let service = formatter()
        #expect(service.format(price, currency: "EUR", locale: german) == "1234.5678 € (de_DE)")
        #expect(try service.parse("x", locale: german) == Decimal(string: "-0.000001")!)
        #expect(throws: CocoaError.self) { try service.parse("NaN", locale: german) }
        let allowed = service.allowedCharacters()
        #expect(allowed == digits)
        #expect(allowed.contains("7") && allowed.contains("-") && !allowed.contains("a"))
        #expect(service.sanitize("+49 (30) 12-34", keeping: allowed) == "493012-34")

        let formats: [(Decimal, String, Locale)] =
            formatter.when { $0.format(Match.any(), currency: Match.any(), locale: Match.any()) }.arguments()
        #expect(formats.map(\.0) == [price])
        #expect(formats.map(\.2) == [german])
        let kept: [(String, CharacterSet)] =
            formatter.when { $0.sanitize(Match.any(), keeping: Match.any()) }.arguments()
        #expect(kept.map(\.1) == [digits])
        formatter.verify { $0.format(price, currency: "EUR", locale: german) }
        formatter.verify(.exactly(2)) { try $0.parse(Match.any(), locale: Match.equal(german)) }
    }

    @Test func indexSetsInAndOut() throws {
        let formatter = try Stub<any SDKFormattingService>()
        formatter.when { $0.selection(from: Match.any(), removing: Match.any()) }.then {
            (rows: IndexSet, hidden: IndexSet) in
            rows.subtracting(hidden)
        }
        var rows = IndexSet(integersIn: 0..<10)
        rows.insert(integersIn: 100..<105)
        let hidden: IndexSet = [2, 3, 101]
        let visible = formatter().selection(from: rows, removing: hidden)
        var expected = IndexSet([0, 1, 4, 5, 6, 7, 8, 9, 100, 102, 103, 104])
        #expect(visible == expected)
        expected.insert(2)
        formatter.verify { $0.selection(from: rows, removing: [2, 3, 101]) }
        formatter.verify(.never) { $0.selection(from: Match.equal(expected), removing: Match.any()) }
    }

    @MainActor @Test func measurementsThroughAnAsyncThrowingConversion() async throws {
        let formatter = try Stub<any SDKFormattingService>()
        let marathon = Measurement(value: 42.195, unit: UnitLength.kilometers)
        await formatter.when { try await $0.convert(Match.any(), to: Match.equal(UnitLength.lightyears)) }
            .thenThrow(CocoaError(.featureUnsupported))
        await formatter.when { try await $0.convert(Match.any(), to: Match.any()) }.then {
            (distance: Measurement<UnitLength>, unit: UnitLength) in
            distance.converted(to: unit)
        }

        let service = formatter()
        let miles = try await service.convert(marathon, to: .miles)
        #expect(miles.unit == UnitLength.miles)
        #expect(miles.value == marathon.converted(to: .miles).value)
        #expect(abs(miles.value - 26.218_8) < 0.000_1)
        await #expect(throws: CocoaError.self) { _ = try await service.convert(marathon, to: .lightyears) }
        let asked: [(Measurement<UnitLength>, UnitLength)] =
            await formatter.when { try await $0.convert(Match.any(), to: Match.any()) }.arguments()
        #expect(asked.map(\.0) == [marathon, marathon])
        #expect(asked.map(\.1) == [UnitLength.miles, UnitLength.lightyears])
    }

    @Test func codersArePassedByIdentityAndNotificationsWithTheirPayload() throws {
        let coding = try Stub<any SDKCoding>()
        let ids = [UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!, UUID()]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let decoder = JSONDecoder()
        coding.when { try $0.encode(Match.any(), with: Match.any()) }.then { (ids: [UUID], encoder: JSONEncoder) in
            try encoder.encode(ids.map(\.uuidString))
        }
        coding.when { try $0.decode(Match.any(), with: Match.any()) }.thenReturn(Array(ids.reversed()))
        coding.when { $0.post(Match.property(\.name, equalTo: Notification.Name("SDKSaved"))) }.thenReturn(true)
        coding.when { $0.post(Match.any()) }.thenReturn(false)

        let service = coding()
        let data = try service.encode(ids, with: encoder)
        #expect(try JSONDecoder().decode([String].self, from: data) == ids.map(\.uuidString))
        #expect(try service.decode(data, with: decoder) == ids.reversed())
        let saved = Notification(name: .init("SDKSaved"), object: encoder, userInfo: ["count": 2])
        #expect(service.post(saved))
        #expect(!service.post(Notification(name: .init("Other"))))

        let encoders: [([UUID], JSONEncoder)] =
            coding.when { try $0.encode(Match.any(), with: Match.any()) }.arguments()
        #expect(encoders.count == 1)
        #expect(encoders.first?.1 === encoder)
        #expect(encoders.first?.0 == ids)
        let decoders: [(Data, JSONDecoder)] =
            coding.when { try $0.decode(Match.any(), with: Match.any()) }.arguments()
        #expect(decoders.first?.1 === decoder)
        let posted: [Notification] = coding.when { $0.post(Match.any()) }.arguments()
        #expect(posted.map(\.name.rawValue) == ["SDKSaved", "Other"])
        #expect(posted.first?.object as AnyObject? === encoder)
        #expect(posted.first?.userInfo?["count"] as? Int == 2)
        coding.verify { try $0.encode(ids, with: encoder) }
        coding.verify(.never) { try $0.encode(ids, with: JSONEncoder()) }
    }

    @Test func aSpyEncodesWithTheCallersEncoder() throws {
        let spy = try Spy<any SDKCoding>(forwardingTo: SDKLiveCoding())
        let ids = [UUID(uuidString: "00000000-0000-0000-0000-0000000000B2")!]
        let data = try spy().encode(ids, with: JSONEncoder())
        #expect(String(decoding: data, as: UTF8.self) == #"["00000000-0000-0000-0000-0000000000B2"]"#)
        #expect(try spy().decode(data, with: JSONDecoder()) == ids)
        #expect(spy().post(Notification(name: .init("SDKReload"))))
        #expect(!spy().post(Notification(name: .init("Reload"))))
        spy.verify(.exactly(2)) { $0.post(Match.any()) }
    }

    @Test func urlComponentsAndRequestsRoundTrip() throws {
        let loading = try Stub<any SDKURLLoading>()
        var components = URLComponents()
        components.scheme = "https"
        components.host = "api.example.com"
        components.port = 8443
        components.path = "/v2/search"
        components.queryItems = [
            URLQueryItem(name: "q", value: "swift testing"), URLQueryItem(name: "page", value: nil),
        ]
        components.fragment = "top"
        loading.when { $0.components(for: Match.any()) }.thenReturn(components)
        loading.when { try $0.request(for: Match.any(), timeout: Match.any()) }.then {
            (components: URLComponents, timeout: TimeInterval) in
            guard let url = components.url else { throw URLError(.badURL) }
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            request.httpMethod = "PATCH"
            request.httpBody = Data([0, 1, 2, 255])
            request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
            return request
        }

        let service = loading()
        let url = URL(string: "https://api.example.com:8443/v2/search?q=swift%20testing&page#top")!
        let answered = try #require(service.components(for: url))
        #expect(answered == components)
        #expect(answered.queryItems?.last?.value == nil)
        let request = try service.request(for: answered, timeout: 7.25)
        #expect(request.url == url)
        #expect(request.httpMethod == "PATCH")
        #expect(request.httpBody == Data([0, 1, 2, 255]))
        #expect(request.timeoutInterval == 7.25)
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(request.value(forHTTPHeaderField: "Accept-Encoding") == "gzip")

        #expect(loading.when { $0.components(for: Match.any()) }.arguments() == [url])
        let built: [(URLComponents, TimeInterval)] =
            loading.when { try $0.request(for: Match.any(), timeout: Match.any()) }.arguments()
        #expect(built.map(\.0) == [components])
        #expect(built.map(\.1) == [7.25])
        loading.verify { try $0.request(for: components, timeout: 7.25) }
    }

    @MainActor @Test func responsesAndTheDataURLResponseTupleOfAsyncThrows() async throws {
        let loading = try Stub<any SDKURLLoading>()
        let url = URL(string: "https://cdn.example.com/asset.png")!
        let head = HTTPURLResponse(
            url: url, statusCode: 304, httpVersion: "HTTP/2", headerFields: ["ETag": "\"abc\"", "Age": "12"])!
        let plain = URLResponse(url: url, mimeType: "image/png", expectedContentLength: 4, textEncodingName: nil)
        let bytes = Data([0x89, 0x50, 0x4E, 0x47])
        await loading.when { try await $0.head(Match.any()) }.thenReturn(head)
        await loading.when { try await $0.data(for: Match.property(\.httpMethod, equalTo: "GET")) }
            .thenReturn((bytes, plain))
        await loading.when { try await $0.data(for: Match.any()) }.thenThrow(URLError(.notConnectedToInternet))

        let service = loading()
        let answeredHead = try await service.head(url)
        #expect(answeredHead === head)
        #expect(answeredHead.statusCode == 304)
        #expect(answeredHead.value(forHTTPHeaderField: "ETag") == "\"abc\"")
        let (data, response) = try await service.data(for: URLRequest(url: url))
        #expect(data == bytes)
        #expect(response === plain)
        #expect(response.mimeType == "image/png")
        #expect(response.expectedContentLength == 4)
        #expect(!(response is HTTPURLResponse))
        var delete = URLRequest(url: url)
        delete.httpMethod = "DELETE"
        do {
            _ = try await service.data(for: delete)
            Issue.record("DELETE answered")
        } catch let error as URLError {
            #expect(error.code == .notConnectedToInternet)
        }
        let requests: [URLRequest] = await loading.when { try await $0.data(for: Match.any()) }.arguments()
        #expect(requests.map(\.httpMethod) == ["GET", "DELETE"])
        await loading.verify { try await $0.head(url) }
    }
}
