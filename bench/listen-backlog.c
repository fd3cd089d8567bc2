/* LD_PRELOAD shim for bench/run: Icecast 2.4 listens with a fixed backlog of 5, so that thousands
 * of listeners connecting at once overflow its accept queue and wait on SYN retries (seconds each)
 * instead of being served. This raises every listen() backlog to LISTEN_BACKLOG (default 4096; the
 * kernel caps it at net.core.somaxconn).
 *
 * build: cc -O2 -shared -fPIC -o listen-backlog.so bench/listen-backlog.c -ldl
 * use:   LD_PRELOAD=./listen-backlog.so icecast2 -c icecast.xml */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/socket.h>

int listen(int fd, int backlog) {
  static int (*real_listen)(int, int);
  if (!real_listen) real_listen = (int (*)(int, int))dlsym(RTLD_NEXT, "listen");
  const char *wanted = getenv("LISTEN_BACKLOG");
  int at_least = wanted ? atoi(wanted) : 4096;
  return real_listen(fd, backlog < at_least ? at_least : backlog);
}
