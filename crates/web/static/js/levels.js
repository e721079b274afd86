// The computer's levels as players read them: the ladder 1–8 and the classic tutorial
// player. Games stored before the ladder say "strong", which is level 8.
import { t } from './i18n.js';

// The choices of the new-game form, weakest first, then the teaching player.
export const LEVELS = ['1', '2', '3', '4', '5', '6', '7', '8', 'classic'];

/** True for a level that thinks for the chosen time per move: level 8 (levels 1 to 7
 * play on node limits of their own; the classic player to its depth). */
export function timedLevel(level) {
  return level === '8' || level === 'strong';
}

// A stored or sent level in the words of the page ("Level 3", "Classic (tutorial)").
export function levelName(level) {
  if (level === 'classic') return t('level.classicTutorial');
  const n = level === 'strong' ? '8' : String(level);
  return t('level.n', { n });
}

// A choice of the new-game form, with what kind of player it is.
export function levelChoice(level) {
  if (level === 'classic') return t('level.classicTutorial');
  return t('level.option', { n: level, what: t(`level.what.${level}`) });
}

// A remembered choice as one of LEVELS (older pages remembered "strong").
export function knownLevel(level) {
  const n = level === 'strong' ? '8' : String(level || '8');
  return LEVELS.includes(n) ? n : '8';
}
