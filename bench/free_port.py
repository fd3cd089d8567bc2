"""A TCP port on 127.0.0.1 that nothing listens on now (the kernel picks it): the one helper of the
bench scripts, imported by the Python ones and run by bench/lib.sh's free_port for the shell ones."""

import socket


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if __name__ == "__main__":
    print(free_port())
