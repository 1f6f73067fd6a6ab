/**
 * An MCP server over Streamable HTTP (stateless) on a free loopback port, in the test's own process, that answers
 * only requests carrying the expected Authorization header.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface HttpWeatherServer {
  url: string;
  /** Requests received so far (including refused ones). */
  requests: () => number;
  close: () => Promise<void>;
}

function weatherServer(): McpServer {
  const server = new McpServer({ name: "http-weather-fixture", version: "1.0.0" });
  server.registerTool(
    "get_forecast",
    { description: "Weather forecast for a city", inputSchema: { city: z.string() }, annotations: { readOnlyHint: true } },
    async ({ city }) => ({ content: [{ type: "text", text: `${city}: rainy (over HTTP)` }] }),
  );
  return server;
}

/** Starts the server; `token` is the bearer token it requires. */
export async function startHttpWeatherServer(token: string): Promise<HttpWeatherServer> {
  let requests = 0;
  const http: Server = createServer(async function handleMcpRequest(request, response) {
    requests += 1;
    if (request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401).end("unauthorized");
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405).end(); // stateless: no GET stream, no session to DELETE
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    // Stateless mode: a new server and transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = weatherServer();
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests: () => requests,
    close: () => new Promise((resolve, reject) => http.close((error) => (error ? reject(error) : resolve()))),
  };
}
