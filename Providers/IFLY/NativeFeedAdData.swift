public import AdCore

/// The ad data of an IFLY native feed ad: every field rule I20 names, decoded from the `ifly-native-feed`
/// extension (and the Linear creative for video).
///
/// The host renders text and images from it (I1, I4) and picks its layout by ``materialType`` (I2). The URLs are
/// here for completeness only: clicks and jumps belong to the SDK, the host never opens them itself (I20).
///
/// ```swift
/// guard let data = ad.adData, data.isMaterialComplete else { return }
/// titleLabel.text = data.title
/// ctaButton.title = data.callToActionTitle          // from ctaText and interactionType (I5)
/// ctaButton.isHidden = !data.interactionType.isClickable
/// ```
public struct NativeFeedAdData: Sendable, Hashable {
    /// The layout to use (I2).
    public var materialType: IFLYMaterialType
    /// The server-side template.
    public var templateId: String?
    /// The title.
    public var title: String?
    /// A short description.
    public var desc: String?
    /// The body text.
    public var content: String?
    /// The call-to-action text (I5).
    public var ctaText: String?
    /// The advertiser's brand.
    public var brand: String?
    /// The advertised app's name.
    public var appName: String?
    /// The icon's URL.
    public var icon: String?
    /// The main image.
    public var mainImage: NativeImage?
    /// Every image, in order (multi-image: two or three, I3).
    public var imageList: [NativeImage]
    /// The image URLs, in order.
    public var imageURLs: [String]
    /// The video's URL (video material).
    public var videoURL: String?
    /// The video's cover image.
    public var videoCoverURL: String?
    /// The video's length.
    public var videoDuration: Duration?
    /// The landing page (the SDK opens it).
    public var targetURL: String?
    /// The deep link (the SDK opens it).
    public var deeplinkURL: String?
    /// The store page (the SDK opens it).
    public var marketURL: String?
    /// The download URL (the SDK downloads).
    public var downloadURL: String?
    /// The advertised app's package.
    public var packageName: String?
    /// What a click does (I5, I9).
    public var interactionType: IFLYInteractionType
    /// The vendor's raw numeric interaction code, when sent.
    public var interactType: Int?
    /// Whether the material arrived complete; an incomplete ad is never attached (I6).
    public var isMaterialComplete: Bool
    /// The ad-source badge the host shows (I5).
    public var adSourceBadge: NativeFeedAdSourceBadge

    /// The positions (from 1) of the image entries the response left empty, in the list ``images`` comes from: a
    /// multi-image ad missing its first or second image fails validation instead of showing the third one in
    /// their place (I3, I27).
    public var missingImageSlots: [Int] = []

    /// Creates ad data; every field but the material and interaction types is optional.
    public init(
        materialType: IFLYMaterialType,
        interactionType: IFLYInteractionType,
        templateId: String? = nil,
        title: String? = nil,
        desc: String? = nil,
        content: String? = nil,
        ctaText: String? = nil,
        brand: String? = nil,
        appName: String? = nil,
        icon: String? = nil,
        mainImage: NativeImage? = nil,
        imageList: [NativeImage] = [],
        imageURLs: [String] = [],
        videoURL: String? = nil,
        videoCoverURL: String? = nil,
        videoDuration: Duration? = nil,
        targetURL: String? = nil,
        deeplinkURL: String? = nil,
        marketURL: String? = nil,
        downloadURL: String? = nil,
        packageName: String? = nil,
        interactType: Int? = nil,
        isMaterialComplete: Bool = true,
        adSourceBadge: NativeFeedAdSourceBadge = NativeFeedAdSourceBadge()
    ) {
        self.materialType = materialType
        self.interactionType = interactionType
        self.templateId = templateId
        self.title = title
        self.desc = desc
        self.content = content
        self.ctaText = ctaText
        self.brand = brand
        self.appName = appName
        self.icon = icon
        self.mainImage = mainImage
        self.imageList = imageList
        self.imageURLs = imageURLs
        self.videoURL = videoURL
        self.videoCoverURL = videoCoverURL
        self.videoDuration = videoDuration
        self.targetURL = targetURL
        self.deeplinkURL = deeplinkURL
        self.marketURL = marketURL
        self.downloadURL = downloadURL
        self.packageName = packageName
        self.interactType = interactType
        self.isMaterialComplete = isMaterialComplete
        self.adSourceBadge = adSourceBadge
    }

    /// The images the host shows, first to last: ``imageList`` when sent, else ``imageURLs``, else the main image.
    public var images: [NativeImage] {
        if !imageList.isEmpty { return imageList }
        if !imageURLs.isEmpty { return imageURLs.map { NativeImage(url: $0) } }
        return mainImage.map { [$0] } ?? []
    }

    /// The call-to-action button's title (I5): ``ctaText`` when sent, else a default by ``interactionType``;
    /// `nil` when the ad takes no clicks (exposure-only or unknown), so the host hides the button.
    public var callToActionTitle: String? {
        guard interactionType.isClickable else { return nil }
        if let ctaText, !ctaText.isEmpty { return ctaText }
        return interactionType == .download ? "立即下载" : "查看详情"
    }

    /// Why the material cannot be shown (rule I27), or `nil` when it can: a multi-image ad with fewer than two
    /// images, a single-image ad without an image, video without a video URL, an unknown material type.
    public var validationProblem: String? {
        switch materialType {
        case .singleImage where images.isEmpty: "a single-image ad has no image"
        case .multiImage where images.count < 2: "a multi-image ad has \(images.count) image(s), at least 2 are needed"
        case .multiImage where missingImageSlots.contains(where: { $0 <= 2 }):
            "image \(missingImageSlots.first { $0 <= 2 } ?? 1) of the multi-image ad is missing (the first two are needed)"
        case .video where (videoURL ?? "").isEmpty: "a video ad has no video URL"
        case .unknown(let raw): "the material type '\(raw)' is unknown"
        default: nil
        }
    }

    /// The I27 diagnostic: template, material type, image count and whether a video URL is present.
    public var diagnostic: String {
        let hasVideo = !(videoURL ?? "").isEmpty
        return "templateId=\(templateId ?? "-") materialType=\(materialType) imageCount=\(images.count) "
            + "hasVideoURL=\(hasVideo)"
    }
}
