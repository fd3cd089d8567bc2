# Helpers the bench scripts share; source it (`. bench/lib.sh`), it runs nothing itself.

bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# A TCP port on 127.0.0.1 that nothing listens on now (bench/free_port.py, which the Python
# benchmarks import).
free_port() { python3 "$bench_dir/free_port.py"; }
