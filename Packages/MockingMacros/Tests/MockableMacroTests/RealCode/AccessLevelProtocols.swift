import Foundation
import SwiftMockingMacros

// Protocols with access levels other than internal.

/// A public protocol, as a framework target declares it.
@Mockable
public protocol PublicService {
    func fetch(_ id: Int) async throws -> String
    var name: String { get }
}

/// A file-private model.
private struct Secret: Equatable, Sendable {
    var value: String
}

/// A private protocol over a private type, as a test file declares helpers.
@Mockable
private protocol Vault {
    func store(_ secret: Secret)
    func load() -> Secret?
}

/// Uses the private protocol's mock inside this file.
enum VaultProbe {
    /// Stores a secret through the mock and reads back what was recorded.
    static func roundTrip() -> Int {
        let mock = MockVault()
        let vault: any Vault = mock
        vault.store(Secret(value: "s"))
        return mock.store(.any).spy.invocationCount
    }
}

/// A private protocol named from the attributes before `@Mockable`: the
/// seed's name is a file-private alias too.
@MainActor
@Mockable([.suffixMock])
private protocol Badge {
    func show(_ secret: Secret)
}

/// Uses both names of the private mock inside this file.
@MainActor
enum BadgeProbe {
    /// Shows a secret through one name and counts through the other.
    static func roundTrip() -> Int {
        let mock: MockBadge = BadgeMock()
        (mock as any Badge).show(Secret(value: "b"))
        return mock.show(.any).spy.invocationCount
    }
}

/// A feature namespace that declares its service protocol inside.
enum Payments {
    /// A protocol nested in a type: the mock is its peer in the same namespace.
    @Mockable
    protocol PaymentService {
        func pay(amount: Decimal) async throws -> String
    }
}
