import Foundation

let outcome = await DemoCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.status)
