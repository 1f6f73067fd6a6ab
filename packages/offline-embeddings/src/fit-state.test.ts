import { describe, expect, it } from "vitest";
import { OfflineEmbeddings } from "./offline-embeddings.js";

const DOCUMENTS = [
  "generate image\nCreate or edit an image from a text prompt.",
  "get pending salaries\nSalaries of staff that are not yet paid this month.",
  "send email\nSend an email to a client or a member of staff.",
  "book class\nBook a client into a yoga or spinning class.",
];

describe("OfflineEmbeddings fit state", () => {
  it("restores a saved fit of the same documents: same model name, identical embeddings", async () => {
    const fitted = new OfflineEmbeddings();
    fitted.fit(DOCUMENTS);
    const saved = JSON.parse(JSON.stringify(fitted.fitState()));
    const restored = new OfflineEmbeddings();
    expect(restored.restoreFit(saved, DOCUMENTS)).toBe(true);
    expect(restored.model).toBe(fitted.model);
    for (const text of ["edit my photo", "who has not been paid?", ...DOCUMENTS]) {
      expect(await restored.embedQuery(text)).toEqual(await fitted.embedQuery(text));
    }
    expect(await restored.embedDocuments(DOCUMENTS)).toEqual(await fitted.embedDocuments(DOCUMENTS));
  });

  it("takes a saved fit without its documents when the caller vouches for them: identical embeddings", async () => {
    const fitted = new OfflineEmbeddings();
    fitted.fit(DOCUMENTS);
    const saved = JSON.parse(JSON.stringify(fitted.fitState()));
    const vouched = new OfflineEmbeddings();
    expect(vouched.restoreFit(saved)).toBe(true);
    expect(vouched.model).toBe(fitted.model);
    expect(vouched.fitState()).toEqual(saved);
    for (const text of ["edit my photo", "who has not been paid?", ...DOCUMENTS]) {
      expect(await vouched.embedQuery(text)).toEqual(await fitted.embedQuery(text));
    }
    // A fit of no documents is never taken (there is nothing to restore).
    expect(new OfflineEmbeddings().restoreFit({ ...saved, documentCount: 0 })).toBe(false);
  });

  it("refuses a fit of other documents (the caller fits instead)", () => {
    const fitted = new OfflineEmbeddings();
    fitted.fit(DOCUMENTS);
    const restored = new OfflineEmbeddings();
    expect(restored.restoreFit(fitted.fitState()!, DOCUMENTS.slice(1))).toBe(false);
    expect(restored.fitState()).toBeUndefined();
    expect(new OfflineEmbeddings().fitState()).toBeUndefined();
  });
});
