// An MCP server over stdio that misbehaves on purpose, for the adversarial tests, built on the SDK's low-level
// Server so it can list what McpServer would refuse:
// - `echo`: a well-formed tool (returns its text).
// - `big_result`: returns a text of `bytes` characters (to go past the client's 10 MB message limit).
// - `bad_schema`: lists an inputSchema that is not an object schema (`{ "type": "string" }`), when
//   FIXTURE_BAD_SCHEMA=1.
// - `deep_schema`: lists an inputSchema nested FIXTURE_DEEP_SCHEMA levels deep, when set.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { crashIfAsked, recordStart } from "./fixture-hooks.mjs";

recordStart();
const server = new Server({ name: "hostile-fixture", version: "1.0.0" }, { capabilities: { tools: {} } });

function deepSchema(levels) {
  let schema = { type: "string" };
  for (let level = 0; level < levels; level++) schema = { type: "object", properties: { inner: schema } };
  return schema;
}

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const tools = [
    {
      name: "echo",
      description: "Echo the given text back",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
    {
      name: "big_result",
      description: "Return a text of the given number of characters",
      inputSchema: { type: "object", properties: { bytes: { type: "number" } }, required: ["bytes"] },
    },
  ];
  if (process.env.FIXTURE_BAD_SCHEMA === "1")
    tools.push({ name: "bad_schema", description: "A tool whose input schema is a string schema", inputSchema: { type: "string" } });
  if (process.env.FIXTURE_DEEP_SCHEMA)
    tools.push({
      name: "deep_schema",
      description: "A tool with a very deep schema",
      inputSchema: deepSchema(Number(process.env.FIXTURE_DEEP_SCHEMA)),
    });
  return { tools };
});

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  crashIfAsked();
  if (name === "echo") return { content: [{ type: "text", text: String(args.text) }] };
  if (name === "big_result") return { content: [{ type: "text", text: "x".repeat(Number(args.bytes)) }] };
  return { content: [{ type: "text", text: `unknown tool ${name}` }], isError: true };
});

await server.connect(new StdioServerTransport());
