import Foundation

let outcome = await DurableDemo.run(Array(CommandLine.arguments.dropFirst())) { FileHandle.standardOutput.write(Data($0.utf8)) }
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.status)
