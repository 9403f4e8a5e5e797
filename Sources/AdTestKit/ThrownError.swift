public import AdCore

/// The `AdError` a call throws, or `nil` when it succeeds (or throws something else):
/// `#expect(thrownError { try ad.bind(binding) }?.code == .notReady)`.
public func thrownError(_ body: () throws -> Void) -> AdError? {
    do {
        try body()
        return nil
    } catch {
        return error as? AdError
    }
}
