import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut: every
 * open connection is reset at once and new ones are closed on arrival, as a
 * network partition or a database host going away looks to the driver. Unlike
 * pg_terminate_backend it fails the next query for sure, not only the ones that
 * happen to be in flight.
 */
export async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  let cutAt: string | null = null;
  const cutAll = () => {
    cut = true;
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((incoming) => {
    if (cut) return void incoming.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    track(incoming);
    track(upstream);
    incoming.on('close', () => upstream.destroy());
    upstream.on('close', () => incoming.destroy());
    // A query naming `cutAt` never reaches the database: the connections go as it is sent (a backend lost mid-request).
    incoming.on('data', (chunk: Buffer) => {
      if (cutAt && chunk.includes(cutAt)) {
        cutAt = null;
        cutAll();
      }
    });
    incoming.pipe(upstream).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** Resets every connection and refuses the next ones until `restore`. */
    cut: cutAll,
    /** Cuts (as `cut`) when a query whose text contains `text` is sent: what was asked before it succeeded. */
    cutOnQuery(text: string) {
      cutAt = text;
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
