import Foundation
import TestDoubles
import Testing

// Navigation as a UIKit-style app structures it, without UIKit: a
// `@MainActor` router protocol constrained to classes, with a weak delegate
// property, a `nonisolated` identifier and `nonisolated` deep-link parsing a
// background task may call, a URL-driven coordinator under test, and a
// `@MainActor` delegate the coordinator reports to.

enum NCRoute: Hashable, Sendable {
    case home
    case product(id: Int)
    case cart
    case checkout(step: Int)
    case settings(section: String?)
}

enum NCPresentation: Sendable, Equatable {
    case push
    case sheet(detents: Set<String>)
    case fullScreen
}

@MainActor protocol NCNavigationDelegate: AnyObject {
    func router(didShow route: NCRoute)
    func routerDidPopToRoot()
}

@MainActor protocol NCRouter: AnyObject, Sendable {
    var delegate: (any NCNavigationDelegate)? { get set }
    var stack: [NCRoute] { get }
    nonisolated var identifier: String { get }
    func show(_ route: NCRoute, as presentation: NCPresentation, animated: Bool)
    func pop(animated: Bool) -> NCRoute?
    func popToRoot()
    func dismiss(animated: Bool) async
    nonisolated func route(for url: URL) -> NCRoute?
}

@MainActor final class NCStackRouter: NCRouter {
    weak var delegate: (any NCNavigationDelegate)?
    private(set) var stack: [NCRoute] = [.home]
    nonisolated let identifier: String
    init(identifier: String) { self.identifier = identifier }
    func show(_ route: NCRoute, as presentation: NCPresentation, animated: Bool) {
        stack.append(route)
        delegate?.router(didShow: route)
    }
    func pop(animated: Bool) -> NCRoute? { stack.count > 1 ? stack.removeLast() : nil }
    func popToRoot() {
        stack = [.home]
        delegate?.routerDidPopToRoot()
    }
    func dismiss(animated: Bool) async { _ = pop(animated: animated) }
    nonisolated func route(for url: URL) -> NCRoute? {
        guard url.scheme == "shop" else { return nil }
        switch url.host {
        case "product": return Int(url.lastPathComponent).map { .product(id: $0) }
        case "cart": return .cart
        case "settings": return .settings(section: url.pathComponents.dropFirst().first)
        default: return nil
        }
    }
}

@MainActor final class NCAnalyticsDelegate: NCNavigationDelegate {
    var shown: [NCRoute] = []
    var pops = 0
    func router(didShow route: NCRoute) { shown.append(route) }
    func routerDidPopToRoot() { pops += 1 }
}

/// The code under test: opens deep links and walks the checkout flow.
@MainActor final class NCShopCoordinator: NCNavigationDelegate {
    let router: any NCRouter
    private(set) var visited: [NCRoute] = []
    private(set) var unhandledLinks: [URL] = []

    init(router: any NCRouter) {
        self.router = router
        router.delegate = self
    }

    func open(_ url: URL) {
        guard let route = router.route(for: url) else {
            unhandledLinks.append(url)
            return
        }
        switch route {
        case .settings: router.show(route, as: .sheet(detents: ["medium", "large"]), animated: true)
        case .checkout: router.show(route, as: .fullScreen, animated: true)
        default: router.show(route, as: .push, animated: !router.stack.isEmpty)
        }
    }

    func resolveInBackground(_ urls: [URL]) async -> [NCRoute] {
        let router = self.router
        return await Task.detached { urls.compactMap { router.route(for: $0) } }.value
    }

    func startCheckout() async {
        if router.stack.last != .cart { router.show(.cart, as: .push, animated: false) }
        for step in 1...3 { router.show(.checkout(step: step), as: .push, animated: true) }
        await router.dismiss(animated: true)
        router.popToRoot()
    }

    func back() -> Bool { router.pop(animated: true) != nil }

    func router(didShow route: NCRoute) { visited.append(route) }
    func routerDidPopToRoot() { visited.removeAll() }
}

@MainActor @Suite struct RealCodeNavigationCoordinatorTests {
    @Test func deepLinksAreParsedByTheRouterAndShownWithTheRightPresentation() throws {
        let router = try Stub<any NCRouter>()
        router.when { $0.delegate = Match.any() }.thenDoNothing()
        router.when { $0.stack }.thenReturn([.home])
        router.when { $0.route(for: Match.property(\.host, equalTo: "product")) }.thenReturn(.product(id: 7))
        router.when { $0.route(for: Match.property(\.host, equalTo: "settings")) }.thenReturn(
            .settings(section: "privacy"))
        router.when { $0.route(for: Match.any()) }.thenReturn(nil)
        router.when { $0.show(Match.any(), as: Match.any(), animated: Match.any()) }.thenDoNothing()

        let coordinator = NCShopCoordinator(router: router())
        coordinator.open(URL(string: "shop://product/7")!)
        coordinator.open(URL(string: "shop://settings/privacy")!)
        coordinator.open(URL(string: "https://example.com/elsewhere")!)

        #expect(coordinator.unhandledLinks == [URL(string: "https://example.com/elsewhere")!])
        router.verify(.once) { $0.show(.product(id: 7), as: .push, animated: true) }
        router.verify(.once) {
            $0.show(.settings(section: "privacy"), as: .sheet(detents: ["large", "medium"]), animated: true)
        }
        router.verify(.never) { $0.show(Match.any(), as: Match.equal(.fullScreen), animated: Match.any()) }
        let shown: [(NCRoute, NCPresentation, Bool)] =
            router.when { $0.show(Match.any(), as: Match.any(), animated: Match.any()) }.arguments()
        #expect(shown.map(\.0) == [.product(id: 7), .settings(section: "privacy")])
    }

    @Test func theCoordinatorInstallsItselfAsTheRoutersDelegate() throws {
        let router = try Stub<any NCRouter>()
        let installed = ArgumentCaptor<(any NCNavigationDelegate)?>()
        router.when { $0.delegate = installed.capture() }.thenDoNothing()
        let coordinator = NCShopCoordinator(router: router())
        #expect(installed.values.count == 1)
        #expect(installed.last.flatMap { $0 } === coordinator)
        router.verify(.once) { $0.delegate = Match.any() }
    }

    @Test func theCheckoutFlowShowsEachStepThenDismissesAndPopsToRoot() async throws {
        let router = try Stub<any NCRouter>()
        router.when { $0.delegate = Match.any() }.thenDoNothing()
        router.when { $0.stack }.thenReturn([.home, .product(id: 1)])
        router.when { $0.show(Match.any(), as: Match.any(), animated: Match.any()) }.thenDoNothing()
        await router.when { await $0.dismiss(animated: Match.any()) }.thenDoNothing()
        router.when { $0.popToRoot() }.thenDoNothing()

        let coordinator = NCShopCoordinator(router: router())
        await coordinator.startCheckout()

        router.verifyInOrder {
            $0.show(.cart, as: .push, animated: false)
            $0.show(.checkout(step: 1), as: .push, animated: true)
            $0.show(.checkout(step: 2), as: .push, animated: true)
            $0.show(.checkout(step: 3), as: .push, animated: true)
        }
        await router.verify(.once) { await $0.dismiss(animated: true) }
        router.verify(.once) { $0.popToRoot() }
        router.verify(.exactly(4)) { $0.show(Match.any(), as: Match.equal(.push), animated: Match.any()) }
    }

    @Test func backReportsWhetherTheRouterHadSomethingToPop() throws {
        let router = try Stub<any NCRouter>()
        router.when { $0.delegate = Match.any() }.thenDoNothing()
        router.when { $0.pop(animated: true) }.thenReturn(.cart).thenReturn(nil)
        let coordinator = NCShopCoordinator(router: router())
        #expect(coordinator.back())
        #expect(coordinator.back() == false)
        #expect(coordinator.back() == false)
        router.verify(.exactly(3)) { $0.pop(animated: true) }
    }

    @Test func aNonisolatedRequirementIsCalledFromADetachedTask() async throws {
        let router = try Stub<any NCRouter>()
        router.when { $0.delegate = Match.any() }.thenDoNothing()
        router.when { $0.identifier }.thenReturn("main-tabs")
        router.when { $0.route(for: Match.any()) }.then { (url: URL) -> NCRoute? in
            url.host == "cart" ? .cart : nil
        }
        let coordinator = NCShopCoordinator(router: router())
        let routes = await coordinator.resolveInBackground([
            URL(string: "shop://cart")!, URL(string: "shop://nowhere")!, URL(string: "shop://cart?ref=mail")!,
        ])
        #expect(routes == [.cart, .cart])
        let identifier = await Task.detached { [router = coordinator.router] in router.identifier }.value
        #expect(identifier == "main-tabs")
        router.verify(.exactly(3)) { $0.route(for: Match.any()) }
    }

    @Test func aSpyOfTheStackRouterKeepsItsStackAndStillTellsTheDelegate() async throws {
        let real = NCStackRouter(identifier: "stack-1")
        let spy = try Spy<any NCRouter>(forwardingTo: real)
        let coordinator = NCShopCoordinator(router: spy())
        #expect(real.delegate === coordinator)

        coordinator.open(URL(string: "shop://product/12")!)
        coordinator.open(URL(string: "shop://cart")!)
        #expect(real.stack == [.home, .product(id: 12), .cart])
        #expect(coordinator.visited == [.product(id: 12), .cart])
        #expect(spy().identifier == "stack-1")

        await coordinator.startCheckout()
        #expect(real.stack == [.home])
        #expect(coordinator.visited.isEmpty)
        spy.verify(.exactly(5)) { $0.show(Match.any(), as: Match.equal(.push), animated: Match.equal(true)) }
        spy.verify(.once) { $0.show(.cart, as: .push, animated: true) }
        spy.verify(.never) { $0.show(.cart, as: .push, animated: false) }
    }

    @Test func aDelegateStubSeesEachShownRouteFromTheRealRouter() throws {
        let delegate = try Stub<any NCNavigationDelegate>()
        delegate.when { $0.router(didShow: Match.any()) }.thenDoNothing()
        delegate.when { $0.routerDidPopToRoot() }.thenDoNothing()
        let router = NCStackRouter(identifier: "modal")
        let value = delegate()
        router.delegate = value
        router.show(.product(id: 3), as: .push, animated: true)
        router.show(.checkout(step: 1), as: .fullScreen, animated: true)
        router.popToRoot()
        #expect(router.stack == [.home])
        delegate.verifyInOrder {
            $0.router(didShow: .product(id: 3))
            $0.router(didShow: .checkout(step: 1))
            $0.routerDidPopToRoot()
        }
        withExtendedLifetime(value) {}
    }

    @Test func theWeakDelegateOfTheRealRouterDoesNotKeepTheDelegateStubsValueAlive() throws {
        let router = NCStackRouter(identifier: "weak")
        do {
            let delegate = try Stub<any NCNavigationDelegate>()
            delegate.when { $0.router(didShow: Match.any()) }.thenDoNothing()
            router.delegate = delegate()
            router.show(.cart, as: .push, animated: false)
            delegate.verify(.once) { $0.router(didShow: .cart) }
        }
        // The stub and its value are gone: a weak reference to a generated value behaves like any object's.
        router.show(.home, as: .push, animated: false)
        #expect(router.stack == [.home, .cart, .home])
    }
}
