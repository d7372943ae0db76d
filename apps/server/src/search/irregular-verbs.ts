/**
 * English verbs whose past forms the Porter stemmer cannot bring back to the verb: "written"
 * stems to `written` and "write" to `write`, so a page saying "the files are written to <dir>"
 * never met a question asking where it writes them. Pages describe what a command does in the
 * passive ("is overwritten", "are kept", "is thrown", "stay hidden") while customers ask in the
 * present ("overwrite", "keep", "throw", "hide").
 *
 * Each entry (between bars or line ends) is a verb and its irregular forms. Left out on
 * purpose: forms more often another word in documentation ("left" of left/right and LEFT JOIN,
 * "bound" of upper bound, "built" of built-in, "bit" of 64-bit, "ground", "wound", "saw",
 * "felt", "lay", "fell", "rose", "spoke", "led" of LED, "sat"), forms that equal their verb
 * ("set", "put", "cut", "read"), and the forms of be, have and do, which are stop words.
 */
const VERBS = `
  arise arose arisen | awake awoke awoken | become became | begin began begun
  bend bent | bite bitten | blow blew blown | break broke broken | bring brought
  buy bought | catch caught | choose chose chosen | cling clung | come came | creep crept
  deal dealt | dig dug | draw drew drawn | drive drove driven | eat ate eaten | feed fed
  fight fought | find found | flee fled | fly flew flown | forbid forbade forbidden
  forget forgot forgotten | forgive forgave forgiven | freeze froze frozen | get got gotten
  give gave given | go went gone | grow grew grown | hang hung | hide hid hidden | hold held
  keep kept | know knew known | lend lent | lose lost | make made | mean meant | meet met
  mistake mistook mistaken | overcome overcame | override overrode overridden
  overwrite overwrote overwritten | pay paid | rewrite rewrote rewritten | ride rode ridden
  run ran | say said | see seen | seek sought | sell sold | send sent | shake shook shaken
  shine shone | shoot shot | show shown | shrink shrank shrunk | sing sang sung
  sink sank sunk | sleep slept | slide slid | spend spent | spin spun | stand stood
  steal stole stolen | stick stuck | strike struck stricken | swear swore sworn
  sweep swept | swim swam swum | swing swung | take took taken | teach taught | tear tore torn
  tell told | think thought | throw threw thrown | understand understood | undo undid undone
  wake woke woken | wear wore worn | weave wove woven | win won | withdraw withdrew withdrawn
  withhold withheld | write wrote written
`;

/** Each irregular form and the verb it is a form of. */
export const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  VERBS.split(/[|\n]/).flatMap((entry) => {
    const [verb, ...forms] = entry.trim().split(/\s+/) as [string, ...string[]];
    return forms.map((form) => [form, verb] as const);
  }),
);
