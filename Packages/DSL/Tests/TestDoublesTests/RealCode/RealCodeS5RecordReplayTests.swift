import Foundation
import TestDoubles
import Testing

// A wallet SDK recorded once through a forwarding Spy and replayed on a plain
// Stub, as a team would fixture a slow or paid dependency: amounts are
// `Decimal`s with 18 fraction digits (token balances), quotes carry dates and
// 64-bit volumes, transfers throw a typed, Codable domain error, and fees are
// replayed by request. Every replayed value must be the recorded one, exactly.

struct S5Quote: Codable, Equatable, Sendable {
    var pair: String
    var price: Decimal
    var fetchedAt: Date
    var volume: UInt64
}

enum S5TransferStatus: Codable, Equatable, Sendable {
    case pending
    case confirmed(blocks: Int, fee: Decimal)
    case failed(reason: String)
}

enum S5WalletError: Error, Codable, Equatable, Sendable {
    case insufficientFunds(needed: Decimal)
    case rateLimited(retryAfter: Int)
    case unknownAsset(String)
}

struct S5FeeRequest: Codable, Equatable, Sendable {
    var amount: Decimal
    var asset: String
}

protocol S5WalletService: Sendable {
    func balance(of asset: String) async throws -> Decimal
    func quote(for pair: String) async throws -> S5Quote
    func fee(for amount: Decimal, asset: String) -> Decimal
    func send(_ amount: Decimal, of asset: String, to address: String) async throws(S5WalletError) -> String
    func history(limit: Int) throws -> [S5TransferStatus]
    func largestHolding() -> Decimal?
}

final class S5LiveWallet: S5WalletService, @unchecked Sendable {
    static let wei = Decimal(string: "1.234567890123456789")!
    static let bigBalance = Decimal(string: "98765432109876543210.5")!
    private let lock = NSLock()
    private var count = 0
    var calls: Int { lock.withLock { count } }
    private func called() { lock.withLock { count += 1 } }

    func balance(of asset: String) async throws -> Decimal {
        called()
        switch asset {
        case "ETH": return Self.wei
        case "SHIB": return Self.bigBalance
        default: throw S5WalletError.unknownAsset(asset)
        }
    }
    func quote(for pair: String) async throws -> S5Quote {
        called()
        return S5Quote(
            pair: pair, price: Decimal(string: "3141.592653589793238462")!,
            fetchedAt: Date(timeIntervalSince1970: 1_767_225_600.125), volume: UInt64.max - 7)
    }
    func fee(for amount: Decimal, asset: String) -> Decimal {
        called()
        // A fee of one part in a thousand, kept to 18 fraction digits.
        return amount / 1000
    }
    func send(_ amount: Decimal, of asset: String, to address: String) async throws(S5WalletError) -> String {
        called()
        guard amount <= Self.wei else { throw .insufficientFunds(needed: amount - Self.wei) }
        return "0x\(address.count)\(asset)"
    }
    func history(limit: Int) throws -> [S5TransferStatus] {
        called()
        let all: [S5TransferStatus] = [
            .confirmed(blocks: 12, fee: Decimal(string: "0.000021000000000001")!), .pending,
            .failed(reason: "nonce too low"),
        ]
        return Array(all.prefix(limit))
    }
    func largestHolding() -> Decimal? {
        called()
        return Self.bigBalance
    }
}

@Suite struct RealCodeS5RecordReplayTests {
    @Test func tokenBalancesReplayWithAllTheirDigits() async throws {
        let live = S5LiveWallet()
        let spy = try Spy<any S5WalletService>(forwardingTo: live)
        let session = RecordingSession()
        let recordings = await spy.when { try await $0.balance(of: Match.any()) }
            .thenRecord(as: "balance", into: session) { (asset: String) in try await live.balance(of: asset) }
        let wallet: any S5WalletService = spy()
        #expect(try await wallet.balance(of: "ETH") == S5LiveWallet.wei)
        #expect(try await wallet.balance(of: "SHIB") == S5LiveWallet.bigBalance)
        recordings.verify(2...2)

        let stub = try Stub<any S5WalletService>()
        await stub.when { try await $0.balance(of: Match.any()) }.thenReplay(as: "balance", from: session.snapshot())
        // The recorded answers in order, then the last one repeats: each exactly as recorded.
        #expect(try await stub().balance(of: "ETH") == S5LiveWallet.wei)
        #expect(try await stub().balance(of: "SHIB") == S5LiveWallet.bigBalance)
        #expect(try await stub().balance(of: "DOGE") == S5LiveWallet.bigBalance)
    }

    @Test func aSavedFixtureKeepsTheDigitsOnDisk() async throws {
        let live = S5LiveWallet()
        let spy = try Spy<any S5WalletService>(forwardingTo: live)
        let session = RecordingSession()
        await spy.when { try await $0.quote(for: Match.any()) }
            .thenRecord(as: "quote", into: session) { (pair: String) in try await live.quote(for: pair) }
        spy.when { $0.largestHolding() }.thenRecord(as: "largest", into: session) { live.largestHolding() }
        let recorded = try await spy().quote(for: "ETH-USD")
        #expect(spy().largestHolding() == S5LiveWallet.bigBalance)

        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("s5-wallet-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try session.save(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("3141.592653589793238462"))
        #expect(text.contains("98765432109876543210.5"))

        let fixture = try InteractionFixture.load(from: url)
        let stub = try Stub<any S5WalletService>()
        await stub.when { try await $0.quote(for: Match.any()) }.thenReplay(as: "quote", from: fixture)
        stub.when { $0.largestHolding() }.thenReplay(as: "largest", from: fixture)
        let replayed = try await stub().quote(for: "ETH-USD")
        #expect(replayed == recorded)
        #expect(replayed.price == Decimal(string: "3141.592653589793238462")!)
        #expect(replayed.volume == UInt64.max - 7)
        #expect(replayed.fetchedAt == Date(timeIntervalSince1970: 1_767_225_600.125))
        #expect(stub().largestHolding() == S5LiveWallet.bigBalance)
        // A loaded fixture saved again is the same file.
        let again = FileManager.default.temporaryDirectory
            .appendingPathComponent("s5-wallet-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: again) }
        try fixture.save(to: again)
        #expect(try Data(contentsOf: again) == Data(contentsOf: url))
    }

    @Test func feesReplayByARequestThatDiffersOnlyInTheLastDigit() throws {
        let live = S5LiveWallet()
        let spy = try Spy<any S5WalletService>(forwardingTo: live)
        let session = RecordingSession()
        let request: @Sendable (Decimal, String) -> S5FeeRequest = { S5FeeRequest(amount: $0, asset: $1) }
        spy.when { $0.fee(for: Match.any(), asset: Match.any()) }
            .thenRecord(as: "fee", into: session, recording: request) { amount, asset in
                live.fee(for: amount, asset: asset)
            }
        let small = Decimal(string: "1.000000000000000001")!
        let large = Decimal(string: "1.000000000000000009")!
        let smallFee = spy().fee(for: small, asset: "ETH")
        let largeFee = spy().fee(for: large, asset: "ETH")
        #expect(smallFee != largeFee)

        let stub = try Stub<any S5WalletService>()
        let replays = stub.when { $0.fee(for: Match.any(), asset: Match.any()) }
            .thenReplay(as: "fee", from: session.snapshot(), matching: request)
        // Out of recording order: each request gets its own recorded fee.
        #expect(stub().fee(for: large, asset: "ETH") == largeFee)
        #expect(stub().fee(for: small, asset: "ETH") == smallFee)
        replays.verify(2...2)
        let issues = TestDoubleIssueReporting.capture {
            _ = stub().fee(for: Decimal(string: "1.000000000000000005")!, asset: "ETH")
        }
        #expect(issues.count == 1)
    }

    @Test func aTypedTransferErrorReplaysWithItsPayload() async throws {
        let live = S5LiveWallet()
        let spy = try Spy<any S5WalletService>(forwardingTo: live)
        let session = RecordingSession()
        await spy.when { try await $0.send(Match.any(), of: Match.any(), to: Match.any()) }
            .thenRecord(as: "send", into: session, recordingErrorsAs: S5WalletError.self) {
                (amount: Decimal, asset: String, address: String) in
                try await live.send(amount, of: asset, to: address)
            }
        let tooMuch = Decimal(string: "2.000000000000000001")!
        let needed = tooMuch - S5LiveWallet.wei
        #expect(try await spy().send(S5LiveWallet.wei, of: "ETH", to: "0xabc") == "0x5ETH")
        do {
            _ = try await spy().send(tooMuch, of: "ETH", to: "0xabc")
            Issue.record("the live wallet refused this transfer")
        } catch {
            #expect(error == .insufficientFunds(needed: needed))
        }

        let stub = try Stub<any S5WalletService>()
        await stub.when { try await $0.send(Match.any(), of: Match.any(), to: Match.any()) }
            .thenReplay(as: "send", from: session.snapshot(), throwing: S5WalletError.self)
        #expect(try await stub().send(1, of: "ETH", to: "0xdef") == "0x5ETH")
        do {
            _ = try await stub().send(1, of: "ETH", to: "0xdef")
            Issue.record("the replay throws the recorded error")
        } catch {
            // `error` is S5WalletError: the typed throw survives the replay.
            #expect(error == .insufficientFunds(needed: needed))
        }
    }

    @Test func enumHistoriesReplayCaseAndPayload() throws {
        let live = S5LiveWallet()
        let spy = try Spy<any S5WalletService>(forwardingTo: live)
        let session = RecordingSession()
        spy.when { try $0.history(limit: Match.any()) }
            .thenRecord(as: "history", into: session) { (limit: Int) in try live.history(limit: limit) }
        let all = try spy().history(limit: 3)
        let one = try spy().history(limit: 1)
        #expect(all.count == 3)

        let stub = try Stub<any S5WalletService>()
        stub.when { try $0.history(limit: Match.any()) }.thenReplay(as: "history", from: session.snapshot())
        let replayed = try stub().history(limit: 0)
        #expect(replayed == all)
        #expect(replayed.first == .confirmed(blocks: 12, fee: Decimal(string: "0.000021000000000001")!))
        #expect(try stub().history(limit: 0) == one)
    }
}
