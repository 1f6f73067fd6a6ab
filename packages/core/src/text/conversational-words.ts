/**
 * @module Small talk: greetings, thanks, acknowledgements, farewells, fillers, reactions and the stock phrases they
 * are made of. A message made only of these (and stop words) asks for nothing a tool could do. Like the stop words,
 * it is a closed class of English (with the commonest greetings and thanks of a few other languages), not a per-catalog
 * setting.
 */
import { GENERIC_TOOL_WORDS, STOP_WORDS } from "./stop-words.js";
import { splitWords } from "./tokenize.js";

/**
 * Conversational words (lower case, as `splitWords` yields them), beyond {@link STOP_WORDS}: words that are never
 * what a request is about on their own. A word that can be (time, care, music, joke, cancel) is not here; the stock
 * phrases it forms are ({@link CONVERSATIONAL_PHRASES}).
 */
export const CONVERSATIONAL_WORDS: ReadonlySet<string> = new Set(
  // greetings and farewells
  (
    "hi hello hey hiya heya howdy yo sup wassup hallo hola bonjour ciao aloha salut namaste greetings morning " +
    "afternoon evening night nite gm gn good bye goodbye byebye farewell cheerio cya cu ttyl ttys brb gtg g2g later " +
    "laters soon see talk chat chatting welcome nice meet meeting pleasure afk bbl bbs bbiab nighty mornin evenin " +
    // how friends are hailed ("cheers mate")
    "mate mates buddy pal dude bro bruh guys folks fam friend " +
    // text-speak for function words ("thank u", "hope ur well")
    "u ur r pls plz tks tq cuz coz bc rn atm lmk omw hbu wbu wyd yw nw tho gimme yall " +
    // thanks and praise
    "thanks thank thankyou thanku thx thnx thanx tnx ty tysm tyvm cheers appreciate appreciated appreciation grateful " +
    "gracias merci danke obrigado obrigada grazie arigato spasibo " +
    "gratitude obliged kind kindly awesome great cool perfect excellent amazing wonderful fantastic brilliant super " +
    "superb terrific fabulous marvelous marvellous splendid outstanding incredible impressive impressed lovely best " +
    "rock rocks job well done helpful help helped kudos props bravo congrats congratulations neat sweet dope " +
    // acknowledgements and answers
    "ok okay okey okie dokie dokey k kk alright aight right sure yes yeah yea ya yep yup ye no nope nah naw fine got " +
    "gotcha understood understand understandable agree agreed indeed exactly correct true sounds sound noted " +
    "affirmative certainly definitely absolutely totally maybe perhaps possibly probably whatever anyway anyways " +
    "everything nothing something anything else mind forget never nevermind nvm np think thinking thought meant " +
    "mean know idea wait hold second moment minute sec changed change back break much many lot lots worries " +
    "worry figured say said saying guess suppose disregard earlier important typo typos get gets getting bunch " +
    "tons worst worse weird wanted needed happen happened happens misunderstood misunderstand testing thing things " +
    "stuff " +
    // degree words and discourse markers
    "really truly quite pretty rather kinda sorta somewhat literally honestly seriously actually basically " +
    "simply finally ever even always sometimes often usually btw tbh imo imho fyi ikr jk idk dunno gonna " +
    "wanna gotta lemme tell believe feel feels feeling felt " +
    // feelings and reactions
    "sorry oops whoops mistake lol lmao rofl haha hahaha hehe heh xd hmm hm hmmm um umm uh er erm ugh ouch wow whoa " +
    "woah omg oh ooh ah aha huh eh yay woohoo hooray hurray phew whew yikes geez jeez gosh meh bored tired confused " +
    "happy sad glad love like fun funny hilarious interesting cute adorable excited wild crazy insane unreal oof " +
    "rough fair dumb stupid ngl life smh fml wtf wth omfg lmfao roflmao rotfl xoxo xo jaja jajaja jeje hihi mmm " +
    "welp whelp ew eww argh grr blah duh sheesh dang darn damn heck golly yass yas " +
    // small-talk questions
    "going doing up new are am robot bot human real assistant assistants ai ais chatbot weekend weekends day days " +
    "week today tonight tomorrow yesterday mornings " +
    "evenings nights monday mondays tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays saturday " +
    "saturdays sunday sundays " +
    // the assistant's own nature, what small-talk questions to it are about ("are you sentient?")
    "sentient conscious alive feelings smart smarter favorite favourite " +
    // contraction tails, as splitWords leaves them ("you're" → you, re)
    "re ll ve d m don didn doesn isn wasn won couldn wouldn shouldn aren " +
    // the same contractions typed without their apostrophe ("whats up", "im fine")
    "whats thats hows im ive youre dont cant didnt doesnt isnt wasnt wont lets"
  ).split(" "),
);

/**
 * Stock phrases of small talk whose words, alone, could be what a request is about: "take care" is a farewell,
 * "take care of the booking" still asks for something (the booking).
 */
export const CONVERSATIONAL_PHRASES: readonly string[] = [
  // greetings and farewells
  "long time no",
  "peace out",
  "later gator",
  "gotta run",
  "gotta go",
  "heading out",
  "signing off",
  "take care",
  "catch you later",
  "speak soon",
  "sleep well",
  "happy new year",
  "merry christmas",
  "happy holidays",
  "happy birthday",
  "sweet dreams",
  // thanks, praise, acknowledgements
  "a bit",
  "a little",
  "sort of",
  "makes sense",
  "make sense",
  "that works",
  "works for me",
  "fair enough",
  "of course",
  "no problem",
  "no prob",
  "copy that",
  "roger that",
  "sounds like a plan",
  "nice work",
  "good work",
  "great work",
  "good call",
  "keep it up",
  "life saver",
  "lifesaver",
  "big help",
  "mm hmm",
  "oh boy",
  "no way",
  "no kidding",
  "you bet",
  "a ton",
  // reactions to one's own news ("had sushi for lunch, no regrets")
  "no regrets",
  "zero regrets",
  "thank god",
  "thank goodness",
  "wish me luck",
  "bless you",
  "god bless",
  "spot on",
  "not bad",
  "no biggie",
  "wish us luck",
  "peace and quiet",
  "at last",
  "faith in humanity",
  "long day",
  // meta-conversation
  "my bad",
  "scratch that",
  "ignore that",
  "start over",
  "forget i asked",
  "hang on",
  "bear with me",
  "last message",
  "wrong window",
  "wrong chat",
  "wrong tab",
  "wrong thread",
  "wrong person",
  "out loud",
  "is this working",
  "just a test",
  "meaning of life",
  "test test",
  // questions to the assistant about itself
  "who made you",
  "who created you",
  "your name",
  // thanks in other languages, with the word that strengthens them ("merci" and "gracias" alone are words above)
  "merci beaucoup",
  "muchas gracias",
  "vielen dank",
  "danke schön",
  "grazie mille",
  "muito obrigado",
  "muito obrigada",
  // greetings, thanks and farewells in Chinese, Japanese and Korean, whose characters `splitWords` yields one by one
  "你好",
  "您好",
  "谢谢",
  "谢谢你",
  "谢谢您",
  "多谢",
  "感谢",
  "不客气",
  "再见",
  "拜拜",
  "晚安",
  "早上好",
  "晚上好",
  "好的",
  "没问题",
  "哈哈",
  "ありがとう",
  "ありがとうございます",
  "こんにちは",
  "こんばんは",
  "おはよう",
  "おはようございます",
  "さようなら",
  "おやすみ",
  "안녕하세요",
  "안녕",
  "감사합니다",
  "고마워",
  "고맙습니다",
];

/** The stock phrases by their first word, as `splitWords` yields them. */
const PHRASES_BY_FIRST_WORD = new Map<string, Array<readonly string[]>>();
for (const phrase of CONVERSATIONAL_PHRASES) {
  const words = splitWords(phrase);
  PHRASES_BY_FIRST_WORD.set(words[0]!, [...(PHRASES_BY_FIRST_WORD.get(words[0]!) ?? []), words]);
}

/** Laughter and drawn-out reactions however long ("hahahaha", "lololol", "hmmmm", "mhm"). */
const LAUGHTER = /^(?:a?(?:h+a+){2,}h?|(?:h+e+){2,}h?|(?:h+i+){2,}|(?:lo+)+l+|x+d+|h+m+|m+h+m+)$/;

/** Whether `word` is small talk: a stop or conversational word, laughter, or one drawn out ("thaaanks", "heyyy"). */
function isConversational(word: string): boolean {
  if (isListed(word)) return true;
  if (LAUGHTER_OPENINGS.has(word.charCodeAt(0)) && LAUGHTER.test(word)) return true;
  return hasTripledCharacter(word) && (isListed(word.replace(/(.)\1{2,}/g, "$1")) || isListed(word.replace(/(.)\1{2,}/g, "$1$1")));
}

/** The first letters {@link LAUGHTER} can match: a, h, l, m, x. */
const LAUGHTER_OPENINGS = new Set([97, 104, 108, 109, 120]);

/** Whether a character occurs three times in a row ("thaaanks"). */
function hasTripledCharacter(word: string): boolean {
  for (let index = 2; index < word.length; index++) {
    const code = word.charCodeAt(index);
    if (code === word.charCodeAt(index - 1) && code === word.charCodeAt(index - 2)) return true;
  }
  return false;
}

/** The stop and conversational words in one set (one lookup a word). */
const LISTED: ReadonlySet<string> = new Set([...STOP_WORDS, ...CONVERSATIONAL_WORDS]);
const isListed = (word: string) => LISTED.has(word);

/**
 * The words of `words` that are not small talk: what is left once the stock phrases
 * ({@link CONVERSATIONAL_PHRASES}) are taken out, without the stop and conversational words.
 *
 * @example
 * ```ts
 * wordsBeyondSmallTalk(splitWords("take care, and thanks!")); // []
 * wordsBeyondSmallTalk(splitWords("ok, take care of the booking")); // ["booking"]
 * ```
 */
export function wordsBeyondSmallTalk(words: readonly string[]): string[] {
  const kept: string[] = [];
  // Words before `phraseEnd` belong to a stock phrase that starts at or before the word looked at.
  let phraseEnd = 0;
  for (let start = 0; start < words.length; start++) {
    const word = words[start]!;
    for (const phrase of PHRASES_BY_FIRST_WORD.get(word) ?? NO_PHRASES) {
      if (start + phrase.length > phraseEnd && phrase.every((next, offset) => words[start + offset] === next))
        phraseEnd = start + phrase.length;
    }
    if (start >= phraseEnd && !isConversational(word)) kept.push(word);
  }
  return kept;
}

const NO_PHRASES: ReadonlyArray<readonly string[]> = [];

/**
 * The words of `text` that say what it is about, in order: not stop words, small talk (see
 * {@link wordsBeyondSmallTalk}) or the generic words of tool names ("get", "list", "data").
 *
 * @example
 * ```ts
 * topicalWords("thanks so much, get me the new weather data"); // ["weather"]
 * ```
 */
export function topicalWords(text: string): string[] {
  return withoutGenericWords(wordsBeyondSmallTalk(splitWords(text)));
}

/** `words` without the generic words of tool names ("get", "list", "data"; see {@link topicalWords}). */
export function withoutGenericWords(words: readonly string[]): string[] {
  return words.filter((word) => !GENERIC_TOOL_WORDS.has(word));
}
