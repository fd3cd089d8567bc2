#pragma once
// The process's memory allocator. The server is built with jemalloc (Debian's libjemalloc) unless
// the build turns it off (the sanitizer builds, whose runtime replaces malloc): it keeps objects of
// one size together, so that thousands of live listeners, each a few small objects that live for
// hours, do not pin a page apiece among the freed buffers of the requests that made them, and a
// background thread hands memory freed for a second back to the system.

#include <string>

namespace ether::process {

/// Hands the memory freed since the last call back to the system now (jemalloc's purge of every
/// arena, or glibc's malloc_trim). Walks every arena: call it off the I/O threads.
void release_free_memory();

/// "jemalloc 5.3.0-..." or "glibc malloc": what the process allocates with, for the start-up log.
std::string allocator_name();

/// A jemalloc option as the process runs with it (e.g. "opt.background_thread" -> "true",
/// "opt.dirty_decay_ms" -> "1000"); empty without jemalloc or for an unknown option.
std::string allocator_option(const std::string& name);

}  // namespace ether::process
