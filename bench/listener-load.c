/* A load of live listeners for bench/run: opens N connections to one stream URL with
 * `Icy-MetaData: 1`, reads everything with epoll on one thread (so that the client, not Python,
 * keeps up with 10,000 streams), and reports, as one JSON line, what the server spent in the
 * steady state (CPU from /proc/<pid>/stat, RSS from /proc/<pid>/status) and how many listeners
 * received audio at least at the stream's rate over the measured window.
 *
 * usage: listener-load HOST PORT PATH LISTENERS WARMUP_S MEASURE_S KBPS SERVER_PID [SERVER_PID...]
 * The window starts WARMUP_S after the last connection is open (the burst is over) and lasts
 * MEASURE_S. A listener "received real time" when it got at least KBPS*1000/8 bytes a second over
 * the window, less one second's worth for a write coalesced at either end. Several PIDs are summed
 * (Icecast and its feeder are measured apart: give only the server's). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "proc-cpu.h"

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}


static double rss_kib(const int *pids, int n) {
  double total = 0;
  for (int i = 0; i < n; ++i) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pids[i]);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    while (fgets(line, sizeof line, f)) {
      if (strncmp(line, "VmRSS:", 6) == 0) total += atof(line + 6);
    }
    fclose(f);
  }
  return total;
}

int main(int argc, char **argv) {
  if (argc < 9) {
    fprintf(stderr, "usage: %s HOST PORT PATH LISTENERS WARMUP_S MEASURE_S KBPS PID...\n", argv[0]);
    return 2;
  }
  const char *host = argv[1];
  int port = atoi(argv[2]);
  const char *path = argv[3];
  int n = atoi(argv[4]);
  double warmup = atof(argv[5]), measure = atof(argv[6]), kbps = atof(argv[7]);
  int npids = argc - 8;
  int *pids = calloc(npids, sizeof(int));
  for (int i = 0; i < npids; ++i) pids[i] = atoi(argv[8 + i]);

  struct rlimit rl = {65536, 65536};
  setrlimit(RLIMIT_NOFILE, &rl);
  char request[4096];
  int request_len = snprintf(request, sizeof request,
                             "GET %s HTTP/1.1\r\nHost: %s:%d\r\nIcy-MetaData: 1\r\nUser-Agent: listener-load\r\n\r\n",
                             path, host, port);
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, host, &addr.sin_addr);

  int ep = epoll_create1(0);
  int *fds = malloc(n * sizeof(int));
  long long *bytes = calloc(n, sizeof(long long));
  long long *at_start = calloc(n, sizeof(long long));
  char *sent = calloc(n, 1);
  double rss_before = rss_kib(pids, npids);
  double started = now_s();
  int failed = 0, ready = 0;
  /* Connect in rounds of 500, so the server's listen backlog is not the question. */
  static char buf[1 << 16];
  struct epoll_event events[1024];
  for (int i = 0; i < n; ++i) {
    fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int rcv = 64 * 1024;
    setsockopt(fds[i], SOL_SOCKET, SO_RCVBUF, &rcv, sizeof rcv);
    if (fds[i] < 0 || (connect(fds[i], (struct sockaddr *)&addr, sizeof addr) < 0 && errno != EINPROGRESS)) {
      ++failed;
      if (fds[i] >= 0) close(fds[i]);
      fds[i] = -1;
      continue;
    }
    struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP, .data.u32 = (unsigned)i};
    epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev);
    if (i % 500 == 499) {
      /* let the server accept this round while already reading what it sends */
      double until = now_s() + 0.2;
      while (now_s() < until) {
        int k = epoll_wait(ep, events, 1024, 20);
        for (int e = 0; e < k; ++e) {
          int c = (int)events[e].data.u32;
          if (fds[c] < 0) continue;
          if ((events[e].events & EPOLLOUT) && !sent[c]) {
            if (write(fds[c], request, request_len) == request_len) sent[c] = 1;
            struct epoll_event ev2 = {.events = EPOLLIN | EPOLLRDHUP, .data.u32 = (unsigned)c};
            epoll_ctl(ep, EPOLL_CTL_MOD, fds[c], &ev2);
          }
          if (events[e].events & EPOLLIN) {
            ssize_t r;
            long long had = bytes[c];
            while ((r = read(fds[c], buf, sizeof buf)) > 0) bytes[c] += r;
            if (had == 0 && bytes[c] > 0) ++ready;
          }
        }
      }
    }
  }
  double connected = now_s();
  /* The window starts WARMUP_S after every listener has its first bytes (Icecast 2.4 accepts from
   * a backlog of 5, so late connections retry), or after 60 s of waiting. */
  double window_start = connected + 60 + warmup, window_end = window_start + measure;
  int window_set = 0;
  double cpu_start = 0, rss_steady = 0;
  int in_window = 0, closed = 0;
  while (1) {
    double t = now_s();
    if (!window_set && ready >= n - failed) {
      window_set = 1;
      window_start = t + warmup;
      window_end = window_start + measure;
    }
    if (!in_window && t >= window_start) {
      in_window = 1;
      cpu_start = cpu_s(pids, npids);
      for (int i = 0; i < n; ++i) at_start[i] = bytes[i];
    }
    if (t >= window_end) break;
    int k = epoll_wait(ep, events, 1024, 50);
    for (int e = 0; e < k; ++e) {
      int c = (int)events[e].data.u32;
      if (fds[c] < 0) continue;
      if ((events[e].events & EPOLLOUT) && !sent[c]) {
        if (write(fds[c], request, request_len) == request_len) sent[c] = 1;
        struct epoll_event ev2 = {.events = EPOLLIN | EPOLLRDHUP, .data.u32 = (unsigned)c};
        epoll_ctl(ep, EPOLL_CTL_MOD, fds[c], &ev2);
      }
      if (events[e].events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) {
        ssize_t r;
        long long had = bytes[c];
        while ((r = read(fds[c], buf, sizeof buf)) > 0) bytes[c] += r;
        if (had == 0 && bytes[c] > 0) ++ready;
        if (r == 0 || (r < 0 && errno != EAGAIN)) {
          close(fds[c]);
          fds[c] = -1;
          ++closed;
        }
      }
    }
  }
  double cpu = cpu_s(pids, npids) - cpu_start;
  rss_steady = rss_kib(pids, npids);
  double elapsed = measure;
  long long need = (long long)(kbps * 1000 / 8 * (measure - 1.0));
  int received = 0, realtime = 0, requested = 0;
  for (int i = 0; i < n; ++i) requested += sent[i];
  long long total = 0;
  for (int i = 0; i < n; ++i) {
    long long got = bytes[i] - at_start[i];
    if (bytes[i] > 0) ++received;
    if (got >= need) ++realtime;
    total += got;
  }
  int served = 0; /* listeners that received audio in the window: what the CPU is shared by */
  for (int i = 0; i < n; ++i) served += bytes[i] > at_start[i];
  printf("{\"listeners\": %d, \"requested\": %d, \"received\": %d, \"realtime\": %d, \"failed\": %d, \"closed\": %d, "
         "\"served\": %d, \"connect_s\": %.1f, \"window_s\": %.1f, \"cpu_s\": %.3f, \"cpu_us_per_listener_s\": %.2f, "
         "\"rss_before_kib\": %.0f, \"rss_kib\": %.0f, \"kib_per_listener\": %.2f, "
         "\"mean_kbps\": %.1f}\n",
         n, requested, received, realtime, failed, closed, served, window_start - warmup - started, elapsed, cpu,
         served > 0 ? cpu * 1e6 / (served * elapsed) : 0.0, rss_before, rss_steady,
         n > 0 ? (rss_steady - rss_before) / n : 0.0, n > 0 ? total * 8.0 / 1000 / n / elapsed : 0.0);
  return 0;
}
