/**
 * @module Five tools the vector strategy's tests index: two with the same text under different names, one with a
 * category and one with tags.
 */
import { ToolCatalog } from "../../../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../../../catalog/tool-metadata.js";

export const TOOLS: ToolDeclaration[] = [
  { name: "generate_image", description: "Create or edit an image" },
  { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
  { name: "send_email", description: "Send an email to staff" },
  { name: "email_send", description: "Send an email to staff" },
  { name: "book_class", description: "Book a yoga class", tags: ["class"] },
];

export const catalogOf = (tools: ToolDeclaration[]) => new ToolCatalog({ tools });
