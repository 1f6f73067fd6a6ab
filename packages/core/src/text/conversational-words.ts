/**
 * @module Words that make up small talk: greetings, thanks, acknowledgements, farewells, fillers and reactions. A
 * message made only of these (and stop words) asks for nothing a tool could do. Like the stop words, it is a closed
 * class of English, not a per-catalog setting.
 */

/** Conversational words (lower case, as `splitWords` yields them), beyond {@link STOP_WORDS}. */
export const CONVERSATIONAL_WORDS: ReadonlySet<string> = new Set(
  // greetings and farewells
  (
    "hi hello hey hiya howdy yo greetings morning afternoon evening night good bye goodbye byebye cya later soon " +
    "see talk ttyl brb gtg welcome nice meet meeting pleasure " +
    // thanks and praise
    "thanks thank thx ty cheers appreciate appreciated grateful kind awesome great cool perfect excellent " +
    "amazing wonderful fantastic brilliant super lovely best rock rocks job well done helpful help helped " +
    // acknowledgements and answers
    "ok okay k kk alright right sure yes yeah yep yup no nope nah fine got understood understand agree " +
    "agreed indeed exactly correct true sounds sound noted gotcha maybe perhaps possibly whatever anyway " +
    "anyways everything nothing something anything else mind forget never nevermind think thinking meant " +
    "mean know idea wait hold second moment minute sec later changed change back break much lot worries worry " +
    "figured saying " +
    // feelings and reactions
    "sorry oops whoops mistake lol haha hahaha lmao rofl hmm hm um uh ugh wow oh ah aha yay meh bored " +
    "tired confused happy sad glad love like fun funny " +
    // small-talk questions
    "going doing up new are am robot bot human real weekend day week today tonight " +
    // contraction tails, as splitWords leaves them ("you're" → you, re)
    "re ll ve d m don didn doesn isn wasn won couldn wouldn shouldn aren"
  ).split(" "),
);
