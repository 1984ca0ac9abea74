#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Claim the standard descriptors first, before anything the process opens could take a closed one's number.
let output = DemoOutput.claimStandardDescriptors()
let outcome = await DurableDemo.run(rawArguments: DemoArguments.raw()) { line in
    // One line, whatever it holds: a line break from a server shows as `\n`, never as a line of its own.
    _ = output.write(DemoText.joined([line]), to: 1)
}
exit(output.emit(outcome))
