import Foundation

// A protocol named like a type of a module its file imports (Foundation's
// `Operation` class). The generated conformer lives in another module that
// imports both, where the plain name is ambiguous: doubles-gen imports the
// protocol by name (`import protocol DoublesGenCorpus.Operation`).
protocol Operation {
    func run(_ input: Int) -> String
}
