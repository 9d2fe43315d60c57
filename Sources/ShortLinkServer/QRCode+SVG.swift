extension QRCode {
    /// The code as a standalone SVG document: black modules on a white square, with a light
    /// quiet zone around them.
    ///
    /// The document's `viewBox` counts modules (the code and the quiet zone on each side); its
    /// `width` and `height` are that many times `moduleSize` pixels. The dark modules are one
    /// `<path>` of horizontal runs (`M4 4h3v1h-3z` is a run of three at the quiet zone's
    /// corner), drawn with `shape-rendering="crispEdges"` so that no edge is blurred. The same
    /// code always gives the same text.
    ///
    /// ```swift
    /// try QRCode("https://shop.example.com/s/spring-sale").svg(moduleSize: 10)
    /// // <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 37 37" width="370" height="370" ...
    /// ```
    ///
    /// - Parameters:
    ///   - moduleSize: The pixels a module measures; a value below 1 is taken as 1.
    ///   - quietZone: The light modules around the code; the standard asks for at least 4. A
    ///     negative value is taken as 0.
    ///
    /// Cost: linear in the code's modules.
    public func svg(moduleSize: Int = 8, quietZone: Int = 4) -> String {
        let quiet = max(0, quietZone)
        let side = size + 2 * quiet
        let pixels = side * max(1, moduleSize)
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < size && isDark(x: end, y: y) { end += 1 }
                path += "M\(x + quiet) \(y + quiet)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 \(side) \(side)" \
            width="\(pixels)" height="\(pixels)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#ffffff"/>\
            <path d="\(path)" fill="#000000"/></svg>

            """
    }
}
