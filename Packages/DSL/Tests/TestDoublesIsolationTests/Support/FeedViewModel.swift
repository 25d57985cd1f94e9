/// The README's view model, isolated to the main actor like an app's:
/// retries a failing load.
@MainActor final class FeedViewModel {
    let loader: any FeedLoader
    private(set) var posts: [String] = []
    private(set) var retryCount = 0
    private(set) var isLoading = false

    init(loader: any FeedLoader) { self.loader = loader }

    func refresh() async {
        isLoading = true
        defer { isLoading = false }
        while true {
            do {
                posts = try await loader.loadFeed()
                return
            } catch {
                retryCount += 1
                if retryCount > 5 { return }
            }
        }
    }
}

/// The README's checkout: reports analytics events.
struct Checkout {
    let analytics: any Analytics
    private var total = 0

    init(analytics: any Analytics) { self.analytics = analytics }

    mutating func add(item: String, price: Int) {
        total += price
        analytics.track(event: "add_to_cart", value: price)
    }

    func placeOrder() { analytics.track(event: "purchase", value: total) }
}
