import Testing

@_spi(AdBridgeInternal) @testable import AdCore

/// A small table must answer every look-up, change and removal as a dictionary would.
@Suite("SmallTable")
struct SmallTableTests {
    @Test("A small table finds, changes, replaces and removes a value by key, as a dictionary would")
    func actsAsDictionary() {
        var table = SmallTable<String, Int>()
        #expect(table["feed"] == nil)
        #expect(table.isEmpty)
        table.update("feed", default: 10) { $0 += 1 }
        table.update("feed", default: 10) { $0 += 1 }
        table.set("rewarded", to: 3)
        table.set("rewarded", to: 4)
        #expect(table["feed"] == 12)
        #expect(table["rewarded"] == 4)
        #expect(table.count == 2)
        #expect(table.remove("feed") == 12)
        #expect(table.remove("feed") == nil)
        #expect(table["feed"] == nil)
        #expect(table["rewarded"] == 4)
        #expect(table.count == 1)
    }

    @Test("A key is found by its parts and a value read in place; a missing key answers nil")
    func findsByPartsAndReadsInPlace() {
        struct Pair: Equatable {
            let placement: String
            let provider: String
        }
        var table = SmallTable<Pair, [Int]>()
        table.set(Pair(placement: "feed", provider: "ifly"), to: [1, 2])
        table.set(Pair(placement: "feed", provider: "yandex"), to: [3])
        let index = table.index { $0.placement == "feed" && $0.provider == "yandex" }
        #expect(index == 1)
        #expect(table.index { $0.provider == "google" } == nil)
        #expect(table.withValue(of: Pair(placement: "feed", provider: "ifly"), \.count) == 2)
        #expect(table.withValue(of: Pair(placement: "feed", provider: "google"), \.count) == nil)
        if let index {
            #expect(table.value(at: index) == [3])
            table.updateValue(at: index) { $0.append(4) }
        }
        #expect(table[Pair(placement: "feed", provider: "yandex")] == [3, 4])
    }

    @Test("An update returns what its change returns, whether the key was there or not")
    func updateReturnsChangeResult() {
        var table = SmallTable<String, Int>()
        let first = table.update("feed", default: 5) { value -> Int in
            value *= 2
            return value + 1
        }
        let second = table.update("feed", default: 5) { value -> Int in
            value *= 2
            return value + 1
        }
        #expect(first == 11)
        #expect(second == 21)
        #expect(table["feed"] == 20)
    }

    @Test("Entries iterate in the order added; a removed entry's place goes to the last one")
    func iterationOrder() {
        var table = SmallTable<String, Int>(minimumCapacity: 4)
        for (index, key) in ["a", "b", "c", "d"].enumerated() { table.set(key, to: index) }
        #expect(table.map(\.0) == ["a", "b", "c", "d"])
        table.remove("b")
        #expect(table.map(\.0) == ["a", "d", "c"])
        #expect(table.map(\.1) == [0, 3, 2])
        table.removeAll(keepingCapacity: true)
        #expect(table.isEmpty)
        #expect(Array(table).isEmpty)
    }

    @Test("3,000 seeded updates, removals and sweeps leave the table equal to a dictionary at every step")
    func seededAgainstDictionary() {
        var random = SeededRandom(seed: 35)
        var table = SmallTable<String, Int>()
        var model: [String: Int] = [:]
        let keys = (0..<12).map { "k\($0)" }
        for step in 0..<3_000 {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            switch random.next() % 6 {
            case 0, 1:
                table.update(key, default: 0) { $0 += step }
                model[key, default: 0] += step
            case 2:
                table.set(key, to: step)
                model[key] = step
            case 3:
                #expect(table.remove(key) == model.removeValue(forKey: key))
            case 4:
                if let index = table.index(of: key) {
                    table.updateValue(at: index) { $0 -= 1 }
                    model[key]? -= 1
                } else {
                    #expect(model[key] == nil)
                }
            default:
                // Odd values are changed then removed; even ones only changed.
                table.updateAll { value in
                    value += 2
                    return value % 2 != 0
                }
                model = model.mapValues { $0 + 2 }.filter { $0.value % 2 == 0 }
            }
            #expect(Dictionary(uniqueKeysWithValues: Array(table)) == model, "step \(step)")
            #expect(table.count == model.count)
            for key in keys { #expect(table[key] == model[key]) }
        }
    }
}
