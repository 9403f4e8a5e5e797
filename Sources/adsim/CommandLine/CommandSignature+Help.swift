import AdSimulator

extension CommandSignature {
    /// The width the generated help is wrapped to.
    static let helpWidth = 108

    /// The USAGE line (wrapped, continuation lines aligned under the first option), then any
    /// ``alternativeUsages``: `USAGE: adsim simulate [--users <n>] [--json] [<scenario>]`.
    var usage: String {
        let head = "USAGE: adsim \(command)"
        let items = options.map { $0.isRequired ? $0.label : "[\($0.label)]" } + arguments.map(\.usage)
        var lines = [head]
        for item in items {
            let last = lines[lines.count - 1]
            if last.count + 1 + item.count > Self.helpWidth && last.count > head.count {
                lines.append(String(repeating: " ", count: head.count) + " " + item)
            } else {
                lines[lines.count - 1] = last + " " + item
            }
        }
        let indent = String(repeating: " ", count: "USAGE: ".count)
        return (lines + alternativeUsages.map { indent + $0 }).joined(separator: "\n") + "\n"
    }

    /// The ARGUMENTS section (`nil` without positionals): each `<name>` and its help.
    var argumentsSection: String? {
        guard !arguments.isEmpty else { return nil }
        return "ARGUMENTS:\n" + arguments.map { entry($0.placeholder, $0.help) }.joined()
    }

    /// The OPTIONS section (`nil` without options): each option's label (`--users <n>`) and its help.
    var optionsSection: String? {
        guard !options.isEmpty else { return nil }
        return "OPTIONS:\n" + options.map { entry($0.label, $0.help) }.joined()
    }

    /// The whole help: `OVERVIEW: <overview>`, the generated USAGE, ARGUMENTS and OPTIONS, then each of
    /// `sections` (free text such as `EXIT STATUS:` and its lines), separated by blank lines.
    func help(overview: String, sections: [String]) -> String {
        let parts = ["OVERVIEW: " + overview, usage, argumentsSection, optionsSection] + sections
        return parts.compactMap { part in
            part.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }
        }.joined(separator: "\n")
    }

    /// The column the help of every argument and option starts at.
    private var helpColumn: Int {
        let labels = arguments.map(\.placeholder) + options.map(\.label)
        return 2 + (labels.map(\.count).max() ?? 0) + 4
    }

    /// `  <label>   <help wrapped to the width, continuation lines under the help's first column>`.
    private func entry(_ label: String, _ help: String) -> String {
        let column = helpColumn
        let lines = Self.wrap(help, width: Self.helpWidth - column)
        let margin = String(repeating: " ", count: column)
        var text = "  " + label + String(repeating: " ", count: column - 2 - label.count)
        text += lines.first ?? ""
        text += "\n"
        for line in lines.dropFirst() { text += margin + line + "\n" }
        return text
    }

    /// The words of `text` in lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
