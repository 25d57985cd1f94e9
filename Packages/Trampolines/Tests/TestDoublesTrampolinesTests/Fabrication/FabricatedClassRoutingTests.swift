import Synchronization
import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

class FCAccount {
    var balance: Int
    let owner: String

    init(owner: String, balance: Int) {
        self.owner = owner
        self.balance = balance
    }

    func deposit(_ amount: Int, times: Int) -> Int { balance + amount * times }

    func ratio(_ value: Double) -> Double { value / 2 }

    var limit: Int { 10 }

    func open() -> Bool { true }

    class func bank() -> Int { 1 }

    func later() async -> Int { 2 }
}

/// What the routed handler saw.
final class FCCalls: Sendable {
    private let calls = Mutex<[String]>([])

    func append(_ call: String) { calls.withLock { $0.append(call) } }

    var all: [String] { calls.withLock { $0 } }
}

@Suite struct FabricatedClassRoutingTests {
    private func slot(_ fabricated: FabricatedClass, _ name: String) throws -> ClassVTable.Slot {
        try #require(fabricated.vtable.slots.first { $0.method.displayName() == name })
    }

    @Test func routedSlotsReachTheHandlerWithSelfAndArguments() throws {
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(FCAccount.self)))
        let slots = try ["deposit(_:times:)", "ratio(_:)", "getter of limit"].map { try slot(fabricated, $0) }
        let calls = FCCalls()
        try fabricated.routeToTrampolines(slots) { frame in
            switch frame.slot {
            case 0:
                let account = Unmanaged<FCAccount>.fromOpaque(UnsafeRawPointer(bitPattern: frame.selfRegister)!)
                    .takeUnretainedValue()
                let amount = Int(bitPattern: frame.generalPurposeRegister(0))
                let times = Int(bitPattern: frame.generalPurposeRegister(1))
                calls.append("deposit \(amount) \(times) of \(account.owner)")
                frame.setReturnGeneralPurposeRegister(0, to: UInt(bitPattern: -amount * times))
            case 1:
                let value = frame.floatingPointRegister(0)
                calls.append("ratio \(value)")
                frame.setReturnVectorRegister(0, low: (value * 10).bitPattern)
            default:
                calls.append("limit")
                frame.setReturnGeneralPurposeRegister(0, to: 99)
            }
        }
        let account = try fabricated.adopt { FCAccount(owner: "ann", balance: 5) }
        #expect(account.deposit(3, times: 4) == -12)
        #expect(account.ratio(1.5) == 15)
        #expect(account.limit == 99)
        #expect(account.open())
        #expect(account.balance == 5)
        #expect(calls.all == ["deposit 3 4 of ann", "ratio 1.5", "limit"])
    }

    @Test func classAndInitializerSlotsAreRefusedByName() throws {
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(FCAccount.self)))
        for name in ["class bank()", "init(owner:balance:)"] {
            let refused = try slot(fabricated, name)
            #expect {
                try fabricated.routeToTrampolines([refused]) { _ in }
            } throws: { error in
                guard case .unsupportedRequirement(let message) = error as? TrampolineError else { return false }
                return message.hasPrefix(name)
            }
            #expect(fabricated.implementation(in: refused) == refused.implementation)
        }
    }

    @Test func anAsyncSlotGetsAnAsyncFunctionPointerRecord() throws {
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(FCAccount.self)))
        let later = try slot(fabricated, "later()")
        let parentRecord = try #require(later.implementation)
        try fabricated.routeToTrampolines([later]) { _ in }
        let record = try #require(fabricated.implementation(in: later))
        #expect(record != parentRecord)
        // An async function pointer record: a 32-bit offset to the code, then the async context size.
        let contextSize = record.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
        #expect(contextSize > 0)
        #expect(record.loadUnaligned(as: Int32.self) != 0)
    }

    @Test func anUnansweredCallForwardsToTheClasssCodeOnTheSameInstance() throws {
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(FCAccount.self)))
        let deposit = try slot(fabricated, "deposit(_:times:)")
        let parentCode = UInt(bitPattern: try #require(deposit.implementation))
        let calls = FCCalls()
        try fabricated.routeToTrampolines([deposit]) { frame in
            let amount = Int(bitPattern: frame.generalPurposeRegister(0))
            if amount == 0 {
                calls.append("forwarded")
                do {
                    try frame.forwardToClassImplementation(UnsafeRawPointer(bitPattern: parentCode)!, stackWordCount: 0)
                } catch {
                    calls.append("refused \(error)")
                }
            } else {
                calls.append("answered")
                frame.setReturnGeneralPurposeRegister(0, to: 7)
            }
        }
        let account = try fabricated.adopt { FCAccount(owner: "bo", balance: 40) }
        #expect(account.deposit(2, times: 3) == 7)
        // The class's own code runs with the same instance: balance 40 + 0.
        #expect(account.deposit(0, times: 3) == 40)
        account.balance = 41
        #expect(account.deposit(0, times: 9) == 41)
        #expect(calls.all == ["answered", "forwarded", "forwarded"])
    }
}
