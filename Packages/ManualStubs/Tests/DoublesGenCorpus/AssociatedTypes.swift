protocol Store<Item> {
    associatedtype Item
    func save(_ item: Item)
    func load() -> [Item]
}

protocol KeyValueStore {
    associatedtype Key: Hashable
    associatedtype Value
    subscript(key: Key) -> Value? { get set }
    func keys() -> [Key]
}

protocol Repository {
    associatedtype Entity: Equatable
    associatedtype Entities: Collection where Entities.Element == Entity
    func all() -> Entities
    func find(_ entity: Entity) -> Bool
}

protocol IntStore: Store where Item == Int {
    func sum() -> Int
}

protocol DefaultedStore {
    associatedtype Element = String
    func first() -> Element?
}
