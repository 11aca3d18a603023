// The game's own words (its text.toml in one language: phases, prompts, scenario names and
// rules...), from GET /api/games/{game}/text?lang=, fetched once per game and language. A
// board reads them in `ctx.words` instead of keeping copies of the game's text.
const cache = new Map(); // "game/lang" -> the table, or a promise of it while it loads

// The words of `game` in `lang` already loaded (null: not yet; `loadWords` fetches them).
export function wordsOf(game, lang) {
  const w = cache.get(`${game}/${lang}`);
  return w && !(w instanceof Promise) ? w : null;
}

// The words of `game` in `lang` (an empty table when the server does not answer).
export function loadWords(game, lang) {
  const key = `${game}/${lang}`;
  if (!cache.has(key)) {
    const q = new URLSearchParams({ lang });
    cache.set(key, fetch(`/api/games/${encodeURIComponent(game)}/text?${q}`)
      .then((r) => (r.ok ? r.json() : { text: {} }))
      .then((body) => { cache.set(key, body.text || {}); return body.text || {}; },
        () => { cache.delete(key); return {}; }));
  }
  return Promise.resolve(cache.get(key));
}
