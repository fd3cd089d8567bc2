/* Server-Sent Events subscribers for bench/sse-latency: opens N connections to one events URL and
 * reads them all with epoll on one thread. For every event (an "id: " line) after the first one of
 * each connection (sent on connect), prints "EVENT <id> <unix ms of arrival>" once per connection,
 * and the first time an id is seen, "DATA <id> <the data line>", so that the caller can tell when
 * the change it announces happened. Once every connection has had its first event, prints
 * "READY <subscribers>" (bench/ingest-latency waits for it before it sends anything).
 *
 * usage: sse-load HOST PORT PATH SUBSCRIBERS SECONDS */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct conn {
  int fd;
  int sent;
  int events;
  char *line; /* the current line, grown as needed */
  size_t len, cap;
  long id;
};

static double mono(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long long unix_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

#define MAX_IDS 4096
static char seen[MAX_IDS];
static int opened, connected; /* connections opened; of them, those that had their first event */

static void on_line(struct conn *c, long long at) {
  c->line[c->len] = 0;
  if (strncmp(c->line, "id: ", 4) == 0) {
    c->id = atol(c->line + 4);
  } else if (strncmp(c->line, "data: ", 6) == 0 && c->id > 0) {
    if (c->events++ > 0) {
      printf("EVENT %ld %lld\n", c->id, at);
    } else if (++connected == opened) {
      printf("READY %d\n", connected);
    }
    if (c->id < MAX_IDS && !seen[c->id]) {
      seen[c->id] = 1;
      printf("DATA %ld %s\n", c->id, c->line + 6);
    }
    c->id = 0;
  }
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s HOST PORT PATH SUBSCRIBERS SECONDS\n", argv[0]);
    return 2;
  }
  const char *host = argv[1];
  int port = atoi(argv[2]);
  const char *path = argv[3];
  int n = atoi(argv[4]);
  double seconds = atof(argv[5]);
  struct rlimit rl = {65536, 65536};
  setrlimit(RLIMIT_NOFILE, &rl);
  char request[2048];
  int request_len =
      snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n\r\n", path,
               host, port);
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, host, &addr.sin_addr);
  int ep = epoll_create1(0);
  struct conn *conns = calloc(n, sizeof(struct conn));
  for (int i = 0; i < n; ++i) {
    conns[i].fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (conns[i].fd < 0 ||
        (connect(conns[i].fd, (struct sockaddr *)&addr, sizeof addr) < 0 && errno != EINPROGRESS)) {
      conns[i].fd = -1;
      continue;
    }
    ++opened;
    struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.u32 = (unsigned)i};
    epoll_ctl(ep, EPOLL_CTL_ADD, conns[i].fd, &ev);
    if (i % 200 == 199) usleep(20000);
  }
  fprintf(stderr, "sse-load: %d of %d subscribers connecting\n", opened, n);
  static char buf[1 << 16];
  struct epoll_event events[1024];
  double end = mono() + seconds;
  while (mono() < end) {
    int k = epoll_wait(ep, events, 1024, 100);
    long long at = unix_ms();
    for (int e = 0; e < k; ++e) {
      struct conn *c = &conns[events[e].data.u32];
      if (c->fd < 0) continue;
      if ((events[e].events & EPOLLOUT) && !c->sent) {
        if (write(c->fd, request, request_len) == request_len) c->sent = 1;
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = events[e].data.u32};
        epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
      }
      if (!(events[e].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) continue;
      ssize_t r;
      while ((r = read(c->fd, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < r; ++i) {
          if (buf[i] == '\n') {
            on_line(c, at);
            c->len = 0;
            continue;
          }
          if (c->len + 2 > c->cap) {
            c->cap = c->cap ? c->cap * 2 : 256;
            c->line = realloc(c->line, c->cap);
          }
          c->line[c->len++] = buf[i];
        }
      }
      if (r == 0 || (r < 0 && errno != EAGAIN)) {
        close(c->fd);
        c->fd = -1;
      }
    }
    fflush(stdout);
  }
  int first = 0;
  for (int i = 0; i < n; ++i) first += conns[i].events > 0;
  fprintf(stderr, "sse-load: %d subscribers received the first event\n", first);
  return 0;
}
