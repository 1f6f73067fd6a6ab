/**
 * @module Words that carry no topic: never derived as keywords. English function words plus the generic verbs of
 * tool names ("get", "list", "create", …), which would otherwise match every category.
 */

/** English function words and question/filler words. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both " +
    "but by can could did do does doing down during each either few for from further had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just let me might more most must my myself no nor " +
    "not now of off on once one only or other ought our ours ourselves out over own please same shall she should so " +
    "some such than that the their theirs them themselves then there these they this those through to too under until " +
    "up us very via was we were what when where which while who whom why will with would you your yours yourself " +
    "yourselves e g eg ie etc s t use used using given based return returns returned also may want need yet already " +
    "still else"
  ).split(" "),
);

/** Verbs and nouns so common in tool names that they say nothing about a topic. */
export const GENERIC_TOOL_WORDS: ReadonlySet<string> = new Set(
  (
    "get list create update delete remove add set fetch show find search read write make new edit change view check " +
    "info information details detail data by id ids name names item items all tool tools record records entry entries " +
    "value values stats statistics summary type types status current specific given"
  ).split(" "),
);
