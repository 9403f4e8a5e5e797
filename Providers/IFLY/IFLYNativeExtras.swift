public import AdCore

/// What an IFLY native feed ad carries beyond the shared assets, read from any loaded ad's content without casting
/// it: the layout IFLY asks for (I2), its template, what a click does (I5, I9), the long body text and the
/// advertised app.
///
/// ```swift
/// if let ifly = ad.content?.extra(IFLYNativeExtras.self), ifly.materialType == .multiImage {
///     cell.useGridLayout()
/// }
/// ```
public struct IFLYNativeExtras: NativeContentExtra, Hashable {
    /// `ifly`.
    public static let extrasKey = "ifly"

    /// The layout to use (I2).
    public var materialType: IFLYMaterialType
    /// What a click does (I5, I9).
    public var interactionType: IFLYInteractionType
    /// The server-side template, when sent.
    public var templateId: String?
    /// The long body text, when sent (the shared body is IFLY's short `desc`, or this when `desc` is missing).
    public var content: String?
    /// The advertised app's name, when sent.
    public var appName: String?
    /// The advertised app's package, when sent.
    public var packageName: String?

    /// Creates the extras.
    public init(
        materialType: IFLYMaterialType, interactionType: IFLYInteractionType, templateId: String? = nil,
        content: String? = nil, appName: String? = nil, packageName: String? = nil
    ) {
        self.materialType = materialType
        self.interactionType = interactionType
        self.templateId = templateId
        self.content = content
        self.appName = appName
        self.packageName = packageName
    }

    /// The extras of an ad's data.
    public init(_ data: NativeFeedAdData) {
        self.init(
            materialType: data.materialType, interactionType: data.interactionType, templateId: data.templateId,
            content: data.content, appName: data.appName, packageName: data.packageName)
    }

    /// Reads the extras back; `nil` without a material or interaction type.
    public init?(fields: [String: String]) {
        guard let material = fields["materialType"], let interaction = fields["interactionType"] else { return nil }
        self.init(
            materialType: IFLYMaterialType(dialectValue: material),
            interactionType: IFLYInteractionType(dialectValue: interaction), templateId: fields["templateId"],
            content: fields["content"], appName: fields["appName"], packageName: fields["packageName"])
    }

    /// The extras as plain fields (absent values are left out).
    public var fields: [String: String] {
        var fields = ["materialType": materialType.dialectValue, "interactionType": interactionType.dialectValue]
        fields["templateId"] = templateId
        fields["content"] = content
        fields["appName"] = appName
        fields["packageName"] = packageName
        return fields
    }
}
