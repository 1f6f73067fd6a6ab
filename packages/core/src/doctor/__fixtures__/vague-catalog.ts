/**
 * A catalog where one tool's own description cannot find it: `fetch_account_card` says only "Get all the
 * information about it", which eight `get_<thing>_info` tools say too, and more precisely.
 */
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../../catalog/tool-metadata.js";

export const VAGUE_TOOLS: ToolDeclaration[] = [
  ...["user", "team", "project", "invoice", "order", "device", "meeting", "ticket"].map((thing) => ({
    name: `get_${thing}_info`,
    description: `Get all the information about a ${thing}`,
  })),
  { name: "fetch_account_card", description: "Get all the information about it" },
];

/** The catalog, with `overrides` merged over the tool it names (e.g. a doctor's suggested patch). */
export function vagueCatalog(overrides: Partial<ToolDeclaration> & { name?: string } = {}): ToolCatalog {
  return new ToolCatalog({ tools: VAGUE_TOOLS.map((tool) => (tool.name === overrides.name ? { ...tool, ...overrides } : tool)) });
}
