"""A TCP proxy in front of a redis-server's Unix socket that loses answers on purpose.

It passes bytes both ways. Once told, it lets the next request that contains a
marker reach the server, waits for the server's answer, swallows it and closes
that client's connection: the call ran, and its caller saw only a dropped
connection. ``"_acquire\\r\\n"`` ends the function name an FCALL of acquire sends,
and is not in the library's source that FUNCTION LOAD sends.
"""

from __future__ import annotations

import select
import socket
import threading
from typing import List

#: How soon a relay notices the proxy stopping, in seconds.
_POLL_S = 0.05


class ReplyDropper:
    """Listens on a free port of 127.0.0.1; every connection goes to ``unix_socket``.
    One thread per connection; use it as a context manager to stop them all."""

    def __init__(self, unix_socket: str) -> None:
        self._socket_path = unix_socket
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(_POLL_S)
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()  # guards the three below
        self._marker = b""
        self._to_drop = 0
        self._dropped = 0
        self._stopping = threading.Event()
        self._threads: List[threading.Thread] = []
        self._acceptor = threading.Thread(target=self._accept, name="reply-dropper", daemon=True)
        self._acceptor.start()

    @property
    def url(self) -> str:
        """``redis://127.0.0.1:PORT``"""
        return f"redis://127.0.0.1:{self.port}"

    @property
    def dropped(self) -> int:
        """Answers swallowed so far."""
        with self._lock:
            return self._dropped

    def drop_answers_to(self, marker: str, count: int = 1) -> None:
        """Swallows the answers to the next ``count`` requests whose bytes contain
        ``marker``, one request (and one connection) at a time."""
        with self._lock:
            self._marker = marker.encode()
            self._to_drop = count

    def close(self) -> None:
        self._stopping.set()
        self._acceptor.join()
        for thread in self._threads:
            thread.join()
        self._listener.close()

    def __enter__(self) -> "ReplyDropper":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _take_drop(self, request: bytes) -> bool:
        with self._lock:
            if self._to_drop <= 0 or self._marker not in request:
                return False
            self._to_drop -= 1
            return True

    def _accept(self) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = self._listener.accept()
            except socket.timeout:
                continue
            thread = threading.Thread(target=self._relay, args=(client,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _relay(self, client: socket.socket) -> None:
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.connect(self._socket_path)
        except OSError:
            client.close()
            server.close()
            return
        swallow = False  # the request just passed on is one whose answer is dropped
        with client, server:
            while not self._stopping.is_set():
                readable, _, _ = select.select([client, server], [], [], _POLL_S)
                if client in readable:
                    request = client.recv(65536)
                    if not request:
                        return
                    swallow = swallow or self._take_drop(request)
                    server.sendall(request)
                if server in readable:
                    answer = server.recv(65536)
                    if not answer:
                        return
                    if swallow:  # the call ran: its caller never learns how
                        with self._lock:
                            self._dropped += 1
                        return
                    client.sendall(answer)
