/// A vendor's extra data about a native ad, beyond the shared assets: what its own layouts may want (IFLY's
/// `materialType` and `templateId`, say). Each vendor declares one type, stored in the content as plain fields
/// under the vendor's key and read back typed, never by casting the ad.
///
/// ```swift
/// struct HouseExtras: NativeContentExtra {
///     static let extrasKey = "house"
///     var campaign: String
///     init(campaign: String) { self.campaign = campaign }
///     init?(fields: [String: String]) {
///         guard let campaign = fields["campaign"] else { return nil }
///         self.campaign = campaign
///     }
///     var fields: [String: String] { ["campaign": campaign] }
/// }
/// let campaign = ad.content?.extra(HouseExtras.self)?.campaign
/// ```
public protocol NativeContentExtra: Sendable {
    /// The key the fields are stored under: the vendor's name, unique among providers.
    static var extrasKey: String { get }
    /// Reads the extras back from their fields; `nil` when a field the type needs is missing or malformed.
    init?(fields: [String: String])
    /// The extras as plain fields.
    var fields: [String: String] { get }
}
