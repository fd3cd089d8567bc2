/* The CPU time (utime + stime, in seconds) that processes have used so far, from /proc/PID/stat:
 * a process's line sums its threads. The benchmarks' clients take it before and after a run to
 * give a server's whole-process CPU per request or per listener-second. */
#pragma once

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static double cpu_s(const int *pids, int n) {
  double total = 0;
  long ticks = sysconf(_SC_CLK_TCK);
  for (int i = 0; i < n; ++i) {
    char path[64], buf[2048];
    snprintf(path, sizeof path, "/proc/%d/stat", pids[i]);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;
    char *p = strrchr(buf, ')');
    if (!p) continue;
    unsigned long utime = 0, stime = 0;
    /* after ")": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime */
    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    total += (double)(utime + stime) / ticks;
  }
  return total;
}
