#ifndef CMALLOCINFO_H
#define CMALLOCINFO_H

/// The bytes handed out by malloc and not yet freed: glibc's mallinfo2() uordblks (blocks in the
/// heap arenas) plus hblkhd (blocks mapped on their own). -1 where the C library does not report it.
long long cmallocinfo_bytes_in_use(void);

#endif
