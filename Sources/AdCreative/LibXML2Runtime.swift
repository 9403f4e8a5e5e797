import CLibXML2

/// One-time libxml2 set-up shared by every parser in AdCreative.
///
/// `xmlInitParser()` must run once before libxml2 is used from several threads; `ensureInitialized()` runs it
/// exactly once per process (a `static let` initializer is thread-safe) and silences libxml2's error printing
/// on the calling thread, since libxml2 keeps error handlers per thread.
///
/// ```swift
/// LibXML2Runtime.ensureInitialized()
/// ```
public enum LibXML2Runtime {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Initializes libxml2 once and silences its error output on this thread. Cheap to call before every parse.
    public static func ensureInitialized() {
        _ = initialized
        adbridge_xml_silence_errors_once()
    }

    /// The libxml2 version the process runs with, for example `"2.9.14"`.
    public static var version: String {
        ensureInitialized()
        guard let dotted = __xmlParserVersion()?.pointee.map({ String(cString: $0) }), let number = Int(dotted) else {
            return "unknown"
        }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
