/**
 * @module The form of a message: whether it tells rather than asks ("my coffee is cold again" against "make me a
 * coffee"), or asks only about the assistant itself ("do you dream?"). A remark that mentions what a tool is about is
 * not a request for it, so abstention asks more of its matches. Closed classes of English (pronouns, auxiliaries,
 * request phrasing), like the stop words.
 */
import { wordsBeyondSmallTalk } from "./conversational-words.js";
import { GENERIC_TOOL_WORDS } from "./stop-words.js";
import { splitWords } from "./tokenize.js";

/**
 * What marks a request whatever else the message says: asking someone to do something, or saying what one wants to
 * know or find ("I'm interested in …", "I'm curious about …", "I'm wondering if …", "do you have any …", "what
 * should I do?", "I can't find …", "I'm struggling to …").
 */
const REQUEST_PHRASING = new RegExp(
  [
    // asking someone to do something
    "(?:can|could|would|will|wo)(?:n't| not)? (?:you|your|u|we|i)",
    "please|pls|plz",
    "i(?:'d| would) (?:like|love|appreciate)|would love|if (?:you|u) could|appreciate it if",
    "help me|let me know|(?:tell|show|give|find|get|send|remind|book) me",
    "(?:recommend|suggest)(?:ation|ion)?s?",
    // saying what one wants, needs or is after
    "(?:i|we)(?:'ll|'d)? (?:\\w+ )?(?:need|want|wish|require)|(?:need|want|wanna|trying|hoping) to|feeling like",
    "thinking (?:about|of) \\w+ing",
    "seek(?:ing)?|(?:looking|searching) for|in the mood for|interested in",
    "(?:can't|cannot|can not|couldn't) find|to find|struggling (?:to|with)",
    "i have an? (?:\\w+ )?(?:request|question)",
    // asking how, whether, what to do
    "how (?:to|do|can)|(?:is|are) there|do (?:you|u) (?:have|know)|(?:what|how|where|when|which) should (?:i|we)",
    "curious (?:about|to|if|whether)|wonder(?:ing)? (?:if|whether|how|what|why|where|when|about)",
  ]
    .map((phrases) => `\\b(?:${phrases})\\b`)
    .join("|"),
  "i",
);

/** Words a statement starts with: its subject (a pronoun, a possessive, a demonstrative). */
const SUBJECTS: ReadonlySet<string> = new Set(
  "i im my we our us he she they their his her it its this that these those there everyone everybody nobody someone somebody".split(" "),
);

/** Finite forms of be, have, get and do, and the contraction tails `splitWords` leaves of them ("I'm" → i, m). */
const FINITE_VERBS: ReadonlySet<string> = new Set(
  "is was were are am m been has had have got gets did does didn doesn isn wasn weren aren t couldn".split(" "),
);

/** Words a question opens with, question mark or not ("is it going to rain"). */
const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  // "whos", "whats", …: the contractions as chat types them, without the apostrophe.
  "what who whom whose which where when why how whats whos wheres whens whys hows is are was were am do does did can could will would should shall has have had may might must".split(
    " ",
  ),
);

/** The assistant, as a question about it names it ("are you real?", "what's your favourite colour?"). */
const YOU: ReadonlySet<string> = new Set("you your yours yourself u ur".split(" "));

/** Whether "had" followed by `next` opens a statement ("had the longest day"), not a question ("had you", "had any"). */
const statesWithHad = (next: string | undefined) => next !== undefined && !YOU.has(next) && !SUBJECTS.has(next) && !next.startsWith("any");

/** Words a remark may open with before its subject ("ugh, my team lost again"). */
const OPENERS: ReadonlySet<string> = new Set(
  "oh ugh well so lol haha hmm um uh wow ah man dude yeah ok okay just and but omg still honestly seriously literally actually basically tbh ngl finally".split(
    " ",
  ),
);

/**
 * Irregular past tenses a statement without its subject opens with ("ate way too much pizza", "went to bed late").
 * Those that also serve as adjectives before a noun ("lost luggage", "paid apps") are in {@link PAST_PARTICIPLES}.
 */
const PAST_TENSES: ReadonlySet<string> = new Set(
  "ate went saw took came gave felt ran bought brought thought told said slept woke wrote forgot spent met fell drove flew wore began sang swam threw caught taught sat stood heard stuck".split(
    " ",
  ),
);

/**
 * Irregular past tenses that also describe a noun ("lost luggage", "made in Italy"); like a regular -ed word, read by
 * what follows.
 */
const PAST_PARTICIPLES: ReadonlySet<string> = new Set("made left won lost found paid kept held built broke sold".split(" "));

/**
 * Determiners, object pronouns and particles: what follows a verb that acts on something ("watched the match", "paid
 * off my card", "cancel it"), where a participle that describes takes a preposition or a noun ("based on …", "made in
 * Italy", "sold out concerts").
 */
const OBJECTS: ReadonlySet<string> = new Set(
  "the a an my our your his her their its this that these those me us him them it up off back down over away all some".split(" "),
);

/** How a feeling without its subject opens ("feeling kinda lonely tonight", "hope you're well"). */
const FEELINGS: ReadonlySet<string> = new Set("feeling loving hoping wishing enjoying hope feels".split(" "));

/** Articles: a clause that opens with one opens with its subject when a verb follows the noun. */
const ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);

/** Degree words an exclamation opens with ("so cozy", "kinda bummed tbh", "such a mood"). */
const DEGREE_WORDS: ReadonlySet<string> = new Set("so soo sooo too such kinda sorta".split(" "));

/**
 * Whether `word`, followed by `next`, is a past tense: an irregular one, or a regular one (-ed, not -eed: need, feed)
 * or one of {@link PAST_PARTICIPLES} followed by a determiner, a pronoun, a particle, an -ing or -ly word or nothing
 * ("watched the match", "started learning guitar"), not by a noun or a preposition ("used cars", "based on").
 */
function isPastTense(word: string, next: string | undefined): boolean {
  if (PAST_TENSES.has(word)) return true;
  if (!PAST_PARTICIPLES.has(word) && !(/^[a-z]{2,}ed$/.test(word) && !word.endsWith("eed"))) return false;
  return next === undefined || OBJECTS.has(next) || /^[a-z]{3,}(?:ing|ly)$/.test(next);
}

/** A finite verb or an irregular past: what makes the words before it a subject ("traffic was", "rent went"). */
const states = (word: string) => FINITE_VERBS.has(word) || PAST_TENSES.has(word);

/** Words that open a relative clause after a noun ("the pharmacy that is open", "the email I received"). */
const RELATIVES: ReadonlySet<string> = new Set("that which who whom whose where i you we they he she".split(" "));

/**
 * Where a message's clauses end: sentence punctuation (not a decimal point), commas, semicolons, new lines, a dash
 * between words ("killing me — crank the AC", not "9am–5pm"), an emoji ("cancelled 😩 rebook me"; not © ® ™). A run of
 * punctuation is matched from its start only, so a long run costs linear time.
 */
const CLAUSE_END = /(?<![.!?])[.!?]+(?=\s|$)|[,;\n]+|\s[-–—]+\s|(?<=\p{L})[–—]+(?=\p{L})|(?:(?![©®™])\p{Extended_Pictographic})+/u;

/**
 * How a clause reads: a remark (a statement, or a question about the assistant), small talk alone (neither), or
 * anything else (a request, a question about the world, an imperative, a noun phrase).
 */
function clauseForm(
  words: readonly string[],
  { opensMessage, question, exclaims }: { opensMessage: boolean; question: boolean; exclaims: boolean },
): "remark" | "small talk" | "other" {
  if (wordsBeyondSmallTalk(words).length === 0) return "small talk";
  // An exclamation: "so cozy", "kinda bummed tbh" (not "so cancel it").
  if (DEGREE_WORDS.has(words[0]!) && words.length <= 3 && !words.some((word) => OBJECTS.has(word) || GENERIC_TOOL_WORDS.has(word)))
    return "remark";
  let first = 0;
  while (first < words.length - 1 && OPENERS.has(words[first]!)) first++;
  const opening = words[first]!;
  const early = words.slice(first + 1, first + 5);
  // "what a game last night!" exclaims ("what a 401 error means" asks).
  if (opening === "what" && (early[0] === "a" || early[0] === "an") && exclaims && !question) return "remark";
  // "had the longest day": a statement ("had you heard?", "had any emails from Bob?" ask).
  if (opening === "had" && !question && statesWithHad(early[0])) return "remark";
  if (QUESTION_OPENERS.has(opening)) {
    // "can't sleep again" states; "do you dream?" asks about the assistant; "is it going to rain" asks.
    return early[0] === "t" || early.slice(0, 3).some((word) => YOU.has(word)) ? "remark" : "other";
  }
  // A message that opens without its subject: "watched the match with my dad", "feeling kinda lonely". Only its
  // first clause: later, such a clause qualifies what came before ("…, based on my sign").
  if (opensMessage && (isPastTense(opening, early[0]) || FEELINGS.has(opening))) return "remark";
  // A subject first ("my coffee is …"); an imperative ("find podcasts related to …") is not a statement.
  if (SUBJECTS.has(opening) || FINITE_VERBS.has(opening)) return "remark";
  if (GENERIC_TOOL_WORDS.has(opening)) return "other";
  // After "the" or "a", a finite verb or an irregular past among the first four words, before any relative clause
  // ("the news lately is depressing", "the power went out"; not "the pharmacy that is open now"); otherwise among the
  // first two ("traffic was terrible", "rent went up again"). Not a regular -ed word there: "podcasts related to …"
  // and "a movie called …" describe.
  if (ARTICLES.has(opening)) {
    for (const word of early) {
      if (RELATIVES.has(word)) return "other";
      if (states(word)) return "remark";
    }
    return "other";
  }
  return early.slice(0, 2).some(states) ? "remark" : "other";
}

/**
 * Whether `message` is a remark: it has no request phrasing (such as "can you", "please", "I need", "show me", "I'm
 * interested in", "do you have"), and its clauses, small talk aside, are statements or questions about the assistant
 * ("do you dream?", "what's your favourite colour?"). A statement opens with a subject after interjections, or has a
 * finite verb such as "is", "was", "got" or an irregular past among its first words ("traffic was terrible"), or,
 * opening the message, starts without its subject ("watched the match", "feeling kinda lonely"); an exclamation ("so
 * cozy", "what a game!") counts as one. A clause that reads otherwise (a question about the world, an imperative, a
 * noun phrase) makes it a request: "I'm planning a trip, find me a hotel" is not a remark, nor are "weather in Oslo"
 * and "book a table".
 *
 * @example
 * ```ts
 * isRemark("traffic was terrible this morning"); // true
 * isRemark("ugh, my coffee is cold again"); // true
 * isRemark("are you a real person?"); // true
 * isRemark("what's the traffic like?"); // false
 * isRemark("my coffee is cold, make me another"); // false
 * isRemark("weather in Oslo"); // false
 * ```
 */
export function isRemark(message: string): boolean {
  const text = typedApostrophes(message);
  if (REQUEST_PHRASING.test(text)) return false;
  const question = text.includes("?");
  const exclaims = text.includes("!");
  let remarks = 0;
  let opensMessage = true;
  for (const clause of text.split(CLAUSE_END)) {
    const words = splitWords(clause);
    if (words.length === 0) continue;
    const form = clauseForm(words, { opensMessage, question, exclaims });
    // Greetings and thanks before it do not open the message: "hiya, hope you're well".
    if (form !== "small talk") opensMessage = false;
    if (form === "other") return false;
    if (form === "remark") remarks++;
  }
  return remarks > 0;
}

/**
 * Whether `message` uses a phrase that makes a request ("can you", "please", "I need", "show me", "I'm interested
 * in", "how do I"): {@link isRemark} is false for it, and {@link hasRequestPhrasing} true.
 *
 * @example
 * ```ts
 * usesRequestPhrase("could you find me a quiet cafe"); // true
 * usesRequestPhrase("the cafe was quiet today"); // false
 * ```
 */
export function usesRequestPhrase(message: string): boolean {
  return REQUEST_PHRASING.test(typedApostrophes(message));
}

/** Typographic apostrophes (a phone's default) read as typed ones: "I can’t find" asks. */
const typedApostrophes = (message: string) => message.replace(/[‘’ʼ]/g, "'");

/**
 * Whether `message` is phrased as a request, whatever else it says: "can you", "please", "I need", "show me", "I'm
 * interested in", "do you have", "how do I" (phrases that make {@link isRemark} false at once), or hands over from
 * small talk to the next step ("awesome, now play something chill").
 *
 * @example
 * ```ts
 * hasRequestPhrasing("ugh, so tired. can you set an alarm for 6:30?"); // true
 * hasRequestPhrasing("so tired today"); // false
 * ```
 */
export function hasRequestPhrasing(message: string): boolean {
  const text = typedApostrophes(message);
  return REQUEST_PHRASING.test(text) || handsOverToAnInstruction(text);
}

const NOW = /\bnow\b/i;

/**
 * Whether clauses of small talk alone are followed by one that opens with "now" and goes on as neither a statement
 * nor a subject and its verb: "awesome, now play something chill", "got it. now check my inbox" (not "thanks, now I'm
 * hungry", "lol, now the cat is on the table").
 */
function handsOverToAnInstruction(text: string): boolean {
  if (!NOW.test(text)) return false;
  let opening = true;
  for (const clause of text.split(CLAUSE_END)) {
    const words = splitWords(clause);
    if (words.length === 0) continue;
    if (!opening && words[0] === "now") {
      const rest = words.slice(1);
      const next = rest[0];
      return (
        next !== undefined &&
        !SUBJECTS.has(next) &&
        !YOU.has(next) &&
        !FINITE_VERBS.has(next) &&
        clauseForm(rest, { opensMessage: true, question: false, exclaims: false }) === "other"
      );
    }
    if (wordsBeyondSmallTalk(words).length > 0) return false;
    opening = false;
  }
  return false;
}

/**
 * Whether `message` asks a question: it has a question mark, or one of its clauses opens (after interjections such as
 * "oh", "ok") with a question word or an auxiliary ("how many are frozen", "is it going to rain").
 *
 * @example
 * ```ts
 * asksAQuestion("ok, how many are frozen"); // true
 * asksAQuestion("survived another 10 hour shift"); // false
 * ```
 */
export function asksAQuestion(message: string): boolean {
  if (message.includes("?")) return true;
  return message.split(CLAUSE_END).some((clause) => {
    const words = splitWords(clause);
    const at = words.findIndex((word) => !OPENERS.has(word));
    const opening = words[at];
    if (opening === undefined || !QUESTION_OPENERS.has(opening)) return false;
    // "had the worst customer today" states, as `clauseForm` reads it ("had you heard", "had any luck" ask).
    return !(opening === "had" && statesWithHad(words[at + 1]));
  });
}
