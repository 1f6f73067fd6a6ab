import { describe, expect, it } from "vitest";
import { CONVERSATIONAL_PHRASES, CONVERSATIONAL_WORDS, wordsBeyondSmallTalk } from "./conversational-words.js";
import { STOP_WORDS } from "./stop-words.js";
import { splitWords } from "./tokenize.js";

const beyond = (message: string) => wordsBeyondSmallTalk(splitWords(message));

describe("wordsBeyondSmallTalk", () => {
  it("takes out stock phrases whose words could otherwise be a request's topic", () => {
    for (const talk of ["take care!", "makes sense, thanks", "catch you later", "long time no see", "no problem", "scratch that"])
      expect(beyond(talk)).toEqual([]);
  });

  it("keeps what a phrase's words ask for when they are not that phrase", () => {
    expect(beyond("ok, take care of the booking")).toEqual(["booking"]);
    expect(beyond("what time is it in Tokyo")).toEqual(["time", "tokyo"]);
    expect(beyond("catch the next train")).toEqual(["catch", "next", "train"]);
    expect(beyond("take a care package to Ann")).toEqual(["take", "care", "package", "ann"]);
  });

  it("reads chat abbreviations and interjections as small talk, and keeps what a message asks beside them", () => {
    for (const talk of ["afk, bbl", "spot on!", "bless you", "welp, all good", "smh lol", "jajaja ok", "hbu?", "not bad"])
      expect(beyond(talk)).toEqual([]);
    expect(beyond("afk, book me a cab")).toEqual(["book", "cab"]);
    expect(beyond("spot the difference game")).toEqual(["spot", "difference", "game"]);
  });

  it("reads drawn-out words and laughter as the word they draw out", () => {
    for (const talk of ["thaaanks!!", "heyyy", "okkk sooo cool", "hahahaha", "lololol", "hmmmm", "XD"]) expect(beyond(talk)).toEqual([]);
    // A doubled letter that belongs to the word is not drawn out: "coffee" stays.
    expect(beyond("coffeee")).toEqual(["coffeee"]);
    expect(beyond("haha, now book a cab")).toEqual(["book", "cab"]);
  });

  it("reads the commonest greetings and thanks of other languages, and keeps what a message asks beside them", () => {
    for (const talk of [
      "gracias!",
      "merci beaucoup",
      "danke",
      "谢谢你！",
      "你好",
      "好的，谢谢",
      "哈哈哈",
      "ありがとうございます",
      "감사합니다",
    ])
      expect(beyond(talk)).toEqual([]);
    expect(beyond("谢谢，帮我查天气")).toEqual(["帮", "我", "查", "天", "气"]);
    expect(beyond("merci, book a table for two")).toEqual(["book", "table", "two"]);
  });

  it("every phrase is small talk on its own, and no phrase is made only of words the word lists already hold", () => {
    for (const phrase of CONVERSATIONAL_PHRASES) {
      expect(beyond(phrase)).toEqual([]);
      expect(splitWords(phrase).every((word) => STOP_WORDS.has(word) || CONVERSATIONAL_WORDS.has(word))).toBe(false);
    }
  });
});
