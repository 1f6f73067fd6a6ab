import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import { UsageModel } from "../../usage/usage-model.js";
import { createStrategy } from "../strategy-registry.js";
import { CountingEmbeddings } from "./__fixtures__/fake-embeddings.js";
import { createUsageVectorStrategy } from "./learned-vector-strategy.js";
import { createVectorStrategy } from "./vector-strategy.js";

const catalog = () =>
  new ToolCatalog({
    tools: [
      { name: "generate_image", description: "Create or edit an image" },
      { name: "send_email", description: "Send an email" },
      { name: "get_weather", description: "Weather forecast" },
    ],
  });

describe("createUsageVectorStrategy", () => {
  it("re-embeds only the observed tool, with the words users said, and ranks by them", async () => {
    const tools = catalog();
    const usage = new UsageModel({ catalog: tools });
    const embeddings = new CountingEmbeddings();
    const vector = createUsageVectorStrategy({ usage, embeddings });
    await vector.index(tools);
    expect(await vector.rank({ query: "book a class", limit: 3 })).toEqual([]);
    const before = embeddings.embedded.length;
    usage.observe({ message: "book me a spin class", tools: ["get_weather"] });
    const [best] = await vector.rank({ query: "book a class", limit: 3 });
    expect(best!.name).toBe("get_weather");
    expect(embeddings.embedded.slice(before)).toEqual(["get weather\nWeather forecast. book class spin"]);
  });

  it("keeps the embeddings' fit as tools learn (one embedding per observed tool), and refits when tools come", async () => {
    // Embeddings that fit themselves to the catalog (as the offline ones do): a refit would embed every tool again.
    class FittingEmbeddings extends CountingEmbeddings {
      fits = 0;
      fit(_texts: string[]): void {
        this.fits++;
      }
    }
    const tools = catalog();
    const usage = new UsageModel({ catalog: tools });
    const embeddings = new FittingEmbeddings();
    const vector = createUsageVectorStrategy({ usage, embeddings });
    await vector.index(tools);
    expect(embeddings.fits).toBe(1);
    // Each message brings a new word, so each changes the observed tool's text once.
    for (const message of ["book me a spin class", "book a yoga class", "a photo of the class"]) {
      const before = embeddings.embedded.length;
      usage.observe({ message, tools: ["get_weather"] });
      await vector.rank({ query: "book a class", limit: 3 });
      expect(embeddings.embedded.length - before).toBe(1);
    }
    expect(embeddings.fits).toBe(1);
    expect((await vector.rank({ query: "book a class", limit: 1 }))[0]!.name).toBe("get_weather");
    await vector.add?.([{ ...tools.get("send_email")!, name: "send_sms" }]);
    await vector.rank({ query: "book a class", limit: 3 });
    expect(embeddings.fits).toBe(2);
  });

  it("ranks as the plain vector strategy while nothing is learned, and the registry uses it only with usage", async () => {
    const tools = catalog();
    const plain = createVectorStrategy({ embeddings: new CountingEmbeddings() });
    const learning = createUsageVectorStrategy({ usage: new UsageModel({ catalog: tools }), embeddings: new CountingEmbeddings() });
    await plain.index(tools);
    await learning.index(tools);
    for (const query of ["edit my photo", "send an email", "weather"])
      expect(await learning.rank({ query, limit: 3 })).toEqual(await plain.rank({ query, limit: 3 }));
    const usage = new UsageModel({ catalog: tools });
    const registered = createStrategy("vector", { embeddings: new CountingEmbeddings(), usage });
    await registered.index(tools);
    usage.observe({ message: "book me a spin class", tools: ["send_email"] });
    expect((await registered.rank({ query: "class", limit: 1 }))[0]!.name).toBe("send_email");
  });
});
