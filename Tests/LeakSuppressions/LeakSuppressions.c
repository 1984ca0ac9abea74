#include "LeakSuppressions.h"

/// The leaks LeakSanitizer does not report at the end of `swift test --sanitize=address`: memory
/// that the system's libraries keep for the life of the process and never free, which the tests
/// reach by using them: URLSession's curl handles and the request bodies it keeps, the buffers of
/// `String(contentsOf:encoding:)` and `FileManager.contents(atPath:)`, `Process`'s state, ICU's
/// state for a regular expression that fails to compile, and XCTest's record of its (empty) run.
///
/// A suppression hides a leak when its library is anywhere in the stack that allocated it, so it
/// also hides memory the package had one of these libraries allocate (a `Data`, a `String` read from
/// a file). Only libraries of the toolchain and the system are named here, never FormContext or the
/// tests: an object the package's own code allocates, and leaks, is still reported.
const char *__lsan_default_suppressions(void) {
    return "leak:libcurl\n"
           "leak:libFoundationNetworking.so\n"
           "leak:libFoundation.so\n"
           "leak:libFoundationEssentials.so\n"
           "leak:libFoundationInternationalization.so\n"
           "leak:lib_FoundationICU.so\n"
           "leak:libicu\n"
           "leak:libXCTest.so\n";
}
