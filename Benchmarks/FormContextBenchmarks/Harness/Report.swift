import Foundation

/// Prints the results as a table or as JSON.
struct Report: Encodable {
    /// `full` or `quick`.
    let mode: String
    /// Timed repetitions behind every timed figure.
    let repetitions: Int
    /// Untimed warm-up repetitions before them.
    let warmups: Int
    /// Every measured row, in scenario order.
    let rows: [Measurement]
    /// Every target verdict, in scenario order.
    let targets: [TargetCheck]

    /// The results as aligned text: one table of figures, then one line per target.
    var table: String {
        let header = ["scenario", "size", "metric", "engine", "baseline", "baseline figure", "ratio"]
        let body = rows.map { row in
            [
                row.scenario, Self.grouped(row.size), row.metric, Self.figure(row.engine), row.baselineName,
                Self.figure(row.baseline), row.ratio.map(Self.ratio) ?? "-",
            ]
        }
        let numeric: Set<Int> = [1, 3, 5, 6]
        let widths = header.indices.map { column in
            ([header] + body).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let cell = cells[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
        }
        var lines = ["FormContext benchmarks (\(mode): median of \(repetitions) after \(warmups) warm-up)", ""]
        lines.append(line(header))
        lines.append(line(widths.map { String(repeating: "-", count: $0) }))
        lines += body.map(line)
        lines.append("")
        lines.append("Targets")
        for check in targets {
            lines.append("  [\(check.verdict)] \(check.id): \(check.statement)")
            lines.append("      \(check.detail)")
        }
        return lines.joined(separator: "\n")
    }

    /// The results as pretty-printed JSON.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// `value` with thousands separators, for example `100,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset).isMultiple(of: 3) { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A ratio such as `1.23x`; below 0.01 as a fraction such as `1/11,460x`, so it keeps its digits.
    static func ratio(_ value: Double) -> String {
        if value > 0, value < 0.01 { return "1/" + grouped(Int((1 / value).rounded())) + "x" }
        return String(format: "%.2fx", value)
    }

    /// A figure: whole numbers exactly, others to three significant digits or to the unit.
    static func figure(_ value: Double) -> String {
        if value.rounded() == value, value.magnitude < 1e15 { return grouped(Int(value)) }
        if value.magnitude >= 1000 { return grouped(Int(value.rounded())) }
        if value.magnitude >= 100 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}
