import net from 'node:net';

export interface TcpProxy {
  /** the port it listens on (the same one again after `stop` and `start`) */
  readonly port: number;
  /** Listens (again) and forwards new connections to the target. */
  start: () => Promise<void>;
  /** Cuts every connection and stops listening, so new ones are refused: the target "went away". */
  stop: () => Promise<void>;
  /** Accepts connections but passes nothing on, like a host that no longer answers. */
  blackHole: (on: boolean) => void;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (PostgreSQL, in the tests), so a test can take
 * the database away from one client without touching the server everyone else shares.
 */
export function createTcpProxy(target: { host: string; port: number }): TcpProxy {
  const sockets = new Set<net.Socket>();
  let swallow = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    if (swallow) {
      client.resume();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    client.pipe(upstream).pipe(client);
  });
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      port = (server.address() as net.AddressInfo).port;
    },
    async stop() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    blackHole(on) {
      swallow = on;
    },
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy, params: Record<string, string> = {}): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  for (const [key, value] of Object.entries(params)) proxied.searchParams.set(key, value);
  return proxied.toString();
}
