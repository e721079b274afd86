// Errors the server sends about positions and files, in the reader's language: a set-up
// problem comes typed (a code and its fields, see SetupProblem in the games crate) and is
// worded here; a file error names its line; anything else is worded by words.js from its code.

import { t, sideName, reasonText, getLang } from './i18n.js';
import { errorText as codedText } from './words.js';

const PIECE_NAMES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn', 'general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];

function pieceName(piece) {
  return PIECE_NAMES.includes(piece) ? t(`setup.piece.${piece}`) : piece;
}

/** A set-up problem in words; `sides` are the game's side names (['white', 'black']…). */
export function problemText(problem, sides = ['first', 'second']) {
  const side = (key) => sideName(sides, key);
  const params = { ...problem };
  for (const field of ['side', 'implied', 'given']) {
    if (problem[field] === 'first' || problem[field] === 'second') params[field] = side(problem[field]);
  }
  if (problem.piece) params.piece = pieceName(problem.piece);
  if (problem.reason) params.reason = reasonText(problem.reason);
  const key = `problem.${problem.code}`;
  const text = t(key, params);
  return text === key ? '' : text;
}

/** The text to show for an error thrown by api(). */
export function errorText(error, sides) {
  if (error && error.problem) {
    const text = problemText(error.problem, sides);
    if (text) return text;
  }
  if (error && error.line) {
    // The server's sentence names the move and the rule in English; other languages get ours.
    const message = getLang() === 'en' ? error.message : t('import.badLine');
    return t('import.lineError', { line: error.line, message });
  }
  return codedText(error);
}
