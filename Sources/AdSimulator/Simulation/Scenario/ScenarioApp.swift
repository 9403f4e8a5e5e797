/// The simulated app: its placements (a mediation configuration, inline or from a file), its window and the
/// screens the placements live on.
///
/// ```json
/// "app": { "mediation": "../mediation/example.json", "window": { "width": 390, "height": 844 },
///          "screens": [{ "id": "home", "feed": { "ads": [{ "placement": "feed-bottom", "position": 3 }] } }] }
/// ```
///
/// ```swift
/// let app = ScenarioApp(mediation: .file("../mediation/example.json"),
///                       screens: [AppScreen(id: "home", buttons: [ScreenButton(placement: "level-end")])])
/// ```
public struct ScenarioApp: Sendable, Equatable, Codable {
    /// The placements.
    public var mediation: MediationSource
    /// The window. Default 390 × 844 points.
    public var window: AppWindow
    /// The screens, at least one; together they must show at least one placement.
    public var screens: [AppScreen]

    /// Creates an app.
    public init(mediation: MediationSource, window: AppWindow = AppWindow(), screens: [AppScreen]) {
        self.mediation = mediation
        self.window = window
        self.screens = screens
    }

    private enum CodingKeys: String, CodingKey { case mediation, window, screens }

    /// Decodes the app; `window` is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(mediation: try container.decode(MediationSource.self, forKey: .mediation), screens: [])
        try container.decodeIfPresent(&window, forKey: .window)
        screens = try container.decode([AppScreen].self, forKey: .screens)
    }
}
