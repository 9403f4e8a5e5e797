import AdRuntime
import Synchronization

/// A resolver that answers from a table and records what it was asked.
final class TableResolver: HostResolver {
    private let table: [String: [String]]
    private let asked = Mutex<[String]>([])

    init(_ table: [String: [String]]) {
        self.table = table
    }

    /// The names asked so far, in order.
    var questions: [String] { asked.withLock { $0 } }

    func addresses(of host: String) async -> [String] {
        asked.withLock { $0.append(host) }
        return table[host] ?? []
    }
}
