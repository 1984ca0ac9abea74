import FormContextOpenRosa
import Foundation

/// `ContextDemo pull <url> --into <dir>`: downloads the forms an OpenRosa server lists, with their
/// media files, through ``OpenRosaClient``.
///
/// Each form is `<dir>/<formID>.xml` and its media files are in `<dir>/<formID>-media/`; a form already
/// held with the listed hash is not fetched again. A form and its media arrive whole or not at all.
/// Every line it prints is escaped: the form's id and name as the server gave them, quoted.
enum PullCommand {
    struct Options {
        var server = OpenRosaServerOptions()
        var formID: String?
        var folder: String?
    }

    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, inline) = DemoCommand.splitFlag(argument)
            if try options.server.take(flag, inline: inline, from: &remaining) { continue }
            switch flag {
            case "--form", "--into":
                guard let value = inline ?? remaining.popFirst() else { throw .missingValue(flag) }
                guard !value.isEmpty else {
                    if flag == "--into" { throw .emptyPath(flag) }
                    throw .invalidOptionValue(flag: flag, value: value, problem: "expected a form id")
                }
                if flag == "--form" { options.formID = value } else { options.folder = value }
            default:
                guard !argument.hasPrefix("-") else { throw .unknownOption(argument) }
                // A second URL is echoed as an endpoint shows it: an app-user token hidden.
                guard options.server.url == nil else { throw .unexpectedArgument(OpenRosaServerOptions.shown(argument)) }
                options.server.url = argument
            }
        }
        guard options.server.url != nil else { throw .missingValue("pull <url>") }
        guard options.folder != nil else { throw .missingValue("--into") }
        options.server = try options.server.validated()
        return options
    }

    /// Lists the server's forms and downloads each (or the one `--form` names), printing what it fetched.
    ///
    /// Exit status 0 when every form is held whole; 1 when the list or a form failed (each named on
    /// standard error; the other forms are still pulled); 2 for bad arguments.
    static func run(_ arguments: [String]) async -> DemoCommand.Outcome {
        let options: Options
        let endpoint: OpenRosaEndpoint
        do throws(OpenRosaDemoFailure) {
            do { options = try parse(arguments) } catch { throw .usage(error) }
            endpoint = try options.server.endpoint()
        } catch {
            return error.outcome
        }
        guard let folder = options.folder else { return DemoCommand.usageFailure(.missingValue("--into")) }
        do throws(OpenRosaDemoFailure) {
            try makeFolder(folder)
        } catch {
            return error.outcome
        }
        let client = options.server.timeout.map { OpenRosaClient(endpoint: endpoint, timeout: $0) } ?? OpenRosaClient(endpoint: endpoint)
        let forms: [OpenRosaForm]
        do {
            forms = try await client.formList(formID: options.formID)
        } catch {
            return OpenRosaDemoFailure.failed("\(error)").outcome
        }
        if let formID = options.formID, forms.isEmpty {
            return OpenRosaDemoFailure.failed("the server lists no form \(DemoText.echo(formID))").outcome
        }
        var lines: [String] = []
        var errors: [String] = []
        for form in forms {
            let version = form.version.map { " version \(DemoText.echo($0))" } ?? ""
            do {
                let download = try await client.download(form, into: folder)
                let header = "form \(DemoText.echo(form.formID)) \(DemoText.echo(form.name))\(version)"
                guard !download.isUnchanged else {
                    lines.append(header + ": up to date")
                    continue
                }
                lines.append(header)
                for name in download.downloaded {
                    let path = name == form.formID + ".xml" ? download.formFile : (download.mediaFolder ?? folder) + "/" + name
                    lines.append("  fetched \(path)")
                }
            } catch {
                errors.append("error: form \(DemoText.echo(form.formID)): \(error)")
            }
        }
        let pulled = forms.count - errors.count
        lines.append("pulled \(pulled) form\(pulled == 1 ? "" : "s") into \(folder)")
        return DemoCommand.Outcome(
            status: errors.isEmpty ? DemoCommand.success : DemoCommand.invalidInput, output: DemoText.joined(lines),
            errorOutput: DemoText.joined(errors))
    }

    /// Makes `path` a folder when nothing is there (not its parents); a folder already there is used.
    private static func makeFolder(_ path: String) throws(OpenRosaDemoFailure) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .failed("\(DemoText.echo(path)) given to --into is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw .failed("the folder \(DemoText.echo(path)) given to --into cannot be made (its parent must exist)")
        }
    }
}
