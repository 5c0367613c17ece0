const jsons = new WeakMap<object, string>();
const etags = new WeakMap<object, string>();
const literals = new WeakMap<object, string>();

/**
 * `make(value)`, computed once per kept answer (frozen by the answer cache and never changed again);
 * an answer that is not kept is made each time. Front doors keep their own forms of an answer this way.
 */
export function oncePerKeptAnswer<T>(memo: WeakMap<object, T>, value: object, make: (value: object) => T): T {
  if (!Object.isFrozen(value)) return make(value);
  let made = memo.get(value);
  if (made === undefined) {
    made = make(value);
    memo.set(value, made);
  }
  return made;
}

/**
 * The JSON text of an operation's answer. A kept answer is serialized once however often it is sent:
 * for large lists, serializing was the leading cost of a cache hit.
 */
export function answerJson(value: object): string {
  return oncePerKeptAnswer(jsons, value, (v) => JSON.stringify(v));
}

/** The ETag `tag` gives that text (the HTTP server's own generator), so that a kept answer is hashed once too. */
export function answerEtag(value: object, tag: (json: string) => string): string {
  return oncePerKeptAnswer(etags, value, (v) => tag(answerJson(v)));
}

/** The JSON string literal of an answer's text (an MCP tool result carries its output as text too). */
export function answerJsonLiteral(value: object): string {
  return oncePerKeptAnswer(literals, value, (v) => JSON.stringify(answerJson(v)));
}
