// What the server sends as typed data, said in the reader's language: a game's title from
// its names ({en, vi}, the spec's) and option values, a result from its winner and reason,
// an API error from its code, and moves in the notation the player chose for that game.

import { t, getLang, sideName, reasonText } from './i18n.js';

/** A game's title: its name in the reader's language, then its settings (`15×15, renju`). */
export function titleOf(game, names, options) {
  const name = (names && (names[getLang()] || names.en)) || game;
  const parts = [];
  // The board's size first (15×15, renju), then the other settings in their order.
  const entries = Object.entries(options || {}).sort(([a], [b]) => (a === 'size' ? -1 : b === 'size' ? 1 : 0));
  for (const [key, value] of entries) {
    if (key === 'size' && typeof value === 'number') parts.push(`${value}×${value}`);
    else if (typeof value === 'string') parts.push(t(`title.${key}.${value}`) === `title.${key}.${value}` ? value : t(`title.${key}.${value}`));
    else if (value === true) parts.push(t(`title.flag.${key}`));
  }
  return parts.length ? `${name} ${parts.join(', ')}` : name;
}

/** A finished game's result in words: "Đen thắng (chiếu hết)". */
export function resultOf(sideNames, winner, reason) {
  const head = winner ? t('status.wins', { side: sideName(sideNames, winner) }) : t('status.draw');
  const why = reasonText(reason);
  return why ? `${head} (${why})` : head;
}

/**
 * An API error in the reader's language: its code's words with its subject filled in; in
 * English the server's own message (it says more); a code we have no words for, the
 * status's words.
 */
export function errorText(error) {
  if (!error) return '';
  if (getLang() === 'en' || !error.code) return error.message || String(error);
  const key = `error.${error.code}`;
  const text = t(key, { subject: error.subject ?? '' });
  return text === key ? t('error.refused') : text;
}

const NOTATION = 'ply.notation.';

/** The notation the player chose for `game`, among those the state offers (the usual one first). */
export function chosenNotation(game, notations) {
  const keys = (notations || []).map((n) => n.key);
  const stored = localStorage.getItem(NOTATION + game);
  return keys.includes(stored) ? stored : (keys[0] || null);
}

/** Remembers the notation chosen for `game`. */
export function chooseNotation(game, key) {
  localStorage.setItem(NOTATION + game, key);
}

/** A notation's name for `game` (chess's "vietnamese" is SAN with Vietnamese letters). */
export function notationLabel(game, key) {
  const own = `notation.${game}.${key}`;
  const text = t(own);
  return text === own ? t(`notation.${key}`) : text;
}

/** A move (with `names` by notation) in `notation`, else as the game usually writes it. */
export function moveText(move, notation) {
  if (!move) return '';
  return (notation && move.names && move.names[notation]) || move.display || move.name || '';
}

/** A line of moves (`pv_names`, else `pv_display`) in `notation`. */
export function lineText(line, notation) {
  if (line.pv_names && notation) return line.pv_names.map((names) => names[notation] || '').join(' ');
  return (line.pv_display || []).join(' ');
}
