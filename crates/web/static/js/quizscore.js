// The quiz's score, kept in this browser (localStorage) for each question and difficulty:
// answers given, answers right, the current run of right answers and the longest run. A
// question (its source and seed) counts once: answering it again, after a reload of its
// address or a visit from the history, leaves the score as it was.

const KEY = 'ply.quiz.score';
/** Questions remembered as answered, for each kind and difficulty (the oldest go first). */
const REMEMBERED = 500;

function count(value) { return Number.isSafeInteger(value) && value >= 0 ? value : 0; }

function all() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY));
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  } catch {
    return {}; // unreadable (edited by hand, or storage refused): start afresh
  }
}

function save(scores) {
  try { localStorage.setItem(KEY, JSON.stringify(scores)); } catch { /* storage full or refused: the score lives for this page */ }
}

function key(ask, level) { return `${ask}/${level}`; }

/** A stored record's score, each count made sane: {asked, right, streak, best}. */
function scoreOf(record) {
  const stored = record || {};
  const asked = count(stored.asked);
  const right = Math.min(count(stored.right), asked);
  const streak = Math.min(count(stored.streak), right);
  return { asked, right, streak, best: Math.max(Math.min(count(stored.best), right), streak) };
}

/** A stored record's questions counted, oldest first (anything but a string dropped). */
function answeredOf(record) {
  const list = record?.answered;
  return Array.isArray(list) ? list.filter((id) => typeof id === 'string') : [];
}

/** The score for `ask` ('cuts' or 'value') at `level`: {asked, right, streak, best}. */
export function scoreFor(ask, level) {
  return scoreOf(all()[key(ask, level)]);
}

/** Counts one graded answer to the question `id` and returns the new score, with `repeated`
 * set (and nothing counted) when that question was counted before. */
export function recordAnswer(ask, level, right, id) {
  const scores = all();
  const stored = scores[key(ask, level)];
  const score = scoreOf(stored);
  const seen = answeredOf(stored);
  if (seen.includes(id)) return { ...score, repeated: true };
  seen.push(id);
  score.answered = seen.slice(-REMEMBERED);
  score.asked += 1;
  if (right) {
    score.right += 1;
    score.streak += 1;
    score.best = Math.max(score.best, score.streak);
  } else {
    score.streak = 0;
  }
  save({ ...scores, [key(ask, level)]: score });
  return score;
}

/** Forgets the score for `ask` at `level`. */
export function resetScore(ask, level) {
  const scores = all();
  delete scores[key(ask, level)];
  save(scores);
}
