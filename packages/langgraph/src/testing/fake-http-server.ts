/**
 * @module The HTTP plumbing the fake provider endpoints share: a server on 127.0.0.1, JSON bodies in and out, and
 * server-sent events.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Reads a request body as text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Answers with a JSON body. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

/** Answers with server-sent events: `[event name, data]` pairs (a null name sends a data-only event). */
export function sendEvents(response: ServerResponse, events: ReadonlyArray<readonly [string | null, unknown]>, done?: string): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const [name, data] of events) response.write(`${name === null ? "" : `event: ${name}\n`}data: ${JSON.stringify(data)}\n\n`);
  response.end(done ?? "");
}

/** A running fake server. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `handle` on 127.0.0.1 (never any other address) at `port` (0: a free one). */
export async function listenLocally(
  port: number,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<RunningServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
