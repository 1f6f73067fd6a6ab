#!/usr/bin/env node
// The messages-only floor of `dynamic-tools cost`: what the same conversations bill when no tool definition costs
// anything (an empty catalog: every request's tools block is empty), over what `static` bills. No policy can bill
// less than this share of static: every policy pays the messages. Run after a build:
//   node packages/core/scripts/cost-floor.mjs <catalog> <conversations.jsonl>
import { loadCatalogFile, ToolCatalog } from "@dynamic-tools/core";
import { groupConversations, loadQueriesFile, replayCost } from "@dynamic-tools/core/eval";

const [catalogFile, conversationsFile] = process.argv.slice(2);
if (catalogFile === undefined || conversationsFile === undefined) {
  console.error("usage: node packages/core/scripts/cost-floor.mjs <catalog> <conversations.jsonl>");
  process.exit(2);
}
const catalog = loadCatalogFile(catalogFile);
const conversations = groupConversations(loadQueriesFile(conversationsFile, catalog, { allowNoTools: true }), conversationsFile);
const empty = new ToolCatalog({ tools: [] });
for (const provider of ["anthropic", "openai"]) {
  for (const resultTokens of [120, 2000]) {
    const options = { conversations, provider, resultTokens, policies: ["static"] };
    const all = (await replayCost({ ...options, catalog })).policies.static.billedTokens;
    const none = (await replayCost({ ...options, catalog: empty })).policies.static.billedTokens;
    console.log(`${provider} --result-tokens ${resultTokens}: messages-only floor ${(none / all).toFixed(3)} of static`);
  }
}
