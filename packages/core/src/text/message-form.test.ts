import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { wordsBeyondSmallTalk } from "./conversational-words.js";
import { asksAQuestion, hasRequestPhrasing, isRemark, usesRequestPhrase } from "./message-form.js";
import { splitWords } from "./tokenize.js";

describe("isRemark", () => {
  it("is true for a statement that asks for nothing", () => {
    for (const remark of [
      "my coffee is cold again",
      "traffic was terrible this morning",
      "I just got back from the gym",
      "ugh, my team lost again",
      "the kids are finally asleep",
      "it's raining here",
      "haha. I burned the rice again",
      // without its subject: a past tense or a feeling first, then anything
      "watched the match with my dad, he was screaming at the tv",
      "ate way too much pizza",
      "just finished reading a sad book",
      "feeling kinda lonely tonight",
      "passed my driving test today!",
      "had the longest day at work ugh",
      // a noun subject: after an article, a verb among the first words; otherwise a finite verb or an irregular past
      "the power went out during the storm",
      "the news lately is just depressing",
      "rent went up again",
      "honestly i just needed someone to talk to",
      // exclamations
      "I love rainy days, so cozy",
      "what a game last night!! my team finally won",
      "didn't get the job. kinda bummed tbh",
    ])
      expect(isRemark(remark)).toBe(true);
  });

  it("is false for questions, request phrasing, imperatives and search-box requests", () => {
    for (const request of [
      "what's the traffic like?",
      "is it going to rain",
      "how do I reset my password",
      "my flight is delayed, can you rebook it",
      "I need a flight to Oslo",
      "I'm looking for a vegan restaurant",
      "make me a coffee",
      "book a table for two",
      "weather in Oslo tomorrow",
      "the cheapest flight to Rome",
      "please, my invoice was wrong",
      "show me what my team scored",
      "I'm planning a trip to Rome, find me a hotel",
      "Determine if the number 10 is a perfect square.",
      "got it, now check my inbox",
      "Calculate the force with a mass of 37.5 kg.",
      // saying what one wants to know or find
      "I'm interested in the horoscope for Aries",
      "I'm curious about quantum computing",
      "I accidentally deleted an email, and I'm wondering if there is a way back",
      "do you have any puzzles I can solve?",
      "I'm considering quitting my job. What should I do?",
      "I can't find any meme templates that I like!",
      "I'm currently seeking job openings in Seattle",
      "I would appreciate it if you could draft the letter",
      "I really need a hotel in Rome",
      "Can your AI search for an attorney in Japan?",
      // a past participle later in the message qualifies, it does not state
      "Find recent clinical studies, conducted worldwide, on aspirin",
      "used cars under 10k",
      "detailed weather report for Oslo",
      "lost luggage claim for my flight",
      "do you know a good sushi place nearby?",
      "Find podcasts related to a certain topic.",
      "the cheapest flights to Rome next week",
      "a hotel near the station",
      // found by review: participles that describe, relative clauses, questions, typographic apostrophes
      "Made in Italy leather bags under 200 dollars",
      "Based on my budget of 500 dollars",
      "Sold out concerts in London this weekend",
      "Missing package from Amazon",
      "Hoping to get tickets for the concert in Paris",
      "Thinking about buying a Tesla Model 3",
      "so cancel it",
      "what a 401 error means",
      "Had any emails from Bob today?",
      "The nearest pharmacy that is open now",
      "the email I received from Bob yesterday",
      "a movie called the matrix",
      "I’d like a table for two tonight",
      "I can’t find a cheap flight to Rome",
      "I'll need an email sent to Bob",
      "we need a plumber in Boston",
      "I wonder if it will rain in Oslo tomorrow",
    ])
      expect(isRemark(request)).toBe(false);
  });

  it("reads a dash or an emoji as the end of a clause: a request after a remark makes it a request", () => {
    for (const request of [
      "this heat is killing me 🥵 crank the AC down to 70",
      "so annoyed, the landlord still hasn't fixed the heat — draft a firm email to him",
      "my flight got cancelled 😩 rebook me on the next one out",
      "just landed - fastest way downtown?",
    ])
      expect(isRemark(request)).toBe(false);
    for (const remark of [
      "the kids are thrilled about the snow 🎉",
      "my sister's wedding was beautiful 😭",
      "the game went to overtime — what a finish!",
    ])
      expect(isRemark(remark)).toBe(true);
    expect(isRemark("this heat is killing me—crank the AC down to 70")).toBe(false);
    // Not inside a range, nor at a symbol that is not an emoji.
    expect(isRemark("my flight is 9am–5pm tomorrow")).toBe(true);
    expect(isRemark("my new phone® is great, love it")).toBe(true);
    expect(typeof isRemark(`a ${"— ".repeat(50_000)}b`)).toBe("boolean");
    expect(typeof isRemark(`a${"—".repeat(100_000)}b`)).toBe("boolean");
  });

  it("reads any text without throwing", () => {
    for (const text of ["", "   ", "🙂", "?", "x".repeat(100_000), "is ".repeat(10_000), `weather ${".".repeat(80_000)}x`])
      expect(typeof isRemark(text)).toBe("boolean");
  });

  it("reads none of the 80 short requests of datasets/small-talk/requests.jsonl as small talk or a remark", () => {
    const file = fileURLToPath(new URL("../../../../datasets/small-talk/requests.jsonl", import.meta.url));
    const requests = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { query: string }).query);
    expect(requests).toHaveLength(80);
    expect(requests.filter((request) => wordsBeyondSmallTalk(splitWords(request)).length === 0)).toEqual([]);
    expect(requests.filter((request) => isRemark(request))).toEqual([]);
  });
});

describe("usesRequestPhrase", () => {
  it("is true for a request phrase, and then the message is no remark and is phrased as a request", () => {
    for (const request of ["could you find me a quiet cafe", "I’m interested in hiking boots", "so tired, please set an alarm"]) {
      expect(usesRequestPhrase(request)).toBe(true);
      expect(isRemark(request)).toBe(false);
      expect(hasRequestPhrasing(request)).toBe(true);
    }
    for (const other of ["the cafe was quiet today", "weather in Oslo", "awesome, now play something chill"])
      expect(usesRequestPhrase(other)).toBe(false);
  });
});

describe("hasRequestPhrasing", () => {
  it("is true for request phrasing anywhere in the message, typed or typographic apostrophes", () => {
    for (const request of ["ugh, so tired. can you set an alarm for 6:30?", "I need a plumber this weekend", "I can’t find my keys"])
      expect(hasRequestPhrasing(request)).toBe(true);
    for (const other of ["so tired today", "weather in Oslo", "the plumber came by"]) expect(hasRequestPhrasing(other)).toBe(false);
  });

  it("reads small talk handing over to a next step without a subject as a request", () => {
    for (const request of ["awesome, now play something chill", "got it. now check my inbox", "ok cool, now the forecast for Oslo"])
      expect(hasRequestPhrasing(request)).toBe(true);
    for (const other of [
      "thanks, now I'm hungry",
      "ok, now you're talking",
      "ok, now is fine",
      "lol, now the cat is on the table",
      "ugh, then the train was late again",
      "haha, also the snow finally stopped",
      "the game ended, now the traffic",
      "now playing",
      "ok. now",
    ])
      expect(hasRequestPhrasing(other)).toBe(false);
  });
});

describe("asksAQuestion", () => {
  it("is true with a question mark, or a clause opening with a question word or an auxiliary after interjections", () => {
    for (const question of [
      "snow tomorrow?",
      "how many are frozen",
      "ok, is it snowing",
      "thanks! what time is it in Tokyo",
      "oh well. did the package ship",
      "whos in the gym right now",
      "ok whats the score",
      "had any luck with the printer",
    ])
      expect(asksAQuestion(question)).toBe(true);
    for (const other of [
      "survived another 10 hour shift",
      "had the worst customer today, still fuming",
      "ok cool",
      "weather in Oslo",
      "the kids asked how snow forms",
      "kids are thrilled, I am not",
    ])
      expect(asksAQuestion(other)).toBe(false);
  });
});
