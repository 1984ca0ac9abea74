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
    _ = output.write(DemoText.splitAndEscaped(line), to: 1)
}
exit(output.emit(outcome))
