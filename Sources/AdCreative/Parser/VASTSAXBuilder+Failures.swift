import CLibXML2

extension VASTSAXBuilder {
    // MARK: - Failures and warnings

    /// Where libxml2 is in the document. Static, so as not to copy the builder.
    static func position(_ context: xmlParserCtxtPtr?) -> (line: Int, column: Int) {
        guard let input = context?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    // Failing and warning are rare: out of line, and their messages are built in closures (`@autoclosure`), so
    // that none of that code sits between the hot paths of the functions that call them (measured: the
    // instruction cache, not the instruction count, is what the builder's speed depends on; see Performance.md).

    @inline(never)
    mutating func fail(_ error: VASTError) {
        guard !failed else { return }
        failed = true
        var error = error
        let (line, column) = VASTSAXBuilder.position(context)
        error.message += " (line \(line), column \(column))"
        error.line = line
        error.column = column
        failure = error
        if let context { xmlStopParser(context) }
    }

    @inline(never)
    mutating func fail(_ limit: VASTLimit, _ detail: String, _ value: Int) {
        fail(limit.error(detail, limit: value))
    }

    @inline(never)
    mutating func failTooDeep() {
        fail(.depth, "Element nesting deeper than \(limits.maxDepth)", limits.maxDepth)
    }

    @inline(never)
    mutating func failTooManyAttributes(_ localName: UnsafePointer<xmlChar>) {
        let name = String(cString: localName)
        let limit = limits.maxAttributesPerElement
        fail(.attributesPerElement, "<\(name)> with more than \(limit) attributes", limit)
    }

    @inline(never)
    mutating func failURLTooLong(_ bytes: Int) {
        fail(.urlLength, "A URL of \(bytes) bytes", limits.maxURLLength)
    }

    /// Fails with `limit`, whose message says there were more than `value` `things`.
    @inline(never)
    mutating func failMoreThan(_ limit: VASTLimit, _ value: Int, _ things: String) {
        fail(limit.error("More than \(value) \(things)", limit: value))
    }

    @inline(never)
    mutating func warn(_ message: @autoclosure () -> String) {
        let (line, column) = VASTSAXBuilder.position(context)
        document.warnings.append(VASTWarning(code: 101, message: message(), line: line, column: column))
    }

    mutating func rejectDTD(_ what: String) {
        fail(
            VASTError(
                .invalidResponse,
                "VAST documents must not contain \(what); it was rejected, not expanded.",
                vastCode: 100,
                hint: "Remove the DOCTYPE and entity declarations from the ad response."
            )
        )
    }
}
