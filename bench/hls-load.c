/* A load of live-rewind HLS listeners for bench/hls-listeners: N virtual players on one epoll thread,
 * each on its own HTTP/1.1 keep-alive connection to HOST:PORT (reconnected if the server closes
 * it). Each does what hls.js does with a live media playlist: loads PLAYLIST (with If-None-Match
 * once it has an ETag, as a browser revalidating a max-age=2 playlist does), parses its segment
 * URIs (relative to the playlist), #EXTINF durations, #EXT-X-MEDIA-SEQUENCE and
 * #EXT-X-PROGRAM-DATE-TIME, fetches every segment it has not fetched yet in order, starting at the
 * last 3 (a player starting at the live edge), and reloads the playlist half a target duration
 * after each load. The listeners' first loads are spread over the first target duration (6 s
 * unless given), so that they do not all poll in the same millisecond.
 *
 * In time, two rules, both counted:
 *  - late (the player's buffer): playback starts when the first segment has arrived; each segment
 *    received adds its EXTINF seconds of buffer, wall time spends it; a segment that arrives after
 *    the buffer ran dry is late (the player stalled; playback resumes with it). A listener whose
 *    buffer is dry at the end of the run counts one late segment more.
 *  - slow (the stricter rule): a segment whose whole body arrived more than its EXTINF seconds
 *    after the listener first saw it in a playlist.
 * Each listener connects from an address of its own in the loopback range, 127.1.0.1 on (250 to a
 * /24), as listeners on the internet do: ether-server shares its worker pool fairly per client
 * address (http/client_group.hpp), and 10,000 players from one address would be one client with
 * one client's share.
 *
 * behind_live_s is the mean of (wall clock at arrival - the segment's PROGRAM-DATE-TIME end) over
 * the segments that appeared after the listener's first playlist: how far behind the live edge the
 * newest audio arrives (it includes the server's publishing delay).
 *
 * usage: hls-load HOST PORT PLAYLIST_PATH LISTENERS SECONDS [PID...]
 * Prints one JSON line. Requests/s is over the whole run (SECONDS, starting with the first connect);
 * with PIDs, cpu_s is the CPU time (utime + stime of every thread, /proc/PID/stat) those processes
 * used over the same run and cpu_us_per_request that divided by the requests answered. Only
 * Content-Length bodies are understood (both servers send them); a chunked answer is an error. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

static double wall_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}


/* 2026-11-26T16:59:18.008Z -> seconds since the epoch */
static double parse_pdt(const char *s) {
  struct tm tm = {0};
  double frac = 0;
  int sec = 0;
  if (sscanf(s, "%d-%d-%dT%d:%d:%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &sec) != 6) return 0;
  const char *dot = strchr(s, '.');
  if (dot && dot < s + 24) frac = atof(dot);
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  tm.tm_sec = sec;
  return (double)timegm(&tm) + frac;
}

#define QUEUE 16
#define URI 96
enum { IDLE, CONNECTING, WAITING, HEADERS, BODY };
struct segment {
  long long seq;
  double duration, pdt, seen;
  int after_first; /* appeared after the listener's first playlist */
  char uri[URI];
};
struct listener {
  int fd, state, want_playlist, loaded_once, late_flagged;
  double next_reload, buffer_end; /* buffer_end: when playback runs dry (0: not started) */
  long long next_seq;             /* the first sequence number not yet queued */
  struct segment queue[QUEUE];
  int qhead, qlen;
  int inflight_playlist;
  double inflight_since;
  char head[4096];
  int head_len;
  long long body_left;
  int status;
  char *body; /* the playlist's body while it is read */
  long long body_len, body_cap;
  char etag[96], new_etag[96];
  char out[1024];
  int out_len, out_off;
};

static const char *host, *playlist_path;
static char base[1024]; /* the playlist's directory, with its trailing slash */
static int port;
static struct sockaddr_in addr;
static int ep;
static double target = 6;
static long long playlist_requests, not_modified, segment_requests, segments_done, bytes_total, errors, reconnects;
static long long late_segments, slow_segments, skipped, answered;
/* What the errors were, for the summary: refused or failed connections, unreadable answers, and the
 * answers that were neither 200 nor 304, by status. */
static long long connect_errors, protocol_errors, status_errors[600];
static double behind_sum;
static long long behind_n;

static void arm(struct listener *l, int idx, unsigned events) {
  struct epoll_event ev = {.events = events, .data.u32 = (unsigned)idx};
  if (epoll_ctl(ep, EPOLL_CTL_MOD, l->fd, &ev) < 0) epoll_ctl(ep, EPOLL_CTL_ADD, l->fd, &ev);
}

static void open_conn(struct listener *l, int idx) {
  l->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (l->fd < 0) return;
  int one = 1;
  setsockopt(l->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct sockaddr_in from = {.sin_family = AF_INET, .sin_port = 0};
  from.sin_addr.s_addr = htonl((127u << 24) | (1u << 16) | ((unsigned)(idx / 250) << 8) | (unsigned)(idx % 250 + 1));
  if (bind(l->fd, (struct sockaddr *)&from, sizeof from) < 0) {
    close(l->fd);
    l->fd = -1;
    return;
  }
  if (connect(l->fd, (struct sockaddr *)&addr, sizeof addr) < 0 && errno != EINPROGRESS) {
    close(l->fd);
    l->fd = -1;
    return;
  }
  l->state = CONNECTING;
  arm(l, idx, EPOLLOUT | EPOLLIN | EPOLLRDHUP);
}

static void drop_conn(struct listener *l) {
  if (l->fd >= 0) close(l->fd);
  l->fd = -1;
  l->state = IDLE;
  free(l->body);
  l->body = NULL;
  l->body_len = l->body_cap = 0;
}

/* Starts the next request if there is one due: the oldest queued segment first, else the playlist
 * once its reload time has come. */
static void next_request(struct listener *l, int idx, double t) {
  if (l->state != IDLE) return;
  const char *target_path;
  char path[1200];
  if (l->qlen > 0) {
    snprintf(path, sizeof path, "%s%s", base, l->queue[l->qhead].uri);
    target_path = path;
    l->inflight_playlist = 0;
  } else if (t >= l->next_reload) {
    target_path = playlist_path;
    l->inflight_playlist = 1;
  } else {
    return;
  }
  char inm[128] = "";
  if (l->inflight_playlist && l->etag[0]) snprintf(inm, sizeof inm, "If-None-Match: %s\r\n", l->etag);
  /* A user agent of its own per player: from one address, as here, that is what makes them distinct
     listeners to ether-server's counting (issue 52), as 10,000 players on their own addresses are. */
  l->out_len = snprintf(l->out, sizeof l->out,
                        "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUser-Agent: hls-load/%d\r\nAccept: */*\r\n%s\r\n",
                        target_path, host, port, idx, inm);
  l->out_off = 0;
  l->inflight_since = t;
  if (l->inflight_playlist) ++playlist_requests; else ++segment_requests;
  if (l->fd < 0) {
    open_conn(l, idx);
    if (l->fd < 0) {
      ++errors;
      ++connect_errors;
      l->next_reload = t + 1;
      return;
    }
    return; /* sent once connected */
  }
  l->state = WAITING;
  ssize_t w = write(l->fd, l->out, l->out_len);
  if (w > 0) l->out_off = (int)w;
  if (l->out_off < l->out_len) arm(l, idx, EPOLLOUT | EPOLLIN | EPOLLRDHUP);
}

static void parse_playlist(struct listener *l, double t) {
  char *p = l->body, *end = l->body + l->body_len;
  long long seq = 0;
  double duration = 0, pdt = 0;
  /* first the segments into a temporary list, to start at the last 3 on the first load */
  static struct segment found[4096];
  int n = 0;
  while (p < end) {
    char *nl = memchr(p, '\n', end - p);
    char *line_end = nl ? nl : end;
    if (line_end > p && line_end[-1] == '\r') line_end[-1] = 0;
    *line_end = 0;
    if (strncmp(p, "#EXT-X-MEDIA-SEQUENCE:", 22) == 0) seq = atoll(p + 22);
    else if (strncmp(p, "#EXT-X-TARGETDURATION:", 22) == 0) target = atof(p + 22);
    else if (strncmp(p, "#EXTINF:", 8) == 0) duration = atof(p + 8);
    else if (strncmp(p, "#EXT-X-PROGRAM-DATE-TIME:", 25) == 0) pdt = parse_pdt(p + 25);
    else if (p[0] && p[0] != '#') {
      if (n < 4096) {
        found[n].seq = seq;
        found[n].duration = duration;
        found[n].pdt = pdt;
        snprintf(found[n].uri, URI, "%s", p);
        ++n;
      }
      ++seq;
      duration = 0;
      pdt = 0;
    }
    p = line_end + 1;
  }
  int from = 0;
  if (!l->loaded_once) {
    from = n > 3 ? n - 3 : 0;
    if (n > 0) l->next_seq = found[from].seq;
  }
  for (int i = from; i < n; ++i) {
    if (found[i].seq < l->next_seq) continue;
    if (l->qlen == QUEUE) { /* too far behind: a player would skip ahead too */
      ++skipped;
      continue;
    }
    struct segment *s = &l->queue[(l->qhead + l->qlen) % QUEUE];
    *s = found[i];
    s->seen = t;
    s->after_first = l->loaded_once;
    ++l->qlen;
    l->next_seq = found[i].seq + 1;
  }
  l->loaded_once = 1;
}

/* One whole answer has arrived. */
static void answered_one(struct listener *l, double t) {
  ++answered;
  if (l->inflight_playlist) {
    if (l->status == 200) {
      memcpy(l->etag, l->new_etag, sizeof l->etag);
      if (l->body) parse_playlist(l, t);
    } else if (l->status == 304) {
      ++not_modified;
    } else {
      ++errors;
      ++status_errors[l->status >= 0 && l->status < 600 ? l->status : 0];
    }
    free(l->body);
    l->body = NULL;
    l->body_len = l->body_cap = 0;
    l->next_reload = t + target / 2;
  } else {
    struct segment *s = &l->queue[l->qhead];
    if (l->status == 200) {
      ++segments_done;
      if (l->buffer_end == 0) {
        l->buffer_end = t + s->duration;
      } else if (t > l->buffer_end) {
        ++late_segments;
        l->late_flagged = 1;
        l->buffer_end = t + s->duration;
      } else {
        l->buffer_end += s->duration;
      }
      if (t > s->seen + s->duration) ++slow_segments;
      if (s->after_first && s->pdt > 0) {
        behind_sum += wall_s() - (s->pdt + s->duration);
        ++behind_n;
      }
    } else {
      ++errors;
      ++status_errors[l->status >= 0 && l->status < 600 ? l->status : 0];
    }
    l->qhead = (l->qhead + 1) % QUEUE;
    --l->qlen;
  }
  l->state = IDLE;
}

/* Parses the status line and headers in l->head; returns the header length or 0 when incomplete. */
static int parse_head(struct listener *l) {
  l->head[l->head_len] = 0;
  char *end = strstr(l->head, "\r\n\r\n");
  if (!end) return 0;
  *end = 0;
  l->status = 0;
  sscanf(l->head, "HTTP/1.%*d %d", &l->status);
  l->body_left = 0;
  l->new_etag[0] = 0;
  for (char *line = strstr(l->head, "\r\n"); line; line = strstr(line + 2, "\r\n")) {
    char *h = line + 2;
    if (strncasecmp(h, "Content-Length:", 15) == 0) l->body_left = atoll(h + 15);
    else if (strncasecmp(h, "Transfer-Encoding:", 18) == 0) l->status = -1;
    else if (strncasecmp(h, "ETag:", 5) == 0) {
      char *v = h + 5;
      while (*v == ' ') ++v;
      char *e = strstr(v, "\r\n");
      int len = e ? (int)(e - v) : (int)strlen(v);
      if (len >= (int)sizeof l->new_etag) len = sizeof l->new_etag - 1;
      memcpy(l->new_etag, v, len);
      l->new_etag[len] = 0;
    }
  }
  return (int)(end - l->head) + 4;
}

static void on_readable(struct listener *l, int idx, double t) {
  static char buf[1 << 16];
  for (;;) {
    ssize_t r = read(l->fd, buf, sizeof buf);
    if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) {
      /* closed: a request in flight is retried on a new connection */
      if (l->state != IDLE) {
        ++reconnects;
        if (l->inflight_playlist) --playlist_requests; else --segment_requests;
      }
      drop_conn(l);
      next_request(l, idx, t);
      return;
    }
    if (r < 0) return;
    bytes_total += r;
    char *p = buf;
    ssize_t left = r;
    while (left > 0) {
      if (l->state == WAITING || l->state == HEADERS) {
        l->state = HEADERS;
        int room = (int)sizeof l->head - 1 - l->head_len;
        int take = left < room ? (int)left : room;
        memcpy(l->head + l->head_len, p, take);
        int old = l->head_len;
        l->head_len += take;
        int head = parse_head(l);
        if (!head) {
          if (l->head_len >= (int)sizeof l->head - 1) { ++errors; ++protocol_errors; drop_conn(l); return; }
          p += take;
          left -= take;
          continue;
        }
        if (l->status < 0) { ++errors; ++protocol_errors; drop_conn(l); return; }
        int used = head - old;
        p += used;
        left -= used;
        l->head_len = 0;
        l->state = BODY;
        if (l->inflight_playlist && l->status == 200) {
          l->body_cap = l->body_left + 1;
          l->body = malloc(l->body_cap);
          l->body_len = 0;
        }
        if (l->body_left == 0) answered_one(l, t);
      } else if (l->state == BODY) {
        long long take = left < l->body_left ? left : l->body_left;
        if (l->body) {
          memcpy(l->body + l->body_len, p, take);
          l->body_len += take;
        }
        l->body_left -= take;
        p += take;
        left -= take;
        if (l->body_left == 0) answered_one(l, t);
      } else {
        left = 0; /* bytes nobody asked for: ignored */
      }
    }
    if (l->state == IDLE) next_request(l, idx, t);
  }
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s HOST PORT PLAYLIST_PATH LISTENERS SECONDS [PID...]\n", argv[0]);
    return 2;
  }
  host = argv[1];
  port = atoi(argv[2]);
  playlist_path = argv[3];
  int n = atoi(argv[4]);
  double seconds = atof(argv[5]);
  int npids = argc - 6;
  int *pids = calloc(npids > 0 ? npids : 1, sizeof(int));
  for (int i = 0; i < npids; ++i) pids[i] = atoi(argv[6 + i]);
  snprintf(base, sizeof base, "%s", playlist_path);
  char *slash = strrchr(base, '/');
  if (slash) slash[1] = 0;

  struct rlimit rl = {65536, 65536};
  setrlimit(RLIMIT_NOFILE, &rl);
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  inet_pton(AF_INET, host, &addr.sin_addr);
  ep = epoll_create1(0);
  struct listener *ls = calloc(n, sizeof *ls);
  double started = now_s(), cpu_start = cpu_s(pids, npids);
  double end = started + seconds;
  for (int i = 0; i < n; ++i) {
    ls[i].fd = -1;
    ls[i].next_reload = started + target * i / n; /* the first loads spread over one target duration */
  }
  struct epoll_event events[1024];
  int connected = 0;
  for (;;) {
    double t = now_s();
    if (t >= end) break;
    int k = epoll_wait(ep, events, 1024, 5);
    t = now_s();
    for (int e = 0; e < k; ++e) {
      int c = (int)events[e].data.u32;
      struct listener *l = &ls[c];
      if (l->fd < 0) continue;
      if (l->state == CONNECTING && (events[e].events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(l->fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err) {
          ++errors;
          ++connect_errors;
          if (l->inflight_playlist) --playlist_requests; else --segment_requests;
          drop_conn(l);
          l->next_reload = t + 1;
          continue;
        }
        ++connected;
        l->state = WAITING;
      }
      if ((events[e].events & EPOLLOUT) && l->out_off < l->out_len && l->state == WAITING) {
        ssize_t w = write(l->fd, l->out + l->out_off, l->out_len - l->out_off);
        if (w > 0) l->out_off += (int)w;
        if (l->out_off == l->out_len) arm(l, c, EPOLLIN | EPOLLRDHUP);
      }
      if (events[e].events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) on_readable(l, c, t);
    }
    for (int i = 0; i < n; ++i) {
      if (ls[i].state == IDLE && (ls[i].qlen > 0 || t >= ls[i].next_reload)) next_request(&ls[i], i, t);
    }
  }
  double t = now_s();
  double cpu = cpu_s(pids, npids) - cpu_start;
  int listeners_late = 0, started_playing = 0;
  for (int i = 0; i < n; ++i) {
    if (ls[i].buffer_end > 0) {
      ++started_playing;
      if (t > ls[i].buffer_end) { /* dry at the end: stalled now, waiting for a segment */
        ++late_segments;
        ls[i].late_flagged = 1;
      }
    }
    listeners_late += ls[i].late_flagged;
  }
  double elapsed = t - started;
  printf("{\"listeners\": %d, \"seconds\": %.1f, \"requests\": %lld, \"requests_per_s\": %.1f, "
         "\"playlist_requests\": %lld, \"not_modified\": %lld, \"segment_requests\": %lld, \"segments\": %lld, "
         "\"bytes\": %lld, \"late_segments\": %lld, \"listeners_late\": %d, \"slow_segments\": %lld, "
         "\"playing\": %d, \"skipped\": %lld, \"errors\": %lld, \"reconnects\": %lld, \"behind_live_s\": %.2f, "
         "\"cpu_s\": %.3f, \"cpu_us_per_request\": %.2f, ",
         n, elapsed, answered, answered / elapsed, playlist_requests, not_modified, segment_requests, segments_done,
         bytes_total, late_segments, listeners_late, slow_segments, started_playing, skipped, errors, reconnects,
         behind_n ? behind_sum / behind_n : 0.0, cpu, answered ? cpu * 1e6 / answered : 0.0);
  printf("\"error_kinds\": {\"connect\": %lld, \"protocol\": %lld", connect_errors, protocol_errors);
  for (int status = 0; status < 600; ++status) {
    if (status_errors[status]) printf(", \"status_%d\": %lld", status, status_errors[status]);
  }
  printf("}}\n");
  (void)connected;
  return 0;
}
