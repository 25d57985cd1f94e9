import Testing

@testable import TestDoubles

/// Effectful getters: each test answers once with a value and once with an
/// error, both through the existential, so a getter fabricated with the wrong
/// convention shows as a wrong value, a missing error or a recorded issue.
@Suite struct GetterEffectTests {
    /// Builds with the DWARF proofs of linked conformers turned off: the hint-only path.
    private func withoutProofs<T>(_ body: () throws -> T) rethrows -> T {
        try GetterEffectProof.$isEnabled.withValue(false) { try body() }
    }

    // MARK: Hints

    @Test func throwingGetterReturnsAndThrows() throws {
        let stub = try withoutProofs { try Stub<any GEThermometer>(getterEffects: .throwing) }
        stub.when { try $0.celsius }.thenReturn(36.6).thenThrow(GEBoom(code: 1))
        let thermometer = stub()
        #expect(try thermometer.celsius == 36.6)
        #expect(throws: GEBoom(code: 1)) { try thermometer.celsius }
        stub.verify(.exactly(2)) { try $0.celsius }
    }

    @Test func asyncThrowingGetterReturnsAndThrows() async throws {
        let stub = try withoutProofs { try Stub<any GEFeed>(getterEffects: .throwing) }
        await stub.when { try await $0.latest }.thenReturn("breaking").thenThrow(GEBoom(code: 2))
        let feed = stub()
        #expect(try await feed.latest == "breaking")
        await #expect(throws: GEBoom(code: 2)) { try await feed.latest }
        await stub.verify(.exactly(2)) { try await $0.latest }
    }

    @Test func typedThrowingGetterThrowsItsErrorType() throws {
        let stub = try withoutProofs { try Stub<any GEQuota>(getterEffects: [.typedThrowing(GEQuotaExceeded.self)]) }
        stub.when { try $0.remaining }.thenReturn(7).thenThrow(GEQuotaExceeded(remaining: 0, limit: 100))
        let quota = stub()
        #expect(try quota.remaining == 7)
        do {
            _ = try quota.remaining
            Issue.record("the second read did not throw")
        } catch {
            // `error` is statically GEQuotaExceeded: the typed convention delivered its payload.
            #expect(error == GEQuotaExceeded(remaining: 0, limit: 100))
        }
    }

    @Test func throwingSubscriptGetsItsIndexAndThrows() throws {
        let stub = try withoutProofs { try Stub<any GEGrid>(getterEffects: .throwing) }
        let reads = stub.when { try $0[Match.any()] }
        reads.then { (row: Int) in row * 10 }.thenThrow(GEBoom(code: 3))
        let grid = stub()
        #expect(try grid[4] == 40)
        #expect(throws: GEBoom(code: 3)) { try grid[5] }
        #expect(reads.arguments() == [4, 5])
    }

    @Test func asyncThrowingSubscriptWithSeveralIndices() async throws {
        let stub = try withoutProofs { try Stub<any GEAtlas>(getterEffects: .throwing) }
        let reads = await stub.when { try await $0[Match.any(), Match.any(), Match.any()] }
        reads.then { (x: Int, y: Int, layer: String) in Double(x * 100 + y) + (layer == "roads" ? 0.5 : 0) }
            .thenThrow(GEBoom(code: 4))
        let atlas = stub()
        #expect(try await atlas[3, 7, "roads"] == 307.5)
        await #expect(throws: GEBoom(code: 4)) { try await atlas[-1, 2, "water"] }
        let arguments: [(Int, Int, String)] = reads.arguments()
        #expect(arguments.map(\.0) == [3, -1])
        #expect(arguments.map(\.1) == [7, 2])
        #expect(arguments.map(\.2) == ["roads", "water"])
    }

    @Test func mixedProtocolWithPlainAndEffectfulGetters() async throws {
        let stub = try withoutProofs {
            try Stub<any GEDashboard>(
                getterEffects: .nonthrowing, .throwing, .nonthrowing, .nonthrowing, .typedThrowing(GEBoom.self))
        }
        stub.when { $0.title }.thenReturn("ops")
        stub.when { try $0.load }.thenReturn(3).thenThrow(GEBoom(code: 5))
        stub.when { $0.volume }.thenReturn(11)
        await stub.when { await $0.uptime }.thenReturn(99)
        await stub.when { try await $0[Match.equal("cpu")] }.thenReturn(0.25).thenThrow(GEBoom(code: 6))
        stub.when { $0.refresh(Match.any()) }.thenReturn(true)
        let dashboard = stub()
        #expect(dashboard.title == "ops")
        #expect(try dashboard.load == 3)
        #expect(throws: GEBoom(code: 5)) { try dashboard.load }
        #expect(dashboard.volume == 11)
        #expect(await dashboard.uptime == 99)
        #expect(try await dashboard["cpu"] == 0.25)
        do {
            _ = try await dashboard["cpu"]
            Issue.record("the second read did not throw")
        } catch {
            #expect(error == GEBoom(code: 6))
        }
        #expect(dashboard.refresh(false))
    }

    @Test func explicitGetterWithEffectsServesAProtocolWithoutConformer() async throws {
        let stub = try Stub<any GEUnlinkedFeed>(.getter("latest", Int.self, effect: .throwing, isAsync: true))
        await stub.when { try await $0.latest }.thenReturn(8).thenThrow(GEBoom(code: 7))
        let feed = stub()
        #expect(try await feed.latest == 8)
        await #expect(throws: GEBoom(code: 7)) { try await feed.latest }
    }

    // MARK: Proofs from debug information

    @Test func aLinkedConformerWithDebugInformationProvesTheEffectsWithoutHints() async throws {
        let thermometer = try Stub<any GEThermometer>()
        thermometer.when { try $0.celsius }.thenThrow(GEBoom(code: 8))
        #expect(throws: GEBoom(code: 8)) { try thermometer().celsius }
        let quota = try Stub<any GEQuota>()
        quota.when { try $0.remaining }.thenThrow(GEQuotaExceeded(remaining: 1, limit: 2))
        #expect(throws: GEQuotaExceeded(remaining: 1, limit: 2)) { try quota().remaining }
        let clock = try Stub<any GEClock>()
        await clock.when { await $0.now }.thenReturn(12)
        #expect(await clock().now == 12)
    }

    @Test func aSpyForwardsAThrowingGetterAndItsError() throws {
        let healthy = try Spy<any GESensor>(forwardingTo: GELiveSensor(broken: false))
        #expect(try healthy().reading == 42)
        let broken = try Spy<any GESensor>(forwardingTo: GELiveSensor(broken: true))
        #expect(throws: GEBoom(code: 503)) { try broken().reading }
        broken.verify(.exactly(1)) { try $0.reading }
    }

    @Test func aSpyWithHintsForwardsAThrowingGetterAndItsError() throws {
        let broken = try withoutProofs {
            try Spy<any GESensor>(forwardingTo: GELiveSensor(broken: true), getterEffects: .throwing)
        }
        #expect(throws: GEBoom(code: 503)) { try broken().reading }
        broken.when { try $0.reading }.thenReturn(7)
        #expect(try broken().reading == 7)
        let byProtocol = try withoutProofs {
            try Spy<any GESensor>(
                forwardingTo: GELiveSensor(broken: false),
                getterEffectsByProtocol: .effects(declaredBy: (any GESensor).self, .throwing))
        }
        #expect(try byProtocol().reading == 42)
        let miscounted = constructionError {
            _ = try Spy<any GESensor>(forwardingTo: GELiveSensor(broken: false), getterEffects: [])
        }
        #expect(miscounted?.kind == .getterEffectsMismatch)
    }

    @Test func aHintTheDebugInformationContradictsFailsClosed() throws {
        let error = try #require(constructionError { _ = try Stub<any GEThermometer>(getterEffects: .nonthrowing) })
        #expect(error.kind == .getterEffectsMismatch)
        #expect(error.requirement == "GEThermometer.celsius")
        #expect(error.description.contains("says `get`, but the debug information"))
        #expect(error.fix == "pass .throwing for this getter")
        let typed = constructionError { _ = try Stub<any GEQuota>(getterEffects: .typedThrowing(GEBoom.self)) }
        #expect(typed?.kind == .getterEffectsMismatch)
        let typedError = try #require(typed)
        #expect(typedError.fix.contains("typedThrowing("))
        #expect(typedError.fix.contains("GEQuotaExceeded.self)"))
    }

    // MARK: Failing closed

    @Test func anAsyncGetterWithoutHintsOrProofFailsClosed() throws {
        let error = try #require(withoutProofs { constructionError { _ = try Stub<any GEClock>() } })
        #expect(error.kind == .getterEffectsRequired)
        #expect(error.type.hasSuffix("GEClock"))
        #expect(error.requirement == "GEClock.now")
        #expect(error.fix.contains("pass getterEffects:"))
        let hinted = withoutProofs { constructionError { _ = try Stub<any GEClock>(getterEffects: .nonthrowing) } }
        #expect(hinted == nil)
    }

    @Test func aDummyNeedsNoGetterEffects() {
        // A dummy answers no call, so an async getter of unknown effects does not stop its construction
        // (Dummy.make() stops the process when it cannot make one).
        withoutProofs {
            let stub = constructionError { _ = try Stub<any GEClock>() }
            #expect(stub?.kind == .getterEffectsRequired)
            #expect(throws: Never.self) { try Dummy<any GEClock>() }
            let issues = TestDoubleIssueReporting.capture { let _: any GEClock = Dummy.make() }
            #expect(issues.isEmpty)
        }
    }

    @Test func aWrongCountNamesTheGettersInOrder() throws {
        let error = constructionError { _ = try Stub<any GEDashboard>(getterEffects: .throwing) }
        #expect(error?.kind == .getterEffectsMismatch)
        #expect(
            error?.reason.contains(
                "1 getter effect was given, but TestDoublesTests.GEDashboard has 5 getters (in order: "
                    + "GEDashboard.title, GEDashboard.load, GEDashboard.volume, GEDashboard.uptime (async), "
                    + "GEDashboard.subscript(_:) (async))") == true)
        let none = try #require(constructionError { _ = try Stub<any GEThermometer>(getterEffects: []) })
        #expect(none.reason.contains("0 getter effects were given"))
    }

    @Test func aThrowingHintOnASettablePropertyFailsClosed() throws {
        let error = try #require(
            withoutProofs {
                constructionError {
                    _ = try Stub<any GEDashboard>(
                        getterEffects: .nonthrowing, .throwing, .throwing, .nonthrowing, .typedThrowing(GEBoom.self))
                }
            })
        #expect(error.kind == .getterEffectsMismatch)
        #expect(error.requirement == "GEDashboard.volume")
        #expect(error.reason.contains("settable"))
    }

    @Test func anExplicitRequirementWithTheWrongAsyncnessFailsClosed() throws {
        let error = constructionError { _ = try Stub<any GEUnlinkedFeed>(.getter("latest", Int.self)) }
        #expect(error?.kind == .signatureDiscoveryFailed)
        #expect(
            error
                == .requirementMismatch(
                    protocolName: "GEUnlinkedFeed", requirementIndex: 0,
                    expected: "an async getter (GEUnlinkedFeed's 1st member in declaration order)", actual: "a getter"))
        let thrown = try #require(error)
        #expect(thrown.reason.contains("is a getter, but the protocol's requirement there is an async getter"))
    }

    // MARK: Order across inheritance and composition

    @Test func inheritedGettersComeAfterTheirBases() async throws {
        // GENamed.name, then GEAccount.balance, then GEAccount.subscript(_:); the proofs check the order.
        let stub = try Stub<any GEAccount>(getterEffects: .nonthrowing, .throwing, .throwing)
        await stub.when { await $0.name }.thenReturn("savings")
        stub.when { try $0.balance }.thenReturn(120).thenThrow(GEBoom(code: 9))
        await stub.when { try await $0[Match.any()] }.then { (month: Int) in month * 2 }.thenThrow(
            GEBoom(code: 10))
        let account = stub()
        #expect(await account.name == "savings")
        #expect(try account.balance == 120)
        #expect(throws: GEBoom(code: 9)) { try account.balance }
        #expect(try await account[6] == 12)
        await #expect(throws: GEBoom(code: 10)) { try await account[7] }
        let swapped = constructionError {
            _ = try Stub<any GEAccount>(getterEffects: .throwing, .nonthrowing, .throwing)
        }
        #expect(swapped?.kind == .getterEffectsMismatch)
        #expect(swapped?.requirement == "GENamed.name")
    }

    @Test func compositionsTakeTheirProtocolsInSortedOrder() throws {
        // `any GEThermometer & GEQuota` flattens as GEQuota, then GEThermometer (sorted by name).
        let stub = try withoutProofs {
            try Stub<any GEThermometer & GEQuota>(getterEffects: .typedThrowing(GEQuotaExceeded.self), .throwing)
        }
        stub.when { try $0.remaining }.thenThrow(GEQuotaExceeded(remaining: 2, limit: 3))
        stub.when { try $0.celsius }.thenReturn(-4)
        let both = stub()
        #expect(throws: GEQuotaExceeded(remaining: 2, limit: 3)) { try both.remaining }
        #expect(try both.celsius == -4)
        let swapped = constructionError {
            _ = try Stub<any GEThermometer & GEQuota>(getterEffects: .throwing, .typedThrowing(GEQuotaExceeded.self))
        }
        #expect(swapped?.kind == .getterEffectsMismatch)
        #expect(swapped?.requirement == "GEQuota.remaining")
    }

    @Test func hintsPerProtocolNeedNoOrder() async throws {
        let stub = try withoutProofs {
            try Stub<any GEAccount>(
                getterEffectsByProtocol: .effects(declaredBy: (any GEAccount).self, .throwing, .throwing),
                .effects(declaredBy: (any GENamed).self, .nonthrowing))
        }
        stub.when { try $0.balance }.thenThrow(GEBoom(code: 11))
        await stub.when { await $0.name }.thenReturn("checking")
        #expect(throws: GEBoom(code: 11)) { try stub().balance }
        #expect(await stub().name == "checking")
        // A protocol without an entry gets no hints: its async getter fails closed without a proof.
        let missing = withoutProofs {
            constructionError {
                _ = try Stub<any GEAccount>(
                    getterEffectsByProtocol: [.effects(declaredBy: (any GEAccount).self, .throwing, .throwing)])
            }
        }
        #expect(missing?.kind == .getterEffectsRequired)
        #expect(missing?.requirement == "GENamed.name")
        let foreign = try #require(
            constructionError {
                _ = try Stub<any GEAccount>(
                    getterEffectsByProtocol: .effects(declaredBy: (any GEClock).self, .nonthrowing))
            })
        #expect(foreign.reason.contains("GEClock, which is not among the protocols of"))
        let miscounted = constructionError {
            _ = try Stub<any GEAccount>(getterEffectsByProtocol: .effects(declaredBy: (any GEAccount).self, .throwing))
        }
        #expect(
            miscounted?.reason.contains(
                "1 getter effect was given for GEAccount, which declares 2 getters (in order: GEAccount.balance, "
                    + "GEAccount.subscript(_:) (async))") == true)
    }
}
