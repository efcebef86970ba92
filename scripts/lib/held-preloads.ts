import MagicString from 'magic-string';
import { basename } from 'node:path';

/**
 * The classic start (decision 0062) holds some chunks in a start script and leaves a shim module in
 * each one's place. Vite's preload lists still name those chunks: a dynamic import of a chunk the
 * script holds would fetch the shims of its dependencies ahead, for nothing (the sign-in page, whose
 * route the boot script holds, fetched seven of them, ~2.3 kB after gzip, over decision 0025's
 * budget). This drops, from the preload list of each dynamic import of a held chunk, the chunks the
 * script holds; what it does not hold (a stylesheet, a lazy chunk) stays.
 *
 * Vite writes, in the chunk that has dynamic imports, one list of every file any of them preloads
 * (`m.f=["assets/a.js",…]`) and at each import the indexes into it:
 * `import(`./login-x.js`).then(…),__vite__mapDeps([49,1,2,50])`.
 * Answers the edited code with its source map, or null when nothing changed.
 */
export function dropHeldPreloads(
  code: string,
  held: ReadonlySet<string>,
  fileName: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const list = /m\.f=(\[[^\]]*\])/.exec(code);
  if (!list) return null;
  const files = JSON.parse(list[1]!) as string[];
  const isHeld = (file: string) => held.has(basename(file));
  const edited = new MagicString(code);
  let changed = false;
  // An import, then the first preload list after it with no other import in between.
  const site = /import\(`\.\/([^`]+)`\)(?:(?!import\()[\s\S]){0,400}?__vite__mapDeps\(\[([\d,]*)\]\)/g;
  for (const match of code.matchAll(site)) {
    const [whole, target, indexes] = match;
    if (!isHeld(target!)) continue;
    const all = indexes!.split(',').filter((i) => i !== '');
    const kept = all.filter((i) => !isHeld(files[Number(i)] ?? ''));
    if (kept.length === all.length) continue;
    const start = match.index + whole.length - `${indexes}])`.length;
    edited.overwrite(start, start + indexes!.length, kept.join(','));
    changed = true;
  }
  return changed
    ? { code: edited.toString(), map: edited.generateMap({ hires: true, source: fileName }) }
    : null;
}
