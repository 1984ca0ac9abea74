import Foundation

/// XForm text in and out of the engine's stored values, by a node's type, as JavaRosa reads a saved
/// instance and stores a calculation's result.
enum XFormValueText {
    /// Reads XForm text given for a node (`set`, a default in the instance) as JavaRosa reads a
    /// saved answer: blank is no value; text that is not valid for the type is refused.
    /// - Returns: The value to store (`Int` or normalized text), `nil` for blank; a message when refused.
    static func parse(_ text: String, as type: XFormDataType, timeZone: TimeZone) -> Result<AnyHashable?, Refusal> {
        let trimmed = text.trimmingXPathSpace()
        if trimmed.isEmpty { return .success(nil) }
        switch type {
        case .int:
            guard let value = Int32(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else {
                return .failure(Refusal("expected a whole number from -2147483648 to 2147483647"))
            }
            return .success(AnyHashable(Int(value)))
        case .long:
            guard let value = Int64(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else {
                return .failure(Refusal("expected a whole number"))
            }
            return .success(AnyHashable(String(value)))
        case .decimal:
            guard let value = javaDouble(trimmed) else { return .failure(Refusal("expected a decimal number")) }
            return .success(AnyHashable(XPathNumber.javaString(value)))
        case .date:
            guard let date = XPathDates.civilDate(Substring(trimmed.prefix(10))), trimmed.count == 10 || trimmed.dropFirst(10).first == "T"
            else { return .failure(Refusal("expected a date (yyyy-mm-dd)")) }
            return .success(AnyHashable(pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)))
        case .time:
            guard let time = XPathDates.parseTime(Substring(trimmed)) else { return .failure(Refusal("expected a time (hh:mm:ss)")) }
            return .success(AnyHashable(timeText(time, timeZone: timeZone)))
        case .dateTime:
            guard let date = XPathDates.parse(trimmed, in: timeZone) else { return .failure(Refusal("expected a date and time")) }
            return .success(AnyHashable(dateTimeText(date, timeZone: timeZone)))
        case .boolean:
            switch trimmed.lowercased() {
            case "1", "true": return .success(AnyHashable("1"))
            case "0", "false": return .success(AnyHashable("0"))
            default: return .failure(Refusal("expected true, false, 1 or 0"))
            }
        case .geopoint:
            guard let point = geopoint(trimmed) else { return .failure(Refusal("expected a geopoint (latitude longitude [altitude accuracy])")) }
            return .success(AnyHashable(point))
        case .select:
            return .success(AnyHashable(trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")))
        default:
            return .success(AnyHashable(text))
        }
    }

    /// Why text was refused.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A stored value as XForm text; `nil` for none.
    static func text(_ stored: AnyHashable?) -> String? {
        switch stored?.base {
        case nil: nil
        case let int as Int: String(int)
        case let text as String: text.isEmpty ? nil : text
        case let other?: String(describing: other)
        }
    }

    /// What JavaRosa stores for a calculation's (or a `setvalue`'s) result in a node of `type`
    /// (`Recalculate.wrapData`): blank for empty text or NaN; a boolean as `1`/`0` (any non-blank
    /// text or non-zero number too, in a boolean node); a number truncated and clamped in an `int` node, written as an integer
    /// when integral elsewhere, else as Java writes a double; a date as `yyyy-MM-dd` (a date and
    /// time in a `dateTime` node, a time in a `time` node).
    static func store<Tree: XPathDataTree>(
        _ value: XPathValue<Tree.Node>, as type: XFormDataType, in tree: Tree, environment: XPathEnvironment
    ) -> AnyHashable? {
        var result = value
        if case .nodes = value {
            // A node-set result is unpacked as its first node's typed value.
            let conversions = XPathConversions(tree: tree, environment: environment)
            result = conversions.atoms(value).first ?? .string("")
        }
        switch result {
        case .string(let text):
            if text.isEmpty { return nil }
            if type == .boolean { return AnyHashable("1") }
            if type == .geopoint { return geopoint(text).map(AnyHashable.init) ?? AnyHashable(text) }
            if type.storesInt {
                // JavaRosa keeps the text in the node; a number's text is stored as the number.
                let number = XPathNumber.parse(text)
                return number.isNaN ? nil : AnyHashable(clampedInt(number))
            }
            return AnyHashable(text)
        case .number(let number):
            if number.isNaN { return nil }
            if type == .boolean { return AnyHashable(abs(number) > 1e-12 ? "1" : "0") }
            if type.storesInt { return AnyHashable(clampedInt(number)) }
            if number.isFinite, abs(number - number.rounded(.towardZero)) < 1e-9, abs(number) < 9.2e18 {
                return AnyHashable(String(Int64(number.rounded(.towardZero))))
            }
            return AnyHashable(XPathNumber.javaString(number))
        case .boolean(let flag):
            if type.storesInt { return AnyHashable(flag ? 1 : 0) }
            return AnyHashable(flag ? "1" : "0")
        case .date(let date):
            switch type {
            case .dateTime: return AnyHashable(dateTimeText(date, timeZone: environment.timeZone))
            case .time:
                let calendar = XPathDates.calendar(environment.timeZone)
                let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
                let fraction = Double(parts.nanosecond ?? 0) / 1e9
                return AnyHashable(timeText((parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, fraction, nil), timeZone: environment.timeZone))
            case .int: return AnyHashable(clampedInt(XPathDates.days(date, in: environment.timeZone)))
            default: return AnyHashable(XPathDates.dateString(date, in: environment.timeZone))
            }
        case .nodes:
            return nil
        }
    }

    /// Java's `(int) d`: truncated toward zero, clamped to 32 bits.
    static func clampedInt(_ number: Double) -> Int {
        if number.isNaN { return 0 }
        if number >= 2_147_483_647 { return 2_147_483_647 }
        if number <= -2_147_483_648 { return -2_147_483_648 }
        return Int(number.rounded(.towardZero))
    }

    /// Java's `Double.parseDouble` for the forms people type: digits with an optional sign, point and
    /// exponent (no hexadecimal, no `NaN`).
    static func javaDouble(_ text: String) -> Double? {
        let allowed = text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0) }
        guard allowed, text.unicodeScalars.contains(where: { ("0"..."9").contains($0) }), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// A geopoint normalized as JavaRosa writes one: four Java doubles, altitude and accuracy `0.0`
    /// when not given.
    static func geopoint(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard (2...4).contains(parts.count) else { return nil }
        var numbers = parts.compactMap { javaDouble(String($0)) }
        guard numbers.count == parts.count, abs(numbers[0]) <= 90, abs(numbers[1]) <= 180 else { return nil }
        while numbers.count < 4 { numbers.append(0) }
        return numbers.map(XPathNumber.javaString).joined(separator: " ")
    }

    static func timeText(_ time: (hour: Int, minute: Int, second: Int, fraction: Double, offset: Int?), timeZone: TimeZone) -> String {
        let millis = Int((time.fraction * 1000).rounded(.down))
        let offset = time.offset ?? timeZone.secondsFromGMT()
        return pad(time.hour, 2) + ":" + pad(time.minute, 2) + ":" + pad(time.second, 2) + "." + pad(millis, 3) + zoneText(offset)
    }

    static func dateTimeText(_ date: Date, timeZone: TimeZone) -> String {
        let calendar = XPathDates.calendar(timeZone)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let millis = (parts.nanosecond ?? 0) / 1_000_000
        return pad(parts.year ?? 0, 4) + "-" + pad(parts.month ?? 1, 2) + "-" + pad(parts.day ?? 1, 2) + "T" + pad(parts.hour ?? 0, 2) + ":"
            + pad(parts.minute ?? 0, 2) + ":" + pad(parts.second ?? 0, 2) + "." + pad(millis, 3) + zoneText(timeZone.secondsFromGMT(for: date))
    }

    static func zoneText(_ seconds: Int) -> String {
        if seconds == 0 { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        return sign + pad(abs(seconds) / 3600, 2) + ":" + pad(abs(seconds) % 3600 / 60, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String { XPathDates.pad(value, width) }
}
