// Types the corpus protocols mention. Not protocols themselves.
struct Item: Equatable, Sendable { var id: Int }
struct LoadError: Error, Equatable { var code: Int }
enum NetworkError: Error { case offline }
struct User: Equatable, Sendable { var name: String }
struct Point: Equatable { var x: Double; var y: Double }
final class Node { let id = 0 }
