/**
 * A TCP proxy a test controls, between the app and its PostgreSQL server: the network edge
 * where faults are made on purpose. `cut()` drops every connection and refuses new ones
 * until `restore()`; `cutWhen(text)` does the same the moment the app sends a message that
 * contains `text` (a query such as `insert into "compras"`), which is then never delivered:
 * the database loses the connection in the middle of that transaction.
 *
 *   const proxy = await startTcpProxy({ port: 5432 });
 *   const url = proxy.urlFor("postgres://postgres@127.0.0.1:5432/t_123");  // through the proxy
 *   proxy.cut(); ...; proxy.restore();
 */
import net from "node:net";

export type TcpProxy = {
  port: number;
  /** The same PostgreSQL URL with the proxy's port. */
  urlFor: (databaseUrl: string) => string;
  /** Drops every open connection and refuses new ones. */
  cut: () => void;
  /** Accepts and forwards connections again. */
  restore: () => void;
  /** Cuts (as `cut()`) when a client sends a message containing `text`; resolves then. */
  cutWhen: (text: string) => Promise<void>;
  /** Connections accepted and forwarded so far. */
  connections: () => number;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const host = target.host ?? "127.0.0.1";
  const open = new Set<net.Socket>();
  let refusing = false;
  let accepted = 0;
  let trigger: { text: string; fired: () => void } | undefined;

  const cut = () => {
    refusing = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    accepted++;
    const upstream = net.connect(target.port, host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      if (trigger && chunk.toString("latin1").includes(trigger.text)) {
        const { fired } = trigger;
        trigger = undefined;
        cut();
        fired();
        return;
      }
      if (!upstream.destroyed) upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    cut,
    restore: () => {
      refusing = false;
    },
    cutWhen: (text) =>
      new Promise<void>((resolve) => {
        trigger = { text, fired: resolve };
      }),
    connections: () => accepted,
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
