import Foundation

/// The function library: dispatch, and the string, boolean and select functions.
extension XPathEvaluator {
    func call(_ function: XPathFunction, _ arguments: [XPathAST], _ context: Context) throws(Failure) -> Value {
        // `if` evaluates only the branch it takes; every other function its arguments first.
        if function == .if {
            return try evaluate(boolean(try evaluate(arguments[0], context)) ? arguments[1] : arguments[2], context)
        }
        if function == .indexedRepeat { return try indexedRepeat(arguments, context) }
        var values: [Value] = []
        for argument in arguments { values.append(try evaluate(argument, context)) }
        return try apply(function, values, context)
    }

    private func apply(_ function: XPathFunction, _ values: [Value], _ context: Context) throws(Failure) -> Value {
        func text(_ i: Int) -> String { string(values[i]) }
        func num(_ i: Int) -> Double { number(values[i]) }
        switch function {
        // Strings.
        case .string: return .string(values.isEmpty ? string(.nodes([context.node])) : text(0))
        case .concat: return .string(values.map(joinedText).joined())
        case .join: return .string(values.dropFirst().flatMap(texts).joined(separator: text(0)))
        case .substr: return .string(Self.substr(text(0), start: num(1), end: values.count > 2 ? num(2) : nil))
        case .substring: return .string(Self.substring(text(0), start: num(1), length: values.count > 2 ? num(2) : nil))
        case .substringBefore:
            let (s, t) = (text(0), text(1))
            return .string(t.isEmpty ? "" : s.range(of: t).map { String(s[..<$0.lowerBound]) } ?? "")
        case .substringAfter:
            let (s, t) = (text(0), text(1))
            return .string(t.isEmpty ? s : s.range(of: t).map { String(s[$0.upperBound...]) } ?? "")
        case .translate: return .string(Self.translate(text(0), from: text(1), to: text(2)))
        case .stringLength:
            return .number(Double((values.isEmpty ? string(.nodes([context.node])) : text(0)).count))
        case .normalizeSpace:
            let s = values.isEmpty ? string(.nodes([context.node])) : text(0)
            return .string(s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " "))
        case .contains: return .boolean(text(1).isEmpty || text(0).contains(text(1)))
        case .startsWith: return .boolean(text(0).hasPrefix(text(1)))
        case .endsWith: return .boolean(text(0).hasSuffix(text(1)))
        case .uuid:
            guard let length = values.first.map(number) else { return .string(environment.uuid()) }
            return .string(randomString(length: length))
        case .pulldata: return try pulldata(text(0), text(1), text(2), text(3))
        case .digest: return .string(try Self.digest(text(0), algorithm: text(1), encoding: values.count > 2 ? text(2) : "base64"))
        case .base64Decode: return .string(Self.base64Decode(text(0)))
        case .name, .localName:
            let node: Node?
            if let first = values.first {
                guard case .nodes(let nodes) = first else { throw Failure("\(function.rawValue)() needs a node-set") }
                node = nodes.first
            } else {
                node = context.node
            }
            let name = node.map(tree.name(of:)) ?? ""
            return .string(function == .name ? name : String(name.split(separator: ":").last ?? ""))
        // Booleans.
        case .if: return values[boolean(values[0]) ? 1 : 2]
        case .coalesce: return .string(text(0).isEmpty ? text(1) : text(0))
        case .once:
            // The node itself when it holds a value, so that its type is kept: a `dateTime` read
            // as a string would come back a date.
            let existing = string(.nodes([context.node]))
            return existing.isEmpty ? values[0] : .nodes([context.node])
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .boolean: return .boolean(boolean(values[0]))
        case .booleanFromString: return .boolean(text(0) == "true" || text(0) == "1")
        case .not: return .boolean(!boolean(values[0]))
        case .regex:
            do {
                let pattern = try Regex(text(1))
                return .boolean(try pattern.wholeMatch(in: text(0)) != nil)
            } catch {
                throw Failure("regex(): '\(text(1))' is no regular expression")
            }
        case .checklist, .weightedChecklist:
            return .boolean(checklist(values, weighted: function == .weightedChecklist))
        // Selects.
        case .selected: return .boolean(Self.choices(text(0)).contains(text(1).trimmingXPathSpace()))
        case .selectedAt:
            let choices = Self.choices(text(0))
            let index = num(1)
            guard index >= 0, index < Double(choices.count) else { return .string("") }
            return .string(choices[Int(index)])
        case .countSelected: return .number(Double(Self.choices(text(0)).count))
        case .choiceName:
            // ODK's form: `jr:choice-name(value, 'path of the select')`, as JavaRosa reads it.
            if let ast = try? XPathParser.parse(text(1)), case .path = ast, case .nodes(let selects)? = try? evaluate(ast, context),
                let select = selects.first, let label = tree.choiceLabel(of: select, value: text(0))
            {
                return .string(label)
            }
            // Otherwise the select's node and a value: `jr:choice-name(/data/color, 'g')`.
            guard case .nodes(let nodes) = values[0], let node = nodes.first else { return .string("") }
            return .string(tree.choiceLabel(of: node, value: text(1)) ?? "")
        // Texts.
        case .itext:
            guard let texts = tree as? any XPathTextSource else { throw Failure("jr:itext(): there are no translations to read") }
            return .string(texts.itext(text(0)) ?? "")
        default:
            return try applyNumeric(function, values, context)
        }
    }

    /// The text of every node of a node-set, or the one text of any other value.
    func texts(_ value: Value) -> [String] {
        if case .nodes(let nodes) = value { return nodes.map { string(conversions.typed($0)) } }
        return [string(value)]
    }

    /// `concat`'s text of one argument: every node's text of a node-set, joined.
    private func joinedText(_ value: Value) -> String { texts(value).joined() }

    /// A select's value as its choices: the space-separated words.
    static func choices(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    /// ODK's `substr`: from the 0-based `start` up to before `end` (to the end without one); empty when
    /// the range is empty or starts outside the text.
    static func substr(_ text: String, start: Double, end: Double?) -> String {
        let chars = Array(text)
        guard start.isFinite, start >= 0 else { return "" }
        let from = Int(start)
        let to = min(chars.count, end.map { $0.isNaN ? 0 : $0 >= Double(chars.count) ? chars.count : Int($0) } ?? chars.count)
        guard from < to else { return "" }
        return String(chars[from..<to])
    }

    /// XPath 1.0's `substring`: the characters whose 1-based position `p` has
    /// `round(start) <= p < round(start) + round(length)`.
    static func substring(_ text: String, start: Double, length: Double?) -> String {
        let chars = Array(text)
        let first = xpathRound(start)
        let last = length.map { first + xpathRound($0) } ?? .infinity
        var out = ""
        for (i, c) in chars.enumerated() where Double(i + 1) >= first && Double(i + 1) < last { out.append(c) }
        return out
    }

    static func xpathRound(_ x: Double) -> Double { x.isFinite ? (x + 0.5).rounded(.down) : x }

    static func translate(_ text: String, from: String, to: String) -> String {
        let from = Array(from)
        let to = Array(to)
        var out = ""
        for c in text {
            guard let at = from.firstIndex(of: c) else { out.append(c); continue }
            if at < to.count { out.append(to[at]) }
        }
        return out
    }

    /// `uuid(n)`: `n` random letters and digits.
    private func randomString(length: Double) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard length.isFinite, length > 0 else { return "" }
        return String((0..<min(Int(length), 100_000)).map { _ in alphabet[min(alphabet.count - 1, Int(environment.random() * Double(alphabet.count)))] })
    }

    /// `checklist(min, max, v*)`: how many values are true (a number > 0, or a true boolean) lies in
    /// `min...max`, either bound -1 for none. Weighted: each value counts its weight.
    private func checklist(_ values: [Value], weighted: Bool) -> Bool {
        let low = number(values[0])
        let high = number(values[1])
        var items: [Value] = []
        for value in values.dropFirst(2) {
            if case .nodes(let nodes) = value { items += nodes.map { conversions.typed($0) } } else { items.append(value) }
        }
        var total = 0.0
        var i = 0
        while i < items.count {
            let holds = boolean(items[i])
            if weighted {
                if holds, i + 1 < items.count { total += number(items[i + 1]) }
                i += 2
            } else {
                if holds { total += 1 }
                i += 1
            }
        }
        return (low < 0 || total >= low) && (high < 0 || total <= high)
    }

    /// `pulldata(instance, desired, query element, query)`: the text of `desired` in the first item of
    /// the secondary instance whose `query element` holds `query`.
    private func pulldata(_ instance: String, _ desired: String, _ key: String, _ query: String) throws(Failure) -> Value {
        guard let document = tree.document(instance) else { throw Failure("pulldata(): no instance named '\(instance)'") }
        for root in tree.children(of: document, named: nil) {
            for item in tree.children(of: root, named: nil) {
                if tree.children(of: item, named: key).contains(where: { tree.value(of: $0) == query }) {
                    return .string(tree.children(of: item, named: desired).first.map(tree.value(of:)) ?? "")
                }
            }
        }
        return .string("")
    }
}
