// index.html's part of the app's classic start (scripts/vite-classic-start.ts, decision 0062): the
// boot script's tag in the entry module's place, and the inline script that runs the signed-in one.

export const CORE_GLOBAL = '__RO_CORE';
export const CORE_LOAD = '__RO_CORE_LOAD';
const SIGNED_IN_TAG_ID = 'ro-core-signed-in';

/**
 * The inline script after the boot script's tag: `globalThis.__RO_CORE_LOAD()` runs the signed-in
 * script once, after Mantine's (resolved at once when it has run, and waiting for the tag a stored
 * session wrote rather than running it twice); a stored session writes that tag, deferred, so it runs
 * after the boot script.
 */
export function signedInLoader(
  src: string,
  marker: string,
  tokenKey: string,
  /** The boot's shims, which the signed-in pages import: preloaded for a stored session only. */
  shimPreloads: string[] = [],
): string {
  return `(function () {
  var loading;
  globalThis.${CORE_LOAD} = function () {
    if (globalThis.${CORE_GLOBAL} && globalThis.${CORE_GLOBAL}[${JSON.stringify(marker)}]) return Promise.resolve();
    if (!loading)
      loading = globalThis.__RO_VENDOR_LOAD('mantine').then(function () {
        return new Promise(function (resolve, reject) {
          var script = document.getElementById(${JSON.stringify(SIGNED_IN_TAG_ID)});
          if (script && globalThis.${CORE_GLOBAL} && globalThis.${CORE_GLOBAL}[${JSON.stringify(marker)}]) return resolve();
          if (!script) {
            script = document.createElement('script');
            script.src = ${JSON.stringify(src)};
            document.head.appendChild(script);
          }
          script.addEventListener('load', function () { resolve(); });
          script.addEventListener('error', function () {
            loading = undefined;
            reject(new Error('could not load ' + ${JSON.stringify(src)}));
          });
        });
      });
    return loading;
  };
  try {
    if (localStorage.getItem(${JSON.stringify(tokenKey)}))
      document.write('<script defer id="${SIGNED_IN_TAG_ID}" src="${src}"><\\/script>'${shimPreloads
        .map(
          (href) => ` +
        '<link rel="modulepreload" crossorigin href="${href}">'`,
        )
        .join('')});
  } catch (e) {
    // Storage disabled: no stored session; the app runs it when it needs it.
  }
})();`;
}

/**
 * index.html with the boot script in the entry module's place. The entry becomes a shim that the lazy
 * pages import, as they import the boot's other chunks: the loader preloads them for a stored session
 * (`signedInLoader`'s `shimPreloads`), so that a page's chunk does not wait for a second round of
 * fetches; Vite's static module preloads of them go, since the sign-in page needs none of them
 * (decision 0025's first-load budget).
 */
export function withStartScripts(
  html: string,
  base: string,
  entry: string,
  bootSrc: string,
  loader: string,
  bootFiles: string[] = [],
): string {
  const entryTag = new RegExp(`<script type="module" crossorigin src="${base}${entry}"></script>`);
  if (!entryTag.test(html)) throw new Error(`classic start: index.html has no module script for ${entry}`);
  // Vite's links first: the loader writes its own, for a stored session.
  let out = html;
  for (const file of bootFiles)
    out = out.replace(new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${base}${file}">`), '');
  return out.replace(entryTag, `<script defer src="${bootSrc}"></script>\n    <script>${loader}</script>`);
}
