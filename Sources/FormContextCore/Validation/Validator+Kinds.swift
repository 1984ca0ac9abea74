import Foundation

extension Validator {
    /// The field must have a value: not absent, not blank text (whitespace only), not an empty collection.
    ///
    /// - Parameter message: The message shown when the value is missing; `is required` by default.
    /// - Returns: The validator, rule `required`.
    @inlinable
    public static func required(_ message: String = "is required") -> Validator {
        Validator(rule: "required", message: message, isRequirement: true) { value, _ in !isBlankValue(value) }
    }

    /// The value must equal the value of the field `other` (same value, same type; a NaN equals a NaN).
    ///
    /// - Parameters:
    ///   - other: The key of the other field.
    ///   - message: The message; `must match <other>` by default.
    /// - Returns: The validator, rule `equals(<other>)`; a change to `other` re-validates this field.
    public static func equals(_ other: String, message: String? = nil) -> Validator {
        Validator(rule: "equals(\(other))", message: message ?? "must match \(other)", dependencies: [other]) { value, values in
            isSameValue(boxedValue(value), values[other])
        }
    }

    /// The value must be one of `allowed`.
    ///
    /// - Parameters:
    ///   - allowed: The allowed values, in the order the message lists them.
    ///   - message: The message; `must be one of a, b, c` by default.
    /// - Returns: The validator, rule `oneOf`.
    /// - Complexity: O(1) per check; O(*n*) once to build.
    public static func oneOf(_ allowed: [Value], message: String? = nil) -> Validator {
        let set = Set(allowed)
        let listed = allowed.map { String(describing: $0) }.joined(separator: ", ")
        return Validator(rule: "oneOf", message: message ?? "must be one of \(listed)") { value, _ in set.contains(value) }
    }

    /// A check of your own.
    ///
    /// `test` gets the form's values to compare fields: on a live form it reads the form as it is
    /// (hidden and disabled fields read as absent), and the form records what it read, so a change to
    /// any field it read validates this field again. It runs without any lock held, so it may also
    /// read the live form directly and gets the form's value; such a read is not recorded, so read
    /// other fields through `values` to have this field validated again when they change.
    ///
    /// - Parameters:
    ///   - rule: The rule's name, reported in ``ValidationIssue/rule``.
    ///   - message: The message shown when `test` returns `false`.
    ///   - dependencies: The other fields `test` reads, checked to exist when the definition is built;
    ///     listing them is optional (reads are tracked), but inside a scope they document the contract.
    ///   - test: Returns whether the value passes.
    /// - Returns: The validator.
    public static func custom(
        _ rule: String = "custom", message: String, dependsOn dependencies: [String] = [],
        _ test: @escaping @Sendable (Value, FormValues) -> Bool
    ) -> Validator {
        Validator(rule: rule, message: message, dependencies: dependencies, test: test)
    }
}

extension Validator where Value: Collection {
    /// The value must have at least `count` elements (characters, for text).
    ///
    /// Text is counted in characters as a person sees them: `"é"` is one, however it is encoded.
    ///
    /// - Parameters:
    ///   - count: The least number of elements.
    ///   - message: The message; `must be at least 3 characters` by default.
    /// - Returns: The validator, rule `minLength(<count>)`.
    /// - Complexity: O(*n*) per check for text, O(1) for random-access collections.
    @inlinable
    public static func minLength(_ count: Int, message: String? = nil) -> Validator {
        Validator(rule: "minLength(\(count))", message: message ?? "must be at least \(units(count))") { value, _ in
            // Text has no more characters than UTF-8 bytes, and a native string knows its byte
            // count: text with fewer bytes than `count` fails without a walk of its characters.
            if let text = value as? String, text.utf8.count < count { return false }
            return value.count >= count
        }
    }

    /// The value must have at most `count` elements (characters, for text).
    ///
    /// - Parameters:
    ///   - count: The greatest number of elements.
    ///   - message: The message; `must be at most 40 characters` by default.
    /// - Returns: The validator, rule `maxLength(<count>)`.
    /// - Complexity: O(*n*) per check for text, O(1) for random-access collections.
    @inlinable
    public static func maxLength(_ count: Int, message: String? = nil) -> Validator {
        Validator(rule: "maxLength(\(count))", message: message ?? "must be at most \(units(count))") { value, _ in
            // Text has no more characters than UTF-8 bytes, and a native string knows its byte
            // count: text of at most `count` bytes passes without a walk of its characters.
            if let text = value as? String, text.utf8.count <= count { return true }
            return value.count <= count
        }
    }

    @usableFromInline
    static func units(_ count: Int) -> String {
        let unit = Value.self == String.self ? "character" : "item"
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }
}

extension Validator where Value: Comparable {
    /// The value must lie in `range`.
    ///
    /// - Parameters:
    ///   - range: The allowed values.
    ///   - message: The message; `must be between 1 and 10` by default.
    /// - Returns: The validator, rule `range(<lower>...<upper>)`.
    @inlinable
    public static func range(_ range: ClosedRange<Value>, message: String? = nil) -> Validator {
        Validator(
            rule: "range(\(range.lowerBound)...\(range.upperBound))",
            message: message ?? "must be between \(range.lowerBound) and \(range.upperBound)"
        ) { value, _ in range.contains(value) }
    }

    /// The value must be at least `minimum`.
    ///
    /// - Parameters:
    ///   - minimum: The least allowed value.
    ///   - message: The message; `must be at least 1` by default.
    /// - Returns: The validator, rule `minimum(<minimum>)`.
    @inlinable
    public static func minimum(_ minimum: Value, message: String? = nil) -> Validator {
        Validator(rule: "minimum(\(minimum))", message: message ?? "must be at least \(minimum)") { value, _ in value >= minimum }
    }

    /// The value must be at most `maximum`.
    ///
    /// - Parameters:
    ///   - maximum: The greatest allowed value.
    ///   - message: The message; `must be at most 10` by default.
    /// - Returns: The validator, rule `maximum(<maximum>)`.
    @inlinable
    public static func maximum(_ maximum: Value, message: String? = nil) -> Validator {
        Validator(rule: "maximum(\(maximum))", message: message ?? "must be at most \(maximum)") { value, _ in value <= maximum }
    }
}

extension Validator where Value == String {
    /// The whole value must match the regular expression `pattern` (ICU syntax, as `NSRegularExpression`).
    ///
    /// The pattern is compiled once per distinct pattern and shared by every validator that uses it,
    /// so a form of many fields with the same pattern compiles it once. A pattern that does not compile makes the
    /// ``FormDefinition`` that lists it fail to build with
    /// ``FormDefinitionError/invalidPattern(key:pattern:)``; it never becomes a rule that passes.
    ///
    /// - Parameters:
    ///   - pattern: The regular expression; it must match the whole value.
    ///   - message: The message; `has an invalid format` by default.
    /// - Returns: The validator, rule `pattern(<pattern>)`.
    /// - Complexity: O(*n*) per check for typical patterns.
    public static func pattern(_ pattern: String, message: String = "has an invalid format") -> Validator {
        switch PatternCache.shared.compiled(pattern) {
        case .invalid:
            return Validator(rule: "pattern(\(pattern))", message: message, invalidPattern: pattern) { _, _ in false }
        case .anchored(let anchored):
            return Validator(rule: "pattern(\(pattern))", message: message) { value, _ in
                anchored.expression.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
            }
        case .plain(let plain):
            // A pattern that cannot be wrapped (one ending in a free-spacing comment): the first match
            // anchored at the start must cover the whole value.
            return Validator(rule: "pattern(\(pattern))", message: message) { value, _ in
                let whole = NSRange(value.startIndex..., in: value)
                return plain.expression.firstMatch(in: value, options: [.anchored], range: whole)?.range == whole
            }
        }
    }

    /// The value must look like an email address: `local@domain.tld`, no whitespace, one `@`,
    /// a domain of at least two non-empty labels.
    ///
    /// - Parameter message: The message; `is not a valid email address` by default.
    /// - Returns: The validator, rule `email`.
    /// - Complexity: O(*n*) per check.
    public static func email(_ message: String = "is not a valid email address") -> Validator {
        Validator(rule: "email", message: message) { value, _ in isEmailAddress(value) }
    }

    /// The value must be an absolute URL with one of `schemes` and a host.
    ///
    /// - Parameters:
    ///   - schemes: The allowed schemes, lowercase; `http` and `https` by default.
    ///   - message: The message; `is not a valid URL` by default.
    /// - Returns: The validator, rule `url`.
    public static func url(schemes: Set<String> = ["http", "https"], message: String = "is not a valid URL") -> Validator {
        Validator(rule: "url", message: message) { value, _ in
            guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), schemes.contains(scheme),
                let host = url.host, !host.isEmpty
            else { return false }
            return true
        }
    }
}

/// Whether `text` has the shape of an email address (see ``Validator/email(_:)``).
func isEmailAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
}
