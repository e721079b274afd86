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

/** The score for `ask` ('cuts' or 'value') at `level`: {asked, right, streak, best}. */
export function scoreFor(ask, level) {
  const stored = all()[`${ask}/${level}`] || {};
  const asked = count(stored.asked);
  const right = Math.min(count(stored.right), asked);
  const streak = Math.min(count(stored.streak), right);
  return { asked, right, streak, best: Math.max(Math.min(count(stored.best), right), streak) };
}

/** The questions counted for `ask` at `level`, oldest first. */
function answered(ask, level) {
  const list = all()[`${ask}/${level}`]?.answered;
  return Array.isArray(list) ? list.filter((id) => typeof id === 'string') : [];
}

/** Counts one graded answer to the question `id` and returns the new score, with `repeated`
 * set (and nothing counted) when that question was counted before. */
export function recordAnswer(ask, level, right, id) {
  const score = scoreFor(ask, level);
  const seen = answered(ask, level);
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
  save({ ...all(), [`${ask}/${level}`]: score });
  return score;
}

/** Forgets the score for `ask` at `level`. */
export function resetScore(ask, level) {
  const scores = all();
  delete scores[`${ask}/${level}`];
  save(scores);
}
