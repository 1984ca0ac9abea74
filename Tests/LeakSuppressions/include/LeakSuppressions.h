#ifndef LEAKSUPPRESSIONS_H
#define LEAKSUPPRESSIONS_H

/// LeakSanitizer's hook for suppressions built into a program: it calls this, if the program defines
/// it, when it starts, and reads one suppression a line from the text returned. Nothing else calls it,
/// so without AddressSanitizer it is a function no one uses.
const char *__lsan_default_suppressions(void);

#endif
