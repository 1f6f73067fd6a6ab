import { describe, expect, it } from "vitest";
import { unknownToolObservations } from "./unknown-tools.js";

describe("unknownToolObservations", () => {
  it("counts the observations that name tools, none of them known, and lists those tools once", () => {
    const known = (name: string) => name === "get_weather";
    const observations = [
      { tools: ["get_weather"] },
      { tools: ["book_flight"] },
      { tools: ["book_flight", "rent_car"] },
      { tools: ["rent_car", "get_weather"] },
      { tools: [] },
    ];
    expect(unknownToolObservations(observations, known)).toEqual({ observations: 2, tools: ["book_flight", "rent_car"] });
    expect(unknownToolObservations(observations, known, 1).tools).toEqual(["book_flight"]);
  });
});
