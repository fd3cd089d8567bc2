/* Stalled listeners next to normal ones, for bench/stalled-listeners: opens NORMAL listeners that
 * read everything (epoll, one thread), then STALLED ones that ask for the stream and never read a
 * byte (SO_RCVBUF 4 KiB before connect, so that the client's own kernel holds little and what is
 * measured is the server's). Every second it sums, with `ss -tmnH`, the kernel memory of the
 * stalled connections: the server's send buffers (skmem w, wmem_queued, in every state but
 * listening, so a connection the server closed with audio still queued counts) and the stalled
 * clients' receive buffers (skmem r). It notes when each stalled listener was dropped (a reset or
 * the server's FIN, seen without reading) and whether every normal one received the stream's rate.
 * Prints one JSON line.
 *
 * usage: stalled-load HOST PORT PATH STALLED NORMAL SECONDS
 * The bit rate is the server's icy-br header. A normal listener "kept real time" when it received
 * at least the stream's rate over the time after its burst, less one second's worth, and never
 * waited more than 2 s for audio. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

enum { KIND_NONE = 0, KIND_STALLED = 1, KIND_NORMAL = 2 };
static unsigned char kind_of_port[65536];

/* Sums skmem field `field` ('w' or 'r') over the sockets `filter` selects whose other end (the
 * peer's port for the server's sockets, the local port for the clients') is a stalled listener. */
static long long stalled_bytes(int port, int server_side) {
  char command[256];
  snprintf(command, sizeof command, "ss -tmnH state connected '( %s = :%d )' 2>/dev/null",
           server_side ? "sport" : "dport", port);
  FILE *ss = popen(command, "r");
  if (!ss) return -1;
  char line[1024];
  long long total = 0;
  int counted = 0;
  while (fgets(line, sizeof line, ss)) {
    char *skmem = strstr(line, "skmem:(");
    if (!skmem) {
      /* "STATE recv-q send-q local:port peer:port": whose is it */
      char local[128], peer[128];
      counted = 0;
      if (sscanf(line, "%*s %*s %*s %127s %127s", local, peer) == 2) {
        const char *other = server_side ? peer : local;
        const char *colon = strrchr(other, ':');
        int p = colon ? atoi(colon + 1) : 0;
        counted = p > 0 && p < 65536 && kind_of_port[p] == KIND_STALLED;
      }
      /* ss may print skmem on the same line */
      skmem = strstr(line, "skmem:(");
      if (!skmem) continue;
    }
    if (!counted) continue;
    const char *key = server_side ? ",w" : "(r";
    char *at = strstr(skmem, key);
    if (at) total += atoll(at + 2);
    counted = 0;
  }
  pclose(ss);
  return total;
}

static int open_listener(const struct sockaddr_in *addr, int stalled) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (stalled) {
    int rcv = 4096;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof rcv);
  }
  if (connect(fd, (const struct sockaddr *)addr, sizeof *addr) < 0) {
    close(fd);
    return -1;
  }
  struct sockaddr_in local;
  socklen_t len = sizeof local;
  getsockname(fd, (struct sockaddr *)&local, &len);
  kind_of_port[ntohs(local.sin_port)] = stalled ? KIND_STALLED : KIND_NORMAL;
  return fd;
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: %s HOST PORT PATH STALLED NORMAL SECONDS\n", argv[0]);
    return 2;
  }
  const char *host = argv[1];
  int port = atoi(argv[2]);
  const char *path = argv[3];
  int stalled = atoi(argv[4]), normal = atoi(argv[5]);
  double seconds = atof(argv[6]);
  struct rlimit rl = {65536, 65536};
  setrlimit(RLIMIT_NOFILE, &rl);
  char request[4096];
  int request_len = snprintf(request, sizeof request,
                             "GET %s HTTP/1.1\r\nHost: %s:%d\r\nIcy-MetaData: 1\r\nUser-Agent: stalled-load\r\n\r\n",
                             path, host, port);
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, host, &addr.sin_addr);
  int ep = epoll_create1(0);
  int n = stalled + normal;
  int *fds = calloc(n, sizeof(int));
  long long *bytes = calloc(n, sizeof(long long));
  double *connected_at = calloc(n, sizeof(double));
  double *dropped_at = calloc(n, sizeof(double));
  double *last_read = calloc(n, sizeof(double));
  double *longest_wait = calloc(n, sizeof(double));
  long long *at_window = calloc(n, sizeof(long long));
  static char buf[1 << 16];
  int kbps = 0, failed = 0;

  /* The normal listeners first (index stalled..n-1), then the stalled ones (0..stalled-1). */
  for (int i = n - 1; i >= 0; --i) {
    int is_stalled = i < stalled;
    fds[i] = open_listener(&addr, is_stalled);
    if (fds[i] < 0 || write(fds[i], request, request_len) != request_len) {
      ++failed;
      continue;
    }
    connected_at[i] = last_read[i] = now_s();
    if (!is_stalled && kbps == 0) {
      /* the head, for the bit rate; the rest of what this read took is audio */
      ssize_t r = read(fds[i], buf, sizeof buf - 1);
      if (r > 0) {
        buf[r] = 0;
        char *br = strcasestr(buf, "icy-br:");
        if (br) kbps = atoi(br + 7);
        char *end = strstr(buf, "\r\n\r\n");
        if (end) bytes[i] += r - (end + 4 - buf);
      }
    }
    fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    struct epoll_event ev = {.events = is_stalled ? EPOLLRDHUP : (EPOLLIN | EPOLLRDHUP), .data.u32 = (unsigned)i};
    epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev);
  }
  if (kbps <= 0) kbps = 64;
  double started = now_s(), next_sample = started, window_start = started + 5;
  long long peak_server = 0, peak_client = 0, peak_total = 0, last_total = 0;
  double peak_at = 0;
  int window_set = 0, all_dropped_reported = 0;
  double all_dropped_at = 0;
  struct epoll_event events[1024];
  while (now_s() < started + seconds) {
    double t = now_s();
    if (!window_set && t >= window_start) {
      window_set = 1;
      for (int i = stalled; i < n; ++i) at_window[i] = bytes[i];
    }
    if (t >= next_sample) {
      next_sample += 1.0;
      long long server_side = stalled_bytes(port, 1), client_side = stalled_bytes(port, 0);
      last_total = server_side + client_side;
      if (last_total > peak_total) {
        peak_total = last_total;
        peak_server = server_side;
        peak_client = client_side;
        peak_at = t - started;
      }
    }
    int k = epoll_wait(ep, events, 1024, 50);
    t = now_s();
    for (int e = 0; e < k; ++e) {
      int c = (int)events[e].data.u32;
      if (fds[c] < 0) continue;
      if (c < stalled) {
        /* never read: a hang-up or an error is the server dropping it */
        if (events[e].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) {
          dropped_at[c] = t;
          epoll_ctl(ep, EPOLL_CTL_DEL, fds[c], NULL);
          close(fds[c]);
          fds[c] = -1;
        }
        continue;
      }
      ssize_t r;
      while ((r = read(fds[c], buf, sizeof buf)) > 0) {
        bytes[c] += r;
        if (t - last_read[c] > longest_wait[c] && t - connected_at[c] > 1) longest_wait[c] = t - last_read[c];
        last_read[c] = t;
      }
      if (r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
        dropped_at[c] = t;
        close(fds[c]);
        fds[c] = -1;
      }
    }
    if (!all_dropped_reported) {
      int left = 0;
      for (int i = 0; i < stalled; ++i) left += fds[i] >= 0;
      if (left == 0) {
        all_dropped_reported = 1;
        all_dropped_at = t - started;
      }
    }
  }
  double ended = now_s();
  int dropped = 0;
  double slowest_drop = 0, fastest_drop = 1e9;
  for (int i = 0; i < stalled; ++i) {
    if (dropped_at[i] <= 0) continue;
    ++dropped;
    double after = dropped_at[i] - connected_at[i];
    if (after > slowest_drop) slowest_drop = after;
    if (after < fastest_drop) fastest_drop = after;
  }
  int realtime = 0, normal_dropped = 0;
  double window = ended - window_start, longest = 0;
  long long need = (long long)(kbps * 1000.0 / 8 * (window - 1.0));
  for (int i = stalled; i < n; ++i) {
    if (dropped_at[i] > 0) ++normal_dropped;
    double wait_now = ended - last_read[i];
    if (wait_now > longest_wait[i]) longest_wait[i] = wait_now;
    if (longest_wait[i] > longest) longest = longest_wait[i];
    if (dropped_at[i] <= 0 && bytes[i] - at_window[i] >= need && longest_wait[i] <= 2.0) ++realtime;
  }
  printf("{\"stalled\": %d, \"normal\": %d, \"failed\": %d, \"kbps\": %d, \"seconds\": %.1f, "
         "\"stalled_dropped\": %d, \"first_drop_s\": %.1f, \"last_drop_s\": %.1f, \"all_dropped_at_s\": %.1f, "
         "\"peak_kernel_bytes\": %lld, \"peak_server_send_bytes\": %lld, \"peak_client_receive_bytes\": %lld, "
         "\"peak_at_s\": %.1f, \"end_kernel_bytes\": %lld, \"normal_realtime\": %d, \"normal_dropped\": %d, "
         "\"normal_longest_wait_s\": %.2f}\n",
         stalled, normal, failed, kbps, ended - started, dropped, dropped ? fastest_drop : 0.0, slowest_drop,
         all_dropped_reported ? all_dropped_at : -1.0, peak_total, peak_server, peak_client, peak_at, last_total,
         realtime, normal_dropped, longest);
  return 0;
}
