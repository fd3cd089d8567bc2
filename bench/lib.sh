# Helpers the bench scripts share; source it (`. bench/lib.sh`), it runs nothing itself.

bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# A TCP port on 127.0.0.1 that nothing listens on now (bench/free_port.py, which the Python
# benchmarks import).
free_port() { python3 "$bench_dir/free_port.py"; }

# Waits until process PID is idle: a second in which all its threads together used under a tenth of
# a core, at most 60 s. A server just started still does its start-up work for a while after it
# answers /readyz (ether-server: the recorder rebuilding the last hours of each channel, seconds of
# a core with the bench's 128 kbit/s media); a measurement begun then counts that work as the hot
# path's. Prints how long it waited.
wait_idle() {
  local pid=$1 ticks_per_second before after waited=0
  ticks_per_second=$(getconf CLK_TCK)
  while [ "$waited" -lt 60 ]; do
    before=$(cat /proc/"$pid"/task/*/stat 2>/dev/null | awk '{s += $14 + $15} END {print s + 0}')
    sleep 1
    waited=$((waited + 1))
    after=$(cat /proc/"$pid"/task/*/stat 2>/dev/null | awk '{s += $14 + $15} END {print s + 0}')
    [ $(((after - before) * 10)) -lt "$ticks_per_second" ] && break
  done
  echo "  (the server was idle after ${waited} s)"
}
