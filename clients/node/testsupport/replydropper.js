'use strict';
// A TCP proxy in front of a redis-server's Unix socket that loses answers on purpose. It
// passes bytes both ways; once told, it lets the next request that contains a marker reach
// the server, waits for the server's answer, swallows it and closes that client's
// connection: the call ran, and its caller saw only a dropped connection. "_acquire\r\n"
// ends the function name an FCALL of acquire sends, and is not in the library's source
// that FUNCTION LOAD sends. It can also refuse new connections for a while (it closes
// them at once), as a server that is down does.

const net = require('node:net');

class ReplyDropper {
  /** Resolves to a proxy on a free port of 127.0.0.1 whose connections go to `unixSocket`. */
  static async start(unixSocket) {
    const proxy = new ReplyDropper(unixSocket);
    await new Promise((resolve, reject) => {
      proxy._server.once('error', reject);
      proxy._server.listen(0, '127.0.0.1', resolve);
    });
    return proxy;
  }

  constructor(unixSocket) {
    this._unixSocket = unixSocket;
    this._marker = Buffer.alloc(0);
    this._toDrop = 0;
    /** Answers swallowed so far. */
    this.dropped = 0;
    /** Connections closed at once so far (refuseConnectionsFor). */
    this.refused = 0;
    this._refuseUntil = 0;
    this._sockets = new Set();
    this._server = net.createServer((client) => this._relay(client));
  }

  /** "redis://127.0.0.1:PORT" */
  get url() {
    return `redis://127.0.0.1:${this._server.address().port}`;
  }

  /**
   * Swallows the answers to the next `count` requests whose bytes contain `marker`, one
   * request (and one connection) at a time.
   */
  dropAnswersTo(marker, count = 1) {
    this._marker = Buffer.from(marker);
    this._toDrop = count;
  }

  /** Closes every new connection at once for the next `ms` milliseconds. */
  refuseConnectionsFor(ms) {
    this._refuseUntil = Date.now() + ms;
  }

  /** Closes the listener and every connection through it. */
  async stop() {
    for (const socket of this._sockets) socket.destroy();
    await new Promise((resolve) => { this._server.close(resolve); });
  }

  _takeDrop(request) {
    if (this._toDrop <= 0 || !request.includes(this._marker)) return false;
    --this._toDrop;
    return true;
  }

  _relay(client) {
    if (Date.now() < this._refuseUntil) {
      ++this.refused;
      client.destroy();
      return;
    }
    const server = net.connect({ path: this._unixSocket });
    this._sockets.add(client);
    this._sockets.add(server);
    let swallow = false; // the request just passed on is one whose answer is dropped
    const close = () => {
      client.destroy();
      server.destroy();
      this._sockets.delete(client);
      this._sockets.delete(server);
    };
    client.on('data', (request) => {
      swallow = swallow || this._takeDrop(request);
      server.write(request);
    });
    server.on('data', (answer) => {
      if (swallow) { // the call ran: its caller never learns how
        ++this.dropped;
        close();
        return;
      }
      client.write(answer);
    });
    for (const socket of [client, server]) {
      socket.on('close', close);
      socket.on('error', close);
    }
  }
}

module.exports = { ReplyDropper };
