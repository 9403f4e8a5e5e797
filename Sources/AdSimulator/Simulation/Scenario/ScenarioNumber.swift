/// How the scenario's messages print numbers: whole numbers without a decimal point (`5000`, not `5000.0`),
/// others as Swift prints them (`1.3`, `1e+300`, `nan`).
///
/// ```swift
/// ScenarioNumber.text(5000)   // "5000"
/// ScenarioNumber.text(1.3)    // "1.3"
/// ```
enum ScenarioNumber {
    /// The number as a message shows it.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15, let whole = Int64(exactly: value) {
            return String(whole)
        }
        return "\(value)"
    }
}
