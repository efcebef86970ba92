// The placeholders of an ICU message ({arguments} and <0> component tags) and what a translation
// does wrong with those of its source text: the placeholder part of the catalog checks.

export interface Placeholders {
  /** Argument names, e.g. 0, seconds, user.title (each once, sorted). */
  args: string[];
  /** Lingui's component tags, e.g. <0>, </0>, <1/> (sorted, repeats kept). */
  tags: string[];
}

const TAG = /<\/?\d+\s*\/?>/g;

/**
 * The placeholders of an ICU message as Lingui writes them: simple arguments ({0}, {seconds}),
 * formatted ones ({n, number}), plural / select / selectordinal arguments with the arguments of their
 * cases, and component tags. Quoted text ('{literal}') holds none. Throws a SyntaxError when the
 * message is not valid ICU (an unmatched brace, a case without a body...).
 */
export function placeholdersOf(message: string): Placeholders {
  const args = new Set<string>();
  let pos = 0;

  const fail = (why: string): never => {
    throw new SyntaxError(`${why} at position ${pos}`);
  };

  const readUntil = (stop: RegExp): string => {
    const start = pos;
    while (pos < message.length && !stop.test(message.charAt(pos))) pos++;
    if (pos >= message.length) fail('missing }');
    return message.slice(start, pos);
  };

  const skipSpace = (): void => {
    while (pos < message.length && /\s/.test(message.charAt(pos))) pos++;
  };

  // ICU apostrophes: '' is one apostrophe; ' before { } (or # in a plural case) quotes up to the next '.
  const skipApostrophe = (inPlural: boolean): void => {
    const next = message.charAt(pos + 1);
    if (next === "'") {
      pos += 2;
    } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
      pos += 2;
      while (pos < message.length) {
        if (message.charAt(pos) === "'") {
          if (message.charAt(pos + 1) !== "'") {
            pos++;
            return;
          }
          pos++;
        }
        pos++;
      }
    } else {
      pos++;
    }
  };

  // Text and arguments up to the end (top level) or up to the } that closes a case (nested; left unread).
  const readMessage = (nested: boolean, inPlural: boolean): void => {
    while (pos < message.length) {
      const ch = message.charAt(pos);
      if (ch === "'") {
        skipApostrophe(inPlural);
      } else if (ch === '{') {
        pos++;
        readArgument(inPlural);
      } else if (ch === '}') {
        if (nested) return;
        fail('unmatched }');
      } else {
        pos++;
      }
    }
    if (nested) fail('missing }');
  };

  // After the {: name, then } or , type [, style or cases] }.
  const readArgument = (inPlural: boolean): void => {
    const name = readUntil(/[,{}]/).trim();
    if (!/^[^\s{}'#,]+$/.test(name)) fail(`invalid argument name ${JSON.stringify(name)}`);
    args.add(name);
    if (message.charAt(pos) === '}') {
      pos++;
      return;
    }
    if (message.charAt(pos) === '{') fail('unexpected {');
    pos++;
    const type = readUntil(/[,{}]/).trim();
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      if (message.charAt(pos) !== ',') fail(`${type} argument without cases`);
      pos++;
      readCases(type !== 'select' || inPlural, type !== 'select');
      return;
    }
    if (!/^[a-z]+$/i.test(type)) fail(`invalid argument type ${JSON.stringify(type)}`);
    // number, date, time... with an optional style (which may hold braces): skip to the closing }.
    let depth = 1;
    while (pos < message.length) {
      const ch = message.charAt(pos++);
      if (ch === '{') depth++;
      if (ch === '}' && --depth === 0) return;
    }
    fail('missing }');
  };

  // The cases of a plural or select argument: selector { message } ... up to the closing }.
  const readCases = (inPlural: boolean, plural: boolean): void => {
    let cases = 0;
    for (;;) {
      skipSpace();
      if (pos >= message.length) fail('missing }');
      if (message.charAt(pos) === '}') {
        if (cases === 0) fail('plural or select argument without cases');
        pos++;
        return;
      }
      const selector = readUntil(/[\s{}]/);
      if (selector === '') fail('missing case selector');
      if (plural && selector.startsWith('offset:')) {
        if (selector === 'offset:') {
          skipSpace();
          readUntil(/[\s{}]/);
        }
        continue;
      }
      skipSpace();
      if (message.charAt(pos) !== '{') fail(`case ${selector} without a {message}`);
      pos++;
      readMessage(true, inPlural);
      pos++;
      cases++;
    }
  };

  readMessage(false, false);
  return {
    args: [...args].sort(),
    tags: (message.match(TAG) ?? []).map((tag) => tag.replace(/\s+/g, '')).sort(),
  };
}

const braced = (names: string[]): string => names.map((name) => `{${name}}`).join(', ');

/** What a translation does wrong with the placeholders of its source text (empty when nothing). */
export function placeholderProblems(source: string, translation: string): string[] {
  let expected: Placeholders;
  let actual: Placeholders;
  try {
    expected = placeholdersOf(source);
  } catch (error) {
    return [`its source text is not valid ICU (${(error as Error).message})`];
  }
  try {
    actual = placeholdersOf(translation);
  } catch (error) {
    return [`the translation is not valid ICU (${(error as Error).message}): ${JSON.stringify(translation)}`];
  }
  const problems: string[] = [];
  const dropped = expected.args.filter((name) => !actual.args.includes(name));
  const added = actual.args.filter((name) => !expected.args.includes(name));
  if (dropped.length > 0) problems.push(`the translation drops ${braced(dropped)}`);
  if (added.length > 0)
    problems.push(`the translation has ${braced(added)}, which the source text does not have`);
  if (expected.tags.join(' ') !== actual.tags.join(' ')) {
    problems.push(
      `the translation's tags (${actual.tags.join(' ') || 'none'}) differ from the source's (${expected.tags.join(' ') || 'none'})`,
    );
  }
  return problems;
}
